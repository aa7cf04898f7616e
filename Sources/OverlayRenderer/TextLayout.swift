import CCairo

/// A Pango context set up for one device scale, plus the font descriptions used with it.
///
/// Metrics hinting is off and glyph positions are not rounded, so a layout's logical size does
/// not depend on the scale: measuring at scale 1 and drawing at scale 2 agree exactly, and only
/// the glyph rasterisation is tuned for the device pixels.
final class TextContext {
    let context: OpaquePointer
    let scale: Double
    private var fonts: [String: OpaquePointer] = [:]

    init(scale: Double) {
        self.scale = scale
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 96)
        pango_context_set_round_glyph_positions(context, 0)
        // Text with no strong direction of its own (digits, punctuation, nothing) follows the locale.
        if TextDirection.localeIsRightToLeft { pango_context_set_base_dir(context, PANGO_DIRECTION_RTL) }
        var matrix = PangoMatrix(xx: scale, xy: 0, yx: 0, yy: scale, x0: 0, y0: 0)
        pango_context_set_matrix(context, &matrix)
    }

    deinit {
        for description in fonts.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Font descriptions kept; past it all are freed (a layout keeps a copy of its own).
    static let fontCapacity = 64
    /// Font descriptions kept now (tests).
    var fontCount: Int { fonts.count }

    /// A cached PangoFontDescription for `name` ("Sans Bold 11"), valid until the next call.
    func font(_ name: String) -> OpaquePointer {
        if let cached = fonts[name] { return cached }
        if fonts.count >= Self.fontCapacity {
            for description in fonts.values { pango_font_description_free(description) }
            fonts.removeAll(keepingCapacity: true)
        }
        let description = pango_font_description_from_string(name)!
        fonts[name] = description
        return description
    }
}

/// One wrapped, line-limited PangoLayout in logical points.
///
/// Lines are wrapped with PANGO_WRAP_WORD_CHAR and ellipsized at the end after `maxLines`
/// (`pango_layout_set_height(-maxLines)`). Newlines are turned into U+2028 line separators first,
/// so the limit counts every line of the text, not every line of each paragraph; `height` is
/// additionally capped at the first `maxLines` lines whatever Pango does.
final class TextBlock {
    let layout: OpaquePointer
    let maxLines: Int
    /// Logical size in points (ceil of the logical extents), capped at `maxLines` lines.
    private(set) var width: Double = 0
    private(set) var height: Double = 0
    /// True when the layout has more lines than `maxLines` (drawing then clips to `height`).
    private(set) var overflows = false
    /// True when text was left out (an ellipsis replaces it).
    private(set) var isCut = false

    init(in text: TextContext, font: String, width: Double, maxLines: Int) {
        layout = pango_layout_new(text.context)
        self.maxLines = max(1, maxLines)
        pango_layout_set_font_description(layout, text.font(font))
        pango_layout_set_width(layout, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded(.down))))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Pango's base direction of the text's first paragraph is right-to-left: its first strong
    /// character is (Hebrew, Arabic, …), or it has none and the locale is.
    var isRightToLeft: Bool {
        guard let line = pango_layout_get_line_readonly(layout, 0) else { return TextDirection.localeIsRightToLeft }
        return line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue
    }

    func setText(_ text: String) {
        pango_layout_set_attributes(layout, nil)
        fit(Self.singleParagraph(text))
    }

    /// `markup` should be valid (see `Markup.sanitize`); invalid markup is shown as plain text.
    /// `decorate` may add attributes (byte ranges of the laid-out text) to the parsed list.
    func setMarkup(_ markup: String, decorate: (OpaquePointer) -> Void = { _ in }) {
        let joined = Self.singleParagraph(markup)
        var attributes: OpaquePointer?
        var plain: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        if pango_parse_markup(joined, -1, 0, &attributes, &plain, nil, &error) != 0, let plain {
            if let attributes { decorate(attributes) }
            pango_layout_set_attributes(layout, attributes)
            fit(String(cString: plain))
        } else {
            pango_layout_set_attributes(layout, nil)
            fit(joined)
        }
        if let attributes { pango_attr_list_unref(attributes) }
        if let plain { g_free(plain) }
        if let error { g_error_free(error) }
    }

    /// Sets `text` (one paragraph) so that at most `maxLines` lines show, the last one ending in
    /// an ellipsis when text was left out.
    ///
    /// Pango's own limit puts all remaining text on the last allowed line, ignoring the line
    /// separators in it ("line 6line 7"). So lay out with one line more than allowed first; if that
    /// extra line exists, keep the text up to the end of line `maxLines`, add "…" (dropping
    /// characters before it until it fits without Pango ellipsizing again), and lay out with the
    /// real limit.
    private func fit(_ text: String) {
        if maxLines == 1, pango_layout_get_ellipsize(layout) != PANGO_ELLIPSIZE_END {
            // One line cut at the start or middle (or not at all): Pango's own ellipsizing.
            pango_layout_set_height(layout, -1)
            if pango_layout_get_ellipsize(layout) == PANGO_ELLIPSIZE_NONE { pango_layout_set_width(layout, -1) }
            pango_layout_set_text(layout, text, -1)
            updateSize()
            isCut = pango_layout_is_ellipsized(layout) != 0
            return
        }
        pango_layout_set_height(layout, Int32(-(maxLines + 1)))
        pango_layout_set_text(layout, text, -1)
        let lines = Int(pango_layout_get_line_count(layout))
        let line = pango_layout_get_line_readonly(layout, Int32(maxLines - 1))
        let end = line.map { Int($0.pointee.start_index + $0.pointee.length) } ?? 0
        pango_layout_set_height(layout, Int32(-maxLines))
        guard lines > maxLines, end > 0 else {
            updateSize()
            isCut = pango_layout_is_ellipsized(layout) != 0
            return
        }
        isCut = true
        var kept = String(decoding: text.utf8.prefix(end), as: UTF8.self)
        if kept.hasSuffix("\u{2028}") { kept.removeLast() }
        for attempt in 0..<8 {
            while let last = kept.last, last == " " || last == "\t" { kept.removeLast() }
            pango_layout_set_text(layout, kept + "\u{2026}", -1)
            let fits = pango_layout_is_ellipsized(layout) == 0
                && Int(pango_layout_get_line_count(layout)) <= maxLines
            if fits || kept.isEmpty || attempt == 7 { break }
            kept.removeLast()
        }
        updateSize()
    }

    /// Where text that does not fit is cut (set before the text).
    func setEllipsize(_ mode: PangoEllipsizeMode) {
        pango_layout_set_ellipsize(layout, mode)
    }

    func setAlignment(_ alignment: PangoAlignment) {
        pango_layout_set_alignment(layout, alignment)
        updateSize()
    }

    /// Draws with the top-left corner of the layout box at (`x`, `y`) in the current colour.
    func draw(_ cr: OpaquePointer, x: Double, y: Double) {
        if overflows {
            cairo_save(cr)
            cairo_rectangle(cr, x, y, max(width, Double(pango_layout_get_width(layout)) / Double(PANGO_SCALE)), height)
            cairo_clip(cr)
        }
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        if overflows { cairo_restore(cr) }
    }

    private func updateSize() {
        var w: Int32 = 0
        var h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        width = Double(w)
        height = Double(h)
        overflows = Int(pango_layout_get_line_count(layout)) > maxLines
        if overflows {
            // Bottom of line `maxLines - 1`, in the layout's coordinates.
            let iter = pango_layout_get_iter(layout)!
            for _ in 1..<maxLines { _ = pango_layout_iter_next_line(iter) }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            pango_layout_iter_free(iter)
            height = (Double(logical.y + logical.height) / Double(PANGO_SCALE)).rounded(.up)
        }
    }

    /// Paragraph separators (LF, CR, CRLF, U+2029) become U+2028 so Pango keeps one paragraph and
    /// the negative-height line limit applies to the whole text. Runs once per content (cached).
    static func singleParagraph(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }) else { return text }
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A:
                if !previousCR { out.append("\u{2028}") }
            case 0x0D, 0x2029:
                out.append("\u{2028}")
            default:
                out.append(scalar)
            }
            previousCR = scalar.value == 0x0D
        }
        return String(out)
    }
}
