// View-tree text measured with Pango: sizes grow with the text, wrap to the offer and obey limits.
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite("ViewTree Pango measuring")
struct ViewTreeTextMeasureTests {
    let measurer = PangoTextMeasurer()

    @Test func longerTextIsWiderAndBoldIsNoNarrower() {
        let short = measurer.measure(TextContent("Volume"), proposedWidth: nil)
        let long = measurer.measure(TextContent("Volume and brightness"), proposedWidth: nil)
        let bold = measurer.measure(TextContent("Volume", font: FontSpec(weight: .bold)), proposedWidth: nil)
        #expect(short.width > 0 && short.height > 0)
        #expect(long.width > short.width && long.height == short.height)
        #expect(bold.width >= short.width)
    }

    @Test func wrapsToTheProposedWidthAndStopsAtTheLineLimit() {
        let text = "The quick brown fox jumps over the lazy dog"
        let one = measurer.measure(TextContent(text), proposedWidth: nil)
        let wrapped = measurer.measure(TextContent(text), proposedWidth: one.width / 3)
        #expect(wrapped.width <= one.width / 3)
        #expect(wrapped.height >= 3 * one.height)
        let limited = measurer.measure(TextContent(text, lineLimit: 2), proposedWidth: one.width / 3)
        #expect(abs(limited.height - 2 * one.height) <= 1, "two lines (each line's height rounds up alone)")
        let unwrapped = measurer.measure(TextContent(text, wraps: false), proposedWidth: one.width / 3)
        #expect(unwrapped.height == one.height)
    }

    @Test func markupIsSanitisedBeforeMeasuring() {
        // The tags are markup, not text (the unclosed one repaired): about the plain word's width,
        // where the tags as text would add 3 characters or more.
        let plain = measurer.measure(TextContent("Volume"), proposedWidth: nil)
        let tagged = measurer.measure(TextContent("<i>Volume"), proposedWidth: nil)
        #expect(abs(tagged.width - plain.width) < plain.width * 0.2)
    }

    @Test func fontNamesFollowPangoSyntax() {
        #expect(PangoTextMeasurer.fontName(FontSpec()) == "Sans 13")
        #expect(PangoTextMeasurer.fontName(FontSpec(family: "DejaVu Serif", size: 10.5, weight: .semibold)) == "DejaVu Serif Semi-Bold 10.5")
    }
}
