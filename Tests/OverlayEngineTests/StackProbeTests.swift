@testable import OverlayEngine
import Testing

/// A stack weighs its children's flexibility by the lengths they pick offered nothing and
/// offered everything; a child whose frame alone decides those (a fixed length, or one that grows
/// without bound) is not asked, so its text is never set at no width or at unbounded width.
@Suite struct StackProbeTests {
    /// Measures like `FixedPitchMeasurer` and records the widths it was asked for.
    final class Recording: TextMeasuring {
        var widths: [Double?] = []
        func measure(_ text: TextContent, proposedWidth: Double?) -> Size {
            widths.append(proposedWidth)
            return FixedPitchMeasurer().measure(text, proposedWidth: proposedWidth)
        }
    }

    @Test func aColumnThatGrowsWithoutBoundIsNotProbed() {
        let node = HStack(spacing: 0) {
            Spacer().frame(width: 6)
            Text(String(repeating: "word ", count: 40)).frame(maxWidth: .infinity, alignment: .leading).padding(4)
            Spacer().frame(width: 16)
        }
        let measurer = Recording()
        let result = ViewLayout.layout(node, proposal: ProposedSize(width: 300, height: nil), measuring: measurer)
        #expect(!measurer.widths.contains { $0 == nil || $0! <= 1 || $0!.isInfinite }, "asked for \(measurer.widths)")
        let text = result.placed.first { if case .node(.text) = $0.part { true } else { false } }
        #expect(text?.frame.minX == 10, "after the 6 pt spacer and the padding")
        #expect(text.map { $0.frame.width > 250 && $0.frame.width <= 270 } == true, "wrapped in the 270 pt left between the fixed ones")
    }
}
