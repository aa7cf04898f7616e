import OverlayEngine
import CCairo

/// One toast laid out for one scale: geometry is fixed, layouts hold their text, the icon is
/// decoded at this scale's device size.
final class PreparedToast {
    struct Action {
        let key: String
        let frame: Rect
        let label: TextBlock
        /// Drawn instead of the label (the `action-icons` hint), centred in the frame.
        let icon: LoadedImage?
    }

    let width: Double
    let height: Double
    let summary: TextBlock
    let summaryY: Double
    let body: PreparedBody?
    let bodyY: Double
    /// Left edge of the text column.
    let textX: Double
    let icon: LoadedImage?
    let iconFrame: Rect
    let closeFrame: Rect?
    /// Progress fraction 0...1 and the bar's top edge.
    let progress: Double?
    let progressY: Double
    let emphasis: ToastEmphasis
    let actions: [Action]
    let actionIconSize: Double
    /// The inline-reply field and its submit button, under the actions.
    let reply: PreparedReplyField?
    /// The summary reads right to left (Pango's base direction, else the locale): the layout is
    /// mirrored, with the icon and the urgent bar on the right, the close button on the left and
    /// the action buttons in reverse order.
    let isRightToLeft: Bool

    init(_ content: ToastContent, style: ToastStyle, text: TextContext, markup: (Substring) -> MarkupDocument,
         image: (ImageSource, Double, Double) -> LoadedImage?, bodyImage: (String, Double, Double, Double) -> BodyImage?) {
        let inset = style.contentInset
        let contentWidth = style.contentWidth
        let iconSize = max(0, style.iconSize)
        emphasis = content.emphasis
        icon = content.icon.flatMap { image($0, iconSize, text.scale) }
        let leading = icon == nil ? 0 : iconSize + style.iconGap
        let trailing = style.showsCloseButton ? style.closeButtonSize + style.iconGap : 0
        let textWidth = max(1, contentWidth - leading - trailing)
        summary = TextBlock(in: text, font: style.summaryFont, width: textWidth, maxLines: style.summaryMaxLines)
        summary.setText(content.summary)
        let rtl = summary.isRightToLeft
        isRightToLeft = rtl
        let iconSide = icon == nil ? 0 : iconSize
        iconFrame = Rect(x: rtl ? style.width - inset - iconSide : inset, y: inset, width: iconSide, height: iconSide)
        closeFrame = style.showsCloseButton
            ? Rect(x: rtl ? inset : style.width - inset - style.closeButtonSize, y: inset,
                        width: style.closeButtonSize, height: style.closeButtonSize)
            : nil
        textX = inset + (rtl ? trailing : leading)
        var y = inset
        summaryY = y
        y += summary.height

        let bodyText = Self.trimmed(content.body)
        let document = bodyText.isEmpty ? MarkupDocument(markup: "") : markup(bodyText)
        if document.markup.isEmpty {
            body = nil
            bodyY = y
        } else if let prepared = PreparedBody(document, text: text, style: style, width: textWidth, load: bodyImage) {
            y += style.summaryBodySpacing
            bodyY = y
            y += prepared.block.height
            body = prepared
        } else {
            body = nil
            bodyY = y
        }
        y = max(y, iconFrame.maxY, closeFrame?.maxY ?? 0)

        if let percent = content.progress {
            progress = Double(min(100, max(0, percent))) / 100
            y += style.progressSpacing
            progressY = y
            y += style.progressHeight
        } else {
            progress = nil
            progressY = y
        }

        let visible = content.visibleActions(limit: style.actions.maxButtons)
        if visible.isEmpty {
            actions = []
            actionIconSize = 0
        } else {
            y += style.actions.spacing
            let count = Double(visible.count)
            let buttonWidth = max(1, (contentWidth - style.actions.gap * (count - 1)) / count)
            let labels = visible.map { action -> TextBlock in
                let label = TextBlock(in: text, font: style.font,
                                      width: max(1, buttonWidth - 2 * style.actions.paddingX), maxLines: 1)
                label.setText(action.label)
                label.setAlignment(PANGO_ALIGN_CENTER)
                return label
            }
            let iconSize = max(1, min(style.actions.iconSize, buttonWidth))
            let icons = visible.map { content.actionIcons ? image(.themed($0.key), iconSize, text.scale) : nil }
            let contentHeight = max(labels.map(\.height).max() ?? 0, icons.contains { $0 != nil } ? iconSize : 0)
            let rowHeight = contentHeight + 2 * style.actions.paddingY
            actions = visible.indices.map { index in
                let place = rtl ? visible.count - 1 - index : index  // the first action is rightmost in RTL
                let x = inset + Double(place) * (buttonWidth + style.actions.gap)
                return Action(key: visible[index].key, frame: Rect(x: x, y: y, width: buttonWidth, height: rowHeight),
                              label: labels[index], icon: icons[index])
            }
            actionIconSize = iconSize
            y += rowHeight
        }

        if let field = content.reply {
            y += style.actions.spacing
            let prepared = PreparedReplyField(field, style: style, context: text, y: y, rightToLeft: rtl, image: image)
            reply = prepared
            y += prepared.field.height
        } else {
            reply = nil
        }

        width = style.width
        height = y + inset
    }

    /// Paints at the origin of the current user space. `frost`: where a card in `style.material`
    /// gets its blur (without it such a card is drawn as the material's fallback tint).
    func paint(_ cr: OpaquePointer, style: ToastStyle, frost: CardFrost? = nil) {
        if let material = style.material, let frost {
            paintFrostedCard(cr, material, style: style, frost: frost)
        } else {
            paintBackground(cr, style: style)
        }
        if emphasis == .urgent { paintAccent(cr, style: style) }
        let textOpacity = emphasis == .quiet ? min(1, max(0, style.quietTextOpacity)) : 1
        Paths.setSource(cr, style.summaryColor.withAlpha(style.summaryColor.alpha * textOpacity))
        summary.draw(cr, x: textX, y: summaryY)
        if let body {
            Paths.setSource(cr, style.bodyColor.withAlpha(style.bodyColor.alpha * textOpacity))
            body.draw(cr, x: textX, y: bodyY)
        }
        icon?.paint(cr, in: iconFrame)
        if let closeFrame { Paths.closeCross(cr, in: closeFrame, color: style.closeButtonColor) }
        if let progress { paintProgress(cr, progress, style: style) }
        for action in actions {
            Paths.fill(cr, action.frame, radius: style.actions.cornerRadius, color: style.actions.background)
            if let icon = action.icon {
                let f = action.frame, side = actionIconSize
                icon.paint(cr, in: Rect(x: (f.x + (f.width - side) / 2).rounded(), y: (f.y + (f.height - side) / 2).rounded(),
                                             width: side, height: side))
                continue
            }
            Paths.setSource(cr, style.actions.textColor)
            action.label.draw(cr, x: action.frame.x + style.actions.paddingX, y: action.frame.y + style.actions.paddingY)
        }
        reply?.paint(cr, style: style)
    }

    /// Border = the outer shape in the border colour, then the background (flat or a vertical
    /// gradient) inset by its width.
    private func paintBackground(_ cr: OpaquePointer, style: ToastStyle) {
        let outer = Rect(x: 0, y: 0, width: width, height: height)
        let bw = max(0, style.borderWidth)
        if bw > 0 { Paths.fill(cr, outer, radius: style.cornerRadius, color: style.border) }
        let inner = Rect(x: bw, y: bw, width: width - 2 * bw, height: height - 2 * bw)
        guard let end = style.backgroundGradient else {
            Paths.fill(cr, inner, radius: max(0, style.cornerRadius - bw), color: style.background)
            return
        }
        guard inner.width > 0, inner.height > 0 else { return }
        let gradient = cairo_pattern_create_linear(0, inner.y, 0, inner.maxY)!
        let top = style.background
        cairo_pattern_add_color_stop_rgba(gradient, 0, top.r, top.g, top.b, top.a)
        cairo_pattern_add_color_stop_rgba(gradient, 1, end.r, end.g, end.b, end.a)
        cairo_set_source(cr, gradient)
        Paths.roundedRect(cr, inner, radius: max(0, style.cornerRadius - bw))
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
    }

    /// The border as a ring, then the card inside it in `material`.
    private func paintFrostedCard(_ cr: OpaquePointer, _ material: BlurMaterial, style: ToastStyle, frost: CardFrost) {
        let outer = Rect(x: 0, y: 0, width: width, height: height)
        let bw = max(0, min(style.borderWidth, width / 2, height / 2))
        let inner = Rect(x: bw, y: bw, width: width - 2 * bw, height: height - 2 * bw)
        let innerRadius = max(0, style.cornerRadius - bw)
        if bw > 0 {
            cairo_save(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            Paths.roundedRect(cr, outer, radius: style.cornerRadius)
            Paths.roundedRect(cr, inner, radius: innerRadius)
            Paths.setSource(cr, style.border)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        guard inner.width > 0, inner.height > 0 else { return }
        let tint = material.cardTint(for: style)
        MaterialFill.paint(material, tint: MaterialFill.Tint(frost: tint.frost, fallback: tint.fallback), frame: inner,
                           radius: innerRadius, alpha: frost.alpha, source: frost.source, canvas: frost.canvas,
                           deviceScale: frost.deviceScale)
    }

    /// The urgent bar: inside the border, down the leading edge, following the inner corners.
    private func paintAccent(_ cr: OpaquePointer, style: ToastStyle) {
        let bw = max(0, style.borderWidth)
        let inner = Rect(x: bw, y: bw, width: width - 2 * bw, height: height - 2 * bw)
        guard inner.width > 0, inner.height > 0, style.accentWidth > 0 else { return }
        cairo_save(cr)
        Paths.roundedRect(cr, inner, radius: max(0, style.cornerRadius - bw))
        cairo_clip(cr)
        let barWidth = min(style.accentWidth, inner.width)
        Paths.fill(cr, Rect(x: isRightToLeft ? inner.maxX - barWidth : inner.x, y: inner.y, width: barWidth, height: inner.height),
                   radius: 0, color: style.accent)
        cairo_restore(cr)
    }

    private func paintProgress(_ cr: OpaquePointer, _ progress: Double, style: ToastStyle) {
        let inset = style.contentInset
        let track = Rect(x: inset, y: progressY, width: style.contentWidth, height: style.progressHeight)
        let radius = style.progressHeight / 2
        Paths.fill(cr, track, radius: radius, color: style.progressTrack)
        guard progress > 0 else { return }
        cairo_save(cr)
        Paths.roundedRect(cr, track, radius: radius)
        cairo_clip(cr)
        Paths.setSource(cr, style.progressFill)
        cairo_rectangle(cr, track.x, track.y, track.width * progress, track.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The body without leading/trailing white space (only the ends are scanned).
    static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return Substring(scalars[first...last])
    }
}

/// What a frosted card needs from the frame being drawn.
struct CardFrost {
    let canvas: Canvas
    let source: BlurSource
    /// Device pixels per point under the current transform.
    let deviceScale: Double
    /// The card's own opacity (1 inside a group that is faded as a whole).
    let alpha: Double
}
