// A callout's inside: title, body and a row of action buttons, laid out for one scale relative to
// the bubble's top-left corner. The buttons look like toast buttons (ToastStyle's defaults).
import CCairo
import OverlayEngine

/// A tip's action button ("Got it"): `key` is what a click on it reports.
public struct CalloutAction: Hashable, Sendable {
    public var key: String
    public var label: String
    public init(key: String, label: String) { self.key = key; self.label = label }
}

extension CalloutContent {
    /// The buttons drawn, in order: not "default" (that is the bubble itself), at most `limit`.
    public func visibleActions(limit: Int) -> [CalloutAction] {
        Array(actions.lazy.filter { $0.key != "default" }.prefix(max(0, limit)))
    }
}

final class CalloutLayout {
    struct Button {
        let key: String
        let frame: Rect
        let label: TextBlock
    }

    let title: TextBlock?
    let titleY: Double
    let body: TextBlock?
    let bodyY: Double
    let buttons: [Button]
    /// The bubble's size (without the arrow).
    let size: Size

    /// Text wraps at `style.maxWidth` less the insets; the bubble is as wide as the text or the
    /// button row needs (equal-width buttons, the widest label decides), at most `maxWidth`,
    /// and at least wide enough for the arrow beside two corners.
    init(_ content: CalloutContent, style: CalloutStyle, text: TextContext) {
        let inset = style.inset
        let wrap = max(1, style.maxWidth - 2 * inset)
        func block(_ string: String, font: String, width: Double, lines: Int) -> TextBlock? {
            guard !string.isEmpty else { return nil }
            let block = TextBlock(in: text, font: font, width: width, maxLines: lines)
            block.setText(string)
            return block
        }
        title = block(content.title, font: style.titleFont, width: wrap, lines: style.titleMaxLines)
        body = block(content.body, font: style.bodyFont, width: wrap, lines: style.bodyMaxLines)
        var y = inset
        titleY = y
        if let title { y += title.height + (body != nil ? style.titleBodySpacing : 0) }
        bodyY = y
        if let body { y += body.height }
        let textWidth = max(title?.width ?? 0, body?.width ?? 0)

        let visible = content.visibleActions(limit: style.actions.maxButtons)
        let count = Double(visible.count), padX = style.actions.paddingX
        let natural = visible.map { block($0.label, font: style.bodyFont, width: max(1, wrap - 2 * padX), lines: 1)?.width ?? 0 }
        let rowWidth = visible.isEmpty ? 0 : count * ((natural.max() ?? 0) + 2 * padX) + (count - 1) * style.actions.gap
        let minimum = 2 * style.cornerRadius + style.arrowWidth
        let width = max(minimum, min(style.maxWidth, max(textWidth, rowWidth) + 2 * inset))

        if visible.isEmpty {
            buttons = []
        } else {
            if title != nil || body != nil { y += style.actions.spacing }
            let buttonWidth = max(1, (width - 2 * inset - style.actions.gap * (count - 1)) / count)
            let labels = visible.map { action in
                block(action.label, font: style.bodyFont, width: max(1, buttonWidth - 2 * padX), lines: 1)
            }
            let rowHeight = (labels.compactMap { $0?.height }.max() ?? 0) + 2 * style.actions.paddingY
            var made: [Button] = []
            for (index, (action, label)) in zip(visible, labels).enumerated() {
                let frame = Rect(x: inset + Double(index) * (buttonWidth + style.actions.gap), y: y,
                                      width: buttonWidth, height: rowHeight)
                made.append(Button(key: action.key, frame: frame,
                                   label: label ?? TextBlock(in: text, font: style.bodyFont, width: 1, maxLines: 1)))
            }
            buttons = made
            y += rowHeight
        }
        size = Size(width: width, height: max(minimum, y + inset))
    }

    /// Text and buttons with the bubble's top-left corner at `origin`.
    func paint(_ cr: OpaquePointer, style: CalloutStyle, at origin: Point) {
        let x = origin.x + style.inset
        if let title {
            Paths.setSource(cr, style.titleColor)
            title.draw(cr, x: x, y: origin.y + titleY)
        }
        if let body {
            Paths.setSource(cr, style.bodyColor)
            body.draw(cr, x: x, y: origin.y + bodyY)
        }
        for button in buttons {
            let f = button.frame
            Paths.fill(cr, Rect(x: origin.x + f.x, y: origin.y + f.y, width: f.width, height: f.height),
                       radius: style.actions.cornerRadius, color: style.actions.background)
            Paths.setSource(cr, style.actions.textColor)
            button.label.draw(cr, x: origin.x + f.x + (f.width - button.label.width) / 2, y: origin.y + f.y + style.actions.paddingY)
        }
    }
}
