import CCairo
import OverlayEngine

/// The small antialiased shapes of view trees (bars, knobs, toggles, buttons, small rounded
/// backgrounds, the corner rows of a background copied onto clear pixels) kept as images, one
/// per outline, size, place within a device pixel and colour.
/// Cairo spends 110–240 k instructions rasterising such a curve at scale 2 however small it is;
/// copying its image costs 15–100 k, or a few thousand where it is composited straight into the
/// canvas's pixels (`ImageBlend`: whole device pixels in a clip of whole rectangles, as a
/// repaint's). The copy gives the pixels a fill gives, within rounding (1/255).
///
/// Bounded: at most `capacity` images and `maximumBytes` in all, the least recently used dropped
/// first; a shape of more than `maximumPixels` is filled with a path (past about 25,000 pixels,
/// blending a translucent image costs more than filling). Not thread-safe: one per renderer.
final class ShapeImages {
    static let capacity = 64
    static let maximumBytes = 2 << 20
    static let maximumPixels = 16_384

    /// The outline of a shape.
    enum Outline: Hashable {
        /// A rectangle with corners of this radius (clamped to half the shorter side).
        case roundedRect(radius: Double)
        /// The circle the frame's width spans.
        case circle
    }

    /// The rows of a rounded rectangle that hold its top or its bottom corners.
    enum Band: Hashable { case top, bottom }

    /// A shape in device pixels: its outline and size, where it starts within its first pixel, its colour.
    private struct Key: Hashable {
        var outline: Outline
        var width, height, offsetX, offsetY: Double
        var color: Color
        /// Only the rows of `band` (`band(_:…)`): the image is `height` rows tall, the
        /// rectangle's top (or bottom) edge at `offsetY` within it.
        var band: Band? = nil
    }

    private final class Entry {
        let surface: OpaquePointer
        let bytes: Int
        var lastUse: UInt64
        init(surface: OpaquePointer, bytes: Int, lastUse: UInt64) { self.surface = surface; self.bytes = bytes; self.lastUse = lastUse }
        deinit { cairo_surface_destroy(surface) }
    }

    /// False: every image is composited by cairo (tests compare the two).
    var blendsDirectly = true
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// Bytes of pixels held.
    private(set) var bytes = 0
    /// Images kept now (tests).
    var count: Int { entries.count }

    /// Fills `frame` (user space) with `outline` in `color`, only left of `end` when one is given
    /// (a bar's filled part), from the shape's image. False when it cannot (the transform is not a
    /// uniform scale and a translation, or the shape is too large): nothing was drawn, fill it with a path.
    /// `clip`: the rectangles (user space) the canvas is clipped to, when they are its whole
    /// clip and `cr` draws straight onto it: a shape cut on a whole device pixel (or not cut)
    /// is then composited straight into the pixels (`ImageBlend`).
    func fill(_ cr: OpaquePointer, _ frame: Rect, _ outline: Outline, color: Color, end: Double? = nil, clip: [Rect]? = nil) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.xx == m.yy, frame.width > 0, frame.height > 0 else { return false }
        let s = m.xx
        let x = frame.minX * s + m.x0, y = frame.minY * s + m.y0
        let left = x.rounded(.down), top = y.rounded(.down)
        let device: Outline = switch outline {
        case .roundedRect(let radius): .roundedRect(radius: max(0, min(radius, frame.width / 2, frame.height / 2)) * s)
        case .circle: .circle
        }
        let key = Key(outline: device, width: frame.width * s, height: frame.height * s, offsetX: x - left, offsetY: y - top, color: color)
        guard let image = image(key) else { return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        // Cut on the one edge only: the image's own edges are antialiased already.
        let width = Double(cairo_image_surface_get_width(image))
        let right = end.map { min(left + width, max(left, $0 * s + m.x0)) } ?? left + width
        // In a clip of whole device pixels it is composited straight into the pixels.
        if !blendsDirectly || !composite(image, on: cr, x: Int(left), y: Int(top), right: right, clip: clip, matrix: m) {
            cairo_set_source_surface(cr, image, left, top)
            cairo_rectangle(cr, left, top, right - left, Double(cairo_image_surface_get_height(image)))
            cairo_fill(cr)
        }
        cairo_restore(cr)
        return true
    }

    /// `image` left of device x `right` composited straight into the pixels inside `clip` (user
    /// space under `matrix`, on whole device pixels); false when it cannot be. A column `right`
    /// cuts is covered as cairo covers it: its share to 1/256 (cairo's fixed point, ties to even).
    private func composite(_ image: OpaquePointer, on cr: OpaquePointer, x: Int, y: Int, right: Double, clip: [Rect]?,
                           matrix m: cairo_matrix_t) -> Bool {
        guard let clip, ImageBlend.drawsOnTarget(cr), let boxes = ImageBlend.deviceBoxes(clip, m) else { return false }
        let whole = Int(right.rounded(.down))
        guard ImageBlend.over(image, on: cr, x: x, y: y, columns: whole - x, alpha8: 255, within: boxes) else { return false }
        let share = UInt32(min(255, ((right - Double(whole)) * 256).rounded(.toNearestOrEven)))
        guard share > 0 else { return true }
        let column = boxes.map { (x0: max($0.x0, whole), y0: $0.y0, x1: min($0.x1, whole + 1), y1: $0.y1) }
        return ImageBlend.over(image, on: cr, x: x, y: y, columns: whole + 1 - x, alpha8: share, within: column)
    }

    /// The image of the rows of `band` of a rectangle `width` device pixels wide rounded with
    /// `radius` device pixels, its left edge at `edgeX` and its top (or bottom) edge at `edgeY`
    /// within the image, `rows` tall, in `color`; nil when it is too large.
    func band(_ band: Band, width: Double, radius: Double, edgeX: Double, edgeY: Double, rows: Int, color: Color) -> OpaquePointer? {
        image(Key(outline: .roundedRect(radius: radius), width: width, height: Double(rows), offsetX: edgeX, offsetY: edgeY,
                  color: color, band: band))
    }

    /// Drops every image.
    func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    private func image(_ key: Key) -> OpaquePointer? {
        clock &+= 1
        if let entry = entries[key] {
            entry.lastUse = clock
            return entry.surface
        }
        let width = Int((key.offsetX + key.width).rounded(.up))
        let height = key.band == nil ? Int((key.offsetY + key.height).rounded(.up)) : Int(key.height)
        guard width > 0, height > 0, width * height <= Self.maximumPixels else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(surface)!
        Paths.setSource(cr, key.color)
        var frame = Rect(x: key.offsetX, y: key.offsetY, width: key.width, height: key.height)
        if let band = key.band {  // tall enough that only this band's corners reach into the image
            frame.size.height = key.width + key.height + 4
            if band == .bottom { frame.origin.y = key.offsetY - frame.height }
        }
        switch key.outline {
        case .roundedRect(let radius): Paths.roundedRect(cr, frame, radius: radius)
        case .circle: cairo_arc(cr, frame.midX, frame.midY, frame.width / 2, 0, 2 * Double.pi)
        }
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let entry = Entry(surface: surface, bytes: Int(cairo_image_surface_get_stride(surface)) * height, lastUse: clock)
        entries[key] = entry
        bytes += entry.bytes
        while entries.count > Self.capacity || bytes > Self.maximumBytes { dropLeastRecentlyUsed() }
        return surface
    }

    private func dropLeastRecentlyUsed() {
        guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
        bytes -= oldest.value.bytes
        entries[oldest.key] = nil
    }
}
