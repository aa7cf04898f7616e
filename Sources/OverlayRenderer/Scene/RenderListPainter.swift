import CCairo
import OverlayEngine

/// What the painter needs to know about one view: its laid-out tree and the engine's resolved
/// settings (background, shadow, …). Shared, not copied: a frame passes it through several steps.
public final class PaintedView {
    public let tree: LaidOutView
    public let configuration: ResolvedViewConfiguration?
    /// The shadow drawn when the configuration has none (a toast style's).
    public let ownShadow: Shadow?

    public init(tree: LaidOutView, configuration: ResolvedViewConfiguration? = nil, shadow: Shadow? = nil) {
        self.tree = tree
        self.configuration = configuration
        ownShadow = shadow
    }

    /// The shadow drawn under the tree: the configuration's when it has one, else `ownShadow`.
    public var shadow: Shadow? { configuration?.shadow ?? ownShadow }

    /// Drawn frosted: its card shows what is under it on the canvas now (a `toast-material`, a
    /// tree's `blur` background), so it is never drawn from a picture of itself.
    public var isFrosted: Bool {
        tree.layout.placed.contains { part in
            if case .background(let fill) = part.part { return fill.isBlur }
            return false
        }
    }
}

/// Draws an engine render list onto a canvas: the one drawing step shared by the daemon's layer
/// surfaces and `overlay-wl render`.
///
/// For each item in ascending z: its container-wide background (weighted by
/// `backgroundOpacity`), then its shadow and its tree under the item's transition transform
/// (opacity, scale about the anchor, offset).
public final class RenderListPainter {
    /// Draws view trees.
    public let trees: ViewTreeRenderer
    private let backdrops = BackdropPainter()
    let cards = CardImageCache()
    /// False: every card is painted afresh each frame (tests compare the two).
    var reusesCardImages = true

    public init(trees: ViewTreeRenderer = ViewTreeRenderer()) {
        self.trees = trees
    }

    /// Where `.blur` backgrounds get what is under them.
    public var blurSource: BlurSource {
        get { backdrops.blurSource }
        set {
            backdrops.blurSource = newValue
            trees.blurSource = newValue
        }
    }

    /// Paints `list` with the container occupying `container` (logical points on `canvas`).
    /// Items are drawn only where they can show: their ink frame meets the container (or the
    /// clip), or they carry a background. With `region` (the canvas is clipped to it), an item
    /// whose ink meets none of its rectangles is not drawn at all. `overCleared`: the canvas is
    /// transparent where it is drawn (cleared for this frame), so an item whose ink meets no item
    /// drawn before it is drawn on clear pixels (`ViewTreeRenderer.draw`). Returns the ink
    /// rectangles drawn (for damage).
    @discardableResult
    public func paint(_ list: RenderList, container: Rect, on canvas: Canvas, only region: [Rect]? = nil,
                      overCleared: Bool = false, view: (ViewID) -> PaintedView?) -> [Rect] {
        let cr = canvas.context
        cairo_save(cr)
        if let clip = list.clipRect {
            cairo_rectangle(cr, clip.minX + container.minX, clip.minY + container.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        var drawn: [(RenderItem, PaintedView, Rect)] = []
        for item in list.items {
            guard let painted = view(item.id) else { continue }
            let frame = inkFrame(of: item, view: painted, container: container)
            guard frame.intersects(container) else { continue }
            if let region, !region.contains(where: { $0.intersects(frame) }) { continue }
            // Wholly transparent with no background showing (a fade-in's first frame): no pixels.
            if item.opacity <= 0, painted.configuration?.background == nil || item.backgroundOpacity <= 0 { continue }
            drawn.append((item, painted, frame))
        }
        for (i, (item, painted, ink)) in drawn.enumerated() {
            let onClear = overCleared && !drawn[..<i].contains { $0.2.intersects(ink) }
            paintCard(item, painted, ink: ink, container: container, on: canvas, overCleared: onClear, animating: list.isAnimating)
        }
        cards.endFrame(animating: list.isAnimating)
        let ink = drawn.map(\.2)
        cairo_restore(cr)
        return ink
    }

    /// Where an item can leave pixels: the whole container when it has a background showing,
    /// else its visual frame grown by its shadow, offset into the container.
    public func inkFrame(of item: RenderItem, view: PaintedView, container: Rect) -> Rect {
        if view.configuration?.background != nil, item.backgroundOpacity > 0 { return container }
        var frame = item.visualFrame
        frame.origin = frame.origin + container.origin
        frame = view.tree.inkFrame(frame, scale: item.scale)
        guard let shadow = view.shadow, item.opacity > 0 else { return frame }
        let e = shadow.extent, s = item.scale
        return Rect(x: frame.minX - e.left * s, y: frame.minY - e.top * s,
                    width: frame.width + (e.left + e.right) * s, height: frame.height + (e.top + e.bottom) * s)
    }

    /// A card repainted with the look it had is composited from its finished image (CardImageCache.swift).
    /// A frame that animates nothing with no image kept from the one before paints every opaque
    /// card directly: an image of it made now would go at the frame's end unused (a view tree
    /// moving to a new value is such a frame, each of its frames a new look).
    private func paintCard(_ item: RenderItem, _ painted: PaintedView, ink: Rect, container: Rect, on canvas: Canvas,
                           overCleared: Bool, animating: Bool) {
        if reusesCardImages, animating || item.opacity < 1 || !cards.isEmpty, let look = CardLook(item, painted, deviceScale: canvas.scale),
           cards.paint(item.id, look: look, origin: item.frame.origin + item.offset + container.origin, opacity: item.opacity,
                       ink: ink, on: canvas, draw: { image in
                           var opaque = item
                           opaque.opacity = 1
                           paint(opaque, painted, container: container, on: image, overCleared: true)  // a new image
                       }) {
            return
        }
        paint(item, painted, container: container, on: canvas, overCleared: overCleared)
    }

    private func paint(_ item: RenderItem, _ painted: PaintedView, container: Rect, on canvas: Canvas, overCleared: Bool) {
        var overCleared = overCleared
        if let background = painted.configuration?.background, item.backgroundOpacity > 0 {
            backdrops.paint(background, opacity: item.backgroundOpacity, container: container, on: canvas)
            overCleared = false
        }
        if item.scale != 1, !painted.isFrosted, !item.restsAtPeekScale {
            return paintScaled(item, painted, container: container, on: canvas)
        }
        paintUnder(item, painted, container: container, on: canvas, overCleared: overCleared)
    }

    /// Draws the card itself under the item's transform (opacity, scale about its anchor, offset).
    private func paintUnder(_ item: RenderItem, _ painted: PaintedView, container: Rect, on canvas: Canvas, overCleared: Bool) {
        let origin = item.frame.origin + item.offset + container.origin
        trees.draw(painted.tree, on: canvas, at: origin, opacity: item.opacity, scale: item.scale, anchor: item.scaleAnchor, shadow: painted.shadow,
                   overCleared: overCleared)
    }

    /// A card whose scale moves (a frame of a `scale` transition, a stack springing open or
    /// shut) is its unscaled picture, scaled: its text is rasterized at the canvas's scale only.
    /// Drawn under the scale, text made cairo create a font, and rasterize every glyph again, for
    /// each scale a frame used, and keep them (up to 256 such fonts): after 2,000 notifications
    /// with a `scale` transition the heap held 6 MB of glyphs. A closed stack's peeking cards
    /// rest at two scales only (`RenderItem.restsAtPeekScale`), so they are drawn under their
    /// scale (a font per scale), without a picture and its bilinear pass. The shadow is drawn
    /// outside the card's shape, so the picture painted with the card's opacity is the shadow and
    /// the card each with it, as when drawn directly.
    /// Device pixels of a scaled card's picture at most (a 4K output's): past it the card is
    /// drawn under the scale.
    static let largestScaledPicture = 3840.0 * 2160

    private func paintScaled(_ item: RenderItem, _ painted: PaintedView, container: Rect, on canvas: Canvas) {
        guard item.scale > 0, item.scale.isFinite, item.opacity > 0 else { return }
        var unscaled = item
        unscaled.scale = 1
        unscaled.opacity = 1
        unscaled.backgroundOpacity = 0  // drawn already, unscaled
        let cr = canvas.context
        let frame = item.frame
        let ax = frame.minX + item.offset.x + container.minX + item.scaleAnchor.x * frame.width
        let ay = frame.minY + item.offset.y + container.minY + item.scaleAnchor.y * frame.height
        // What of the unscaled card can show: its ink within the canvas's clip scaled back about
        // the anchor, in device pixels on the canvas's grid.
        var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        cairo_clip_extents(cr, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
        let s = canvas.scale, ink = inkFrame(of: unscaled, view: painted, container: container)
        let x0 = (max(ink.minX, ax + (clip.x1 - ax) / item.scale) * s).rounded(.down)
        let y0 = (max(ink.minY, ay + (clip.y1 - ay) / item.scale) * s).rounded(.down)
        let width = (min(ink.maxX, ax + (clip.x2 - ax) / item.scale) * s).rounded(.up) - x0
        let height = (min(ink.maxY, ay + (clip.y2 - ay) / item.scale) * s).rounded(.up) - y0
        guard width > 0, height > 0 else { return }
        guard width * height <= Self.largestScaledPicture else {
            return paintUnder(item, painted, container: container, on: canvas, overCleared: false)  // a huge card nearly shrunk away
        }
        let picture = Canvas(pixelWidth: Int(width), pixelHeight: Int(height), scale: s)
        cairo_translate(picture.context, -x0 / s, -y0 / s)
        paint(unscaled, painted, container: container, on: picture, overCleared: true)  // a new picture
        picture.flush()
        cairo_save(cr)
        cairo_translate(cr, ax, ay)
        cairo_scale(cr, item.scale, item.scale)
        cairo_translate(cr, x0 / s - ax, y0 / s - ay)
        cairo_scale(cr, 1 / s, 1 / s)  // the picture's pixels
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        cairo_paint_with_alpha(cr, min(1, item.opacity))
        cairo_restore(cr)
    }
}
