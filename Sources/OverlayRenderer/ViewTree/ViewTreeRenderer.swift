import CCairo
import OverlayEngine

/// The colours view-tree controls are drawn in (text without its own colour, controls, dividers).
/// The defaults match the toast's look.
public struct ViewTreeLook: Hashable, Sendable {
    public var text = Color(hex: 0xECEFF4)
    /// Filled part of progress bars and sliders, a toggle that is on, a focused field's ring.
    public var accent = Color(hex: 0x88C0D0)
    /// Empty part of progress bars and sliders, a toggle that is off.
    public var track = Color(hex: 0x434C5E)
    /// Slider and toggle knobs.
    public var knob = Color(hex: 0xECEFF4)
    /// A bordered button's background.
    public var buttonBackground = Color(hex: 0x3B4252)
    /// A prominent button's background.
    public var prominentBackground = Color(hex: 0x5E81AC)
    public var fieldBackground = Color(hex: 0x1F232B)
    /// The ring of a text field being typed into; nil is `accent`.
    public var fieldRing: Color?
    public var fieldRingWidth = 1.0
    public var divider = Color(hex: 0x4C566A)
    /// Corner radius of buttons and text fields.
    public var controlRadius = 6.0
    /// Opacity of a text field's placeholder.
    public var placeholderOpacity = 0.55
    public init() {}
}

/// The texts of one laid-out tree, set in Pango once per scale and kept with it: a tree redrawn
/// without a change (a fade, a move, another toast's change) lays no text out again. A changed
/// tree is a new `LaidOutView` with new texts; one entry per text part and scale drawn.
final class LaidOutTexts: @unchecked Sendable {
    struct Slot: Hashable { var index: Int, width: Double, scale: Double }
    var set: [Slot: (content: TextContent, text: ViewTreeRenderer.SetText)] = [:]
}

/// A look kept once, however many laid-out trees copy it (it is larger than the rest of a tree).
private final class SharedLook: Sendable {
    let look: ViewTreeLook
    init(_ look: ViewTreeLook) { self.look = look }
}

/// A view tree laid out, ready to paint: the tree and its placed parts.
public struct LaidOutView: Equatable, Sendable {
    public var node: ViewNode
    public var layout: ViewLayoutResult
    /// Its texts as drawn (not part of its value).
    let texts = LaidOutTexts()
    /// The control that has the keyboard (its node index: a text field being typed into, drawn
    /// with its caret in Characters, or a slider) and the caret; both get a ring.
    public var focus: (index: Int, caret: Int)?
    /// Colours of its own (a notification template's theme); nil uses the renderer's `look`.
    /// Held by reference: the toasts waiting to be laid out share their template estimate's.
    public var look: ViewTreeLook? {
        get { sharedLook?.look }
        set { sharedLook = newValue.map(SharedLook.init) }
    }
    private var sharedLook: SharedLook?

    public init(node: ViewNode, layout: ViewLayoutResult, focus: (index: Int, caret: Int)? = nil) {
        self.node = node; self.layout = layout; self.focus = focus
    }

    public var size: Size { layout.size }
    /// The root's corner radius (a view's own shadow follows it).
    public var rootCornerRadius: Double { layout.placed.first { $0.index == 0 }?.cornerRadius ?? 0 }

    public static func == (a: LaidOutView, b: LaidOutView) -> Bool {
        a.node == b.node && a.layout == b.layout && a.focus?.index == b.focus?.index && a.focus?.caret == b.focus?.caret
            && (a.sharedLook === b.sharedLook || a.look == b.look)
    }
}

/// Lays out and draws view trees (`ViewNode`) with Cairo/Pango: the painter of every primitive
/// and modifier. Text is measured and set by Pango the same way (`PangoTextMeasurer`), images
/// load through `ImageLoader`, shadows through the toast's `ShadowPainter`.
///
/// Caches (bounded): text set in Pango, shared by measuring and painting (`TextLayoutCache`, at
/// most `textCapacity` texts, least recently used dropped first); decoded images per (source,
/// device box), at most `imageCapacity`; shadows as `ShadowPainter` keeps them; small shapes as
/// `ShapeImages` keeps them; templates filled per shape of notification (`TemplateFillCache`).
/// Not thread-safe: one renderer per thread.
public final class ViewTreeRenderer {
    public static let textCapacity = TextLayoutCache.capacity
    public static let imageCapacity = 32

    private let texts = TextLayoutCache()
    /// Notification templates filled per shape of notification (`TemplateFillCache`).
    let templateFills = TemplateFillCache()
    public let measurer: PangoTextMeasurer
    public var look = ViewTreeLook()
    /// Where themed icon names are looked up.
    public var iconTheme = IconTheme()
    /// Told why an image was left out (missing file, bad data, …).
    public var onImageError: (ImageLoadError) -> Void = { _ in }
    /// Where `.blur` backgrounds get what is under them.
    public var blurSource: BlurSource = .tintedFallback

    private var images: [(source: ViewImageSource, box: Int, image: LoadedImage?)] = []
    /// Pictures decoded (or tried) so far, the cache's misses (tests).
    private(set) var imageLoads = 0
    /// The device scale a picture is checked at before it is shown (`canShow`): the outputs'
    /// largest, set by whoever knows them, so the picture checked is the one drawn.
    public var checkScale = 1.0
    /// Texts set and pictures loaded, kept now (tests).
    public var cachedCount: Int { texts.count + images.count }
    private var bodyImages: [BodyImageKey: BodyImage?] = [:]
    /// Texts set in Pango so far, measuring and painting (tests).
    var textsLaidOut: Int { texts.laidOut }
    let shadows = ShadowPainter()
    /// Small shapes kept as images (`ShapeImages`).
    let shapes = ShapeImages()

    public init() {
        measurer = PangoTextMeasurer(texts: texts)
        texts.bodyImage = { [unowned self] src, maxWidth, maxHeight, scale in
            bodyImage(src, maxWidth: maxWidth, maxHeight: maxHeight, scale: scale)
        }
    }

    /// Lays `node` out for `proposal` with Pango's measurements; placed as `previous` was when
    /// it differs from that tree only in values (`ViewLayout.layout(_:proposal:measuring:reusing:)`).
    public func layout(_ node: ViewNode, proposal: ProposedSize = .unspecified, reusing previous: LaidOutView? = nil) -> LaidOutView {
        LaidOutView(node: node, layout: ViewLayout.layout(node, proposal: proposal, measuring: measurer,
                                                          reusing: previous.map { ($0.node, $0.layout) }))
    }

    /// `view` with `changes` (`ViewNode.valueChanges(from:)`) applied: its placed parts patched
    /// (`ViewLayout.patch`), or laid out again when the placement could change. Nil when the
    /// changes change nothing.
    public func patch(_ view: LaidOutView, with changes: [ValueChange]) -> LaidOutView? {
        var node = view.node
        guard node.apply(changes) else { return nil }
        guard let layout = ViewLayout.patch(view.layout, with: changes, measuring: measurer) else {
            return self.layout(node, proposal: view.layout.proposal ?? .unspecified)
        }
        return LaidOutView(node: node, layout: layout)
    }

    /// `node` laid out at its ideal size, the same layout as the last time it was asked for (of
    /// the last `recentCapacity` trees): what a small tree made afresh for every frame from the
    /// same facts (a stack's header, the "+N more" pill) is drawn from.
    public func layoutReusing(_ node: ViewNode) -> LaidOutView {
        if let index = recent.firstIndex(where: { $0.node == node }) {
            let known = recent.remove(at: index)
            recent.insert(known, at: 0)
            return known
        }
        let laidOut = layout(node)
        recent.insert(laidOut, at: 0)
        if recent.count > Self.recentCapacity { recent.removeLast() }
        return laidOut
    }

    /// Trees `layoutReusing` keeps.
    public static let recentCapacity = 8
    private var recent: [LaidOutView] = []

    /// Draws `view` with its root's top-left corner at `origin` (logical points), multiplied by
    /// `opacity` as a whole (parts over each other do not show through) and scaled by `scale`
    /// around `anchor` (a unit point of its frame), over `shadow` (cast by its root's rounded
    /// frame, under the same transform). Only parts meeting the canvas's clip are drawn.
    /// `overCleared`: the canvas is transparent where the view can leave ink (cleared for this
    /// frame, or new), so a plain background drawn on pixels no other part touched yet is copied
    /// instead of blended (`BackgroundFill`).
    public func draw(_ view: LaidOutView, on canvas: Canvas, at origin: Point = .zero, opacity: Double = 1,
                     scale: Double = 1, anchor: Point = Point(x: 0.5, y: 0.5), shadow: Shadow? = nil,
                     overCleared: Bool = false) {
        let alpha = opacity.isNaN ? 0 : min(1, opacity)
        guard alpha >= 0.5 / 255, scale > 0, scale.isFinite, origin.x.isFinite, origin.y.isFinite else { return }
        let cr = canvas.context
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        if scale != 1 {
            let ax = anchor.x * view.size.width, ay = anchor.y * view.size.height
            cairo_translate(cr, ax, ay)
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -ax, -ay)
        }
        if let shadow {
            shadows.paint(cr, frame: Rect(origin: .zero, size: view.size), cornerRadius: view.rootCornerRadius, shadow: shadow,
                          scale: canvas.scale * scale, alpha: alpha)
        }
        // Shapes come from images at the scales views rest at (1, a stack's peeking cards), not
        // at a scale passing by: an image per scale would be made and dropped every frame.
        let shapes = scale == 1 || RenderItem.isPeekScale(scale) ? shapes : nil
        var painter = PartPainter(cr: cr, canvas: canvas, deviceScale: canvas.scale * scale, look: view.look ?? look, renderer: self,
                                  texts: view.texts, arrows: view.layout.arrows, shapes: shapes)
        if alpha < 1 {
            let ink = view.inkFrame(Rect(origin: .zero, size: view.size))
            cairo_rectangle(cr, ink.minX, ink.minY, ink.width, ink.height)
            cairo_clip(cr)
            cairo_push_group(cr)
        }
        // A repaint clipped to a few parts (RepaintRegion) draws only the parts that reach into it.
        let clip = ClipRegion(cr)
        let canvasClip = clip.isExact && alpha >= 1 ? clip.rects : nil
        painter.clip = canvasClip
        // Where parts drawn so far may have left ink, while the pixels under the rest are clear.
        var inked: [Rect]? = overCleared && shadow == nil ? [] : nil
        inked?.reserveCapacity(view.layout.placed.count)
        var clipDepth = 0
        for part in view.layout.placed {
            switch part.part {
            case .clip:
                cairo_save(cr)
                Paths.roundedRect(cr, part.frame, radius: part.cornerRadius)
                cairo_clip(cr)
                clipDepth += 1
                painter.clip = nil
                continue
            case .unclip:
                cairo_restore(cr)
                clipDepth -= 1
                if clipDepth == 0 { painter.clip = canvasClip }
                continue
            default:
                break
            }
            let a = part.opacity * (alpha < 1 ? 1 : alpha)
            let arrow = view.layout.arrows[part.index]
            guard a >= 0.5 / 255, part.frame.width > 0 || part.frame.height > 0,
                  clip.rects.contains(where: { Self.reaches(part, arrow: arrow, into: $0) }) else { continue }
            defer { if inked != nil, part.leavesInk { inked!.append(Self.ink(of: part, arrow: arrow)) } }
            switch part.part {
            case .background(.color(let color)) where arrow == nil:
                let fill = BackgroundFill(frame: part.frame, radius: part.cornerRadius, color: color.withAlpha(color.alpha * a))
                // Clear pixels (a pixel's width around the frame too) are copied onto, not blended with.
                let onClear = clipDepth == 0 && inked.map { $0.allSatisfy { !$0.intersects(part.frame.insetBy(dx: -1, dy: -1)) } } ?? false
                if !fill.paint(cr, canvas: canvas, clip: clip, onClear: onClear, bands: shapes) { painter.background(.color(color), part, alpha: a) }
            case .background(let fill): painter.background(fill, part, alpha: a)
            case .shadow(let shadow) where arrow != nil:
                painter.calloutShadow(shadow, part, arrow: arrow!, alpha: a)
            case .shadow(let shadow):
                shadows.paint(cr, frame: part.frame, cornerRadius: part.cornerRadius, shadow: shadow,
                              scale: canvas.scale * scale, alpha: a)
            case .border(let color, let width): painter.border(color, width: width, part, alpha: a)
            case .clip, .unclip: break
            case .node(let kind):
                let focus = view.focus.flatMap { $0.index == part.index ? $0.caret : nil }
                painter.node(kind, part, alpha: a, caret: focus)
            }
        }
        if alpha < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// True when `part` may leave ink in `clip` (root coordinates): its frame (with its arrow),
    /// with its shadow's reach or the ink margin a part may spill, meets the clip.
    static func reaches(_ part: PlacedView, arrow: CalloutArrow? = nil, into clip: Rect) -> Bool {
        let ink = ink(of: part, arrow: arrow)
        return ink.maxX > clip.minX && ink.minX < clip.maxX && ink.maxY > clip.minY && ink.minY < clip.maxY
    }

    /// Where `part` may leave ink: its frame (with its arrow) grown by the ink margin a part may
    /// spill, or by its shadow's reach.
    static func ink(of part: PlacedView, arrow: CalloutArrow?) -> Rect {
        let f = arrow.map { Self.outlineBounds(part.frame, $0) } ?? part.frame
        if case .shadow(let shadow) = part.part {
            let e = shadow.extent
            return Rect(x: f.minX - e.left, y: f.minY - e.top, width: f.width + e.left + e.right, height: f.height + e.top + e.bottom)
        }
        return f.insetBy(dx: -ViewLayoutResult.partInkMargin, dy: -ViewLayoutResult.partInkMargin)
    }

    /// `frame` grown to take in `arrow`'s tip.
    static func outlineBounds(_ frame: Rect, _ arrow: CalloutArrow) -> Rect {
        let tip = frame.origin + arrow.tip
        let x0 = min(frame.minX, tip.x), y0 = min(frame.minY, tip.y), x1 = max(frame.maxX, tip.x), y1 = max(frame.maxY, tip.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Lays out and draws `node` at the origin of `canvas` (headless rendering, tests).
    public func render(_ node: ViewNode, on canvas: Canvas, proposal: ProposedSize = .unspecified) {
        draw(layout(node, proposal: proposal), on: canvas)
    }

    /// Drops the pictures of icon names (the icon theme changed).
    public func forgetIconPictures() {
        images.removeAll { if case .icon = $0.source { true } else { false } }
    }

    /// Drops every cached layout, image and shadow.
    public func invalidate() {
        recent.removeAll()
        texts.removeAll()
        templateFills.removeAll()
        images.removeAll()
        bodyImages.removeAll()
        shadows.removeAll()
        shapes.removeAll()
    }

    // MARK: Caches

    /// Text set in Pango, where its links are (block coordinates, one frame per line a link
    /// spans) and its inline images.
    struct SetText {
        let block: TextBlock
        let links: [(href: String, frame: Rect)]
        var images: [(image: LoadedImage, frame: Rect)] = []

        /// Draws the text (in the current colour) and its images with the block's corner at (`x`, `y`).
        func draw(_ cr: OpaquePointer, x: Double, y: Double, alpha: Double) {
            block.draw(cr, x: x, y: y)
            for (image, frame) in images {
                image.paint(cr, in: Rect(x: x + frame.x, y: y + frame.y, width: frame.width, height: frame.height), alpha: alpha)
            }
        }
    }

    /// Text part `index` of a tree set at `width` for `scale`: from the tree's own texts when it
    /// was drawn so before, else set (through the shared cache) and kept there.
    func setText(_ content: TextContent, width: Double, scale: Double, part index: Int, of texts: LaidOutTexts) -> SetText {
        let slot = LaidOutTexts.Slot(index: index, width: width, scale: scale)
        if let kept = texts.set[slot], kept.content == content { return kept.text }
        let set = setText(content, width: width, scale: scale)
        texts.set[slot] = (content, set)
        return set
    }

    /// `content` set in Pango at `width` for `scale` with its links (cached, shared with
    /// measuring). Links get `content.linkColor`; without one they are plain text and none is reported.
    func setText(_ content: TextContent, width: Double, scale: Double) -> SetText {
        texts.set(content, width: width, scale: scale)
    }

    /// The links of `view`'s text (`TextContent.linkColor` set) in the root's coordinates, one
    /// frame per line a link spans, front-most last.
    public func links(in view: LaidOutView) -> [(href: String, frame: Rect)] {
        var out: [(href: String, frame: Rect)] = []
        for part in view.layout.placed {
            guard case .node(.text(let content)) = part.part, content.linkColor != nil, part.frame.width > 0 else { continue }
            let f = part.frame
            for link in setText(content, width: f.width, scale: 1).links {
                let r = link.frame
                out.append((link.href, Rect(x: f.minX + r.x, y: f.minY + r.y, width: r.width, height: r.height)))
            }
        }
        return out
    }

    /// Where in the text of `view`'s field that submits `action` a click at `x` (the root's
    /// coordinates) puts the caret, as the field is drawn (scrolled to its caret while it is
    /// typed into); nil when the tree has no such field.
    public func fieldCaret(in view: LaidOutView, submitting action: String, atX x: Double) -> Int? {
        for part in view.layout.placed {
            guard case .node(.textField(let field)) = part.part, field.submitAction == action else { continue }
            let caret = view.focus.flatMap { $0.index == part.index ? $0.caret : nil }
            return FieldText(field, caret: caret, width: part.frame.width, context: textContext(1)).caret(atX: x - part.frame.minX)
        }
        return nil
    }

    static func ellipsize(_ truncation: Truncation) -> PangoEllipsizeMode {
        switch truncation {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
    }

    func textContext(_ scale: Double) -> TextContext { texts.context(scale) }

    struct BodyImageKey: Hashable {
        var src: String, maxWidth: Double, maxHeight: Double, scale: Double
    }

    /// An inline image of text (`<img src>`) fitted into `maxWidth` × `maxHeight` points for
    /// `scale` (cached, at most `imageCapacity`; failures are reported once and leave the alt text).
    func bodyImage(_ src: String, maxWidth: Double, maxHeight: Double, scale: Double) -> BodyImage? {
        let key = BodyImageKey(src: src, maxWidth: maxWidth, maxHeight: maxHeight, scale: scale)
        if let known = bodyImages[key] { return known }
        var loaded: BodyImage?
        do { loaded = try BodyImage.load(src, maxWidth: maxWidth, maxHeight: maxHeight, scale: scale) } catch let error as ImageLoadError {
            if !bodyImages.keys.contains(where: { $0.src == src }) { onImageError(error) }  // once per picture, not per size
        } catch {}
        if bodyImages.count >= Self.imageCapacity { bodyImages.removeAll(keepingCapacity: true) }
        bodyImages[key] = loaded
        return loaded
    }

    /// The picture of `source` decoded for a box of `side` device pixels (cached; failures are
    /// reported once and draw nothing).
    func image(_ source: ViewImageSource, box side: Int, logicalSize: Double, scale: Double) -> LoadedImage? {
        if let index = images.firstIndex(where: { $0.box == side && $0.source == source }) {
            let entry = images.remove(at: index)
            images.insert(entry, at: 0)
            return entry.image
        }
        var loaded: LoadedImage?
        imageLoads += 1
        do {
            switch source {
            case .file(let path):
                loaded = try ImageLoader.load(file: path, box: side)
            case .icon(let name):
                guard let path = iconTheme.lookup(name, size: max(1, Int(logicalSize.rounded())),
                                                  scale: max(1, Int(scale.rounded(.up)))) else {
                    throw ImageLoadError.themedIconMissing(name)
                }
                loaded = try ImageLoader.load(file: path, box: side)
            case .pixels(let width, let height, let rgba):
                loaded = try ImageLoader.load(raw: RawImage(width: width, height: height, rowstride: width * 4,
                                                            hasAlpha: true, channels: 4, bytes: rgba))
            }
        } catch let error as ImageLoadError {
            // Once per picture, not per size (its other sizes are still kept as failed).
            if !images.contains(where: { $0.source == source }) { onImageError(error) }
        } catch {}
        images.insert((source, side, loaded), at: 0)
        if images.count > Self.imageCapacity { images.removeLast() }
        return loaded
    }
}

extension PlacedView {
    /// False for parts that paint nothing (stacks, grids, spacers).
    var leavesInk: Bool {
        switch part {
        case .node(.vstack), .node(.hstack), .node(.zstack), .node(.grid), .node(.spacer), .clip, .unclip: false
        default: true
        }
    }
}

extension LaidOutView {
    /// `frame` (where the root is drawn) grown by how far the tree's shadows reach past it.
    public func inkFrame(_ frame: Rect, scale: Double = 1) -> Rect {
        var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
        for part in layout.placed {
            guard case .shadow(let shadow) = part.part else { continue }
            let e = shadow.extent, f = part.frame
            left = max(left, e.left - f.minX)
            top = max(top, e.top - f.minY)
            right = max(right, f.maxX + e.right - size.width)
            bottom = max(bottom, f.maxY + e.bottom - size.height)
        }
        guard left + top + right + bottom > 0 else { return frame }
        return Rect(x: frame.minX - left * scale, y: frame.minY - top * scale,
                    width: frame.width + (left + right) * scale, height: frame.height + (top + bottom) * scale)
    }
}
