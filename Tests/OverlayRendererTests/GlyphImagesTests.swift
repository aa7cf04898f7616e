// Texts drawn again are composited from images of their glyphs (`GlyphImages`): every pixel must
// equal the text set through Pango, and the images kept stay within their bounds.
import CCairo
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite struct GlyphImagesTests {
    /// Percentages and a bold label on a light panel, like an on-screen display's.
    func tree(_ percent: Int) -> ViewNode {
        HStack(alignment: .center, spacing: 12) {
            Text("<b>Volume</b>", color: Color(hex: 0x2E3440), lineLimit: 1)
            Text("\(percent) %", font: FontSpec(size: 11), color: Color(hex: 0x2E3440), lineLimit: 1)
                .frame(width: 48, alignment: .trailing)
            Text("Muted", color: Color(red: 0.1, green: 0.2, blue: 0.6, alpha: 0.7), lineLimit: 1)
        }
        .padding(14).background(Color(hex: "#ECEFF4E6")!)
    }

    func pixels(_ canvas: Canvas) -> [UInt32] {
        canvas.flush()
        return (0..<canvas.pixelHeight).flatMap { y in
            (0..<canvas.pixelWidth).map { x in
                let p = canvas.pixel(x: x, y: y)
                return UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a)
            }
        }
    }

    /// `view` drawn by `renderer` at `origin` on a new canvas.
    func drawn(_ view: LaidOutView, _ renderer: ViewTreeRenderer, scale: Double, at origin: Point) -> [UInt32] {
        let canvas = Canvas(pixelWidth: Int((view.size.width + 20) * scale), pixelHeight: Int((view.size.height + 20) * scale), scale: scale)
        renderer.draw(view, on: canvas, at: origin)
        return pixels(canvas)
    }

    /// Whole and fractional places: the glyphs' image is made for the place within a device pixel.
    @Test(arguments: [1.0, 1.5, 2.0], [Point(x: 10, y: 10), Point(x: 10.5, y: 9.25), Point(x: 3.3, y: 7.7)])
    func textsFromImagesGiveThePixelsOfTextSet(scale: Double, origin: Point) {
        let renderer = ViewTreeRenderer()
        for percent in stride(from: 0, through: 100, by: 5) {
            let view = renderer.layout(tree(percent))
            let set = drawn(view, renderer, scale: scale, at: origin)  // the first drawing sets the glyphs
            let imagesBefore = renderer.glyphs.images
            let copied = drawn(view, renderer, scale: scale, at: origin)
            #expect(renderer.glyphs.images == imagesBefore + (percent == 0 ? 3 : 1), "the second drawing made the texts' images")
            #expect(copied == set, "\(percent) % at scale \(scale), origin \(origin): the same pixels")
            #expect(copied == drawn(view, ViewTreeRenderer(), scale: scale, at: origin), "a renderer that sets every glyph agrees")
        }
    }

    /// A value moving on moves its text by fractions of a pixel: texts whose glyphs fall on the
    /// same pixels share an image, and every place gives the pixels of the text set through Pango.
    @Test(arguments: [1.0, 2.0])
    func aTextMovedWithinAPixelKeepsItsImageWhereItsGlyphsStay(scale: Double) {
        let renderer = ViewTreeRenderer()
        let view = renderer.layout(tree(50))
        var imagesMade = 0
        for step in 0..<64 {
            let origin = Point(x: 10 + Double(step) / 64, y: 10.25)
            let imagesBefore = renderer.glyphs.images
            let drawn = drawn(view, renderer, scale: scale, at: origin)
            imagesMade += renderer.glyphs.images - imagesBefore
            #expect(drawn == self.drawn(view, ViewTreeRenderer(), scale: scale, at: origin), "at \(origin)")
        }
        // Each text has an image per way its few glyphs fall on the pixels, not one per place (3 × 64).
        #expect(imagesMade > 0 && imagesMade <= 3 * 8, "\(imagesMade) images for 64 places")
    }

    @Test func aTextThatDrawsMoreThanGlyphsIsKeptPerPlace() {
        let renderer = ViewTreeRenderer()
        let view = renderer.layout(Text("<u>Underlined</u> 50 %", lineLimit: 1))
        for step in 0..<8 {
            let origin = Point(x: 10 + Double(step) / 8, y: 10)
            for _ in 0..<2 {
                #expect(drawn(view, renderer, scale: 1, at: origin) == drawn(view, ViewTreeRenderer(), scale: 1, at: origin))
            }
        }
        #expect(renderer.glyphs.images == 8, "one image per place: the underline is drawn where it falls")
    }

    @Test func aTextDrawnOnceMakesNoImage() {
        let renderer = ViewTreeRenderer()
        _ = drawn(renderer.layout(tree(40)), renderer, scale: 1, at: Point(x: 10, y: 10))
        #expect(renderer.glyphs.count == 3 && renderer.glyphs.images == 0)
    }

    @Test func theImagesKeptAreBounded() {
        let renderer = ViewTreeRenderer()
        for percent in 0..<(GlyphImages.capacity * 2) {
            let view = renderer.layout(tree(percent))
            for _ in 0..<2 { _ = drawn(view, renderer, scale: 2, at: Point(x: 10, y: 10)) }
            #expect(renderer.glyphs.count <= GlyphImages.capacity && renderer.glyphs.bytes <= GlyphImages.maximumBytes)
        }
        #expect(renderer.glyphs.count == GlyphImages.capacity)
        let wide = renderer.layout(Text(String(repeating: "wide text ", count: 40), lineLimit: 8).frame(width: 400))
        for _ in 0..<2 { _ = drawn(wide, renderer, scale: 2, at: Point(x: 10, y: 10)) }
        #expect(renderer.glyphs.bytes <= GlyphImages.maximumBytes)
        renderer.invalidate()
        #expect(renderer.glyphs.count == 0 && renderer.glyphs.bytes == 0)
    }
}
