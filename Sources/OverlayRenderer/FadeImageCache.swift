import CCairo
import Glibc

/// Finished images of toasts that are fading (the toast over its shadow), so each frame of a
/// fade composites one image with the frame's alpha instead of drawing the shadow and the toast
/// (backgrounds, text, icons) again into a group. An image lives while its toast is drawn
/// translucent: the first opaque draw drops it, and so do a few frames that no longer draw it
/// (the toast faded out; a few, as surfaces on several outputs share the renderer and take
/// turns). Pixels live in their own anonymous mapping, returned to the system on drop.
///
/// Used only where the toast's top-left corner is on a whole device pixel (the renderer puts a
/// fading toast there) and nothing scales it but the canvas.
final class FadeImageCache {
    private struct Entry {
        let toast: PreparedToast
        let shadow: DropShadow?
        let image: OpaquePointer   // cairo_surface_t, device pixels
        let pixels: UnsafeMutableRawPointer, byteCount: Int
        /// Device pixels from the image's top-left corner to the toast's.
        let left: Double, top: Double
        /// The frame in which the image was last painted.
        var lastPainted: Int
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Frames ended so far.
    private var frame = 0
    /// Frames an image may go unpainted before it is dropped.
    static let framesKept = 4
    /// Images kept at most (a fade shows a handful of toasts at once).
    var limit = ToastRenderer.cacheCapacity

    deinit { removeAll() }

    /// Images held now (tests).
    var count: Int { entries.count }

    /// Paints `toast` and its `shadow` (user space origin at the toast's top-left corner) with
    /// `alpha` from the cached image. False, with nothing drawn, when the transform does not allow it.
    func paint(_ toast: PreparedToast, style: ToastStyle, shadow: DropShadow?, shadows: ShadowPainter,
               on cr: OpaquePointer, canvasScale s: Double, alpha: Double) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let x = matrix.x0, y = matrix.y0
        guard matrix.xx == s, matrix.yy == s, matrix.xy == 0, matrix.yx == 0,
              x == x.rounded(), y == y.rounded(), abs(x) < 1e7, abs(y) < 1e7,
              let entry = image(of: toast, style: style, shadow: shadow, shadows: shadows, scale: s) else { return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, entry.image, x - entry.left, y - entry.top)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
        entries[ObjectIdentifier(toast)]?.lastPainted = frame
        return true
    }

    /// A frame is complete: images not painted for a few frames belong to toasts that are gone.
    func endFrame() {
        for entry in entries.values where frame - entry.lastPainted > Self.framesKept { drop(entry.toast) }
        frame += 1
    }

    /// True while an image of `toast` is kept.
    func holds(_ toast: PreparedToast) -> Bool { entries[ObjectIdentifier(toast)] != nil }

    /// The toast is drawn opaque again: its image is no longer needed.
    func drop(_ toast: PreparedToast) {
        if let entry = entries.removeValue(forKey: ObjectIdentifier(toast)) { release(entry) }
    }

    func removeAll() {
        for entry in entries.values { release(entry) }
        entries.removeAll()
    }

    private func release(_ entry: Entry) {
        cairo_surface_destroy(entry.image)
        munmap(entry.pixels, entry.byteCount)
    }

    private func image(of toast: PreparedToast, style: ToastStyle, shadow: DropShadow?, shadows: ShadowPainter,
                       scale s: Double) -> Entry? {
        if let entry = entries[ObjectIdentifier(toast)] {
            if entry.shadow == shadow { return entry }
            drop(toast)
        }
        // Whole device pixels around the toast for the shadow's reach.
        let e = shadow.map { $0.extent } ?? (left: 0, top: 0, right: 0, bottom: 0)
        let left = (e.left * s).rounded(.up), top = (e.top * s).rounded(.up)
        let width = Int(left + ((toast.width + e.right) * s).rounded(.up) + 1)
        let height = Int(top + ((toast.height + e.bottom) * s).rounded(.up) + 1)
        guard width <= 16384, height <= 16384 else { return nil }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let byteCount = stride * height
        // Zeroed pages of its own: freed memory goes back at once instead of staying in the heap.
        guard stride > 0, let pixels = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              pixels != MAP_FAILED else { return nil }
        guard let image = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                              Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            munmap(pixels, byteCount)
            return nil
        }
        let cr = cairo_create(image)!
        cairo_translate(cr, left, top)
        cairo_scale(cr, s, s)
        if let shadow {
            shadows.paint(cr, frame: DrawFrame(x: 0, y: 0, width: toast.width, height: toast.height),
                          cornerRadius: style.cornerRadius, shadow: shadow, scale: s, alpha: 1)
        }
        // The clip the group path applies: a fractional edge is cut the same way.
        cairo_rectangle(cr, 0, 0, toast.width, toast.height)
        cairo_clip(cr)
        toast.paint(cr, style: style)
        cairo_destroy(cr)
        if entries.count >= limit, let stale = entries.first { drop(stale.value.toast) }
        let entry = Entry(toast: toast, shadow: shadow, image: image, pixels: pixels, byteCount: byteCount, left: left, top: top,
                          lastPainted: frame)
        entries[ObjectIdentifier(toast)] = entry
        return entry
    }
}
