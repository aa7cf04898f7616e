// A fixed-pitch text measurer and lookups for view-tree tests.
@testable import OverlayEngine

/// 7 pt per character, 16 pt per line; wraps at any character to the proposed width.
struct FixedPitchMeasurer: TextMeasuring {
    static let advance = 7.0, lineHeight = 16.0
    func measure(_ text: TextContent, proposedWidth: Double?) -> Size {
        let count = text.markup.count
        guard count > 0 else { return Size(width: 0, height: Self.lineHeight) }
        var perLine = count
        if text.wraps, let proposedWidth {
            let fit = (proposedWidth / Self.advance).rounded(.down)
            perLine = fit >= Double(count) ? count : max(1, Int(fit))
        }
        var lines = (count + perLine - 1) / perLine
        if let limit = text.lineLimit { lines = min(lines, max(1, limit)) }
        var width = Double(min(count, perLine)) * Self.advance
        if !text.wraps, let proposedWidth { width = min(width, max(Self.advance, proposedWidth)) }
        return Size(width: width, height: Double(lines) * Self.lineHeight)
    }
}

extension ViewLayoutResult {
    /// Frames of the nodes themselves (not their backgrounds or borders), by node index.
    var nodeFrames: [Int: Rect] {
        var frames: [Int: Rect] = [:]
        for item in placed { if case .node = item.part { frames[item.index] = item.frame } }
        return frames
    }
    /// Frame of the node with `id`.
    func frame(_ id: String) -> Rect? {
        placed.first { $0.id == id && { if case .node = $0.part { true } else { false } }($0) }?.frame
    }
}

func layout(_ node: ViewNode, width: Double? = nil, height: Double? = nil) -> ViewLayoutResult {
    ViewLayout.layout(node, proposal: ProposedSize(width: width, height: height), measuring: FixedPitchMeasurer())
}
