import CCairo
import XCTest
@testable import OverlayRenderer

/// `<a href>` and `<img src>` in bodies: what `Markup.document` extracts, and that its byte
/// ranges point at the right text of the layout.
final class MarkupLinkTests: XCTestCase {
    /// The text Pango lays out for `markup` (as `TextBlock.setMarkup` prepares it).
    private func plain(_ markup: String) -> [UInt8] {
        var text: UnsafeMutablePointer<CChar>?
        XCTAssertNotEqual(pango_parse_markup(TextBlock.singleParagraph(markup), -1, 0, nil, &text, nil, nil), 0)
        defer { g_free(text) }
        return Array(String(cString: text!).utf8)
    }

    /// (href, linked text) for each resolved link; images resolved as `loaded` says.
    private func links(_ body: String, loaded: Bool = false) -> [(String, String)] {
        let resolved = Markup.document(body).resolved { _ in loaded }
        let text = plain(resolved.markup)
        return resolved.links.map { ($0.href, String(decoding: text[$0.range], as: UTF8.self)) }
    }

    private func assertLinks(_ body: String, _ expected: [(String, String)], loaded: Bool = false,
                             file: StaticString = #filePath, line: UInt = #line) {
        let got = links(body, loaded: loaded)
        XCTAssertEqual(got.map(\.0), expected.map(\.0), "hrefs of \(body.debugDescription)", file: file, line: line)
        XCTAssertEqual(got.map(\.1), expected.map(\.1), "linked text of \(body.debugDescription)", file: file, line: line)
    }

    func testLinksAreUnderlinedAndTheirRangesCoverTheirText() {
        let document = Markup.document("See <a href=\"https://example.org/?a=1&amp;b=2\">the <b>docs</b></a> now")
        XCTAssertEqual(document.markup, "See <u>the <b>docs</b></u> now")
        XCTAssertEqual(document.links.map(\.href), ["https://example.org/?a=1&b=2"], "entities in href are decoded")
        assertLinks("See <a href=\"https://example.org/?a=1&amp;b=2\">the <b>docs</b></a> now",
                    [("https://example.org/?a=1&b=2", "the docs")])
    }

    /// Byte offsets survive entities, multi-byte text and newlines (LF becomes the 3-byte U+2028).
    func testRangesAfterEntitiesNewlinesAndMultiByteText() {
        assertLinks("Größe &lt;1&gt; &#x1F600;<br>line\ntwo <a href='mailto:a@b.c'>mäil</a> and <A HREF=http://x.y/z>x</A>",
                    [("mailto:a@b.c", "mäil"), ("http://x.y/z", "x")])
    }

    func testNestedUnterminatedAndHrefLessLinks() {
        // An <a> inside a link is plain text of the outer one; its closer closes itself only.
        assertLinks("<a href='https://outer'>out <a href='https://inner'>in</a> more</a> after",
                    [("https://outer", "out in more")])
        // Unterminated: closed at the end of the body.
        assertLinks("x <a href='https://open'>to the end", [("https://open", "to the end")])
        // No href (or an empty one): underlined, but nothing to click.
        XCTAssertEqual(Markup.document("<a>plain</a> <a href=''>e</a>").links, [])
        XCTAssertEqual(Markup.document("<a>plain</a>").markup, "<u>plain</u>")
        // Empty link text: nothing to click either.
        assertLinks("<a href='https://empty'></a>text", [])
        // A broken tag is literal text, not a link.
        assertLinks("<a href='https://x>y", [])
    }

    func testThousandsOfLinksAreBounded() {
        let body = String(repeating: "<a href='https://e/'>e</a>", count: 5000)
        let document = Markup.document(body)
        XCTAssertLessThanOrEqual(document.links.count, Markup.maxLinks)
        XCTAssertTrue(Markup.isValid(document.markup))
        XCTAssertEqual(links(body).count, document.links.count)
    }

    func testImagesArePlaceholdersAndFallBackToAltText() {
        let body = "a <img src=\"/x.png\" alt=\"[pic &amp; co]\"/> b <a href='https://l'>link</a>"
        let document = Markup.document(body)
        XCTAssertEqual(document.images, [MarkupDocument.Image(src: "/x.png", alt: "[pic & co]", offset: 2)])
        XCTAssertEqual(document.markup, "a \u{FFFC} b <u>link</u>")
        // Not loaded: the alt text (escaped) stands in, and the link's range moves with it.
        let failed = document.resolved { _ in false }
        XCTAssertEqual(failed.markup, "a [pic &amp; co] b <u>link</u>")
        XCTAssertEqual(failed.images.count, 0)
        assertLinks(body, [("https://l", "link")])
        // Loaded: the placeholder stays, its offset is in the laid-out text.
        let kept = document.resolved { _ in true }
        XCTAssertEqual(kept.images.map(\.offset), [2])
        XCTAssertEqual(Array(plain(kept.markup)[2..<5]), MarkupRepair.placeholder)
        assertLinks(body, [("https://l", "link")], loaded: true)
        XCTAssertEqual(Markup.sanitize(body), "a [pic &amp; co] b <u>link</u>", "sanitize shows alt text")
    }

    func testImagesWithoutSrcAndTooManyImages() {
        XCTAssertEqual(Markup.document("<img alt='only alt'>").images, [])
        XCTAssertEqual(Markup.document("<img alt='only alt'>").markup, "only alt")
        XCTAssertEqual(Markup.document("<img src=''>x").markup, "x")
        let many = Markup.document(String(repeating: "<img src='/a.png' alt='A'>", count: 50))
        XCTAssertEqual(many.images.count, Markup.maxImages)
        XCTAssertEqual(many.resolved { _ in false }.markup, String(repeating: "A", count: 50))
    }

    func testFileSourcesOnly() {
        XCTAssertEqual(BodyImage.path(ofSource: "/tmp/a.png"), "/tmp/a.png")
        XCTAssertEqual(BodyImage.path(ofSource: "file:///tmp/a%20b.png"), "/tmp/a b.png")
        XCTAssertEqual(BodyImage.path(ofSource: "file://localhost/tmp/a.png"), "/tmp/a.png")
        XCTAssertNil(BodyImage.path(ofSource: "https://example.org/a.png"))
        XCTAssertNil(BodyImage.path(ofSource: "file://evil.host/a.png"))
        XCTAssertNil(BodyImage.path(ofSource: "file:///tmp/a%00.png"))
        XCTAssertNil(BodyImage.path(ofSource: "a.png"))
    }
}
