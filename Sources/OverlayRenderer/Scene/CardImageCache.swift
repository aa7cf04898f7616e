import CCairo
import OverlayEngine

/// What a card looks like, independent of where it is and of its opacity: two cards with equal
/// looks draw the same pixels at the same sub-pixel phase.
struct CardLook: Equatable {
    var tree: LaidOutView
    var shadow: Shadow?
    /// The item's own scale and its anchor, the canvas's device scale, and the card's size.
    var scale: Double
    var anchor: Point
    var deviceScale: Double
    var size: Size

    /// The look of `item` drawn as `view`, or nil when its pixels depend on more than the look:
    /// behind a container-wide background, or frosted (it shows what is under it).
    init?(_ item: RenderItem, _ view: PaintedView, deviceScale: Double) {
        guard item.opacity > 0, item.scale > 0, item.scale.isFinite,
              view.configuration?.background == nil || item.backgroundOpacity <= 0, !view.isFrosted else { return nil }
        tree = view.tree
        shadow = view.shadow
        scale = item.scale
        anchor = item.scaleAnchor
        self.deviceScale = deviceScale
        size = item.frame.size
    }
}

/// Finished images of cards that a run of frames repaints with the same look (a stack's peeking
/// cards and the cards under a toast fading in, cards fading in or out): each such frame
/// composites the image, with the card's opacity, instead of laying out and painting it again.
///
/// A card gets an image the second frame in a row it is repainted with the same look at the same
/// sub-pixel phase, or at once when it is translucent (a fade: more frames of it follow; a stack's
/// peeking cards fading in keep their scale, so the next frame composites them instead of
/// scaling them again); a card painted once opaque, as in a single rendered scene, is drawn
/// directly. The image holds the card over its shadow, opaque, as drawing them would, shifted by
/// whole device pixels. The shadow is drawn outside the card's shape, so the image with an opacity is the
/// shadow and the card each with that opacity.
/// A card whose look changes (content, style, scale, size) is drawn afresh. Bounded: at most
/// `limit` images of `byteBudget` bytes together; an image not painted for `framesKept` frames
/// is dropped, and all of them go when a frame ends with nothing animating (no frame follows to
/// reuse them).
final class CardImageCache {
    private struct Entry {
        var look: CardLook
        /// The card's origin in device pixels when it was drawn into the image.
        var origin: Point
        /// The finished image (cairo_surface_t); nil while the card was seen once only.
        var image: OpaquePointer?
        /// The image's top-left device pixel for `origin`, and its size.
        var x = 0, y = 0, width = 0, height = 0
        var lastPainted: Int
    }
    private var entries: [ViewID: Entry] = [:]
    private var frame = 0
    /// Images kept at most (the cards of a column and of its stacks).
    static let limit = 16
    /// Pixel bytes of all images together at most (a column's cards at scale 2 fit): past it the
    /// least recently painted images go, and a card bigger than all of it is drawn directly.
    var byteBudget = 4 << 20
    /// Pixel bytes of the images held now.
    var heldBytes: Int { entries.values.reduce(0) { $0 + ($1.image == nil ? 0 : $1.width * $1.height * 4) } }
    /// Frames an image may go unpainted before it is dropped.
    static let framesKept = 4

    deinit { removeAll() }

    /// Images held now (tests).
    var imageCount: Int { entries.values.filter { $0.image != nil }.count }
    /// Images made and not destroyed yet (tests: equal to `imageCount`, or one leaked).
    private(set) var imagesAlive = 0
    /// Cards composited from an image so far, and of those straight into the target's pixels (tests).
    private(set) var composites = 0, directComposites = 0
    /// False: every composite goes through cairo (tests compare the two).
    var blendsDirectly = true

    /// Paints the card `id` (looking like `look`, its origin at `origin` in logical points) with
    /// `opacity` from its image when it has one at this phase, making it when the card was seen
    /// with this look in the frame before, or is translucent (a fade: more frames of it follow,
    /// and its image with an opacity is the card and its shadow each with it);
    /// `draw` paints the card opaque on the canvas it is given. False: nothing was drawn, the
    /// caller draws the card directly.
    func paint(_ id: ViewID, look: CardLook, origin: Point, opacity: Double, ink: Rect, on canvas: Canvas,
               draw: (Canvas) -> Void) -> Bool {
        let s = canvas.scale
        let device = Point(x: origin.x * s, y: origin.y * s)
        guard abs(device.x) < 1e7, abs(device.y) < 1e7 else { return false }
        // The card as seen before with this look, at this phase (moved by whole pixels).
        let known = entries[id].flatMap { old in old.look == look ? Self.wholeShift(from: old.origin, to: device).map { (old, $0) } : nil }
        if known == nil { drop(id) }  // an image of another look or phase goes before another is made
        var entry = known?.0 ?? Entry(look: look, origin: device, lastPainted: frame)
        var shift = known?.1 ?? Point(x: 0, y: 0)
        if entry.image == nil {
            let seenBefore = known.map { $0.0.lastPainted == frame - 1 } ?? false
            entry.origin = device
            shift = Point(x: 0, y: 0)
            guard seenBefore || opacity < 1, make(&entry, ink: ink, canvas: canvas, draw: draw) else {
                remember(id, Entry(look: look, origin: device, lastPainted: frame))
                return false
            }
        }
        guard let image = entry.image else { return false }
        let cr = canvas.context
        let x = Double(entry.x) + shift.x, y = Double(entry.y) + shift.y
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if blendsDirectly, ImageBlend.over(image, on: cr, x: Int(x), y: Int(y), alpha: opacity) {
            directComposites += 1
        } else {
            cairo_set_source_surface(cr, image, x, y)
            cairo_rectangle(cr, x, y, Double(entry.width), Double(entry.height))
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, min(1, opacity))
        }
        cairo_restore(cr)
        entry.lastPainted = frame
        entries[id] = entry
        composites += 1
        return true
    }

    /// The whole device pixels from `a` to `b`, or nil when they differ by a fraction.
    private static func wholeShift(from a: Point, to b: Point) -> Point? {
        let dx = b.x - a.x, dy = b.y - a.y
        guard abs(dx - dx.rounded()) < 1e-6, abs(dy - dy.rounded()) < 1e-6 else { return nil }
        return Point(x: dx.rounded(), y: dy.rounded())
    }

    /// Draws the card into a new image covering its ink at the entry's origin.
    private func make(_ entry: inout Entry, ink: Rect, canvas: Canvas, draw: (Canvas) -> Void) -> Bool {
        let s = canvas.scale
        let x0 = (ink.minX * s).rounded(.down), y0 = (ink.minY * s).rounded(.down)
        let x1 = (ink.maxX * s).rounded(.up), y1 = (ink.maxY * s).rounded(.up)
        let width = Int(x1 - x0), height = Int(y1 - y0), bytes = width * height * 4
        guard width > 0, height > 0, width <= 8192, height <= 8192, bytes <= byteBudget else { return false }
        while heldBytes + bytes > byteBudget,
              let oldest = entries.filter({ $0.value.image != nil }).min(by: { $0.value.lastPainted < $1.value.lastPainted }) {
            drop(oldest.key)
        }
        let image = Canvas(pixelWidth: width, pixelHeight: height, scale: s)
        guard image.isValid else { return false }
        // The canvas's user space moved by whole device pixels: the card lands at the same phase.
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, s, 0, 0, s, -x0, -y0)
        cairo_set_matrix(image.context, &matrix)
        draw(image)
        image.flush()
        if entries.count >= Self.limit, let oldest = entries.min(by: { $0.value.lastPainted < $1.value.lastPainted }) {
            drop(oldest.key)
        }
        entry.image = cairo_surface_reference(image.surface)
        imagesAlive += 1
        entry.x = Int(x0); entry.y = Int(y0); entry.width = width; entry.height = height
        return true
    }

    /// True when no card's look or image is kept.
    var isEmpty: Bool { entries.isEmpty }

    private func remember(_ id: ViewID, _ entry: Entry) {
        drop(id)
        if entries.count >= Self.limit, let oldest = entries.min(by: { $0.value.lastPainted < $1.value.lastPainted }) {
            drop(oldest.key)
        }
        entries[id] = entry
    }

    /// A frame is complete: cards not painted for a few frames are forgotten, and with nothing
    /// animating every image goes (no next frame would reuse it).
    func endFrame(animating: Bool) {
        if !animating {
            removeAll()
        } else {
            for (id, entry) in entries where frame - entry.lastPainted > Self.framesKept { drop(id) }
        }
        frame += 1
    }

    private func drop(_ id: ViewID) {
        if let entry = entries.removeValue(forKey: id), let image = entry.image { destroy(image) }
    }

    func removeAll() {
        for entry in entries.values { if let image = entry.image { destroy(image) } }
        entries.removeAll()
    }

    private func destroy(_ image: OpaquePointer) {
        cairo_surface_destroy(image)
        imagesAlive -= 1
    }
}
