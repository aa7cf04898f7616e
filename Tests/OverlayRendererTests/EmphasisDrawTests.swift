import OverlayEngine
import XCTest
@testable import OverlayRenderer

/// A toast's emphasis: an urgent one has a bar in the accent colour down its leading edge (inside
/// the 2 pt border, 6 pt wide), a quiet one dimmer text; the normal one neither.
final class EmphasisDrawTests: XCTestCase {
    let renderer = DefaultToast()
    let style = ToastStyle.standard

    func draw(_ emphasis: ToastEmphasis) -> (Canvas, Double) {
        var content = ToastContent(summary: "Battery at 3%", body: "Plug in the charger")
        content.emphasis = emphasis
        let height = renderer.measure(content, style: style).height
        let canvas = Canvas(pixelWidth: Int(style.width), pixelHeight: Int(height), scale: 1)
        renderer.draw(content, style: style, on: canvas, x: 0, y: 0)
        return (canvas, height)
    }

    /// The brightest red channel among the text's pixels (x 14…346, the text column).
    func brightestText(_ canvas: Canvas, height: Double) -> Int {
        var best = 0
        for y in 14..<Int(height) - 14 {
            for x in 14..<346 { best = max(best, Int(canvas.pixel(x: x, y: y).r)) }
        }
        return best
    }

    func testAnUrgentToastHasTheAccentBarAndTheOthersDoNot() {
        let (urgent, height) = draw(.urgent)
        let accent = style.accent.bytes
        let mid = Int(height / 2)
        for x in [2, 4, 7] {  // inside the border (x 0…2), the bar is x 2…8
            let p = urgent.pixel(x: x, y: mid)
            XCTAssertEqual([p.r, p.g, p.b], [accent.r, accent.g, accent.b], "bar pixel at x \(x)")
        }
        let past = urgent.pixel(x: 9, y: mid), background = style.background.bytes
        XCTAssertEqual([past.r, past.g, past.b], [background.r, background.g, background.b], "the bar is 6 pt wide")
        let (normal, _) = draw(.normal)
        let p = normal.pixel(x: 4, y: mid)
        XCTAssertEqual([p.r, p.g, p.b], [background.r, background.g, background.b], "a normal toast has no bar")
    }

    func testAQuietToastsTextIsDimmer() {
        let (quiet, height) = draw(.quiet)
        let (normal, _) = draw(.normal)
        let summary = style.summaryColor.bytes
        XCTAssertEqual(brightestText(normal, height: height), Int(summary.r), "normal text reaches its colour")
        let dim = brightestText(quiet, height: height)
        let expected = Double(style.background.bytes.r) + (Double(summary.r) - Double(style.background.bytes.r)) * style.quietTextOpacity
        XCTAssertEqual(Double(dim), expected, accuracy: 3, "quiet text at \(style.quietTextOpacity) of its colour over the background")
    }
}
