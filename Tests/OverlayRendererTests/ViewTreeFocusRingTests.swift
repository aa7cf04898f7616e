// A slider that has the keyboard is drawn with a ring, as a text field being typed into is.
import CCairo
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite struct ViewTreeFocusRingTests {
    /// A 200 × 20 slider at the value 0.8 (its knob near the right end), drawn at (10, 10) on #2E3440.
    func draw(focused: Bool, scale: Double) -> Canvas {
        let renderer = ViewTreeRenderer()
        var tree = renderer.layout(Slider(value: 0.8, action: "vol").frame(width: 200))
        if focused { tree.focus = (0, 0) }
        let canvas = Canvas(pixelWidth: Int(220 * scale), pixelHeight: Int(40 * scale), scale: scale)
        cairo_set_source_rgb(canvas.context, 0x2E / 255.0, 0x34 / 255.0, 0x40 / 255.0)
        cairo_paint(canvas.context)
        renderer.draw(tree, on: canvas, at: Point(x: 10, y: 10))
        return canvas
    }

    @Test(arguments: [1.0, 2.0])
    func aFocusedSliderHasARingInTheAccentAlongItsFrame(scale: Double) {
        let accent = (r: UInt8(0x88), g: UInt8(0xC0), b: UInt8(0xD0))
        func isAccent(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r == accent.r && p.g == accent.g && p.b == accent.b }
        let focused = draw(focused: true, scale: scale), plain = draw(focused: false, scale: scale)
        // The ring's stroke covers the frame's first device pixel row (the 1 pt line at y = 10.5
        // spans 10…11), here at x = 60, left of the knob and above the 4 pt track (y 18…22).
        let top = Int(10 * scale), bottom = Int(30 * scale) - 1, x = Int(60 * scale)
        #expect(isAccent(focused.pixel(x: x, y: top)) && isAccent(focused.pixel(x: x, y: bottom)), "the ring's top and bottom edges")
        #expect(!isAccent(plain.pixel(x: x, y: top)) && !isAccent(plain.pixel(x: x, y: bottom)), "no ring without the keyboard")
        // Inside the ring (y = 13) nothing changed: the track and knob are as drawn without focus.
        #expect(focused.pixel(x: x, y: Int(13 * scale)) == plain.pixel(x: x, y: Int(13 * scale)))
        #expect(focused.pixel(x: x, y: Int(20 * scale)) == plain.pixel(x: x, y: Int(20 * scale)), "the track")
    }

    @Test func focusComingOrGoingRepaintsTheSlider() throws {
        let renderer = ViewTreeRenderer()
        let plain = renderer.layout(VStack { Text("Volume"); Slider(value: 0.3, action: "vol") })
        var focused = plain
        focused.focus = (2, 0)
        let slider = try #require(plain.layout.placed.first { $0.index == 2 })
        let rects = try #require(focused.changedRects(from: plain))
        #expect(rects == [slider.frame.insetBy(dx: -1, dy: -1)])
        #expect(plain.changedRects(from: focused) == rects)
    }
}
