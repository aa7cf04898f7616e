import OverlayEngine
import XCTest
import CCairo
@testable import OverlayRenderer

final class MeasureTests: XCTestCase {
    let renderer = DefaultToast()
    let style = Fixtures.style

    private func height(summary: String = "Summary", body: String = "", progress: Int? = nil,
                        actions: [(key: String, label: String)] = []) -> Double {
        renderer.measure(ToastContent(summary: summary, body: body, progress: progress, actions: actions), style: style).height
    }

    func testDefaultStyleConstants() {
        XCTAssertEqual(style.width, 360)
        XCTAssertEqual(style.padding, 12)
        XCTAssertEqual(style.cornerRadius, 8)
        XCTAssertEqual(style.borderWidth, 2)
        XCTAssertEqual(style.background, Color(hex: 0x2B303B))
        XCTAssertEqual(style.border, Color(hex: 0x5E81AC))
        XCTAssertEqual(style.summaryColor, Color(hex: 0xECEFF4))
        XCTAssertEqual(style.bodyColor, Color(hex: 0xD8DEE9))
        XCTAssertEqual(style.font, "Sans 11")
        XCTAssertEqual(style.summaryFont, "Sans Bold 11")
        XCTAssertEqual(style.bodyMaxLines, 6)
        XCTAssertEqual(style.summaryMaxLines, 2)
        XCTAssertEqual(style.progressHeight, 6)
        XCTAssertEqual(style.contentInset, 14)
        XCTAssertEqual(style.contentWidth, 332)
    }

    func testEmptyContentHasAPositiveMinimumHeight() {
        let size = renderer.measure(ToastContent(), style: style)
        XCTAssertEqual(size.width, 360)
        // Border + padding on both sides, plus one (empty) summary line.
        XCTAssertGreaterThanOrEqual(size.height, 2 * style.contentInset + 10)
        XCTAssertEqual(size.height, height(summary: "A"), "an empty toast is as tall as a one-line summary")
        XCTAssertEqual(size.height, height(summary: "A", body: "  \n\t "), "a blank body adds nothing")
        XCTAssertEqual(size.height, height(summary: "A", body: "<img src=\"x.png\">"), "nor does one that shows nothing")
    }

    func testWidthIsFixed() {
        XCTAssertEqual(renderer.measure(ToastContent(summary: String(repeating: "W", count: 500)), style: style).width, 360)
        XCTAssertEqual(renderer.measure(ToastContent(summary: "x"), style: style).width, 360)
    }

    func testBodyIsCappedAtSixLines() {
        let five = height(body: Fixtures.lines(5))
        let six = height(body: Fixtures.lines(6))
        let seven = height(body: Fixtures.lines(7))
        let twenty = height(body: Fixtures.lines(20))
        XCTAssertGreaterThan(six, five)
        XCTAssertEqual(seven, six, "a 7th line is ellipsized away")
        XCTAssertEqual(twenty, six)
        XCTAssertEqual(height(body: Fixtures.lines(7).replacingOccurrences(of: "\n", with: "\r\n")), six)

        // A 1 MB body of wrapping words is just as tall.
        XCTAssertEqual(height(body: Fixtures.hugeBody), six)
    }

    func testMarkupDoesNotChangeLineCount() {
        XCTAssertEqual(height(body: "<b>bold</b> <i>x</i> & <blink>"), height(body: "plain"))
    }

    func testSummaryWrapsToAtMostTwoLines() {
        let one = height(summary: "Short")
        let two = height(summary: "A\nB")
        let long = height(summary: String(repeating: "summary words ", count: 100))
        XCTAssertGreaterThan(two, one)
        XCTAssertEqual(long, two)
        XCTAssertEqual(height(summary: "A\nB\nC\nD"), two)
    }

    func testProgressAndActionsAddFixedRows() {
        let base = height()
        XCTAssertEqual(height(progress: 40), base + style.progressSpacing + style.progressHeight)
        XCTAssertEqual(height(progress: 400), height(progress: 0), "out-of-range progress is clamped, not grown")
        XCTAssertEqual(height(actions: [("default", "Open")]), base, "the default action is not a button")
        let oneRow = height(actions: [("a", "A")])
        XCTAssertGreaterThan(oneRow, base + style.actions.spacing)
        XCTAssertEqual(height(actions: (0..<10).map { ("k\($0)", "Label \($0)") }), oneRow, "always one row")
    }

    func testActionFrames() {
        let content = ToastContent(summary: "S", actions: [("default", "Open"), ("reply", "Reply"), ("later", "Later")])
        let frames = renderer.actionFrames(content, style: style)
        XCTAssertEqual(frames.map(\.key), ["reply", "later"])
        let size = renderer.measure(content, style: style)
        XCTAssertEqual(frames[0].frame.x, style.contentInset)
        XCTAssertEqual(frames[1].frame.maxX, style.width - style.contentInset, accuracy: 1e-9)
        XCTAssertEqual(frames[1].frame.x - frames[0].frame.maxX, style.actions.gap, accuracy: 1e-9)
        XCTAssertEqual(frames[0].frame.maxY, size.height - style.contentInset)
    }
}

final class TextLayoutTests: XCTestCase {
    private func layoutText(_ block: TextBlock) -> String { String(cString: pango_layout_get_text(block.layout)) }

    func testSeventhLineBecomesAnEllipsis() {
        let block = TextBlock(in: TextContext(scale: 1), font: "Sans 11", width: 332, maxLines: 6)
        block.setText(Fixtures.lines(7))
        XCTAssertEqual(pango_layout_get_line_count(block.layout), 6)
        XCTAssertTrue(layoutText(block).hasSuffix("line 6\u{2026}"), layoutText(block))
        XCTAssertFalse(block.overflows)

        block.setText(Fixtures.lines(6))
        XCTAssertEqual(pango_layout_get_line_count(block.layout), 6)
        XCTAssertFalse(layoutText(block).contains("\u{2026}"))
    }

    func testMarkupBodyIsCutWithEllipsis() {
        let block = TextBlock(in: TextContext(scale: 1), font: "Sans 11", width: 332, maxLines: 6)
        block.setMarkup(Markup.sanitize(Fixtures.hugeBody))
        XCTAssertEqual(pango_layout_get_line_count(block.layout), 6)
        XCTAssertLessThan(layoutText(block).utf8.count, 1000)
        XCTAssertTrue(layoutText(block).hasSuffix("\u{2026}"))
    }

    func testSummaryIsPlainText() {
        let block = TextBlock(in: TextContext(scale: 1), font: "Sans Bold 11", width: 332, maxLines: 2)
        block.setText("<b>not bold</b> & co")
        XCTAssertEqual(layoutText(block), "<b>not bold</b> & co")
    }

    func testLogicalSizeDoesNotDependOnScale() {
        for text in ["Hello world", Fixtures.lines(3), String(repeating: "wrap me ", count: 40)] {
            let one = TextBlock(in: TextContext(scale: 1), font: "Sans 11", width: 332, maxLines: 6)
            let two = TextBlock(in: TextContext(scale: 2), font: "Sans 11", width: 332, maxLines: 6)
            one.setText(text)
            two.setText(text)
            XCTAssertEqual(one.height, two.height, text)
            XCTAssertEqual(one.width, two.width, text)
        }
    }

    func testParagraphSeparatorsBecomeLineSeparators() {
        XCTAssertEqual(TextBlock.singleParagraph("a\nb\r\nc\rd\u{2029}e"), "a\u{2028}b\u{2028}c\u{2028}d\u{2028}e")
        XCTAssertEqual(TextBlock.singleParagraph("plain"), "plain")
    }
}
