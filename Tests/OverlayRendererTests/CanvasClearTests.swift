import CCairo
import OverlayEngine
import Testing
@testable import OverlayRenderer

/// A repaint region's pixels cleared directly are the pixels cairo's CLEAR, clipped to the
/// region, clears: the same bytes, at scale 1 and 2.
@Suite struct CanvasClearTests {
    /// A canvas of opaque pixels (every byte not zero), so a pixel cleared or kept shows.
    private func opaque(scale: Double) -> Canvas {
        let canvas = Canvas(pixelWidth: 40, pixelHeight: 30, scale: scale)
        cairo_set_source_rgba(canvas.context, 0.2, 0.4, 0.6, 1)
        cairo_paint(canvas.context)
        return canvas
    }

    private func bytes(_ canvas: Canvas) -> [UInt8] {
        canvas.flush()
        guard let data = cairo_image_surface_get_data(canvas.surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: canvas.stride * canvas.pixelHeight))
    }

    @Test(arguments: [1.0, 2.0])
    func clearsTheBytesCairoClearsThroughTheClip(scale: Double) {
        let bounds = Rect(x: 0, y: 0, width: 40 / scale, height: 30 / scale)
        let pixel = 1 / scale  // one device pixel, in points
        // Overlapping rectangles on whole device pixels, one reaching past the canvas's edges.
        let region = [Rect(x: 1, y: 1 + pixel, width: 5, height: 4), Rect(x: 4 + pixel, y: 3, width: 6, height: 2),
                      Rect(x: -2, y: 10, width: 100, height: 1)]
        let direct = opaque(scale: scale), cairo = opaque(scale: scale)
        #expect(direct.clear(region, within: bounds))
        cairo.clip(to: region)
        cairo.clear(rect: bounds)
        let same = bytes(direct) == bytes(cairo)
        #expect(same)
        // The first rectangle's corner is cleared; the origin, outside every rectangle, is kept.
        #expect(direct.pixel(x: Int(scale), y: Int(scale) + 1).a == 0)
        #expect(direct.pixel(x: 0, y: 0).a == 255)
        #expect(direct.pixel(x: 39, y: Int(10 * scale)).a == 0, "the row reaching past the edge is cleared to the last column")
    }

    @Test func leavesPixelsOffTheGridToCairo() {
        let canvas = opaque(scale: 1)
        let before = bytes(canvas)
        #expect(!canvas.clear([Rect(x: 0, y: 0, width: 4, height: 4), Rect(x: 2.25, y: 1, width: 3, height: 3)],
                              within: Rect(x: 0, y: 0, width: 40, height: 30)))
        let same = bytes(canvas) == before
        #expect(same, "nothing cleared when a rectangle is not on whole pixels")
    }
}
