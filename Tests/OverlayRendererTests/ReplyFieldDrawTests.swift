import OverlayEngine
import CCairo
import XCTest
@testable import OverlayRenderer

/// The inline-reply row: where the field and its button go, that typing never resizes the toast,
/// and which pixels the placeholder, the typed text and the caret turn.
final class ReplyFieldDrawTests: XCTestCase {
    let renderer = DefaultToast()
    let style = ToastStyle.standard

    func content(text: String = "", caret: Int? = nil) -> ToastContent {
        var content = ToastContent(summary: "Ann", body: "lunch?", actions: [("mute", "Mute")])
        var field = ReplyFieldContent(placeholder: "Write back", submitLabel: "Answer")
        field.text = text
        field.caret = caret
        content.reply = field
        return content
    }

    func render(_ content: ToastContent) -> Canvas {
        let height = renderer.measure(content, style: style).height
        let canvas = Canvas(pixelWidth: Int(style.width), pixelHeight: Int(height), scale: 1)
        renderer.draw(content, style: style, on: canvas, x: 0, y: 0)
        return canvas
    }

    /// Pixels in `f` whose every channel is at least `threshold` (the body colour #D8DEE9 is; the
    /// field #1F232B and the placeholder at 55 % are not).
    func bright(_ canvas: Canvas, in f: Rect, threshold: UInt8 = 170) -> Int {
        var n = 0
        for y in Int(f.y)..<Int(f.maxY) {
            for x in Int(f.x)..<Int(f.maxX) {
                let p = canvas.pixel(x: x, y: y)
                if p.r >= threshold && p.g >= threshold && p.b >= threshold { n += 1 }
            }
        }
        return n
    }

    func testTheRowSitsUnderTheButtonsFieldFirstThenTheButton() throws {
        let frames = try XCTUnwrap(renderer.replyFrames(content(), style: style))
        let buttons = renderer.actionFrames(content(), style: style)
        XCTAssertEqual(buttons.map(\.key), ["mute"])
        let size = renderer.measure(content(), style: style)
        XCTAssertEqual(frames.field.y, buttons[0].frame.maxY + style.actions.spacing, "8 pt under the action row")
        XCTAssertEqual(frames.field.x, style.contentInset)
        XCTAssertEqual(frames.submit.maxX, style.contentInset + style.contentWidth, accuracy: 0.001)
        XCTAssertEqual(frames.field.maxX + style.actions.gap, frames.submit.x, accuracy: 0.001)
        XCTAssertEqual(frames.field.maxY + style.contentInset, size.height, "the row ends the toast")
        XCTAssertGreaterThan(frames.field.width, frames.submit.width * 2)
        XCTAssertNil(renderer.replyFrames(ToastContent(summary: "no field"), style: style))
    }

    func testTypingNeverResizesTheToast() {
        let empty = renderer.measure(content(), style: style)
        for text in ["a", "👍🏽 taller glyphs 中文", String(repeating: "long ", count: 200)] {
            let typed = renderer.measure(content(text: text, caret: text.count), style: style)
            XCTAssertEqual(typed.height, empty.height, text)
            XCTAssertEqual(typed.width, empty.width)
        }
    }

    func testPlaceholderIsDimTextIsBrightAndTheCaretShowsWhileFocused() throws {
        let field = try XCTUnwrap(renderer.replyFrames(content(), style: style)).field
        let inside = Rect(x: field.x + 2, y: field.y + 2, width: field.width - 4, height: field.height - 4)
        XCTAssertEqual(bright(render(content()), in: inside), 0, "the placeholder is at 55 %: no bright pixel")
        XCTAssertGreaterThan(bright(render(content()), in: inside, threshold: 90), 20, "but it is drawn")
        let focusedEmpty = bright(render(content(caret: 0)), in: inside)
        XCTAssertGreaterThan(focusedEmpty, 10, "the caret")
        XCTAssertLessThan(focusedEmpty, 2 * Int(field.height), "a caret is a thin bar")
        XCTAssertGreaterThan(bright(render(content(text: "see you")), in: inside), 40, "typed text in the body colour")
    }

    /// In a mirrored toast (a Hebrew summary) the field's text runs from its right edge, whatever
    /// is typed (here Latin letters, which alone would read left to right); in a left-to-right
    /// toast from its left edge.
    func testTheTextFollowsTheToastsDirection() throws {
        for rightToLeft in [true, false] {
            var content = content(text: "ok ok", caret: nil)
            content.summary = rightToLeft ? "שלום" : "Hello"
            let field = try XCTUnwrap(renderer.replyFrames(content, style: style)).field
            XCTAssertEqual(renderer.isRightToLeft(content, style: style), rightToLeft)
            let canvas = render(content)
            let third = (field.width - 4) / 3
            let left = bright(canvas, in: Rect(x: field.x + 2, y: field.y + 2, width: third, height: field.height - 4))
            let right = bright(canvas, in: Rect(x: field.maxX - 2 - third, y: field.y + 2, width: third, height: field.height - 4))
            if rightToLeft {
                XCTAssertGreaterThan(right, 20, "the text ends at the field's right edge")
                XCTAssertEqual(left, 0, "nothing at its left")
                content.reply?.caret = 5
                let inside = Rect(x: field.x + 2, y: field.y + 2, width: field.width - 4, height: field.height - 4)
                XCTAssertGreaterThan(bright(render(content), in: inside), bright(canvas, in: inside) + 10, "the caret is drawn in the field")
                XCTAssertEqual(renderer.replyCaret(content, style: style, atX: field.maxX - 4), 0,
                               "a click at the field's right edge is at the start of its right-to-left line")
            } else {
                XCTAssertGreaterThan(left, 20, "the text starts at the field's left edge")
                XCTAssertEqual(right, 0, "nothing at its right")
            }
        }
    }

    func testTheCaretFollowsItsPositionAndLongTextScrollsToKeepItInside() throws {
        let field = try XCTUnwrap(renderer.replyFrames(content(), style: style)).field
        // A visible letter, then spaces far wider than the field: only the letter and the caret are bright.
        let text = "W" + String(repeating: " ", count: 150)
        let atStart = render(content(text: text, caret: 0)), atEnd = render(content(text: text, caret: text.count))
        let firstColumn = Rect(x: field.x + 2, y: field.y + 2, width: 14, height: field.height - 4)
        let lastColumn = Rect(x: field.maxX - 12, y: field.y + 2, width: 10, height: field.height - 4)
        XCTAssertGreaterThan(bright(atStart, in: firstColumn), 5, "caret at the start: the letter and the caret show")
        XCTAssertEqual(bright(atStart, in: lastColumn), 0)
        XCTAssertEqual(bright(atEnd, in: firstColumn), 0, "caret at the end: the text scrolled, the letter is out of sight")
        XCTAssertGreaterThan(bright(atEnd, in: lastColumn), 5, "and the caret is at the field's end")
        let right = Rect(x: field.maxX + 1, y: field.y, width: 4, height: field.height)
        XCTAssertEqual(bright(atEnd, in: right) + bright(atStart, in: right), 0, "nothing spills past the field")
    }
}

extension ReplyFieldDrawTests {
    func testAClickPutsTheCaretAtTheNearestCharacterBoundary() throws {
        let typed = content(text: "see you 👍🏽 at one")
        let field = try XCTUnwrap(renderer.replyFrames(typed, style: style)).field
        XCTAssertEqual(renderer.replyCaret(typed, style: style, atX: field.x), 0, "left of the text: the start")
        XCTAssertEqual(renderer.replyCaret(typed, style: style, atX: field.maxX - 2), 16, "right of the text: the end (16 characters, 👍🏽 one of them)")
        let middle = try XCTUnwrap(renderer.replyCaret(typed, style: style, atX: field.x + 40))
        XCTAssertTrue((1...15).contains(middle), "inside the text: between its characters (\(middle))")
        var last = 0
        for x in stride(from: field.x, to: field.maxX, by: 3) {
            let caret = try XCTUnwrap(renderer.replyCaret(typed, style: style, atX: x))
            XCTAssertGreaterThanOrEqual(caret, last, "further right is never earlier")
            last = caret
        }
        XCTAssertEqual(renderer.replyCaret(content(), style: style, atX: field.x + 40), 0, "an empty field: the start")
    }
}
