import CCairo
import OverlayEngine

/// A drop shadow as drawn: blur radius in the CSS convention (σ = radius / 2), offset in points.
extension Shadow {
    public init(color: Color, radius: Double, offsetX: Double = 0, offsetY: Double = 0) {
        self.init(color: color, radius: radius, offset: Point(x: offsetX, y: offsetY))
    }

    public var offsetX: Double { offset.x }
    public var offsetY: Double { offset.y }

    /// How far (points) the shadow as drawn reaches past the view's frame on each side: 3σ plus
    /// the offset.
    public var extent: (left: Double, top: Double, right: Double, bottom: Double) {
        let drawn = self.drawn
        let reach = (3 * GaussianBlur.sigma(radius: drawn.radius)).rounded(.up) + 1
        let x = drawn.offsetX, y = drawn.offsetY
        return (max(0, reach - x), max(0, reach - y), max(0, reach + x), max(0, reach + y))
    }

    /// This shadow as it is drawn: radius within 0…`maximumRadius`, offset within
    /// ±`maximumOffset`, colour channels within 0…1, and 0 for anything not finite. So a library
    /// caller's shadow of any size draws (and is cached) like one a config could give.
    var drawn: Shadow {
        func bounded(_ value: Double, _ range: ClosedRange<Double>) -> Double {
            value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : 0
        }
        let offsets = -Self.maximumOffset...Self.maximumOffset
        return Shadow(color: Color(red: bounded(color.red, 0...1), green: bounded(color.green, 0...1),
                                   blue: bounded(color.blue, 0...1), alpha: bounded(color.alpha, 0...1)),
                      radius: bounded(radius, 0...Self.maximumRadius),
                      offset: Point(x: bounded(offset.x, offsets), y: bounded(offset.y, offsets)))
    }
}

/// Draws Gaussian drop shadows: of toasts (rounded rectangles) and of callouts (a bubble with its
/// arrow). The blurred shape is cached per (shape, size, shadow, device scale) — at most
/// `capacity` of them, the least recently made dropped first — with the shape itself already
/// cut out, so a transition or a moving tip blurs once and then each frame is one composite.
final class ShadowPainter {
    private struct Key: Hashable {
        let width: Double, height: Double, shape: AnyHashable, shadow: Shadow, scale: Double
    }
    private struct Entry {
        let surface: OpaquePointer
        /// Margin in points between the surface's edge and the shape's frame.
        let margin: Double
    }

    static let capacity = 16
    private var cache: [Key: Entry] = [:]
    private var order: [Key] = []

    deinit { removeAll() }

    func removeAll() {
        for entry in cache.values { cairo_surface_destroy(entry.surface) }
        cache.removeAll()
        order.removeAll()
    }

    /// Paints the shadow of the rounded rect `frame` in the current user space, outside the shape
    /// only (a translucent view does not show it through), multiplied by `alpha`.
    func paint(_ cr: OpaquePointer, frame: Rect, cornerRadius: Double, shadow: Shadow,
               scale: Double, alpha: Double) {
        paint(cr, frame: frame, shape: cornerRadius, shadow: shadow, scale: scale, alpha: alpha) { cr, origin in
            Paths.roundedRect(cr, Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height),
                              radius: cornerRadius)
        }
    }

    /// Paints the shadow of any shape within `frame`: `shape` identifies the outline (relative
    /// to the frame) for the cache, and `trace` adds its path with the frame's top-left corner
    /// at the given point.
    func paint(_ cr: OpaquePointer, frame: Rect, shape: AnyHashable, shadow: Shadow, scale: Double,
               alpha: Double, trace: (OpaquePointer, (x: Double, y: Double)) -> Void) {
        let shadow = shadow.drawn  // a cache key equal to itself (no NaN), of a size that draws
        guard shadow.color.a > 0, alpha > 0, frame.width > 0, frame.height > 0 else { return }
        let key = Key(width: frame.width, height: frame.height, shape: shape, shadow: shadow, scale: scale)
        let entry = cache[key] ?? blurred(key, trace: trace)
        cairo_save(cr)
        cairo_set_source_surface(cr, entry.surface, frame.x + shadow.offsetX - entry.margin,
                                 frame.y + shadow.offsetY - entry.margin)
        cairo_paint_with_alpha(cr, min(1, alpha))
        cairo_restore(cr)
    }

    private func blurred(_ key: Key, trace: (OpaquePointer, (x: Double, y: Double)) -> Void) -> Entry {
        let shadow = key.shadow, scale = key.scale
        let sigma = GaussianBlur.sigma(radius: shadow.radius)
        let margin = (3 * sigma).rounded(.up) + 1
        let pw = Int(((key.width + 2 * margin) * scale).rounded(.up)), ph = Int(((key.height + 2 * margin) * scale).rounded(.up))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: max(1, pw)), Int32(clamping: max(1, ph)))!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        Paths.setSource(cr, shadow.color)
        trace(cr, (margin, margin))
        cairo_fill(cr)
        cairo_destroy(cr)
        if sigma > 0 { GaussianBlur.blur(surface: surface, sigma: sigma * scale, passes: GaussianBlur.accuratePasses) }
        // Only outside the shape: a translucent view does not show its shadow through.
        let hole = cairo_create(surface)!
        cairo_scale(hole, scale, scale)
        cairo_set_operator(hole, CAIRO_OPERATOR_DEST_OUT)
        cairo_set_source_rgba(hole, 0, 0, 0, 1)
        trace(hole, (margin - shadow.offsetX, margin - shadow.offsetY))
        cairo_fill(hole)
        cairo_destroy(hole)
        cairo_surface_set_device_scale(surface, scale, scale)
        let entry = Entry(surface: surface, margin: margin)
        cache[key] = entry
        order.append(key)
        if order.count > Self.capacity {
            let old = order.removeFirst()
            if let evicted = cache.removeValue(forKey: old) { cairo_surface_destroy(evicted.surface) }
        }
        return entry
    }
}
