import CCairo

/// A view's drop shadow as drawn: colour, blur radius (CSS convention, σ = radius / 2) and offset
/// in logical points.
public struct DropShadow: Hashable, Sendable {
    public var color: DrawColor
    public var radius: Double
    public var offsetX: Double
    public var offsetY: Double

    public init(color: DrawColor, radius: Double, offsetX: Double = 0, offsetY: Double = 0) {
        self.color = color
        self.radius = radius
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// How far (points) the shadow reaches past the view's frame on each side: 3σ plus the offset.
    public var extent: (left: Double, top: Double, right: Double, bottom: Double) {
        let reach = (3 * GaussianBlur.sigma(radius: radius)).rounded(.up) + 1
        return (max(0, reach - offsetX), max(0, reach - offsetY), max(0, reach + offsetX), max(0, reach + offsetY))
    }
}

/// Draws Gaussian drop shadows of rounded rectangles. The blurred shape is cached per (size,
/// corner radius, shadow, device scale), with the view's own shape already cut out of it, so a
/// transition blurs once and then each frame is one plain composite (no clip mask).
final class ShadowPainter {
    private struct Key: Hashable {
        let width: Double, height: Double, corner: Double, shadow: DropShadow, scale: Double
    }
    private struct Entry {
        let surface: OpaquePointer
        /// Margin in points between the surface's edge and the shape.
        let margin: Double
    }

    static let capacity = 16
    private var cache: [Key: Entry] = [:]
    private var order: [Key] = []

    deinit { for entry in cache.values { cairo_surface_destroy(entry.surface) } }

    /// Paints the shadow of the rounded rect `frame` in the current user space, outside the shape
    /// only (a translucent view does not show it through), multiplied by `alpha`.
    func paint(_ cr: OpaquePointer, frame: DrawFrame, cornerRadius: Double, shadow: DropShadow,
               scale: Double, alpha: Double) {
        guard shadow.color.a > 0, alpha > 0, frame.width > 0, frame.height > 0 else { return }
        let entry = blurred(width: frame.width, height: frame.height, corner: cornerRadius, shadow: shadow, scale: scale)
        cairo_save(cr)
        cairo_set_source_surface(cr, entry.surface, frame.x + shadow.offsetX - entry.margin,
                                 frame.y + shadow.offsetY - entry.margin)
        cairo_paint_with_alpha(cr, min(1, alpha))
        cairo_restore(cr)
    }

    private func blurred(width: Double, height: Double, corner: Double, shadow: DropShadow, scale: Double) -> Entry {
        let key = Key(width: width, height: height, corner: corner, shadow: shadow, scale: scale)
        if let hit = cache[key] { return hit }
        let sigma = GaussianBlur.sigma(radius: shadow.radius)
        let margin = (3 * sigma).rounded(.up) + 1
        let pw = Int(((width + 2 * margin) * scale).rounded(.up)), ph = Int(((height + 2 * margin) * scale).rounded(.up))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: pw), Int32(clamping: ph))!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        Paths.fill(cr, DrawFrame(x: margin, y: margin, width: width, height: height), radius: corner, color: shadow.color)
        cairo_destroy(cr)
        GaussianBlur.blur(surface: surface, sigma: sigma * scale, passes: GaussianBlur.accuratePasses)
        // Only outside the shape: a translucent view does not show its shadow through.
        let hole = cairo_create(surface)!
        cairo_scale(hole, scale, scale)
        cairo_set_operator(hole, CAIRO_OPERATOR_DEST_OUT)
        Paths.fill(hole, DrawFrame(x: margin - shadow.offsetX, y: margin - shadow.offsetY, width: width, height: height),
                   radius: corner, color: DrawColor(hex: 0x000000))
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
