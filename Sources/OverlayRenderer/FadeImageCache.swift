import OverlayEngine
import CCairo
import CPixels
import Glibc

/// Finished images of toasts that are fading (the toast over its shadow), so each frame of a
/// fade composites one image with the frame's alpha instead of drawing the shadow and the toast
/// (backgrounds, text, icons) again into a group. An image lives while its toast is drawn
/// translucent: the first opaque draw drops it, and so do a few frames that no longer draw it
/// (the toast faded out; a few, as surfaces on several outputs share the renderer and take
/// turns). Pixels live in their own anonymous mapping. A dropped image's mapping is kept as a
/// spare for the next image that fits (toasts come in bursts of one size), until
/// `releaseSpares()` returns the spares to the system. Bounded: `limit` images, `sparesKept`
/// spares, `byteBudget` bytes mapped in all.
///
/// Used only where the toast's top-left corner is on a whole device pixel (the renderer puts a
/// fading toast there) and nothing scales it but the canvas.
final class FadeImageCache {
    private struct Entry {
        let toast: PreparedToast
        let shadow: Shadow?
        let image: OpaquePointer   // cairo_surface_t, device pixels
        let pixels: Mapping
        let width: Int, height: Int, stride: Int
        /// Device pixels from the image's top-left corner to the toast's.
        let left: Double, top: Double
        /// The frame in which the image was last painted.
        var lastPainted: Int
    }
    /// An anonymous mapping of `byteCount` bytes.
    private struct Mapping {
        let start: UnsafeMutableRawPointer, byteCount: Int
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Mappings of dropped images, ready for reuse.
    private var spares: [Mapping] = []
    /// Spare mappings kept at most.
    static let sparesKept = 8
    /// Frames ended so far.
    private var frame = 0
    /// Frames an image may go unpainted before it is dropped.
    static let framesKept = 4
    /// Images kept at most (a fade shows a handful of toasts at once).
    var limit = ToastRenderer.cacheCapacity
    /// Bytes of images and spares together at most: a new image first unmaps spares, and past
    /// it the toast fades the slow way (drawn into a group), so a flood's last fading column
    /// cannot map more than this.
    var byteBudget = 4 << 20
    /// Bytes mapped now, in images and spares.
    var mappedBytes: Int { entries.values.reduce(0) { $0 + $1.pixels.byteCount } + spares.reduce(0) { $0 + $1.byteCount } }

    deinit { removeAll() }

    /// Images held now (tests).
    var count: Int { entries.count }
    /// Spare mappings held now.
    var spareCount: Int { spares.count }
    /// Images made in a reused mapping so far (tests).
    private(set) var reusedMappings = 0
    /// Composites written straight into the target's pixels so far (tests).
    private(set) var directComposites = 0
    /// False: every composite goes through cairo (tests compare the two).
    var blendsDirectly = true

    /// Paints `toast` and its `shadow` (user space origin at the toast's top-left corner) with
    /// `alpha` from the cached image. False, with nothing drawn, when the transform does not allow it.
    func paint(_ toast: PreparedToast, style: ToastStyle, shadow: Shadow?, shadows: ShadowPainter,
               on cr: OpaquePointer, canvasScale s: Double, alpha: Double) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let x = matrix.x0, y = matrix.y0
        guard matrix.xx == s, matrix.yy == s, matrix.xy == 0, matrix.yx == 0,
              x == x.rounded(), y == y.rounded(), abs(x) < 1e7, abs(y) < 1e7,
              let entry = image(of: toast, style: style, shadow: shadow, shadows: shadows, scale: s) else { return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if blendsDirectly, Self.blend(entry, on: cr, x: Int(x - entry.left), y: Int(y - entry.top), alpha: alpha) {
            directComposites += 1
        } else {
            cairo_set_source_surface(cr, entry.image, x - entry.left, y - entry.top)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
        entries[ObjectIdentifier(toast)]?.lastPainted = frame
        return true
    }

    /// Composites the image with its top-left corner at device pixel (`x`, `y`) straight into the
    /// target's pixels, inside the clip: the same bits as `cairo_paint_with_alpha`, at a fraction
    /// of the cost (a fade composites every toast on every frame). False, with nothing drawn,
    /// unless the target is a plain ARGB32 image and the clip is whole rectangles.
    private static func blend(_ entry: Entry, on cr: OpaquePointer, x: Int, y: Int, alpha: Double) -> Bool {
        let target = cairo_get_target(cr)
        guard cairo_get_group_target(cr) == target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(target) else { return false }
        var dx = 0.0, dy = 0.0, sx = 0.0, sy = 0.0
        cairo_surface_get_device_offset(target, &dx, &dy)
        cairo_surface_get_device_scale(target, &sx, &sy)
        guard dx == 0, dy == 0, sx == 1, sy == 1, let clip = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(clip) }
        guard clip.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        let rects = UnsafeBufferPointer(start: clip.pointee.rectangles, count: Int(clip.pointee.num_rectangles))
        func isWhole(_ v: Double) -> Bool { v == v.rounded() && abs(v) < 1e7 }
        guard rects.allSatisfy({ isWhole($0.x) && isWhole($0.y) && isWhole($0.width) && isWhole($0.height) }) else { return false }
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        let stride = Int(cairo_image_surface_get_stride(target))
        // cairo's solid mask: the alpha as 16 bits, of which pixman takes the high 8.
        let alpha8 = UInt32((min(1, max(0, alpha)) * 65535 + 0.5).rounded(.down)) >> 8
        cairo_surface_flush(target)
        for r in rects {
            let x0 = max(Int(r.x), x, 0), y0 = max(Int(r.y), y, 0)
            let x1 = min(Int(r.x + r.width), x + entry.width, width), y1 = min(Int(r.y + r.height), y + entry.height, height)
            guard x1 > x0, y1 > y0 else { continue }
            ow_blend_over(data + y0 * stride + x0 * 4, Int32(stride),
                          entry.pixels.start.assumingMemoryBound(to: UInt8.self) + (y0 - y) * entry.stride + (x0 - x) * 4,
                          Int32(entry.stride), Int32(x1 - x0), Int32(y1 - y0), alpha8)
            cairo_surface_mark_dirty_rectangle(target, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        }
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
        releaseSpares()
    }

    /// Returns the spare mappings to the system.
    func releaseSpares() {
        for spare in spares { munmap(spare.start, spare.byteCount) }
        spares.removeAll()
    }

    private func release(_ entry: Entry) {
        cairo_surface_destroy(entry.image)
        recycle(entry.pixels)
    }

    /// Keeps `mapping` as a spare, or unmaps it when enough are kept.
    private func recycle(_ mapping: Mapping) {
        if spares.count < Self.sparesKept { spares.append(mapping) } else { munmap(mapping.start, mapping.byteCount) }
    }

    /// Zeroed memory for `byteCount` bytes: the smallest spare that fits, else a new mapping.
    private func mapping(for byteCount: Int) -> Mapping? {
        let fitting = spares.indices.filter { spares[$0].byteCount >= byteCount }
        if let i = fitting.min(by: { spares[$0].byteCount < spares[$1].byteCount }) {
            let reused = spares.remove(at: i)
            memset(reused.start, 0, byteCount)
            reusedMappings += 1
            return reused
        }
        while mappedBytes + byteCount > byteBudget, let largest = spares.indices.max(by: { spares[$0].byteCount < spares[$1].byteCount }) {
            let spare = spares.remove(at: largest)
            munmap(spare.start, spare.byteCount)
        }
        guard mappedBytes + byteCount <= byteBudget else { return nil }
        // Zeroed pages of its own, populated in one call rather than one fault each (every page is written).
        guard let start = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0),
              start != MAP_FAILED else { return nil }
        return Mapping(start: start, byteCount: byteCount)
    }

    private func image(of toast: PreparedToast, style: ToastStyle, shadow: Shadow?, shadows: ShadowPainter,
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
        guard stride > 0, let pixels = mapping(for: byteCount) else { return nil }
        guard let image = cairo_image_surface_create_for_data(pixels.start.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                              Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            recycle(pixels)
            return nil
        }
        let cr = cairo_create(image)!
        cairo_translate(cr, left, top)
        cairo_scale(cr, s, s)
        if let shadow {
            shadows.paint(cr, frame: Rect(x: 0, y: 0, width: toast.width, height: toast.height),
                          cornerRadius: style.cornerRadius, shadow: shadow, scale: s, alpha: 1)
        }
        // The clip the group path applies: a fractional edge is cut the same way.
        cairo_rectangle(cr, 0, 0, toast.width, toast.height)
        cairo_clip(cr)
        toast.paint(cr, style: style)
        cairo_destroy(cr)
        if entries.count >= limit, let stale = entries.first { drop(stale.value.toast) }
        let entry = Entry(toast: toast, shadow: shadow, image: image, pixels: pixels,
                          width: width, height: height, stride: stride, left: left, top: top,
                          lastPainted: frame)
        entries[ObjectIdentifier(toast)] = entry
        return entry
    }
}
