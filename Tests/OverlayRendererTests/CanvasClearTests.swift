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

    /// Colour copied into pixels directly is the colour cairo's SOURCE fill gives them: its
    /// premultiplied channels rounded as cairo rounds them, opaque and translucent.
    @Test func copiesTheBytesCairoFillsWith() {
        let colors = [Color(hex: "#ECEFF4E6")!, Color(hex: 0x2E3440), Color(red: 0.1, green: 0.55, blue: 0.999, alpha: 0.2),
                      Color(red: 1, green: 1, blue: 1, alpha: 0.5), Color(red: 0.3333, green: 0.6667, blue: 0, alpha: 0.0039),
                      Color(red: 0.5, green: 0.25, blue: 0.75, alpha: 0.75), Color(red: 0.61803, green: 0.2, blue: 0.9, alpha: 0.25),
                      // Four equal bytes, written a byte at a time: opaque white, and nothing.
                      Color(red: 1, green: 1, blue: 1, alpha: 1), Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0)]
        for color in colors {
            let direct = opaque(scale: 1), cairo = opaque(scale: 1)
            #expect(direct.copy(color, into: [(2, 3, 12, 9), (30, 20, 60, 40)]))
            cairo_set_operator(cairo.context, CAIRO_OPERATOR_SOURCE)
            Paths.setSource(cairo.context, color)
            cairo_rectangle(cairo.context, 2, 3, 10, 6)
            cairo_rectangle(cairo.context, 30, 20, 10, 10)
            cairo_fill(cairo.context)
            let same = bytes(direct) == bytes(cairo)
            #expect(same, "\(color)")
            #expect(direct.pixel(x: 0, y: 0) == cairo.pixel(x: 0, y: 0) && direct.pixel(x: 0, y: 0).a == 255, "outside: kept")
        }
    }
}
