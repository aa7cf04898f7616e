import OverlayEngine
import CCairo

/// Measures and draws notification toasts with Cairo/Pango.
///
/// Keeps one Pango context (and font descriptions) per device scale, and a small LRU cache of
/// prepared toasts keyed by (content, style, scale): a toast that is redrawn on every frame of a
/// transition is sanitised, laid out and shaped once; each frame only fills two rounded
/// rectangles and shows the cached layouts. Lookups compare contents with `==`, which is O(1) for
/// the same String storage, so no hashing of large bodies happens per frame.
///
/// Not thread-safe: use one renderer per thread (the daemon draws on its poll loop).
public final class ToastRenderer {
    /// Prepared toasts kept (most recently used first), at least.
    public static let cacheCapacity = 16
    /// Prepared toasts kept now: raised to what one frame draws (a flood can show a hundred
    /// toasts fading in at once; an LRU smaller than a frame would lay out every one of them
    /// again on every frame), and back down when fewer show.
    public var cacheLimit = ToastRenderer.cacheCapacity {
        didSet {
            cacheLimit = max(Self.cacheCapacity, cacheLimit)
            if cache.count > cacheLimit { cache.removeLast(cache.count - cacheLimit) }
            fadeImages.limit = cacheLimit
        }
    }

    private struct Entry {
        let content: ToastContent
        let style: ToastStyle
        let scale: Double
        let toast: PreparedToast
    }

    /// Prepared toasts held now (tests).
    var cachedToastCount: Int { cache.count }

    private var contexts: [Double: TextContext] = [:]
    private var cache: [Entry] = []
    private var markupCache: [(body: Substring, document: MarkupDocument)] = []
    private let shadows = ShadowPainter()
    private let fadeImages = FadeImageCache()
    /// Fading toasts are composited from cached images (tests compare with drawing them).
    var usesFadeImages = true
    /// Images of fading toasts held now (tests).
    var fadeImageCount: Int { fadeImages.count }
    /// Fade images' bytes mapped at most, and now (tests).
    var fadeImageBudget: Int {
        get { fadeImages.byteBudget }
        set { fadeImages.byteBudget = newValue }
    }
    var fadeImageBytes: Int { fadeImages.mappedBytes }
    /// Fade frames composited without cairo (tests).
    var directFadeComposites: Int { fadeImages.directComposites }
    /// False: fade images are composited through cairo (tests compare the two).
    var blendsFadeImagesDirectly: Bool {
        get { fadeImages.blendsDirectly }
        set { fadeImages.blendsDirectly = newValue }
    }

    /// Where themed icon names are looked up.
    public var iconTheme = IconTheme()
    /// Told once per prepared toast why its icon was left out (missing file, bad data, …).
    public var onImageError: (ImageLoadError) -> Void = { _ in }

    public init() {}

    /// Logical size of the toast in points: `style.width` by the height its text needs, bounded by
    /// the line limits whatever the input. Integral with integral style metrics.
    public func measure(_ content: ToastContent, style: ToastStyle) -> (width: Double, height: Double) {
        let toast = prepared(content, style: style, scale: 1)
        return (toast.width, toast.height)
    }

    /// Action buttons (keys and frames relative to the toast's top-left corner, unscaled), for
    /// hit testing. Empty when none is drawn.
    public func actionFrames(_ content: ToastContent, style: ToastStyle) -> [(key: String, frame: Rect)] {
        prepared(content, style: style, scale: 1).actions.map { ($0.key, $0.frame) }
    }

    /// Links in the body (their `href` and one frame per line they span, relative to the toast's
    /// top-left corner, unscaled), for hit testing. Empty when the body has none.
    public func linkFrames(_ content: ToastContent, style: ToastStyle) -> [(href: String, frame: Rect)] {
        let toast = prepared(content, style: style, scale: 1)
        guard let body = toast.body else { return [] }
        return body.links.map { link in
            let f = link.frame
            return (link.href, Rect(x: toast.textX + f.x, y: toast.bodyY + f.y, width: f.width, height: f.height))
        }
    }

    /// The inline-reply field's and its submit button's frames relative to the toast's top-left
    /// corner (unscaled), for hit testing; nil when the toast has no reply field.
    public func replyFrames(_ content: ToastContent, style: ToastStyle) -> (field: Rect, submit: Rect)? {
        guard content.reply != nil, let reply = prepared(content, style: style, scale: 1).reply else { return nil }
        return (reply.field, reply.submit)
    }

    /// Where in the reply field's text a click at `x` (toast coordinates, unscaled) puts the caret.
    public func replyCaret(_ content: ToastContent, style: ToastStyle, atX x: Double) -> Int? {
        guard content.reply != nil else { return nil }
        return prepared(content, style: style, scale: 1).reply?.caret(atX: x)
    }

    /// True when the toast is laid out mirrored (its summary reads right to left).
    public func isRightToLeft(_ content: ToastContent, style: ToastStyle) -> Bool {
        prepared(content, style: style, scale: 1).isRightToLeft
    }

    /// The close button's frame relative to the toast's top-left corner, when the style shows one.
    public func closeButtonFrame(_ content: ToastContent, style: ToastStyle) -> Rect? {
        prepared(content, style: style, scale: 1).closeFrame
    }

    /// Draws the toast with its top-left corner at (`x`, `y`) (logical points), multiplied by
    /// `opacity` as a whole, and scaled by `scale` around `scaleAnchor` (fractions of its size).
    /// `shadow` (else `style.shadow`) is drawn outside the toast's shape, under the same transform.
    public func draw(_ content: ToastContent, style: ToastStyle, on canvas: Canvas, x: Double, y: Double,
                     opacity: Double = 1, scale: Double = 1, scaleAnchor: (x: Double, y: Double) = (0.5, 0.5),
                     shadow: Shadow? = nil) {
        let alpha = opacity.isNaN ? 0 : min(1, opacity)
        // Below half a step of 8-bit alpha nothing would change: the toast is not even laid out.
        guard alpha >= 0.5 / 255, scale > 0, x.isFinite, y.isFinite, scale.isFinite else { return }
        let toast = prepared(content, style: style, scale: canvas.scale)
        let cr = canvas.context
        cairo_save(cr)
        // A fading toast (often also moving) sits on whole device pixels, so each frame can
        // composite its finished image (toast and shadow) instead of drawing them again; the
        // fade's last, opaque frame uses it once more (`over` is associative) and drops it.
        // A frosted card shows what is under it now: never from an image.
        let fromImage = usesFadeImages && style.material == nil && scale == 1 && (alpha < 1 || fadeImages.holds(toast))
        let s = canvas.scale
        if fromImage && alpha < 1 {
            cairo_translate(cr, (x * s).rounded() / s, (y * s).rounded() / s)
        } else {
            cairo_translate(cr, x, y)
        }
        if fromImage, fadeImages.paint(toast, style: style, shadow: shadow ?? style.shadow, shadows: shadows, on: cr,
                                       canvasScale: s, alpha: alpha) {
            if alpha >= 1 { fadeImages.drop(toast) }
            cairo_restore(cr)
            return
        }
        if scale != 1 {
            let ax = scaleAnchor.x * toast.width
            let ay = scaleAnchor.y * toast.height
            cairo_translate(cr, ax, ay)
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -ax, -ay)
        }
        if let shadow = shadow ?? style.shadow {
            shadows.paint(cr, frame: Rect(x: 0, y: 0, width: toast.width, height: toast.height),
                          cornerRadius: style.cornerRadius, shadow: shadow, scale: canvas.scale * scale, alpha: alpha)
        }
        if alpha < 1 {
            // Clip first so the group surface is only as large as the toast.
            cairo_rectangle(cr, 0, 0, toast.width, toast.height)
            cairo_clip(cr)
            cairo_push_group(cr)
            toast.paint(cr, style: style, frost: frost(canvas, scale: scale))
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        } else {
            fadeImages.drop(toast)
            toast.paint(cr, style: style, frost: frost(canvas, scale: scale))
        }
        cairo_restore(cr)
    }

    /// Where frosted cards get their blur (set with the painter's).
    public var blurSource: BlurSource = .tintedFallback

    private func frost(_ canvas: Canvas, scale: Double) -> CardFrost {
        CardFrost(canvas: canvas, source: blurSource, deviceScale: canvas.scale * scale, alpha: 1)
    }

    /// A frame has been drawn: images of fading toasts it did not draw are dropped.
    public func endFrame() { fadeImages.endFrame() }

    /// True while memory of dropped fade images is kept for the next fade (`releaseSpareMemory`).
    public var holdsSpareMemory: Bool { fadeImages.spareCount > 0 }
    /// Returns the memory of dropped fade images to the system.
    public func releaseSpareMemory() { fadeImages.releaseSpares() }
    /// Fade images made in reused memory so far (tests).
    var reusedFadeImageMemory: Int { fadeImages.reusedMappings }

    /// Drops every cached layout (e.g. after the font configuration changed).
    public func invalidate() {
        cache.removeAll()
        fadeImages.removeAll()
        markupCache.removeAll()
        contexts.removeAll()
    }

    // MARK: Caches

    private func prepared(_ content: ToastContent, style: ToastStyle, scale: Double) -> PreparedToast {
        if let index = cache.firstIndex(where: { $0.scale == scale && $0.content == content && $0.style == style }) {
            let entry = cache[index]
            if index > 0 {
                cache.remove(at: index)
                cache.insert(entry, at: 0)
            }
            return entry.toast
        }
        let text = textContext(scale: scale)
        let toast = PreparedToast(content, style: style, text: text, markup: sanitized, image: loadImage,
                                  bodyImage: loadBodyImage)
        cache.insert(Entry(content: content, style: style, scale: scale, toast: toast), at: 0)
        if cache.count > cacheLimit { cache.removeLast() }
        return toast
    }

    private func textContext(scale: Double) -> TextContext {
        if let context = contexts[scale] { return context }
        let context = TextContext(scale: scale)
        contexts[scale] = context
        return context
    }

    /// Decodes an icon to fit `box` device pixels; failures are reported and leave no icon.
    private func loadImage(_ source: ImageSource, size: Double, scale: Double) -> LoadedImage? {
        let box = max(1, Int((size * scale).rounded(.up)))
        do {
            switch source {
            case .file(let path):
                return try ImageLoader.load(file: path, box: box)
            case .raw(let raw):
                return try ImageLoader.load(raw: raw)
            case .themed(let name):
                let integerScale = max(1, Int(scale.rounded(.up)))
                guard let path = iconTheme.lookup(name, size: max(1, Int(size.rounded())), scale: integerScale) else {
                    throw ImageLoadError.themedIconMissing(name)
                }
                return try ImageLoader.load(file: path, box: box)
            }
        } catch let error as ImageLoadError {
            onImageError(error)
        } catch {}
        return nil
    }

    /// An inline body image (`src` a path or file:// URI) fitted into `maxWidth` × `maxHeight`
    /// points, never enlarged; failures are reported and leave the alt text.
    private func loadBodyImage(_ src: String, maxWidth: Double, maxHeight: Double, scale: Double) -> BodyImage? {
        do {
            return try BodyImage.load(src, maxWidth: maxWidth, maxHeight: maxHeight, scale: scale)
        } catch let error as ImageLoadError {
            onImageError(error)
        } catch {}
        return nil
    }

    /// `Markup.document` with a small cache, so preparing the same body at another scale is free.
    private func sanitized(_ body: Substring) -> MarkupDocument {
        if let index = markupCache.firstIndex(where: { $0.body == body }) { return markupCache[index].document }
        let document = Markup.document(String(body))
        markupCache.insert((body, document), at: 0)
        if markupCache.count > Self.cacheCapacity { markupCache.removeLast() }
        return document
    }
}
