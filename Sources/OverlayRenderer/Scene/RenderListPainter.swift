import CCairo
import OverlayEngine

/// What the painter needs to know about one view: its laid-out tree and the engine's resolved
/// settings (background, shadow, …).
public struct PaintedView {
    public var tree: LaidOutView
    public var configuration: ResolvedViewConfiguration?
    /// The shadow drawn when the configuration has none (a toast style's).
    public var ownShadow: Shadow?

    public init(tree: LaidOutView, configuration: ResolvedViewConfiguration? = nil, shadow: Shadow? = nil) {
        self.tree = tree
        self.configuration = configuration
        ownShadow = shadow
    }

    /// The shadow drawn under the tree: the configuration's when it has one, else `ownShadow`.
    public var shadow: Shadow? { configuration?.shadow ?? ownShadow }
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
    /// whose ink meets none of its rectangles is not drawn at all. Returns the ink rectangles
    /// drawn (for damage).
    @discardableResult
    public func paint(_ list: RenderList, container: Rect, on canvas: Canvas, only region: [Rect]? = nil,
                      view: (ViewID) -> PaintedView?) -> [Rect] {
        let cr = canvas.context
        cairo_save(cr)
        if let clip = list.clipRect {
            cairo_rectangle(cr, clip.minX + container.minX, clip.minY + container.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        var drawn: [(RenderItem, PaintedView, Rect)] = []
        var visible = 0
        for item in list.items {
            guard let painted = view(item.id) else { continue }
            let frame = inkFrame(of: item, view: painted, container: container)
            guard frame.intersects(container) else { continue }
            visible += 1
            if let region, !region.contains(where: { $0.intersects(frame) }) { continue }
            drawn.append((item, painted, frame))
        }
        for (item, painted, ink) in drawn { paintCard(item, painted, ink: ink, container: container, on: canvas) }
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
    private func paintCard(_ item: RenderItem, _ painted: PaintedView, ink: Rect, container: Rect, on canvas: Canvas) {
        if reusesCardImages, let look = CardLook(item, painted, deviceScale: canvas.scale),
           cards.paint(item.id, look: look, origin: item.frame.origin + item.offset + container.origin, opacity: item.opacity,
                       ink: ink, on: canvas, draw: { image in
                           var opaque = item
                           opaque.opacity = 1
                           paint(opaque, painted, container: container, on: image)
                       }) {
            return
        }
        paint(item, painted, container: container, on: canvas)
    }

    private func paint(_ item: RenderItem, _ painted: PaintedView, container: Rect, on canvas: Canvas) {
        if let background = painted.configuration?.background, item.backgroundOpacity > 0 {
            backdrops.paint(background, opacity: item.backgroundOpacity, container: container, on: canvas)
        }
        let origin = item.frame.origin + item.offset + container.origin
        trees.draw(painted.tree, on: canvas, at: origin, opacity: item.opacity, scale: item.scale, anchor: item.scaleAnchor, shadow: painted.shadow)
    }
}
