import OverlayEngine

/// Measures view-tree text with Pango, the way the renderer sets it: markup sanitised
/// (`Markup.sanitize`), wrapped at word or character boundaries, cut after the line limit.
/// Text that was cut is as wide as the proposal.
///
/// The layouts are kept in a `TextLayoutCache` (the renderer's own, shared with its painting), so
/// layout asking for the same text at the same widths (flexibility probes, the ideal size and
/// then the offered width) sets it once, and painting draws the layout measured.
public final class PangoTextMeasurer: TextMeasuring {
    let texts: TextLayoutCache
    /// Width used when none is proposed (one unwrapped line in practice).
    static let unboundedWidth = 100_000.0

    /// A measurer with a cache of its own.
    public convenience init() { self.init(texts: TextLayoutCache()) }

    init(texts: TextLayoutCache) { self.texts = texts }

    public func measure(_ content: TextContent, proposedWidth: Double?) -> Size {
        let width = min(Self.unboundedWidth, max(1, proposedWidth ?? Self.unboundedWidth))
        let block = texts.set(content, width: width, scale: 1).block
        // Cut text takes the whole width it was offered: set again at its own, narrower width it
        // would wrap and cut elsewhere.
        return Size(width: block.isCut && proposedWidth != nil ? max(block.width, width) : block.width, height: block.height)
    }

    /// A Pango font description string: "Sans Bold 13".
    static func fontName(_ font: FontSpec) -> String {
        let weight = switch font.weight {
        case .light: " Light"
        case .regular: ""
        case .medium: " Medium"
        case .semibold: " Semi-Bold"
        case .bold: " Bold"
        }
        let size = min(1000, max(1, font.size.isFinite ? font.size : 13))
        let points = size == size.rounded() ? String(Int(size)) : String(size)
        return "\(font.family ?? "Sans")\(weight) \(points)"
    }
}
