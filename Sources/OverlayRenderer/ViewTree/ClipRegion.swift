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

    /// Fills a rounded `frame` in `color` as plain rectangles (the clip's, cut to the frame) when
    /// the clip keeps away from its rounded corners: the pixels a rounded fill would give there,
    /// at a fraction of the cost (no curve to rasterise over the whole frame). False when the
    /// clip meets a corner (or is not exact): nothing was drawn.
    func fillsAwayFromCorners(_ frame: Rect, radius: Double, cr: OpaquePointer, color: Color) -> Bool {
        guard isExact else { return false }
        let r = min(max(0, radius), frame.width / 2, frame.height / 2)
        var pieces: [Rect] = []
        for clip in rects {
            let x0 = max(clip.minX, frame.minX), x1 = min(clip.maxX, frame.maxX)
            let y0 = max(clip.minY, frame.minY), y1 = min(clip.maxY, frame.maxY)
            guard x1 > x0, y1 > y0 else { continue }
            let piece = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            if r > 0 {
                let inCornerColumns = piece.minX < frame.minX + r || piece.maxX > frame.maxX - r
                let inCornerRows = piece.minY < frame.minY + r || piece.maxY > frame.maxY - r
                if inCornerColumns && inCornerRows { return false }
            }
            pieces.append(piece)
        }
        guard !pieces.isEmpty else { return true }  // nothing of the frame shows in the clip
        Paths.setSource(cr, color)
        for piece in pieces { cairo_rectangle(cr, piece.minX, piece.minY, piece.width, piece.height) }
        cairo_fill(cr)
        return true
    }
}
