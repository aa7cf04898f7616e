// Single pixels of drawn view trees, each where a primitive or modifier must put a known colour.
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite("ViewTree drawing")
struct ViewTreeDrawTests {
    let look = ViewTreeLook()

    func draw(_ node: ViewNode, width: Int, height: Int, scale: Double = 1) -> Canvas {
        let canvas = Canvas(pixelWidth: Int(Double(width) * scale), pixelHeight: Int(Double(height) * scale), scale: scale)
        ViewTreeRenderer().render(node, on: canvas)
        return canvas
    }

    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: Color, tolerance: Int = 2) -> Bool {
        let e = c.bytes
        return abs(Int(p.r) - Int(e.r)) <= tolerance && abs(Int(p.g) - Int(e.g)) <= tolerance
            && abs(Int(p.b) - Int(e.b)) <= tolerance && abs(Int(p.a) - Int(e.a)) <= tolerance
    }

    @Test(arguments: [1.0, 2.0]) func aToggleShowsItsStateByColourAndKnobSide(scale: Double) {
        // 40 × 22: the knob (radius 9) is centred 11 pt from the end it sits at.
        let on = draw(Toggle(isOn: true, action: "t"), width: 40, height: 22, scale: scale)
        #expect(near(on.pixel(x: Int(29 * scale), y: Int(11 * scale)), look.knob), "knob on the trailing end")
        #expect(near(on.pixel(x: Int(8 * scale), y: Int(11 * scale)), look.accent), "the pill in the accent colour")
        let off = draw(Toggle(isOn: false, action: "t"), width: 40, height: 22, scale: scale)
        #expect(near(off.pixel(x: Int(11 * scale), y: Int(11 * scale)), look.knob), "knob on the leading end")
        #expect(near(off.pixel(x: Int(32 * scale), y: Int(11 * scale)), look.track), "the pill in the track colour")
    }

    @Test func aSliderFillsTheTrackUpToItsKnob() {
        // 216 wide: travel 200 from x 8; value 0.25 puts the knob's centre at x 58.
        let canvas = draw(Slider(value: 0.25, action: "s").frame(width: 216), width: 216, height: 20)
        #expect(near(canvas.pixel(x: 30, y: 10), look.accent), "filled before the knob")
        #expect(near(canvas.pixel(x: 58, y: 10), look.knob), "the knob")
        #expect(near(canvas.pixel(x: 150, y: 10), look.track), "empty after it")
        #expect(canvas.pixel(x: 150, y: 2).a == 0, "the track is 4 pt high, centred")
    }

    @Test func aProgressBarFillsItsFractionOfTheTotal() {
        let canvas = draw(ViewNode(.progressBar(value: 3, total: 4)).frame(width: 100), width: 100, height: 6)
        #expect(near(canvas.pixel(x: 70, y: 3), look.accent))
        #expect(near(canvas.pixel(x: 80, y: 3), look.track))
    }

    @Test func backgroundCornerRadiusBorderAndOpacity() {
        let red = Color(hex: 0xFF0000), white = Color(hex: 0xFFFFFF)
        let node = ViewNode(.spacer(minLength: 0)).frame(width: 40, height: 40).background(red)
            .border(white, width: 2).cornerRadius(10)
        let canvas = draw(node, width: 40, height: 40)
        #expect(canvas.pixel(x: 0, y: 0).a == 0, "the rounded corner leaves the corner pixel empty")
        #expect(near(canvas.pixel(x: 20, y: 20), red), "the background inside")
        #expect(near(canvas.pixel(x: 20, y: 0), white), "the border along the inside of the top edge")
        #expect(near(canvas.pixel(x: 20, y: 3), red), "2 pt of border only")
        let faded = draw(ViewNode(.spacer(minLength: 0)).frame(width: 10, height: 10).background(red).opacity(0.5), width: 10, height: 10)
        #expect(abs(Int(faded.pixel(x: 5, y: 5).a) - 128) <= 1, "opacity 0.5 halves alpha")
    }

    @Test func aGradientRunsFromItsFirstColourToItsLast() {
        let node = ViewNode(.spacer(minLength: 0)).frame(width: 100, height: 10)
            .background(.linearGradient(colors: [Color(hex: 0xFF0000), Color(hex: 0x0000FF)],
                                        start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5)))
        let canvas = draw(node, width: 100, height: 10)
        #expect(canvas.pixel(x: 1, y: 5).r > 240 && canvas.pixel(x: 1, y: 5).b < 15)
        #expect(canvas.pixel(x: 98, y: 5).b > 240 && canvas.pixel(x: 98, y: 5).r < 15)
    }

    @Test func aShadowDarkensOutsideTheFrameOnItsOffsetSide() {
        let node = ViewNode(.spacer(minLength: 0)).frame(width: 20, height: 20).background(Color(hex: 0xFFFFFF))
            .modifier(.shadow(Shadow(color: Color(hex: 0x000000), radius: 4, offset: Point(x: 0, y: 4)))).padding(10)
        let canvas = draw(node, width: 40, height: 40)
        #expect(canvas.pixel(x: 20, y: 32).a > 100, "under the bottom edge, where the offset pushes it")
        #expect(canvas.pixel(x: 20, y: 5).a < canvas.pixel(x: 20, y: 32).a / 2, "little above the top edge")
    }

    @Test func textUsesItsColourAndButtonsTheirStyle() {
        let yellow = Color(hex: 0xFFFF00)
        let text = draw(Text("██████", font: FontSpec(size: 20), color: yellow), width: 200, height: 40)
        var found = false
        for x in 0..<100 where near(text.pixel(x: x, y: 12), yellow) { found = true }
        #expect(found, "the glyphs are drawn in the text's colour")
        let prominent = draw(Button("", action: "a", style: .prominent).frame(width: 30, height: 20), width: 30, height: 20)
        #expect(near(prominent.pixel(x: 15, y: 10), look.prominentBackground))
        let plain = draw(Button("", action: "a", style: .plain).frame(width: 30, height: 20), width: 30, height: 20)
        #expect(plain.pixel(x: 15, y: 10).a == 0, "a plain button has no background")
    }
}
