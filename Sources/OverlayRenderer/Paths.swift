import OverlayEngine
import CCairo

/// Path helpers on a cairo context (logical points).
enum Paths {
    /// Clips to `rect` grown to whole device pixels. Cairo composites within a pixel-aligned clip
    /// directly; a clip with partial pixels at its edges goes through a mask (text drawn in one
    /// costs half as much again). For an axis-aligned transform, as every view is drawn under.
    static func clipToDevicePixels(_ cr: OpaquePointer, _ rect: Rect) {
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        var left = min(x0, x1).rounded(.down), top = min(y0, y1).rounded(.down)
        var right = max(x0, x1).rounded(.up), bottom = max(y0, y1).rounded(.up)
        cairo_device_to_user(cr, &left, &top)
        cairo_device_to_user(cr, &right, &bottom)
        cairo_rectangle(cr, min(left, right), min(top, bottom), abs(right - left), abs(bottom - top))
        cairo_clip(cr)
    }

    /// Adds a closed rounded rectangle; the radius is clamped to half the shorter side.
    static func roundedRect(_ cr: OpaquePointer, _ frame: Rect, radius: Double) {
        let r = max(0, min(radius, frame.width / 2, frame.height / 2))
        guard r > 0 else {
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
            return
        }
        let (x0, y0, x1, y1) = (frame.x, frame.y, frame.maxX, frame.maxY)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x1 - r, y0 + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x1 - r, y1 - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x0 + r, y1 - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x0 + r, y0 + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Adds a closed rounded rectangle with `arrow` (relative to the frame's origin) merged into
    /// the edge that faces its target, clockwise, as one path: a help tip's callout.
    static func callout(_ cr: OpaquePointer, _ frame: Rect, radius: Double, arrow: CalloutArrow) {
        let r = max(0, min(radius, frame.width / 2, frame.height / 2))
        let (x0, y0, x1, y1) = (frame.minX, frame.minY, frame.maxX, frame.maxY)
        let o = frame.origin
        let (s, t, e) = (o + arrow.baseStart, o + arrow.tip, o + arrow.baseEnd)
        func line(_ points: Point...) { for q in points { cairo_line_to(cr, q.x, q.y) } }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, x0 + r, y0)
        if arrow.side == .bottom { line(s, t, e) }     // top edge, left to right
        cairo_arc(cr, x1 - r, y0 + r, r, -Double.pi / 2, 0)
        if arrow.side == .leading { line(s, t, e) }    // right edge, downwards
        cairo_arc(cr, x1 - r, y1 - r, r, 0, Double.pi / 2)
        if arrow.side == .top { line(e, t, s) }        // bottom edge, right to left
        cairo_arc(cr, x0 + r, y1 - r, r, Double.pi / 2, Double.pi)
        if arrow.side == .trailing { line(e, t, s) }   // left edge, upwards
        cairo_arc(cr, x0 + r, y0 + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Adds `frame`'s outline: rounded by `radius`, with `arrow` when it has one.
    static func outline(_ cr: OpaquePointer, _ frame: Rect, radius: Double, arrow: CalloutArrow?) {
        if let arrow { callout(cr, frame, radius: radius, arrow: arrow) } else { roundedRect(cr, frame, radius: radius) }
    }

    /// Fills a rounded rectangle with `color`.
    static func fill(_ cr: OpaquePointer, _ frame: Rect, radius: Double, color: Color) {
        guard frame.width > 0, frame.height > 0 else { return }
        setSource(cr, color)
        roundedRect(cr, frame, radius: radius)
        cairo_fill(cr)
    }

    static func setSource(_ cr: OpaquePointer, _ color: Color) {
        if color.a >= 1 {
            cairo_set_source_rgb(cr, color.r, color.g, color.b)
        } else {
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        }
    }

    /// An "×" of two round-capped strokes inset by a quarter of the box.
    static func closeCross(_ cr: OpaquePointer, in box: Rect, color: Color) {
        let m = box.width / 4
        cairo_save(cr)
        Paths.setSource(cr, color)
        cairo_set_line_width(cr, max(1, box.width / 8))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cr, box.x + m, box.y + m)
        cairo_line_to(cr, box.maxX - m, box.maxY - m)
        cairo_move_to(cr, box.maxX - m, box.y + m)
        cairo_line_to(cr, box.x + m, box.maxY - m)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
