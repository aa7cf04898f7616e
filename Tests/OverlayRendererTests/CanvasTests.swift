import OverlayEngine
import XCTest
import CCairo
@testable import OverlayRenderer

final class CanvasTests: XCTestCase {
    func testDrawsIntoCallerMemoryAsLittleEndianARGB() {
        let width = 8, height = 4, stride = 8 * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xAA, count: stride * height)
        do {
            let canvas = Canvas(data: memory, pixelWidth: width, pixelHeight: height, stride: stride, scale: 2)
            XCTAssertTrue(canvas.isValid)
            XCTAssertEqual(canvas.logicalWidth, 4)
            canvas.clear()
            XCTAssertEqual(canvas.pixel(x: 3, y: 3).a, 0)
            // One logical point at scale 2 is a 2×2 block of device pixels.
            cairo_set_source_rgb(canvas.context, 0x2B / 255.0, 0x30 / 255.0, 0x3B / 255.0)
            cairo_rectangle(canvas.context, 1, 0, 1, 1)
            cairo_fill(canvas.context)
            canvas.flush()
        }
        // wl_shm ARGB8888 on little-endian: bytes B, G, R, A.
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual([bytes[2 * 4], bytes[2 * 4 + 1], bytes[2 * 4 + 2], bytes[2 * 4 + 3]], [0x3B, 0x30, 0x2B, 0xFF])
        XCTAssertEqual(bytes[stride + 3 * 4 + 3], 0xFF, "(3, 1) is inside the 2×2 block")
        XCTAssertEqual(bytes[1 * 4 + 3], 0, "(1, 0) is left of the block and was cleared")
        XCTAssertEqual(bytes[2 * stride + 2 * 4 + 3], 0, "(2, 2) is below the block")
    }

    func testPixelIsUnpremultiplied() {
        let canvas = Canvas(pixelWidth: 4, pixelHeight: 4, scale: 1)
        cairo_set_source_rgba(canvas.context, 1, 0.5, 0, 0.5)
        cairo_paint(canvas.context)
        let p = canvas.pixel(x: 1, y: 1)
        XCTAssertEqual(p.a, 128)
        XCTAssertEqual(p.r, 255)
        XCTAssertEqual(Int(p.g), 128, accuracy: 1)
        XCTAssertEqual(p.b, 0)
        XCTAssertEqual(canvas.pixel(x: -1, y: 0).a, 0, "out of bounds reads as transparent")
        XCTAssertEqual(canvas.pixel(x: 4, y: 0).a, 0)
    }

    func testClearRect() {
        let canvas = Canvas(pixelWidth: 20, pixelHeight: 20, scale: 2)
        cairo_set_source_rgb(canvas.context, 1, 1, 1)
        cairo_paint(canvas.context)
        canvas.clear(rect: Rect(x: 2, y: 2, width: 3, height: 3))  // device pixels 4..<10
        XCTAssertEqual(canvas.pixel(x: 4, y: 4).a, 0)
        XCTAssertEqual(canvas.pixel(x: 9, y: 9).a, 0)
        XCTAssertEqual(canvas.pixel(x: 3, y: 4).a, 255)
        XCTAssertEqual(canvas.pixel(x: 10, y: 10).a, 255)
        canvas.clear()
        XCTAssertEqual(canvas.pixel(x: 0, y: 0).a, 0)
    }

    func testWritePNGFailsForBadPath() {
        let canvas = Canvas(pixelWidth: 2, pixelHeight: 2, scale: 1)
        XCTAssertThrowsError(try canvas.writePNG(to: "/nonexistent-dir/x.png"))
    }
}
