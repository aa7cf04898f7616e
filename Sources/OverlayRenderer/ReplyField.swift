import OverlayEngine
import CCairo

/// The inline-reply row of a toast (KDE Plasma's `inline-reply` action): a one-line text field
/// and a submit button.
public struct ReplyFieldContent: Equatable, Sendable {
    /// Shown while the field is empty (`x-kde-reply-placeholder-text`).
    public var placeholder: String
    /// The submit button's label (`x-kde-reply-submit-button-text`).
    public var submitLabel: String
    /// A themed icon drawn instead of the label when the theme has it (`x-kde-reply-submit-button-icon-name`).
    public var submitIcon: String?
    /// What the user typed so far.
    public var text: String = ""
    /// The caret in Characters of `text`; nil while the field does not have the keyboard.
    public var caret: Int?

    public static let defaultPlaceholder = "Reply…"
    public static let defaultSubmitLabel = "Send"

    public init(placeholder: String = ReplyFieldContent.defaultPlaceholder,
                submitLabel: String = ReplyFieldContent.defaultSubmitLabel, submitIcon: String? = nil) {
        self.placeholder = placeholder
        self.submitLabel = submitLabel
        self.submitIcon = submitIcon
    }
}

/// The reply row laid out for one scale: the field's frame, the button's, and the text's layout.
final class PreparedReplyField {
    /// Horizontal room between the field's edge and its text.
    static let textInset = 6.0
    static let caretWidth = 1.5
    static let placeholderOpacity = 0.55

    let field: Rect
    let submit: Rect
    let content: ReplyFieldContent
    private let text: OpaquePointer
    private let label: TextBlock
    private let icon: LoadedImage?
    private let iconSize: Double
    /// The text's horizontal scroll: the caret stays inside the field.
    private let scroll: Double
    /// How far right the text starts: in a mirrored toast text that fits ends at the field's right.
    private let align: Double
    /// UTF-8 bytes put before the text: a right-to-left mark in a mirrored toast, so the text's
    /// base direction is the toast's whatever is typed.
    private let markBytes: Int
    private let caretX: Double?
    private let textY: Double

    /// `rightToLeft`: the submit button is at the left of the field and the text is laid out right
    /// to left from its right edge (a mirrored toast).
    init(_ content: ReplyFieldContent, style: ToastStyle, context: TextContext, y: Double, rightToLeft: Bool = false,
         image: (ImageSource, Double, Double) -> LoadedImage?) {
        self.content = content
        let buttons = style.actions
        label = TextBlock(in: context, font: style.font, width: max(1, style.contentWidth / 3), maxLines: 1)
        label.setText(content.submitLabel)
        let side = max(1, buttons.iconSize)
        iconSize = side
        icon = content.submitIcon.flatMap { image(.themed($0), side, context.scale) }
        text = pango_layout_new(context.context)
        pango_layout_set_font_description(text, context.font(style.font))
        pango_layout_set_single_paragraph_mode(text, 1)
        // The row's height comes from the font, not from what is typed: typing never resizes the toast.
        pango_layout_set_text(text, "Ag", -1)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(text, &w, &h)
        let mark = rightToLeft ? "\u{200F}" : ""
        markBytes = mark.utf8.count
        pango_layout_set_text(text, mark + (content.text.isEmpty ? content.placeholder : content.text), -1)
        var textWidth: Int32 = 0
        pango_layout_get_pixel_size(text, &textWidth, nil)
        let rowHeight = max(Double(h), label.height, icon == nil ? 0 : iconSize) + 2 * buttons.paddingY
        let inset = style.contentInset
        let buttonWidth = min(style.contentWidth / 3, (icon == nil ? label.width : iconSize) + 2 * buttons.paddingX)
        let fieldWidth = max(1, style.contentWidth - buttonWidth - buttons.gap)
        submit = Rect(x: rightToLeft ? inset : inset + style.contentWidth - buttonWidth, y: y, width: buttonWidth, height: rowHeight)
        field = Rect(x: rightToLeft ? inset + style.contentWidth - fieldWidth : inset, y: y, width: fieldWidth, height: rowHeight)
        textY = y + (rowHeight - Double(h)) / 2
        let room = field.width - 2 * Self.textInset
        align = rightToLeft ? max(0, room - Double(textWidth)) : 0
        if let caret = content.caret {
            let before = content.text.prefix(max(0, min(caret, content.text.count)))
            var position = PangoRectangle()
            pango_layout_get_cursor_pos(text, Int32(markBytes + before.utf8.count), &position, nil)
            let x = content.text.isEmpty ? (rightToLeft ? room - Self.caretWidth : 0)
                                         : align + Double(position.x) / Double(PANGO_SCALE)
            scroll = max(0, x - room + Self.caretWidth)
            caretX = x - scroll
        } else {
            scroll = 0
            caretX = nil
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(text)) }

    /// The caret position (Characters of the typed text) nearest to `x` (toast coordinates).
    func caret(atX x: Double) -> Int {
        guard !content.text.isEmpty else { return 0 }
        let local = x - field.x - Self.textInset + scroll - align
        var index: Int32 = 0, trailing: Int32 = 0
        _ = pango_layout_xy_to_index(text, Int32((local * Double(PANGO_SCALE)).rounded()), 0, &index, &trailing)
        let before = String(decoding: content.text.utf8.prefix(max(0, Int(index) - markBytes)), as: UTF8.self).count
        return min(content.text.count, before + (trailing > 0 ? 1 : 0))
    }

    func paint(_ cr: OpaquePointer, style: ToastStyle) {
        let buttons = style.actions
        Paths.fill(cr, field, radius: buttons.cornerRadius, color: style.replyFieldBackground)
        if caretX != nil {  // focused: the focus ring (by default 1 pt in the border colour)
            let ring = max(1, style.focusRingWidth), half = ring / 2
            cairo_save(cr)
            Paths.setSource(cr, style.focusRing ?? style.border)
            cairo_set_line_width(cr, ring)
            Paths.roundedRect(cr, Rect(x: field.x + half, y: field.y + half, width: field.width - ring, height: field.height - ring),
                              radius: buttons.cornerRadius)
            cairo_stroke(cr)
            cairo_restore(cr)
        }
        cairo_save(cr)
        cairo_rectangle(cr, field.x + Self.textInset / 2, field.y, field.width - Self.textInset, field.height)
        cairo_clip(cr)
        let color = content.text.isEmpty ? style.bodyColor.withAlpha(style.bodyColor.alpha * Self.placeholderOpacity)
                                         : style.bodyColor
        Paths.setSource(cr, color)
        cairo_move_to(cr, field.x + Self.textInset + align - scroll, textY)
        pango_cairo_show_layout(cr, text)
        if let caretX {
            Paths.setSource(cr, style.bodyColor)
            cairo_rectangle(cr, field.x + Self.textInset + caretX, field.y + buttons.paddingY, Self.caretWidth,
                            field.height - 2 * buttons.paddingY)
            cairo_fill(cr)
        }
        cairo_restore(cr)
        Paths.fill(cr, submit, radius: buttons.cornerRadius, color: buttons.background)
        if let icon {
            icon.paint(cr, in: Rect(x: (submit.x + (submit.width - iconSize) / 2).rounded(),
                                    y: (submit.y + (submit.height - iconSize) / 2).rounded(), width: iconSize, height: iconSize))
        } else {
            Paths.setSource(cr, buttons.textColor)
            label.draw(cr, x: submit.x + (submit.width - label.width) / 2, y: submit.y + (submit.height - label.height) / 2)
        }
    }
}
