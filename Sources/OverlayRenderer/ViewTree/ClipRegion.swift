import CCairo
import OverlayEngine

/// The rectangles a cairo context is clipped to, in its user space: a repaint of a few parts
/// (RepaintRegion) draws only what reaches into them.
struct ClipRegion {
    /// The clip's rectangles; the clip's extents when cairo cannot list them.
    let rects: [Rect]
    /// True when `rects` are the clip exactly (not only its extents).
    let isExact: Bool

    init(_ cr: OpaquePointer) {
        if let list = cairo_copy_clip_rectangle_list(cr) {
            defer { cairo_rectangle_list_destroy(list) }
            if list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles > 0 {
                rects = (0..<Int(list.pointee.num_rectangles)).map { i in
                    let r = list.pointee.rectangles[i]
                    return Rect(x: r.x, y: r.y, width: r.width, height: r.height)
                }
                isExact = true
                return
            }
        }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        rects = [Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)]
        isExact = false
    }
}
