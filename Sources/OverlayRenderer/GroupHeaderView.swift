import OverlayEngine

/// How a stacked group's header looks: a slim pill the width of the toasts with the app icon,
/// "App · count" and a close button (which clears the group), as a view tree.
public enum GroupHeaderView {
    static let font = FontSpec(size: 10, weight: .bold)
    static let padding = 4.0

    /// The header of `header`'s group, `height` tall, for toasts drawn with `toastStyle`; `top`
    /// is the top card's content (its app name and icon), nil when unknown. Laid out by `trees`
    /// (an icon that cannot be loaded is left out).
    public static func painted(_ header: GroupHeader, top: ToastContent?, toastStyle: ToastStyle, height: Double,
                               trees: ViewTreeRenderer) -> PaintedView {
        let side = max(8, height - 2 * padding)
        let icon = top?.icon.flatMap { trees.canShow($0, side: side) ? TemplatedToast.viewSource($0) : nil }
        // Without an icon the text keeps clear of the pill's rounded end.
        let title = (icon == nil ? "  " : "") + Self.title(header, top: top)
        let node = HStack(alignment: .top, spacing: 6) {
            if let icon { ViewNode(.image(ImageContent(icon, size: Size(width: side, height: side)))) }
            Text(MarkupEscape.escape(title), font: font, color: toastStyle.summaryColor, lineLimit: 1)
                .frame(maxWidth: .infinity, alignment: .topLeading)
            Button(action: ViewAction.close, style: .plain) { Symbol(.close, size: 10, color: toastStyle.closeButtonColor) }
        }
        .padding(padding).frame(width: toastStyle.width).background(toastStyle.background).cornerRadius(height / 2)
        return PaintedView(tree: trees.layoutReusing(node))
    }

    /// "Chat · 12": the top card's app name (else the group key), and how many are showing.
    public static func title(_ header: GroupHeader, top: ToastContent?) -> String {
        let name = top.map(\.appName).flatMap { $0.isEmpty ? nil : $0 }
            ?? header.key.split(separator: "\u{1F}", omittingEmptySubsequences: false).joined(separator: " · ")
        return "\(name) · \(header.count)"
    }
}
