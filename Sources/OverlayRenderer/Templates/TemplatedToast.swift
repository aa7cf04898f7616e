import CCairo
import OverlayEngine

/// A notification drawn through a template: the template's tree filled with the toast's content,
/// in the colours of the toast's style (theme and urgency), mirrored when the summary reads right
/// to left, laid out to fill its own height.
public struct TemplatedToast {
    public var template: NotificationTemplate
    public var content: ToastContent
    /// The notification's own picture (`image-data`, `image-path`) for `{image}`; `content.icon`
    /// (which falls back to the app icon) is `{icon}`.
    public var image: ImageSource?

    public init(template: NotificationTemplate, content: ToastContent, image: ImageSource? = nil) {
        self.template = template; self.content = content; self.image = image
    }

    /// The template's slots for this toast: at most `style.actions.maxButtons` action buttons,
    /// and the close button when the style shows one. With `action-icons`, an action whose icon
    /// `iconLoads` (by its key) shows it instead of its label; so does the reply's submit button
    /// with a submit icon that loads.
    public func fields(style: ToastStyle, iconLoads: (String) -> Bool = { _ in true }) -> TemplateFields {
        TemplateFields(summary: Self.cut(content.summary, NotificationTemplate.summaryBytes),
                       body: Self.cut(Self.trimmed(content.body), NotificationTemplate.bodyBytes),
                       appName: Self.cut(content.appName, NotificationTemplate.appNameBytes),
                       icon: content.icon.flatMap(Self.viewSource), image: image.flatMap(Self.viewSource),
                       progress: content.progress.map(Double.init),
                       actions: content.visibleActions(limit: style.actions.maxButtons).map { action in
                           TemplateAction(key: Self.cut(action.key, NotificationTemplate.actionTextBytes),
                                          label: Self.cut(action.label, NotificationTemplate.actionTextBytes),
                                          icon: content.actionIcons && iconLoads(action.key) ? .icon(action.key) : nil)
                       },
                       closeButton: style.showsCloseButton,
                       reply: content.reply.map { reply in
                           TemplateReply(placeholder: Self.cut(reply.placeholder, NotificationTemplate.replyTextBytes),
                                         submitLabel: Self.cut(reply.submitLabel, NotificationTemplate.replyTextBytes),
                                         submitIcon: reply.submitIcon.flatMap { iconLoads($0) ? Self.cut($0, NotificationTemplate.replyTextBytes) : nil })
                       })
    }

    /// The filled tree (from a fill prepared for its shape when `fills` is given); errors (a
    /// tree past the caps) name the JSON path.
    public func tree(style: ToastStyle, rightToLeft: Bool, iconLoads: (String) -> Bool = { _ in true }) throws(ViewDecodingError) -> ViewNode {
        try tree(style: style, rightToLeft: rightToLeft, fills: nil, iconLoads: iconLoads)
    }

    func tree(style: ToastStyle, rightToLeft: Bool, fills: TemplateFillCache?,
              iconLoads: (String) -> Bool = { _ in true }) throws(ViewDecodingError) -> ViewNode {
        let (fields, theme) = filling(style: style, iconLoads: iconLoads)
        if let fills { return try fills.filled(template, with: fields, theme: theme, rightToLeft: rightToLeft) }
        return try template.filled(with: fields, theme: theme, rightToLeft: rightToLeft)
    }

    /// What this toast fills its template with in `style`: its slots and the theme.
    func filling(style: ToastStyle, iconLoads: (String) -> Bool = { _ in true }) -> (fields: TemplateFields, theme: TemplateTheme) {
        let fields = fields(style: style, iconLoads: iconLoads)
        var theme = Self.theme(style, emphasis: content.emphasis)
        // A row with an icon is as tall as the icon in every button, as in the toast; so is the
        // reply row, field and button, when its button shows one.
        if fields.actions.contains(where: { $0.icon != nil }) { theme.numbers["actionLabelHeight"] = theme.numbers["actionIconSize"] }
        if fields.reply?.submitIcon != nil { theme.numbers["replyRowHeight"] = (theme.numbers["actionIconSize"] ?? 0) + 8 }
        return (fields, theme)
    }

    /// `text` cut to at most `bytes` UTF-8 bytes, at a code point boundary.
    static func cut(_ text: String, _ bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }  // no copy of texts within the limit
        return cut(Substring(text), bytes)
    }

    static func cut(_ text: Substring, _ bytes: Int) -> String {
        guard text.utf8.count > bytes else { return String(text) }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: bytes)
        while end > text.utf8.startIndex, text.utf8[end] & 0xC0 == 0x80 { end = text.utf8.index(before: end) }
        return String(text[..<end])
    }

    /// The body without leading and trailing white space (only the ends are scanned).
    static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return Substring(scalars[first...last])
    }

    /// The colours `{name}` of a template in `style` for a toast of `emphasis`: quiet toasts have
    /// dimmer text, urgent ones a visible `urgentBar` (transparent otherwise); a card in a
    /// material (`style.material`) is frosted in the style's card tint with its border as a ring
    /// (`ring`; transparent on an opaque card, which covers a `border` background); the style's
    /// line counts and close button side as numbers.
    public static func theme(_ style: ToastStyle, emphasis: ToastEmphasis) -> TemplateTheme {
        let dim = emphasis == .quiet ? min(1, max(0, style.quietTextOpacity)) : 1
        let border = style.borderWidth > 0 ? style.border : .clear
        var theme = TemplateTheme([
            "background": style.background, "border": style.material == nil ? border : .clear,
            "ring": style.material == nil ? .clear : border,
            "summary": style.summaryColor.withAlpha(style.summaryColor.alpha * dim),
            "body": style.bodyColor.withAlpha(style.bodyColor.alpha * dim),
            "urgentBar": emphasis == .urgent ? style.accent : .clear,
            "buttonBackground": style.actions.background, "buttonText": style.actions.textColor,
            "progressTrack": style.progressTrack, "progressFill": style.progressFill, "link": style.linkColor,
            "closeButton": style.closeButtonColor,
        ], width: style.width)
        theme.numbers["summaryLines"] = Double(min(1000, max(1, style.summaryMaxLines)))
        theme.numbers["bodyLines"] = Double(min(1000, max(1, style.bodyMaxLines)))
        theme.numbers["closeSize"] = min(100_000, max(0, style.closeButtonSize))
        theme.numbers["actionIconSize"] = min(100_000, max(1, style.actions.iconSize))
        theme.numbers["bodyImageHeight"] = min(100_000, max(1, style.bodyImageMaxHeight))
        let borderWidth = min(100_000, max(0, style.borderWidth)), radius = min(100_000, max(0, style.cornerRadius))
        theme.numbers["borderWidth"] = borderWidth
        theme.numbers["cornerRadius"] = radius
        theme.numbers["innerRadius"] = max(0, radius - borderWidth)
        theme.backgroundEnd = style.backgroundGradient
        theme.frosted = style.material.map { ($0, $0.cardTint(for: style).frost) }
        return theme
    }

    /// What controls and uncoloured text of a template are drawn in under `style`.
    public static func look(_ style: ToastStyle) -> ViewTreeLook {
        var look = ViewTreeLook()
        look.text = style.bodyColor
        look.accent = style.progressFill
        look.track = style.progressTrack
        look.buttonBackground = style.actions.background
        look.fieldBackground = style.replyFieldBackground
        look.fieldRing = style.focusRing ?? style.border
        look.fieldRingWidth = style.focusRingWidth
        look.controlRadius = style.actions.cornerRadius
        look.divider = style.border
        return look
    }

    /// A toast's picture as a view-tree image source; raw pixels become straight RGBA (nil when
    /// they do not describe an image).
    static func viewSource(_ source: ImageSource) -> ViewImageSource? {
        switch source {
        case .file(let path): return .file(path.hasPrefix("file://") ? String(path.dropFirst(7)) : path)
        case .themed(let name): return .icon(name)
        case .raw(let raw):
            guard (try? raw.validate()) != nil else { return nil }
            var rgba = [UInt8](repeating: 255, count: raw.width * raw.height * 4)
            raw.bytes.withUnsafeBufferPointer { src in
                var o = 0
                for y in 0..<raw.height {
                    var i = y * raw.rowstride
                    for _ in 0..<raw.width {
                        rgba[o] = src[i]; rgba[o + 1] = src[i + 1]; rgba[o + 2] = src[i + 2]
                        if raw.hasAlpha { rgba[o + 3] = src[i + 3] }
                        o += 4; i += raw.channels
                    }
                }
            }
            return .pixels(width: raw.width, height: raw.height, rgba: rgba)
        }
    }
}

extension ViewTreeRenderer {
    /// `toast` filled in `style` and laid out: pictures that cannot be loaded are left out (no
    /// gap, as in the toast), the tree is mirrored when the summary reads right to left, and
    /// its reply field holds the reply's draft, with the caret while it is being typed into.
    public func layoutTemplate(_ toast: TemplatedToast, style: ToastStyle) throws(ViewDecodingError) -> LaidOutView {
        var node = try templateTree(toast, style: style)
        if readsRightToLeft(toast.content.summary) { node = node.mirrored() }
        var focus: (index: Int, caret: Int)?
        if let reply = toast.content.reply, let index = node.fieldIndex(submitting: TemplateReply.action) {
            if !reply.text.isEmpty {
                node.update(at: index) { if case .textField(var field) = $0.kind { field.text = reply.text; $0.kind = .textField(field) } }
            }
            focus = reply.caret.map { (index, $0) }
        }
        var laidOut = layoutTemplate(node, look: TemplatedToast.look(style))
        laidOut.focus = focus
        return laidOut
    }

    /// `toast` filled in `style` (not mirrored, not laid out): what `layoutTemplate` lays out,
    /// and the check that it is within the caps.
    public func templateTree(_ toast: TemplatedToast, style: ToastStyle) throws(ViewDecodingError) -> ViewNode {
        var toast = toast
        if let icon = toast.content.icon, !canShow(icon, side: style.iconSize) { toast.content.icon = nil }
        // The hero draws the image filling a wider box: checked at the cheapest size instead.
        if let image = toast.image, !canShow(image, side: 160, scale: 1) { toast.image = nil }
        if showsNothing(toast.content.body, style: style) { toast.content.body = "" }
        return try toast.tree(style: style, rightToLeft: false, fills: templateFills) { key in
            self.canShow(.themed(key), side: max(1, style.actions.iconSize))
        }
    }

    /// Throws what `layoutTemplate` would (the filled tree past the caps), without filling or
    /// loading pictures when a fill is prepared for the toast's shape: what showing a toast that
    /// is laid out later checks at once.
    public func checkTemplate(_ toast: TemplatedToast, style: ToastStyle) throws(ViewDecodingError) {
        guard !toast.template.fitsEveryToast(actions: style.actions.maxButtons) else { return }
        let (fields, theme) = toast.filling(style: style)
        try templateFills.check(toast.template, with: fields, theme: theme)
    }

    /// True when `body` draws nothing: no text outside its tags, and no picture that loads or
    /// alt text in them (it is then left out, with the gap before it, as an empty one is).
    func showsNothing(_ body: String, style: ToastStyle) -> Bool {
        var inTag = false
        for byte in body.utf8 {
            switch byte {
            case UInt8(ascii: "<"): inTag = true
            case UInt8(ascii: ">"): inTag = false
            case UInt8(ascii: " "), 0x09, 0x0A, 0x0D: break
            default: if !inTag { return false }
            }
        }
        let document = Markup.document(body)
        return document.resolved { index in
            bodyImage(document.images[index].src, maxWidth: style.contentWidth, maxHeight: max(1, style.bodyImageMaxHeight), scale: 1) != nil
        }.markup.isEmpty
    }

    /// True when the theme's icon `name` loads for a box of `side` points (its picture is then
    /// kept for drawing; a failure is reported once): a view built in code leaves out an icon that
    /// would only leave a gap.
    public func themedIconLoads(_ name: String, side: Double) -> Bool { canShow(.themed(name), side: side) }

    /// True when `source` loads (decoded once for a `side`-point box at `scale`, by default
    /// `checkScale`, the scale an icon is most likely drawn at, and kept in the image cache for
    /// drawing); why it does not is told to `onImageError`.
    func canShow(_ source: ImageSource, side: Double, scale: Double? = nil) -> Bool {
        if case .raw(let raw) = source {
            do { try raw.validate() } catch let error as RawImage.ValidationError {
                onImageError(.invalidRaw(error))
                return false
            } catch { return false }
        }
        guard let view = TemplatedToast.viewSource(source) else { return false }
        let scale = scale ?? checkScale
        let box = max(1, Int((side * scale).rounded(.up)))  // the painter's box for a picture that fits it
        return image(view, box: box, logicalSize: side, scale: scale) != nil
    }

    /// Lays a template's tree out at its ideal size, then again proposed exactly that size, so
    /// that parts with an infinite maximum height (the urgent bar) fill the toast's height.
    public func layoutTemplate(_ node: ViewNode, look: ViewTreeLook? = nil) -> LaidOutView {
        var laidOut = LaidOutView(node: node, layout: ViewLayout.layoutAtIdealSize(node, measuring: measurer))
        laidOut.look = look
        return laidOut
    }

    /// True when `summary` reads right to left (its first letter of a strong direction, else
    /// the locale: Pango's base direction of its first paragraph).
    public func readsRightToLeft(_ summary: String) -> Bool { TextDirection.isRightToLeft(summary) }
}
