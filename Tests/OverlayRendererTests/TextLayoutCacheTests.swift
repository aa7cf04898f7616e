// View-tree text is set in Pango once for measuring and painting: the layout measured is the one
// drawn, and a change of text, font or a width that breaks its lines elsewhere sets it anew.
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite("Text layout cache")
struct TextLayoutCacheTests {
    let sentence = TextContent("The quick brown fox jumps over the lazy dog")

    @Test func measuringAtEveryProposalAndDrawingSetsAShortTextOnce() {
        let trees = ViewTreeRenderer()
        let natural = trees.measurer.measure(sentence, proposedWidth: nil)
        #expect(trees.textsLaidOut == 1)
        // Offers wider than its line, then the frame it is drawn in (its own width).
        let offered = trees.measurer.measure(sentence, proposedWidth: natural.width + 40)
        let drawn = trees.setText(sentence, width: natural.width, scale: 1)
        #expect(offered == natural)
        #expect(drawn.block.width == natural.width && drawn.block.height == natural.height)
        #expect(trees.textsLaidOut == 1, "one layout served the ideal size, the offer and the drawing")
    }

    @Test func aWrappedTextIsDrawnWithTheLayoutItWasMeasuredWith() {
        let trees = ViewTreeRenderer()
        let natural = trees.measurer.measure(sentence, proposedWidth: nil)
        let wrapped = trees.measurer.measure(sentence, proposedWidth: natural.width / 2)
        #expect(wrapped.height > natural.height)
        let before = trees.textsLaidOut
        let drawn = trees.setText(sentence, width: wrapped.width, scale: 1)
        #expect(trees.textsLaidOut == before, "the frame is the measured width: the measured layout")
        #expect(drawn.block.height == wrapped.height)
    }

    @Test func aChangedTextFontOrLineBreakingWidthIsSetAnew() {
        let trees = ViewTreeRenderer()
        let natural = trees.measurer.measure(sentence, proposedWidth: nil)
        var count = trees.textsLaidOut
        func setsAnew(_ content: TextContent, width: Double?, _ why: Comment) -> Size {
            let size = trees.measurer.measure(content, proposedWidth: width)
            #expect(trees.textsLaidOut == count + 1, why)
            count = trees.textsLaidOut
            return size
        }
        let other = setsAnew(TextContent("The quick brown fox"), width: nil, "another text")
        #expect(other.width < natural.width)
        var bold = sentence
        bold.font.weight = .bold
        #expect(setsAnew(bold, width: nil, "another font").width > natural.width)
        let narrow = setsAnew(sentence, width: natural.width - 30, "narrower than its line: it breaks elsewhere")
        #expect(narrow.height > natural.height)
        var twoLines = sentence
        twoLines.lineLimit = 1
        let cut = setsAnew(twoLines, width: natural.width - 30, "another line limit")
        #expect(cut.height == natural.height && cut.width == natural.width - 30, "cut text takes the offered width")
        _ = setsAnew(twoLines, width: natural.width - 40, "cut text is set again at each width")
    }

    @Test func rightToLeftTextIsSetAtEachWidth() {
        // Its lines are aligned to the layout's right edge: a wider layout draws it elsewhere.
        let trees = ViewTreeRenderer()
        let hebrew = TextContent("שלום עולם")
        let natural = trees.measurer.measure(hebrew, proposedWidth: nil)
        let before = trees.textsLaidOut
        let drawn = trees.setText(hebrew, width: natural.width, scale: 1)
        #expect(trees.textsLaidOut == before + 1)
        #expect(drawn.block.isRightToLeft && drawn.block.width == natural.width)
    }

    @Test func theLeastRecentlyUsedTextsGoFirst() {
        let trees = ViewTreeRenderer()
        let kept = TextContent("Kept while others come and go")
        _ = trees.measurer.measure(kept, proposedWidth: nil)
        for i in 0..<(2 * ViewTreeRenderer.textCapacity) {
            _ = trees.measurer.measure(TextContent("Other \(i)"), proposedWidth: nil)
            _ = trees.measurer.measure(kept, proposedWidth: nil)
        }
        let count = trees.textsLaidOut
        _ = trees.measurer.measure(kept, proposedWidth: nil)
        #expect(trees.textsLaidOut == count, "used all along: still kept")
        _ = trees.measurer.measure(TextContent("Other 0"), proposedWidth: nil)
        #expect(trees.textsLaidOut == count + 1, "the oldest went")
        #expect(trees.cachedCount <= ViewTreeRenderer.textCapacity)
    }

    /// A view tree may name any font: the descriptions kept stay within their bound, and a text
    /// set before they were freed keeps its own copy (it is set again with the same size).
    @Test func fontDescriptionsKeptStayWithinTheirBound() {
        let context = TextContext(scale: 1)
        let first = TextBlock(in: context, font: "DejaVu Sans Bold 20", width: 300, maxLines: 1)
        first.setMarkup("Volume")
        let size = (first.width, first.height)
        for i in 0..<(3 * TextContext.fontCapacity) {
            _ = TextBlock(in: context, font: "Family\(i) \(8 + i % 20)", width: 300, maxLines: 1)
            #expect(context.fontCount <= TextContext.fontCapacity)
        }
        first.setMarkup("Volume")
        #expect(first.width == size.0 && first.height == size.1 && size.1 > 20)
    }
}

