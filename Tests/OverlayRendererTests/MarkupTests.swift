import XCTest
@testable import OverlayRenderer

final class MarkupTests: XCTestCase {
    private func assertSanitized(_ input: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let output = Markup.sanitize(input)
        XCTAssertEqual(output, expected, "sanitize(\(input.debugDescription))", file: file, line: line)
        XCTAssertTrue(Markup.isValid(output), "Pango must accept \(output.debugDescription)", file: file, line: line)
    }

    func testAllowedTagsAreKept() {
        assertSanitized("<b>bold</b> <i>it</i> <u>u</u> <s>s</s> <tt>t</tt>",
                        "<b>bold</b> <i>it</i> <u>u</u> <s>s</s> <tt>t</tt>")
        assertSanitized("<B>loud</B>", "<b>loud</b>")
        // Attributes on simple tags are dropped.
        assertSanitized("<b class=\"x\">y</b>", "<b>y</b>")
    }

    func testSpanKeepsOnlyColourAndSizeAttributes() {
        assertSanitized("<span foreground=\"#ff0000\" font=\"Serif 40\" size=\"large\" weight='bold'>x</span>",
                        "<span foreground=\"#ff0000\" size=\"large\">x</span>")
        assertSanitized("<span color='red' background=\"#000\">x</span>", "<span color=\"red\" background=\"#000\">x</span>")
        // Values Pango rejects are dropped, not fatal.
        assertSanitized("<span color=\"notacolor\">x</span>", "<span>x</span>")
        // Sizes are clamped (1024ths of a point, pt, %) and relative keywords dropped, so text
        // cannot grow without bound.
        assertSanitized("<span size=\"999999\">x</span>", "<span size=\"24576\">x</span>")
        assertSanitized("<span font_size=\"200pt\">x</span>", "<span font_size=\"24pt\">x</span>")
        assertSanitized("<span size=\"larger\">x</span>", "<span>x</span>")
    }

    func testUnknownTagsAreShownAsText() {
        assertSanitized("<blink>hi</blink>", "&lt;blink&gt;hi&lt;/blink&gt;")
        assertSanitized("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;")
        assertSanitized("<!-- c -->", "&lt;!-- c --&gt;")
    }

    func testLinksImagesAndBreaks() {
        assertSanitized("see <a href=\"https://example.org/?a=1&amp;b=2\">the docs</a>", "see <u>the docs</u>")
        assertSanitized("<img src=\"x.png\" alt=\"a &amp; b\"/> done", "a &amp; b done")
        assertSanitized("<img src=x alt='<3'>", "&lt;3")
        assertSanitized("<img src=\"x.png\">", "")
        assertSanitized("one<br>two<br/>three", "one\ntwo\nthree")
    }

    func testMisnestedAndUnclosedTagsAreRepaired() {
        // A stray closer is ignored, and what is open is closed at the end.
        assertSanitized("<b>x</i>", "<b>x</b>")
        assertSanitized("<b>x", "<b>x</b>")
        assertSanitized("<b><i>x", "<b><i>x</i></b>")
        // Closing an outer tag closes the inner one too.
        assertSanitized("<b><i>x</b>y</i>", "<b><i>x</i></b>y")
        assertSanitized("</b>x", "x")
        // An unfinished tag is text.
        assertSanitized("x <b", "x &lt;b")
        assertSanitized("<span color=\"red>x", "&lt;span color=\"red&gt;x")
    }

    func testEntities() {
        assertSanitized("&amp; &lt; &gt; &quot; &apos; &#169; &#x263A;", "&amp; &lt; &gt; &quot; &apos; &#169; &#x263A;")
        assertSanitized("a &foo; b", "a &amp;foo; b")
        assertSanitized("&#0; &#xD800;", "&amp;#0; &amp;#xD800;")
        assertSanitized("Tom & Jerry", "Tom &amp; Jerry")
        assertSanitized("&", "&amp;")
        assertSanitized("1 < 2 > 0", "1 &lt; 2 &gt; 0")
        assertSanitized("if (a<b && c>d)", "if (a&lt;b &amp;&amp; c&gt;d)")
    }

    func testControlCharactersAndLineEndings() {
        assertSanitized("a\u{1}b\tc\r\nd\re", "ab\tc\nd\ne")
    }

    func testEscape() {
        XCTAssertEqual(Markup.escape("<a href='x'>&\"</a>"), "&lt;a href=&apos;x&apos;&gt;&amp;&quot;&lt;/a&gt;")
        XCTAssertEqual(Markup.escape("ünïcode ✓"), "ünïcode ✓")
    }

    func testDeepNestingIsBounded() {
        let input = String(repeating: "<b>", count: 100) + "x" + String(repeating: "</b>", count: 100)
        let output = Markup.sanitize(input)
        XCTAssertTrue(Markup.isValid(output))
        XCTAssertTrue(output.contains("x"))
        XCTAssertLessThanOrEqual(output.components(separatedBy: "<b>").count - 1, Markup.maxDepth)
    }

    func testHugeBodyIsCutBeforeParsing() {
        let chunk = "<b>bold</b> & <i>it <blink> &amp; plain text ünï ✓ </i>"
        let body = String(repeating: chunk, count: (1 << 20) / chunk.utf8.count + 1)
        XCTAssertGreaterThan(body.utf8.count, 1 << 20)
        let output = Markup.sanitize(body)
        XCTAssertTrue(Markup.isValid(output))
        // 8 KiB of input; escaping can at most grow each byte to "&quot;" (6 bytes).
        XCTAssertLessThanOrEqual(output.utf8.count, Markup.maxInputBytes * 6)
        XCTAssertGreaterThan(output.utf8.count, Markup.maxInputBytes / 2)
    }

    func testCutHappensOnACharacterBoundary() {
        // 3-byte characters: 8192 is not a multiple of 3, so a byte cut would split one.
        let body = String(repeating: "✓", count: 400_000)
        let cut = Markup.prefix(body, maxBytes: Markup.maxInputBytes)
        XCTAssertEqual(cut.utf8.count, (Markup.maxInputBytes / 3) * 3)
        XCTAssertTrue(cut.allSatisfy { $0 == "✓" })
        // A single enormous grapheme (zalgo) falls back to a scalar boundary instead of nothing.
        let zalgo = "a" + String(repeating: "\u{301}", count: 10_000)
        let zcut = Markup.prefix(zalgo, maxBytes: 1001)
        XCTAssertEqual(zcut.utf8.count, 1001)
        XCTAssertTrue(Markup.isValid(Markup.sanitize(zalgo)))
    }

    /// Deterministic tag soup: whatever comes in, Pango accepts what comes out, and text survives.
    func testTagSoupAlwaysParses() {
        let pieces = ["<b>", "</b>", "<i>", "</i>", "<span color='red'>", "</span>", "<a href=x>", "</a>", "<",
                      ">", "&", "&amp;", "&bogus;", "&#9731;", "<img alt='q'>", "<br>", "</u>", "<tt", "'", "\"",
                      "word", " ", "\n", "<blink>", "</blink>", "<span size=\"x\">", "&#", "<u>", "</"]
        var seed: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<500 {
            var input = ""
            for _ in 0..<12 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                input += pieces[Int((seed >> 33) % UInt64(pieces.count))]
            }
            let output = Markup.sanitize(input)
            XCTAssertTrue(Markup.isValid(output), "\(input.debugDescription) -> \(output.debugDescription)")
            if input.contains("word") { XCTAssertTrue(output.contains("word"), input.debugDescription) }
        }
    }
}
