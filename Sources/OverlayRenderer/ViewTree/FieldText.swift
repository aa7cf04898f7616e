import CCairo
import OverlayEngine

/// A text field's line set in Pango for one width and scale: what it holds (or its placeholder),
/// scrolled so that the caret stays inside the field, starting from the field's right edge when
/// it reads right to left; where the caret goes, and which character a click is nearest.
final class FieldText {
    /// Horizontal room between the field's edge and its text.
    static let textInset = 6.0
    static let caretWidth = 1.5
    /// The caret's distance from the field's top and bottom edges.
    static let caretMargin = 4.0

    let field: TextFieldContent
    private let layout: OpaquePointer
    /// One line of the font ("Ag"): the text is centred on it, whatever is typed.
    private let lineHeight: Double
    /// The text's horizontal scroll: the caret stays inside the field.
    private let scroll: Double
    /// How far right the text starts: in a right-to-left field text that fits ends at its right.
    private let align: Double
    /// UTF-8 bytes put before the text: a right-to-left mark in a right-to-left field, so the
    /// text's base direction is the field's whatever is typed.
    private let markBytes: Int
    /// The caret from the text area's left edge; nil while the field does not have the keyboard.
    let caretX: Double?

    /// `caret` in Characters of the field's text; `width` the field's.
    init(_ field: TextFieldContent, caret: Int?, width: Double, context: TextContext) {
        self.field = field
        layout = pango_layout_new(context.context)
        pango_layout_set_font_description(layout, context.font(PangoTextMeasurer.fontName(field.font)))
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, "Ag", -1)
        var h: Int32 = 0
        pango_layout_get_pixel_size(layout, nil, &h)
        lineHeight = Double(h)
        let mark = field.rightToLeft ? "\u{200F}" : ""
        markBytes = mark.utf8.count
        pango_layout_set_text(layout, mark + (field.text.isEmpty ? field.placeholder : field.text), -1)
        var textWidth: Int32 = 0
        pango_layout_get_pixel_size(layout, &textWidth, nil)
        let room = width - 2 * Self.textInset
        align = field.rightToLeft ? max(0, room - Double(textWidth)) : 0
        if let caret {
            let before = field.text.prefix(max(0, min(caret, field.text.count)))
            var position = PangoRectangle()
            pango_layout_get_cursor_pos(layout, Int32(markBytes + before.utf8.count), &position, nil)
            let x = field.text.isEmpty ? (field.rightToLeft ? room - Self.caretWidth : 0)
                                       : align + Double(position.x) / Double(PANGO_SCALE)
            scroll = max(0, x - room + Self.caretWidth)
            caretX = x - scroll
        } else {
            scroll = 0
            caretX = nil
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// The caret position (Characters of the typed text) nearest to `x`, from the field's left edge.
    func caret(atX x: Double) -> Int {
        guard !field.text.isEmpty else { return 0 }
        let local = x - Self.textInset + scroll - align
        var index: Int32 = 0, trailing: Int32 = 0
        _ = pango_layout_xy_to_index(layout, Int32((local * Double(PANGO_SCALE)).rounded()), 0, &index, &trailing)
        let before = String(decoding: field.text.utf8.prefix(max(0, Int(index) - markBytes)), as: UTF8.self).count
        return min(field.text.count, before + (trailing > 0 ? 1 : 0))
    }

    /// The text in `color` (the placeholder dimmed to `placeholderOpacity`) and the caret, clipped
    /// to the field `f` less half the inset on either side.
    func draw(_ cr: OpaquePointer, in f: Rect, color: Color, placeholderOpacity: Double, alpha: Double) {
        cairo_save(cr)
        cairo_rectangle(cr, f.minX + Self.textInset / 2, f.minY, max(0, f.width - Self.textInset), f.height)
        cairo_clip(cr)
        let shown = field.text.isEmpty ? color.withAlpha(color.alpha * placeholderOpacity) : color
        Paths.setSource(cr, shown.withAlpha(shown.alpha * alpha))
        cairo_move_to(cr, f.minX + Self.textInset + align - scroll, f.minY + (f.height - lineHeight) / 2)
        pango_cairo_show_layout(cr, layout)
        if let caretX {
            Paths.setSource(cr, color.withAlpha(color.alpha * alpha))
            cairo_rectangle(cr, f.minX + Self.textInset + caretX, f.minY + Self.caretMargin, Self.caretWidth,
                            max(0, f.height - 2 * Self.caretMargin))
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }
}
