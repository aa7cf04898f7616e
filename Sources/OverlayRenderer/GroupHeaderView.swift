import OverlayEngine

/// How a stacked group's header looks: a slim pill the width of the toasts with the app icon,
/// "App · count" and a close button (which clears the group).
public enum GroupHeaderView {
    /// Text and icon size of the header.
    static let font = "Sans Bold 10"
    static let padding = 4.0

    /// The header of `header`'s group, `height` tall, for toasts drawn with `toastStyle`; `top`
    /// is the top card's content (its app name and icon), nil when unknown.
    public static func painted(_ header: GroupHeader, top: ToastContent?, toastStyle: ToastStyle,
                               height: Double) -> PaintedView {
        var style = ToastStyle()
        style.width = toastStyle.width
        style.padding = padding
        style.borderWidth = 0
        style.cornerRadius = height / 2
        style.background = toastStyle.background
        style.summaryColor = toastStyle.summaryColor
        style.summaryFont = font
        style.summaryMaxLines = 1
        style.bodyMaxLines = 1
        style.iconSize = max(8, height - 2 * padding)
        style.iconGap = 6
        style.showsCloseButton = true
        style.closeButtonSize = 10
        style.closeButtonColor = toastStyle.closeButtonColor
        // Without an icon the text keeps clear of the pill's rounded end.
        let text = top?.icon == nil ? "  " + title(header, top: top) : title(header, top: top)
        return PaintedView(content: ToastContent(summary: text, icon: top?.icon), style: style)
    }

    /// "Chat · 12": the top card's app name (else the group key), and how many are showing.
    public static func title(_ header: GroupHeader, top: ToastContent?) -> String {
        let name = top.map(\.appName).flatMap { $0.isEmpty ? nil : $0 }
            ?? header.key.split(separator: "\u{1F}", omittingEmptySubsequences: false).joined(separator: " · ")
        return "\(name) · \(header.count)"
    }
}
