import OverlayEngine

/// The row of action buttons under a toast's or a callout's text.
public struct ActionButtonStyle: Hashable, Sendable {
    /// Space between the text (or the progress bar) and the row.
    public var spacing: Double = 8
    /// Space between two buttons.
    public var gap: Double = 6
    public var paddingX: Double = 8
    public var paddingY: Double = 4
    public var background = Color(hex: 0x3B4252)
    public var textColor = Color(hex: 0xECEFF4)
    public var cornerRadius: Double = 4
    /// Buttons drawn at most, in one row.
    public var maxButtons = 3
    /// Side of an icon drawn instead of a label (the `action-icons` hint).
    public var iconSize: Double = 20

    public init() {}
}
