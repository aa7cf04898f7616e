import CCairo
import CPixels
import OverlayEngine

/// An image composited straight into a canvas's pixels (`ow_blend_over`): the same bits as
/// cairo compositing it over them, without cairo's per-call setup (5–10 k instructions however
/// few pixels). Used where small images are composited often: card images during a fade, small
/// shapes (`ShapeImages`).
enum ImageBlend {
    /// Composites `image` (ARGB32) times `alpha` over the target of `cr` with its top-left corner
    /// at device pixel (`x`, `y`), inside the clip. False, with nothing drawn, unless the target
    /// is a plain ARGB32 image drawn on directly (not a group) under the identity matrix and the
    /// clip is whole device-pixel rectangles.
    static func over(_ image: OpaquePointer, on cr: OpaquePointer, x: Int, y: Int, alpha: Double) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0, m.x0 == 0, m.y0 == 0, drawsOnTarget(cr),
              let clip = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(clip) }
        guard clip.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        let rects = UnsafeBufferPointer(start: clip.pointee.rectangles, count: Int(clip.pointee.num_rectangles))
        func isWhole(_ v: Double) -> Bool { v == v.rounded() && abs(v) < 1e7 }
        guard rects.allSatisfy({ isWhole($0.x) && isWhole($0.y) && isWhole($0.width) && isWhole($0.height) }) else { return false }
        return over(image, on: cr, x: x, y: y, alpha: alpha,
                    within: rects.map { (Int($0.x), Int($0.y), Int($0.x + $0.width), Int($0.y + $0.height)) })
    }

    /// True when `cr` draws straight onto its target, a plain ARGB32 image with no device offset
    /// or scale (not into a group).
    static func drawsOnTarget(_ cr: OpaquePointer) -> Bool {
        let target = cairo_get_target(cr)
        guard cairo_get_group_target(cr) == target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32 else { return false }
        var dx = 0.0, dy = 0.0, sx = 0.0, sy = 0.0
        cairo_surface_get_device_offset(target, &dx, &dy)
        cairo_surface_get_device_scale(target, &sx, &sy)
        return dx == 0 && dy == 0 && sx == 1 && sy == 1
    }

    /// Composites the first `columns` columns of `image` (all when nil) times `alpha` onto the
    /// target of `cr` (`drawsOnTarget`) with its top-left corner at device pixel (`x`, `y`),
    /// inside `boxes` (device pixels, not overlapping: the clip).
    static func over(_ image: OpaquePointer, on cr: OpaquePointer, x: Int, y: Int, columns: Int? = nil, alpha: Double,
                     within boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)]) -> Bool {
        // cairo's solid mask: the alpha as 16 bits, of which pixman takes the high 8.
        over(image, on: cr, x: x, y: y, columns: columns, alpha8: UInt32((min(1, max(0, alpha)) * 65535 + 0.5).rounded(.down)) >> 8,
             within: boxes)
    }

    /// The same, times `alpha8` of 255.
    static func over(_ image: OpaquePointer, on cr: OpaquePointer, x: Int, y: Int, columns: Int? = nil, alpha8: UInt32,
                     within boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)]) -> Bool {
        let target = cairo_get_target(cr)
        guard cairo_image_surface_get_format(image) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(target), let source = cairo_image_surface_get_data(image) else { return false }
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        let stride = Int(cairo_image_surface_get_stride(target))
        let imageWidth = min(Int(cairo_image_surface_get_width(image)), columns ?? .max)
        let imageHeight = Int(cairo_image_surface_get_height(image)), imageStride = Int(cairo_image_surface_get_stride(image))
        cairo_surface_flush(target)
        for box in boxes {
            let x0 = max(box.x0, x, 0), y0 = max(box.y0, y, 0)
            let x1 = min(box.x1, x + imageWidth, width), y1 = min(box.y1, y + imageHeight, height)
            guard x1 > x0, y1 > y0 else { continue }
            ow_blend_over(data + y0 * stride + x0 * 4, Int32(stride), source + (y0 - y) * imageStride + (x0 - x) * 4,
                          Int32(imageStride), Int32(x1 - x0), Int32(y1 - y0), alpha8)
            cairo_surface_mark_dirty_rectangle(target, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        }
        return true
    }

    /// `clip` (rectangles in user space under `m`, a uniform scale and a translation) in device
    /// pixels, when every edge lies on one; else nil.
    static func deviceBoxes(_ clip: [Rect], _ m: cairo_matrix_t) -> [(x0: Int, y0: Int, x1: Int, y1: Int)]? {
        var boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        boxes.reserveCapacity(clip.count)
        for r in clip {
            guard let box = Canvas.deviceBox(r, m) else { return nil }
            boxes.append(box)
        }
        return boxes
    }
}
