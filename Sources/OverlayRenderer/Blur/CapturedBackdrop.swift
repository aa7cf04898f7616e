import CCairo

/// What was under a container when its blurred view appeared (the daemon's wlr-screencopy
/// capture), kept as an ARGB32 image covering the whole container, with its frosted versions
/// cached per blur radius (a capture is blurred once, then every frame only composites it).
/// Used from the daemon's loop thread only.
public final class CapturedBackdrop: @unchecked Sendable {
    public let pixelWidth: Int
    public let pixelHeight: Int
    private let image: OpaquePointer
    private var frosted: [Double: OpaquePointer] = [:]

    /// Copies `height` rows of `width` 32-bit pixels (0xAARRGGBB words, as wl_shm's argb8888 /
    /// xrgb8888 and Cairo's ARGB32 store them) from rows `stride` bytes apart. `flipped`: rows
    /// are stored bottom to top (screencopy's y_invert). `opaque`: the top byte is padding
    /// (xrgb8888) and becomes 255. Nil for an empty or inconsistent size.
    public init?(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, flipped: Bool, opaque: Bool) {
        guard width > 0, height > 0, width <= 16384, height <= 16384, stride >= 4 * width,
              let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(image)
        else { return nil }
        let outStride = Int(cairo_image_surface_get_stride(image))
        for y in 0..<height {
            let source = (pixels + (flipped ? height - 1 - y : y) * stride).assumingMemoryBound(to: UInt32.self)
            let target = UnsafeMutableRawPointer(data + y * outStride).assumingMemoryBound(to: UInt32.self)
            if opaque {
                for x in 0..<width { target[x] = source[x] | 0xFF00_0000 }
            } else {
                target.update(from: source, count: width)
            }
        }
        cairo_surface_mark_dirty(image)
        self.image = image
        pixelWidth = width
        pixelHeight = height
    }

    deinit {
        cairo_surface_destroy(image)
        for surface in frosted.values { cairo_surface_destroy(surface) }
    }

    /// The capture blurred with `FrostedBlur` at `radius` image pixels (cached).
    func frosted(radius: Double) -> OpaquePointer {
        let key = (radius * 4).rounded() / 4
        if let hit = frosted[key] { return hit }
        let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))!
        let cr = cairo_create(copy)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(copy)
        if let data = cairo_image_surface_get_data(copy) {
            FrostedBlur.blur(UnsafeMutableRawPointer(data), width: pixelWidth, height: pixelHeight,
                             stride: Int(cairo_image_surface_get_stride(copy)), radius: key)
        }
        cairo_surface_mark_dirty(copy)
        frosted[key] = copy
        return copy
    }
}
