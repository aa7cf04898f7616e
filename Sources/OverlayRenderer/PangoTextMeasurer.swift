import OverlayEngine

/// Measures view-tree text with Pango, the way the renderer sets it: markup sanitised
/// (`Markup.sanitize`), wrapped at word or character boundaries, ellipsized after the line limit.
/// Text that was cut is as wide as the proposal.
///
/// Sizes are remembered per (text, font, width, line limit): layout asks for the same text at the
/// same widths many times (flexibility probes, every redraw of a view). At most `cacheCapacity`
/// are kept; past that all are dropped at once.
public final class PangoTextMeasurer: TextMeasuring {
    private let text = TextContext(scale: 1)
    /// Width used when none is proposed (one unwrapped line in practice).
    static let unboundedWidth = 100_000.0
    public static let cacheCapacity = 1024

    private struct Key: Hashable {
        var markup: String, font: String, width: Double, lines: Int, imageMaxHeight: Double?
    }
    private var sizes: [Key: Size] = [:]
    /// Loads an inline image of text with `imageMaxHeight` (`src`, maximum width and height, at
    /// scale 1); nil leaves its alt text. The renderer sets it to its own cached loader.
    var bodyImage: (String, Double, Double) -> BodyImage? = { _, _, _ in nil }

    public init() {}

    public func measure(_ content: TextContent, proposedWidth: Double?) -> Size {
        let lines = content.wraps ? (content.lineLimit ?? 10_000) : 1
        let width = min(Self.unboundedWidth, max(1, proposedWidth ?? Self.unboundedWidth))
        let key = Key(markup: content.markup, font: Self.fontName(content.font), width: width, lines: lines,
                      imageMaxHeight: content.imageMaxHeight)
        if let known = sizes[key] { return known }
        let block = TextBlock(in: text, font: key.font, width: width, maxLines: lines)
        if let maxHeight = content.imageMaxHeight {
            _ = RichText.set(Markup.document(content.markup), in: block, linkColor: nil) { self.bodyImage($0.src, width, maxHeight) }
        } else {
            block.setMarkup(Markup.sanitize(content.markup))
        }
        // Cut text takes the whole width it was offered: set again at its own, narrower width it
        // would wrap and cut elsewhere.
        let size = Size(width: block.isCut && proposedWidth != nil ? max(block.width, width) : block.width, height: block.height)
        if sizes.count >= Self.cacheCapacity { sizes.removeAll(keepingCapacity: true) }
        sizes[key] = size
        return size
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
