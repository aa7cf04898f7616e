import OverlayEngine
import XCTest
@testable import OverlayRenderer

/// A toast whose summary reads right to left is mirrored: icon and urgent bar right, close
/// button left, action buttons in reverse order. Pixels are read from a 360 pt toast at (0, 0).
final class RightToLeftLayoutTests: XCTestCase {
    let renderer = DefaultToast()
    var style: ToastStyle {
        var style = ToastStyle()
        style.showsCloseButton = true
        return style
    }
    /// A 4×4 opaque green icon, drawn enlarged to the 48 pt icon square.
    let green = ImageSource.raw(RawImage(width: 4, height: 4, rowstride: 16, hasAlpha: true, channels: 4,
                                         bytes: Array(repeating: [0, 255, 0, 255], count: 16).flatMap { $0 }))

    private func content(_ summary: String) -> ToastContent {
        var content = ToastContent(summary: summary, body: "", actions: [("a", "1"), ("b", "2"), ("c", "3")], icon: green)
        content.emphasis = .urgent
        return content
    }

    private func draw(_ content: ToastContent) -> Canvas {
        let height = renderer.measure(content, style: style).height
        let canvas = Canvas(pixelWidth: 360, pixelHeight: Int(height), scale: 1)
        renderer.draw(content, style: style, on: canvas, x: 0, y: 0)
        return canvas
    }

    func testHebrewAndArabicSummariesAreMirrored() throws {
        for summary in ["הודעה חדשה", "رسالة جديدة", "123 שלום world"] {
            let close = try XCTUnwrap(renderer.closeButtonFrame(content(summary), style: style))
            XCTAssertEqual(close.minX, 14, "\(summary): the close button is at the left inset")
            let keys = renderer.actionFrames(content(summary), style: style).sorted { $0.frame.minX < $1.frame.minX }.map(\.key)
            XCTAssertEqual(keys, ["c", "b", "a"], "\(summary): the first action is rightmost")
            let canvas = draw(content(summary))
            // The icon's 48 pt square ends at the right inset (360 − 14); the bar runs down the right edge.
            XCTAssertEqual(canvas.pixel(x: 360 - 14 - 24, y: 14 + 24).g, 255, "\(summary): icon on the right")
            XCTAssertNotEqual(canvas.pixel(x: 14 + 24, y: 14 + 24).g, 255, "\(summary): no icon on the left")
            XCTAssertEqual(canvas.pixel(x: 360 - 2 - 3, y: 30).r, 0xFF, "\(summary): urgent bar on the right")
        }
    }

    func testLeftToRightSummariesKeepTheLayout() throws {
        // English first, even with Hebrew after it, stays left to right.
        for summary in ["New message", "Re: שלום", "会议提醒"] {
            let close = try XCTUnwrap(renderer.closeButtonFrame(content(summary), style: style))
            XCTAssertEqual(close.maxX, 360 - 14, "\(summary)")
            let keys = renderer.actionFrames(content(summary), style: style).sorted { $0.frame.minX < $1.frame.minX }.map(\.key)
            XCTAssertEqual(keys, ["a", "b", "c"], "\(summary)")
            let canvas = draw(content(summary))
            XCTAssertEqual(canvas.pixel(x: 14 + 24, y: 14 + 24).g, 255, "\(summary): icon on the left")
            XCTAssertEqual(canvas.pixel(x: 2 + 3, y: 30).r, 0xFF, "\(summary): urgent bar on the left")
        }
    }

    func testTheReplyFieldsSendButtonMovesLeft() throws {
        for (summary, mirrored) in [("תשובה", true), ("Reply", false)] {
            var content = ToastContent(summary: summary)
            content.reply = ReplyFieldContent(placeholder: "…", submitLabel: "Send")
            let frames = try XCTUnwrap(renderer.replyFrames(content, style: style))
            XCTAssertEqual(frames.submit.minX < frames.field.minX, mirrored, summary)
            XCTAssertEqual(mirrored ? frames.submit.minX : frames.field.minX, 14, summary)
            XCTAssertEqual(mirrored ? frames.field.maxX : frames.submit.maxX, 360 - 14, summary)
        }
    }

    func testTheLocaleDecidesForTextWithoutADirection() {
        XCTAssertTrue(TextDirection.isRightToLeft(locale: "he_IL.UTF-8"))
        XCTAssertTrue(TextDirection.isRightToLeft(locale: "ar"))
        XCTAssertTrue(TextDirection.isRightToLeft(locale: "fa_IR"))
        XCTAssertFalse(TextDirection.isRightToLeft(locale: "en_US.UTF-8"))
        XCTAssertFalse(TextDirection.isRightToLeft(locale: "C"))
        XCTAssertFalse(TextDirection.isRightToLeft(locale: "hr_HR"))  // not "he"
    }
}
