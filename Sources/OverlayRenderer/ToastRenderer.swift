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
    /// Prepared toasts kept (most recently used first).
    public static let cacheCapacity = 16

    private struct Entry {
        let content: ToastContent
        let style: ToastStyle
        let scale: Double
        let toast: PreparedToast
    }

    private var contexts: [Double: TextContext] = [:]
    private var cache: [Entry] = []
    private var markupCache: [(body: Substring, markup: String)] = []

    public init() {}

    /// Logical size of the toast in points: `style.width` by the height its text needs, bounded by
    /// the line limits whatever the input. Integral with integral style metrics.
    public func measure(_ content: ToastContent, style: ToastStyle) -> (width: Double, height: Double) {
        let toast = prepared(content, style: style, scale: 1)
        return (toast.width, toast.height)
    }

    /// Action buttons (keys and frames relative to the toast's top-left corner, unscaled), for
    /// hit testing. Empty when none is drawn.
    public func actionFrames(_ content: ToastContent, style: ToastStyle) -> [(key: String, frame: DrawFrame)] {
        prepared(content, style: style, scale: 1).actions.map { ($0.key, $0.frame) }
    }

    /// Draws the toast with its top-left corner at (`x`, `y`) (logical points), multiplied by
    /// `opacity` as a whole, and scaled by `scale` around `scaleAnchor` (fractions of its size).
    public func draw(_ content: ToastContent, style: ToastStyle, on canvas: Canvas, x: Double, y: Double,
                     opacity: Double = 1, scale: Double = 1, scaleAnchor: (x: Double, y: Double) = (0.5, 0.5)) {
        let alpha = opacity.isNaN ? 0 : min(1, opacity)
        guard alpha > 0, scale > 0, x.isFinite, y.isFinite, scale.isFinite else { return }
        let toast = prepared(content, style: style, scale: canvas.scale)
        let cr = canvas.context
        cairo_save(cr)
        cairo_translate(cr, x, y)
        if scale != 1 {
            let ax = scaleAnchor.x * toast.width
            let ay = scaleAnchor.y * toast.height
            cairo_translate(cr, ax, ay)
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -ax, -ay)
        }
        if alpha < 1 {
            // Clip first so the group surface is only as large as the toast.
            cairo_rectangle(cr, 0, 0, toast.width, toast.height)
            cairo_clip(cr)
            cairo_push_group(cr)
            toast.paint(cr, style: style)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        } else {
            toast.paint(cr, style: style)
        }
        cairo_restore(cr)
    }

    /// Drops every cached layout (e.g. after the font configuration changed).
    public func invalidate() {
        cache.removeAll()
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
        let toast = PreparedToast(content, style: style, text: text, markup: sanitized)
        cache.insert(Entry(content: content, style: style, scale: scale, toast: toast), at: 0)
        if cache.count > Self.cacheCapacity { cache.removeLast() }
        return toast
    }

    private func textContext(scale: Double) -> TextContext {
        if let context = contexts[scale] { return context }
        let context = TextContext(scale: scale)
        contexts[scale] = context
        return context
    }

    /// `Markup.sanitize` with a small cache, so preparing the same body at another scale is free.
    private func sanitized(_ body: Substring) -> String {
        if let index = markupCache.firstIndex(where: { $0.body == body }) { return markupCache[index].markup }
        let markup = Markup.sanitize(String(body))
        markupCache.insert((body, markup), at: 0)
        if markupCache.count > Self.cacheCapacity { markupCache.removeLast() }
        return markup
    }
}

/// One toast laid out for one scale: geometry is fixed, layouts hold their text.
final class PreparedToast {
    struct Action {
        let key: String
        let frame: DrawFrame
        let label: TextBlock
    }

    let width: Double
    let height: Double
    let summary: TextBlock
    let summaryY: Double
    let body: TextBlock?
    let bodyY: Double
    /// Progress fraction 0...1 and the bar's top edge.
    let progress: Double?
    let progressY: Double
    let actions: [Action]

    init(_ content: ToastContent, style: ToastStyle, text: TextContext, markup: (Substring) -> String) {
        let inset = style.contentInset
        let contentWidth = style.contentWidth
        var y = inset

        summary = TextBlock(in: text, font: style.summaryFont, width: contentWidth, maxLines: style.summaryMaxLines)
        summary.setText(content.summary)
        summaryY = y
        y += summary.height

        let bodyText = Self.trimmed(content.body)
        let bodyMarkup = bodyText.isEmpty ? "" : markup(bodyText)
        if bodyMarkup.isEmpty {
            body = nil
            bodyY = y
        } else {
            let block = TextBlock(in: text, font: style.font, width: contentWidth, maxLines: style.bodyMaxLines)
            block.setMarkup(bodyMarkup)
            y += style.summaryBodySpacing
            bodyY = y
            y += block.height
            body = block
        }

        if let percent = content.progress {
            progress = Double(min(100, max(0, percent))) / 100
            y += style.progressSpacing
            progressY = y
            y += style.progressHeight
        } else {
            progress = nil
            progressY = y
        }

        let visible = content.visibleActions(limit: style.maxActionButtons)
        if visible.isEmpty {
            actions = []
        } else {
            y += style.actionSpacing
            let count = Double(visible.count)
            let buttonWidth = max(1, (contentWidth - style.actionGap * (count - 1)) / count)
            let labels = visible.map { action -> TextBlock in
                let label = TextBlock(in: text, font: style.font,
                                      width: max(1, buttonWidth - 2 * style.actionPaddingX), maxLines: 1)
                label.setText(action.label)
                label.setAlignment(PANGO_ALIGN_CENTER)
                return label
            }
            let rowHeight = (labels.map(\.height).max() ?? 0) + 2 * style.actionPaddingY
            actions = zip(visible, labels).enumerated().map { index, pair in
                let x = inset + Double(index) * (buttonWidth + style.actionGap)
                return Action(key: pair.0.key, frame: DrawFrame(x: x, y: y, width: buttonWidth, height: rowHeight),
                              label: pair.1)
            }
            y += rowHeight
        }

        width = style.width
        height = y + inset
    }

    /// Paints at the origin of the current user space.
    func paint(_ cr: OpaquePointer, style: ToastStyle) {
        let outer = DrawFrame(x: 0, y: 0, width: width, height: height)
        let bw = max(0, style.borderWidth)
        if bw > 0 {
            // Border = the outer shape in the border colour, then the background inset by its width.
            Paths.fill(cr, outer, radius: style.cornerRadius, color: style.border)
        }
        let inner = DrawFrame(x: bw, y: bw, width: width - 2 * bw, height: height - 2 * bw)
        Paths.fill(cr, inner, radius: max(0, style.cornerRadius - bw), color: style.background)

        let inset = style.contentInset
        Paths.setSource(cr, style.summaryColor)
        summary.draw(cr, x: inset, y: summaryY)
        if let body {
            Paths.setSource(cr, style.bodyColor)
            body.draw(cr, x: inset, y: bodyY)
        }
        if let progress {
            let track = DrawFrame(x: inset, y: progressY, width: style.contentWidth, height: style.progressHeight)
            let radius = style.progressHeight / 2
            Paths.fill(cr, track, radius: radius, color: style.progressTrack)
            if progress > 0 {
                cairo_save(cr)
                Paths.roundedRect(cr, track, radius: radius)
                cairo_clip(cr)
                Paths.setSource(cr, style.progressFill)
                cairo_rectangle(cr, track.x, track.y, track.width * progress, track.height)
                cairo_fill(cr)
                cairo_restore(cr)
            }
        }
        for action in actions {
            Paths.fill(cr, action.frame, radius: style.actionCornerRadius, color: style.actionBackground)
            Paths.setSource(cr, style.actionTextColor)
            action.label.draw(cr, x: action.frame.x + style.actionPaddingX, y: action.frame.y + style.actionPaddingY)
        }
    }

    /// The body without leading/trailing white space (only the ends are scanned).
    static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return Substring(scalars[first...last])
    }
}
