// Small shapes copied from kept images (`ShapeImages`) give the pixels their paths give, and the
// images kept stay within their bounds.
import CCairo
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite struct ShapeImagesTests {
    /// A bar's track and fill, a knob, a toggle and a button, at places that fall between device pixels.
    static func paint(_ painter: PartPainter) {
        let track = Rect(x: 10.3, y: 7.6, width: 200, height: 6)
        painter.shape(track, .roundedRect(radius: 3), Color(hex: 0x434C5E))
        painter.shape(track, .roundedRect(radius: 3), Color(hex: 0x88C0D0), end: track.minX + 200 * 0.437)
        painter.shape(Rect(x: 80.45, y: 20.2, width: 20, height: 20), .circle, Color(hex: 0xECEFF4))
        painter.shape(Rect(x: 120.7, y: 21.1, width: 40, height: 22), .roundedRect(radius: 11), Color(red: 0.53, green: 0.75, blue: 0.82, alpha: 0.8))
        painter.shape(Rect(x: 10.25, y: 22.5, width: 64, height: 27), .roundedRect(radius: 6), Color(hex: 0x3B4252))
        painter.shape(Rect(x: 180, y: 24, width: 30, height: 20), .roundedRect(radius: 0), Color(red: 1, green: 1, blue: 1, alpha: 0.3))
    }

    func pixels(scale: Double, shapes: ShapeImages?, times: Int = 1, clip: [Rect]? = nil,
                paint: (PartPainter) -> Void = Self.paint) -> [UInt32] {
        let canvas = Canvas(pixelWidth: Int(230 * scale), pixelHeight: Int(60 * scale), scale: scale)
        cairo_set_source_rgb(canvas.context, 0.18, 0.2, 0.25)
        cairo_paint(canvas.context)
        if let clip { canvas.clip(to: clip) }
        var painter = PartPainter(cr: canvas.context, canvas: canvas, deviceScale: scale, look: ViewTreeLook(), renderer: ViewTreeRenderer(),
                                  texts: LaidOutTexts(), arrows: [:], shapes: shapes)
        painter.clip = clip
        for _ in 0..<times { paint(painter) }
        canvas.flush()
        return (0..<canvas.pixelHeight).flatMap { y in
            (0..<canvas.pixelWidth).map { x in
                let p = canvas.pixel(x: x, y: y)
                return UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a)
            }
        }
    }

    /// The largest difference in any channel between two pixels.
    static func difference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let x = Int((a >> UInt32(shift)) & 0xFF), y = Int((b >> UInt32(shift)) & 0xFF)
            largest = max(largest, abs(x - y))
        }
        return largest
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func copiesGiveThePixelsOfPaths(scale: Double) {
        let shapes = ShapeImages()
        let copied = pixels(scale: scale, shapes: shapes), filled = pixels(scale: scale, shapes: nil)
        #expect(shapes.count == 6, "one image per shape, the bar's fill included")
        let differences = zip(copied, filled).map { Self.difference($0, $1) }
        #expect(differences.max()! <= 1, "within rounding")
        #expect(differences.filter { $0 > 0 }.count < copied.count / 100)
        #expect(copied != pixels(scale: scale, shapes: nil, times: 0), "the shapes were drawn")
    }

    /// In a clip of whole device pixels (a repaint's) the images are composited straight into the
    /// pixels: the bits cairo composites, the bar's fill cut on a whole pixel or between two (the
    /// pixel cut covered by its share to 1/256, as cairo's fixed point rounds it).
    @Test(arguments: [1.0, 2.0, 1.5])
    func imagesCompositedDirectlyGiveThePixelsCairoGives(scale: Double) {
        let clip = [Rect(x: 0, y: 0, width: 95, height: 60), Rect(x: 120, y: 10, width: 110, height: 14)].map { r in
            Rect(x: (r.minX * scale).rounded() / scale, y: (r.minY * scale).rounded() / scale,
                 width: (r.width * scale).rounded() / scale, height: (r.height * scale).rounded() / scale)
        }
        let direct = ShapeImages(), composited = ShapeImages()
        composited.blendsDirectly = false
        func paint(_ painter: PartPainter) {
            Self.paint(painter)
            let track = Rect(x: 20, y: 40, width: 200, height: 6)  // a fill ending on a whole pixel
            painter.shape(track, .roundedRect(radius: 3), Color(hex: 0x434C5E))
            painter.shape(track, .roundedRect(radius: 3), Color(hex: 0x88C0D0), end: track.minX + 200 * 0.6)
            // Fills cut between two pixels at shares of the last one cairo rounds each way (ties to
            // even), each cut pixel over a longer fill of another colour.
            let shares = [0.001, 0.5 / 256, 1.5 / 256, 0.25, 0.3337, 0.5, 0.71, 254.5 / 256, 0.999]
            for (i, share) in shares.enumerated().reversed() {
                let bar = Rect(x: 12 + Double(i) * 0.25, y: 50, width: 200, height: 6)
                let end = (bar.minX * scale).rounded(.down) + 20 + Double(i) * 21 + share
                painter.shape(bar, .roundedRect(radius: 3), Color(hex: i.isMultiple(of: 2) ? 0xA3BE8C : 0xB48EAD), end: end / scale)
            }
        }
        let a = pixels(scale: scale, shapes: direct, clip: clip, paint: paint)
        let b = pixels(scale: scale, shapes: composited, clip: clip, paint: paint)
        #expect(a == b)
        #expect(a != pixels(scale: scale, shapes: direct, times: 0, clip: clip), "the shapes were drawn")
        #expect(a != pixels(scale: scale, shapes: direct, paint: paint), "the clip kept some of them out")
    }

    @Test func shapesDrawnAgainAreCopiedFromTheSameImages() {
        let shapes = ShapeImages()
        let once = pixels(scale: 2, shapes: shapes)
        let bytes = shapes.bytes
        _ = pixels(scale: 2, shapes: shapes)
        #expect(shapes.count == 6 && shapes.bytes == bytes)
        #expect(once == pixels(scale: 2, shapes: ShapeImages()))
    }

    @Test func theImagesKeptAreBounded() {
        let shapes = ShapeImages()
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 400, scale: 1)
        for i in 0..<(ShapeImages.capacity * 2) {
            // Each a new place within a pixel: a new image.
            #expect(shapes.fill(canvas.context, Rect(x: 10 + Double(i) / 256, y: 10, width: 100, height: 20), .roundedRect(radius: 5),
                                color: Color(hex: 0x88C0D0)))
            #expect(shapes.count <= ShapeImages.capacity && shapes.bytes <= ShapeImages.maximumBytes)
        }
        #expect(shapes.count == ShapeImages.capacity)
        #expect(!shapes.fill(canvas.context, Rect(x: 0, y: 0, width: 300, height: 300), .roundedRect(radius: 5), color: Color(hex: 0x88C0D0)),
                "larger than maximumPixels: filled with a path instead")
        cairo_rotate(canvas.context, 0.1)
        #expect(!shapes.fill(canvas.context, Rect(x: 0, y: 0, width: 10, height: 10), .circle, color: Color(hex: 0x88C0D0)),
                "a rotated context: filled with a path instead")
        shapes.removeAll()
        #expect(shapes.count == 0 && shapes.bytes == 0)
    }
}
