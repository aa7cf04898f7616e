import XCTest
import CCairo
import OverlayEngine
@testable import OverlayRenderer

/// A screencopy capture painted as a `.blur` background: blurred (smooth), tinted, covering
/// the container; xrgb8888 padding and y_invert handled.
final class CapturedBackdropTests: XCTestCase {
    let container = Rect(x: 0, y: 0, width: 200, height: 100)

    /// 8-px black and white vertical stripes, `width`×`height`, as screencopy delivers them.
    func stripes(width: Int, height: Int, alpha: UInt32) -> [UInt32] {
        (0..<(width * height)).map { i in (i % width) / 8 % 2 == 0 ? alpha << 24 | 0xFFFFFF : alpha << 24 }
    }

    func testCapturedStripesArePaintedFrostedAndTinted() throws {
        var pixels = stripes(width: 200, height: 100, alpha: 0)  // xrgb8888: the top byte is padding
        let backdrop = try XCTUnwrap(pixels.withUnsafeMutableBytes {
            CapturedBackdrop(pixels: $0.baseAddress!, width: 200, height: 100, stride: 800, flipped: false, opaque: true)
        })
        var view = ViewConfiguration()
        view.background = .value(.blur(.regular))
        let config = ResolvedViewConfiguration(view: view, container: ViewConfiguration(), displayType: .stacking)
        let painter = RenderListPainter()
        painter.blurSource = .captured(backdrop)
        let canvas = Canvas(pixelWidth: 200, pixelHeight: 100, scale: 1)
        let item = RenderItem(id: ViewID(1), frame: Rect(x: 0, y: 90, width: 10, height: 10), opacity: 0, z: 0)
        painter.paint(RenderList(items: [item]), container: container, on: canvas) { _ in
            Fixtures.toast(ToastContent(), configuration: config)
        }
        // Row 40, away from the edges (σ 10): one grey tone, the stripes' mean under the tint.
        let expected = 127.5 * 0.7 + 0x20 * 0.3
        for x in stride(from: 40, to: 160, by: 3) {
            let p = canvas.pixel(x: x, y: 40)
            XCTAssertEqual(p.a, 255, "opaque: xrgb padding became alpha 255")
            XCTAssertEqual(Double(p.r), expected, accuracy: 4, "x \(x): smooth mean of the stripes, tinted")
        }
    }

    func testFlippedCaptureIsStoredTopDown() throws {
        // Two rows: bottom row red stored first (y_invert), top row blue.
        var pixels: [UInt32] = [0xFFFF_0000, 0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF]
        let backdrop = try XCTUnwrap(pixels.withUnsafeMutableBytes {
            CapturedBackdrop(pixels: $0.baseAddress!, width: 2, height: 2, stride: 8, flipped: true, opaque: false)
        })
        let surface = backdrop.frosted(radius: 0)
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        let first = UnsafeRawPointer(data).load(as: UInt32.self)
        XCTAssertEqual(first, 0xFF00_00FF, "row 0 is the last row stored")
    }

    func testBadSizesAreRefused() {
        var pixels: [UInt32] = [0]
        pixels.withUnsafeMutableBytes { raw in
            XCTAssertNil(CapturedBackdrop(pixels: raw.baseAddress!, width: 0, height: 1, stride: 4, flipped: false, opaque: true))
            XCTAssertNil(CapturedBackdrop(pixels: raw.baseAddress!, width: 2, height: 1, stride: 4, flipped: false, opaque: true))
        }
    }
}
