import OverlayEngine
import CCairo

// Composing canvases: contact sheets and labels for headless renders.

extension Canvas {
    /// Paints `other` (same scale) with its top-left corner at (`x`, `y`) logical points.
    public func draw(_ other: Canvas, x: Double, y: Double) {
        other.flush()
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, 1 / other.scale, 1 / other.scale)
        cairo_set_source_surface(context, other.surface, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// A one-line caption in "Sans 9" at (`x`, `y`), in `color`.
    public func label(_ text: String, x: Double, y: Double, color: Color = Color(hex: 0x202020)) {
        let layout = pango_cairo_create_layout(context)!
        let font = pango_font_description_from_string("Sans 9")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        cairo_save(context)
        Paths.setSource(context, color)
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
        cairo_restore(context)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Fills the whole canvas with `color`.
    public func fill(_ color: Color) {
        cairo_save(context)
        Paths.setSource(context, color)
        cairo_paint(context)
        cairo_restore(context)
    }
}
