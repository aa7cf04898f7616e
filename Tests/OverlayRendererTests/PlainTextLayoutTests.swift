// Text with no tags, entities or control characters is set as text, not parsed as markup: it must
// lay out exactly as its sanitised markup does, and anything else must still be parsed.
import OverlayEngine
import PropertyBased
import Testing
@testable import OverlayRenderer

struct PlainTextLayoutTests {
    static let pieces = ["4", "5", "%", " ", "Volume", "é", "日本", "שלום", ">", "\"", "'", "…", "🔊", "a-b", "x/y", ";"]

    @Test func plainTextLaysOutAsItsMarkupDoes() async {
        let text = Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...30).map { $0.map { Self.pieces[$0] }.joined() }
        await propertyCheck(count: 200, input: text, Gen.int(in: 1...3), Gen.int(in: 20...300)) { text, lines, width in
            #expect(Markup.isPlain(text))
            let context = TextContext(scale: 1)
            let asText = TextBlock(in: context, font: "Sans 11", width: Double(width), maxLines: lines)
            asText.setText(text)
            let asMarkup = TextBlock(in: context, font: "Sans 11", width: Double(width), maxLines: lines)
            asMarkup.setMarkup(Markup.sanitize(text))
            #expect(asText.width == asMarkup.width && asText.height == asMarkup.height && asText.isCut == asMarkup.isCut,
                    "\(text) at \(width) pt, \(lines) lines")
        }
    }

    @Test func markupEntitiesAndControlCharactersAreNotPlain() {
        for text in ["<b>45</b>", "a &amp; b", "a & b", "two\nlines", "tab\there", "del\u{7F}"] {
            #expect(!Markup.isPlain(text), "\(text)")
        }
        #expect(!Markup.isPlain(String(repeating: "a", count: Markup.maxInputBytes + 1)), "longer than sanitising keeps")
        #expect(Markup.isPlain("45%") && Markup.isPlain(""))
    }

    @Test func aPlainTextSetThroughTheCacheIsTheSizeItsMarkupGives() {
        // Through the cache: the same size as the markup path gives it (a percentage, a label).
        let trees = ViewTreeRenderer()
        for text in ["45%", "Volume", "Brightness 80 %"] {
            let set = trees.setText(TextContent(text), width: 200, scale: 1)
            let parsed = TextBlock(in: TextContext(scale: 1), font: PangoTextMeasurer.fontName(TextContent(text).font), width: 200.01, maxLines: 1)
            parsed.setMarkup(Markup.sanitize(text))
            #expect(set.block.width == parsed.width && set.block.height == parsed.height, "\(text)")
        }
    }
}
