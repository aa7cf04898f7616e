import OverlayEngine
import XCTest
@testable import OverlayRenderer

/// Renders toasts onto owned canvases and checks specific pixels.
///
/// Geometry of the default look (logical points, toast origin at its top-left corner): border
/// x∈[0,2), background with radius 6 inside it, content (text) x∈[14,346), right padding band
/// x∈[346,358) which is plain background, border x∈[358,360). The toast is drawn at (10, 10) so
/// translation is exercised too.
final class DrawTests: XCTestCase {
    let renderer = DefaultToast()
    let style = Fixtures.style
    let origin = 10.0
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    private func render(_ content: ToastContent = Fixtures.simple, scale: Double = 1, opacity: Double = 1,
                        toastScale: Double = 1, anchor: (x: Double, y: Double) = (0.5, 0.5)) -> (Canvas, Double) {
        let height = renderer.measure(content, style: style).height
        let canvas = Canvas(pixelWidth: Int((style.width + 2 * origin) * scale),
                            pixelHeight: Int((height + 2 * origin) * scale), scale: scale)
        renderer.draw(content, style: style, on: canvas, x: origin, y: origin, opacity: opacity,
                      scale: toastScale, scaleAnchor: anchor)
        return (canvas, height)
    }

    private func assertColor(_ pixel: Pixel, _ color: Color, alpha: ClosedRange<UInt8> = 255...255,
                             tolerance: Int = 0, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let expected = color.bytes
        let ok = abs(Int(pixel.r) - Int(expected.r)) <= tolerance && abs(Int(pixel.g) - Int(expected.g)) <= tolerance
            && abs(Int(pixel.b) - Int(expected.b)) <= tolerance && alpha.contains(pixel.a)
        XCTAssertTrue(ok, "\(message): got \(pixel), want \(expected) alpha \(alpha)", file: file, line: line)
    }

    private func isTransparent(_ p: Pixel) -> Bool { p.a == 0 }

    /// Bounding box (device pixels) of pixels in the content area that are not plain background,
    /// i.e. the text.
    private func textBounds(_ canvas: Canvas, toastHeight: Double) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        let s = canvas.scale
        let bg = style.background.bytes
        var bounds = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        for y in Int((origin + 14) * s)..<Int((origin + toastHeight - 14) * s) {
            for x in Int((origin + 14) * s)..<Int((origin + 346) * s) {
                let p = canvas.pixel(x: x, y: y)
                if p.r != bg.r || p.g != bg.g || p.b != bg.b {
                    bounds = (min(bounds.minX, x), min(bounds.minY, y), max(bounds.maxX, x), max(bounds.maxY, y))
                }
            }
        }
        return bounds
    }

    func testBackgroundBorderAndCorner() {
        let (canvas, h) = render()
        let midY = Int(origin + h / 2)
        // Right padding band (toast x = 352): neither border nor text, so exactly the background.
        assertColor(canvas.pixel(x: Int(origin) + 352, y: midY), style.background, "background")
        // Left border columns (toast x = 0 and 1 are fully inside the 2 pt border).
        assertColor(canvas.pixel(x: Int(origin), y: midY), style.border, "left border")
        assertColor(canvas.pixel(x: Int(origin) + 1, y: midY), style.border, "left border, inner column")
        // Top and bottom border rows at the horizontal centre; just below the toast is empty.
        assertColor(canvas.pixel(x: Int(origin) + 180, y: Int(origin)), style.border, "top border")
        assertColor(canvas.pixel(x: Int(origin) + 180, y: Int(origin + h) - 1), style.border, "bottom border")
        XCTAssertTrue(isTransparent(canvas.pixel(x: Int(origin) + 180, y: Int(origin + h))))
        // Corner: pixel [0,1]² of the toast is outside the radius-8 arc centred at (8, 8) (its nearest
        // point is 9.9 away), so nothing is drawn there. Same for the other three corners.
        XCTAssertTrue(isTransparent(canvas.pixel(x: Int(origin), y: Int(origin))))
        XCTAssertTrue(isTransparent(canvas.pixel(x: Int(origin) + 359, y: Int(origin))))
        XCTAssertTrue(isTransparent(canvas.pixel(x: Int(origin), y: Int(origin + h) - 1)))
        XCTAssertTrue(isTransparent(canvas.pixel(x: Int(origin) + 359, y: Int(origin + h) - 1)))
        // Outside the toast entirely.
        XCTAssertTrue(isTransparent(canvas.pixel(x: 5, y: 5)))
    }

    func testTextIsDrawnInItsColours() {
        let (canvas, _) = render()
        // The middle of the first summary line (summary line ≈ 18 pt tall, starting at toast y = 14).
        let row = Int(origin) + 14 + 9
        var colours = Set<UInt32>()
        var brightest: Pixel = (0, 0, 0, 0)
        for x in (Int(origin) + 14)..<(Int(origin) + 346) {
            let p = canvas.pixel(x: x, y: row)
            colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
            if Int(p.r) + Int(p.g) + Int(p.b) > Int(brightest.r) + Int(brightest.g) + Int(brightest.b) { brightest = p }
        }
        XCTAssertGreaterThanOrEqual(colours.count, 4, "the summary row has glyphs, not one flat colour")
        // The stems of the bold summary glyphs reach the summary colour.
        assertColor(brightest, style.summaryColor, tolerance: 12, "brightest summary pixel")

        // The first body line (below summary 18 + spacing 4) also has glyphs.
        let bodyRow = Int(origin) + 14 + 18 + 4 + 9
        let bodyColours = Set((Int(origin) + 14..<Int(origin) + 346).map { x -> UInt32 in
            let p = canvas.pixel(x: x, y: bodyRow)
            return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
        })
        XCTAssertGreaterThanOrEqual(bodyColours.count, 4)
    }

    func testScaleTwoDoublesPixelCoordinates() {
        let (one, h) = render(scale: 1)
        let (two, h2) = render(scale: 2)
        XCTAssertEqual(h, h2)
        XCTAssertEqual(two.pixelWidth, 2 * one.pixelWidth)
        let midY = Int(origin + h / 2)
        // Same features as at scale 1, at doubled coordinates: background, all four border pixels
        // across the 2 pt border, transparent corner, last opaque row.
        assertColor(two.pixel(x: 2 * (Int(origin) + 352), y: 2 * midY), style.background, "background @2x")
        for x in 0..<4 { assertColor(two.pixel(x: 2 * Int(origin) + x, y: 2 * midY), style.border, "border @2x col \(x)") }
        XCTAssertTrue(isTransparent(two.pixel(x: 2 * Int(origin), y: 2 * Int(origin))))
        XCTAssertTrue(isTransparent(two.pixel(x: 2 * Int(origin) + 1, y: 2 * Int(origin) + 1)))
        assertColor(two.pixel(x: 2 * (Int(origin) + 180), y: 2 * Int(origin + h) - 1), style.border, "bottom @2x")
        XCTAssertTrue(isTransparent(two.pixel(x: 2 * (Int(origin) + 180), y: 2 * Int(origin + h))))
        // The text box starts at doubled coordinates (±2 device pixels for hinting/antialiasing).
        let b1 = textBounds(one, toastHeight: h)
        let b2 = textBounds(two, toastHeight: h)
        XCTAssertEqual(Double(b2.minX), Double(2 * b1.minX), accuracy: 2)
        XCTAssertEqual(Double(b2.minY), Double(2 * b1.minY), accuracy: 2)
        XCTAssertEqual(Double(b2.maxX), Double(2 * b1.maxX + 1), accuracy: 3)
        XCTAssertEqual(Double(b2.maxY), Double(2 * b1.maxY + 1), accuracy: 3)
    }

    func testHalfOpacity() {
        let (canvas, h) = render(opacity: 0.5)
        let midY = Int(origin + h / 2)
        let bg = canvas.pixel(x: Int(origin) + 352, y: midY)
        assertColor(bg, style.background, alpha: 127...128, tolerance: 2, "background at 50%")
        assertColor(canvas.pixel(x: Int(origin), y: midY), style.border, alpha: 127...128, tolerance: 2, "border at 50%")
        XCTAssertTrue(isTransparent(canvas.pixel(x: Int(origin), y: Int(origin))))
        // Opacity 0 draws nothing at all.
        let (empty, _) = render(opacity: 0)
        XCTAssertTrue(isTransparent(empty.pixel(x: Int(origin) + 352, y: midY)))
    }

    func testToastScaleAroundAnchor() {
        // Half size around the centre: the toast spans x ∈ [100, 280], so its left border column
        // moves from x = 10 to x = 100 and the old one is empty.
        let (centred, h) = render(toastScale: 0.5)
        let midY = Int(origin + h / 2)
        XCTAssertTrue(isTransparent(centred.pixel(x: Int(origin), y: midY)))
        assertColor(centred.pixel(x: 100, y: midY), style.border, "scaled left border")
        assertColor(centred.pixel(x: 279, y: midY), style.border, "scaled right border")
        XCTAssertTrue(isTransparent(centred.pixel(x: 281, y: midY)))
        // Anchored at the top-left corner: the left border stays, the right one is at x = 10 + 179.
        let (cornered, _) = render(toastScale: 0.5, anchor: (0, 0))
        let y = Int(origin + h / 4)
        assertColor(cornered.pixel(x: Int(origin), y: y), style.border, "anchored left border")
        assertColor(cornered.pixel(x: Int(origin) + 179, y: y), style.border, "anchored right border")
        XCTAssertTrue(isTransparent(cornered.pixel(x: Int(origin) + 181, y: y)))
    }

    func testProgressBarAndActionButton() {
        let content = ToastContent(summary: "Copying", progress: 50, actions: [("default", "Open"), ("ok", "OK")])
        let (canvas, _) = render(content)
        let frames = renderer.actionFrames(content, style: style)
        XCTAssertEqual(frames.count, 1)
        let button = frames[0].frame
        // The bar sits above the action row: its centre row is spacing + height/2 above it.
        let barRow = Int(origin + button.y - style.actions.spacing - style.progressHeight / 2)
        assertColor(canvas.pixel(x: Int(origin) + 14 + 50, y: barRow), style.progressFill, "filled half")
        assertColor(canvas.pixel(x: Int(origin) + 14 + 300, y: barRow), style.progressTrack, "empty half")
        // Left inner part of the (centre-labelled, full-width) button is its plain background.
        assertColor(canvas.pixel(x: Int(origin + button.x) + 4, y: Int(origin + button.y + button.height / 2)),
                    style.actions.background, "button")
        XCTAssertEqual(button.width, style.contentWidth)
    }

    func testWritesPNGForInspection() throws {
        let content = ToastContent(summary: "Build finished — overlay-wl", body: "<b>42</b> tests passed, <i>0</i> failed & 1 skipped <blink>",
                                   progress: 80, actions: [("open", "Open log"), ("dismiss", "Dismiss")])
        let (canvas, _) = render(content, scale: 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-wl-toast-test.png").path
        try canvas.writePNG(to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        try? FileManager.default.removeItem(atPath: path)
    }
}
