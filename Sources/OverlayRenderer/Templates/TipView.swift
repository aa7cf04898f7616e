import OverlayEngine

/// A help tip drawn as a view tree, the tip template: the title (bold, the style's lines), the
/// body and a row of equal-width buttons in a bubble as wide as they need (wrapping at the
/// style's widest), its fill, border and shadow following the arrow that points at the target
/// (`TipPlacement`, from `TipPlacer`).
public enum TipView {
    /// The bubble for `content` without its arrow: what `TipPlacer` places. Its width is that of
    /// the text or of the button row (buttons as wide as the widest label), whichever is wider,
    /// at most `style.maxWidth`, and wide enough for the arrow beside two corners.
    static func bubble(_ content: CalloutContent, style: CalloutStyle, measuring: any TextMeasuring) -> ViewNode {
        let inset = style.inset, buttons = style.actions
        let wrap = max(1, style.maxWidth - 2 * inset)
        let title = content.title.isEmpty ? nil
            : TextContent(MarkupEscape.escape(content.title), font: style.titleFont, color: style.titleColor, lineLimit: style.titleMaxLines)
        let body = content.body.isEmpty ? nil
            : TextContent(MarkupEscape.escape(content.body), font: style.bodyFont, color: style.bodyColor, lineLimit: style.bodyMaxLines)
        let textWidth = [title, body].compactMap { $0.map { measuring.measure($0, proposedWidth: wrap).width } }.max() ?? 0
        let actions = content.visibleActions(limit: buttons.maxButtons)
        let labels = actions.map {
            TextContent(MarkupEscape.escape($0.label), font: style.bodyFont, color: buttons.textColor, lineLimit: 1)
        }
        let widest = labels.map { measuring.measure($0, proposedWidth: max(1, wrap - 2 * buttons.paddingX)).width }.max() ?? 0
        let count = Double(actions.count)
        let rowWidth = actions.isEmpty ? 0 : count * (widest + 2 * buttons.paddingX) + (count - 1) * buttons.gap
        let minimum = 2 * style.cornerRadius + style.arrowWidth
        let width = max(minimum, min(style.maxWidth, max(textWidth, rowWidth) + 2 * inset))
        return VStack(alignment: .leading, spacing: 0) {
            if let title { ViewNode(.text(title)) }
            if let body { ViewNode(.text(body)).padding(EdgeInsets(top: title == nil ? 0 : style.titleBodySpacing, leading: 0, bottom: 0, trailing: 0)) }
            if !actions.isEmpty {
                HStack(alignment: .top, spacing: buttons.gap) {
                    for (action, label) in zip(actions, labels) {
                        Button(action: action.key, style: .plain) {
                            ViewNode(.text(label)).padding(EdgeInsets(top: buttons.paddingY, leading: buttons.paddingX,
                                                                      bottom: buttons.paddingY, trailing: buttons.paddingX))
                                .frame(maxWidth: .infinity)
                        }
                        .background(buttons.background).cornerRadius(buttons.cornerRadius)
                    }
                }
                .padding(EdgeInsets(top: title == nil && body == nil ? 0 : buttons.spacing, leading: 0, bottom: 0, trailing: 0))
            }
        }
        .padding(inset).frame(width: width).frame(minHeight: minimum, alignment: .topLeading)
    }

    /// The tip at `placement` (in the view's own coordinates: its frame at the origin), its
    /// frame the placement's: the bubble and its arrow.
    static func tree(_ content: CalloutContent, style: CalloutStyle, placement p: TipPlacement, measuring: any TextMeasuring) -> ViewNode {
        var bubble = bubble(content, style: style, measuring: measuring)
            .frame(width: p.bubble.width, height: p.bubble.height, alignment: .topLeading)
            .background(style.background).border(style.border, width: style.borderWidth).cornerRadius(p.cornerRadius)
        if let shadow = style.shadow { bubble = bubble.shadow(shadow) }
        if p.hasArrow {
            let o = Point.zero - p.bubble.origin
            bubble = bubble.arrow(CalloutArrow(side: p.side, baseStart: p.arrowBaseStart + o, tip: p.arrowTip + o, baseEnd: p.arrowBaseEnd + o))
        }
        let f = p.frame
        return bubble.padding(EdgeInsets(top: p.bubble.minY - f.minY, leading: p.bubble.minX - f.minX,
                                         bottom: f.maxY - p.bubble.maxY, trailing: f.maxX - p.bubble.maxX))
    }
}

extension ViewTreeRenderer {
    /// The size of `content`'s bubble in `style`, without its arrow: what `TipPlacer` places.
    public func tipSize(_ content: CalloutContent, style: CalloutStyle) -> Size {
        layout(TipView.bubble(content, style: style, measuring: measurer)).size
    }

    /// `content` as a tip at `placement` (the view's frame at the origin: `TipPlacement.inOwnFrame`), laid out.
    public func layoutTip(_ content: CalloutContent, style: CalloutStyle, placement: TipPlacement) -> LaidOutView {
        layout(TipView.tree(content, style: style, placement: placement, measuring: measurer), proposal: ProposedSize(placement.frame.size))
    }
}
