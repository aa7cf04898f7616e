// A tinted image (`ImageContent.tint`) is its colour wherever the picture is opaque and nothing
// where it is clear: a symbolic icon recoloured for a dark panel.
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite("Image tint")
struct ImageTintTests {
    /// 4 × 4 raw pixels: the left half opaque (red, then green), the right half clear.
    static let picture: ViewImageSource = .pixels(width: 4, height: 4, rgba: (0..<16).flatMap { i -> [UInt8] in
        let x = i % 4
        return x < 2 ? (i / 4 < 2 ? [255, 0, 0, 255] : [0, 255, 0, 255]) : [0, 0, 0, 0]
    })

    func drawn(tint: Color?, scale: Double) -> Canvas {
        let renderer = ViewTreeRenderer()
        let laidOut = renderer.layout(Image(Self.picture, size: Size(width: 4, height: 4), tint: tint))
        let canvas = Canvas(pixelWidth: Int(4 * scale), pixelHeight: Int(4 * scale), scale: scale)
        renderer.draw(laidOut, on: canvas)
        canvas.flush()
        return canvas
    }

    @Test(arguments: [1.0, 2.0]) func theTintIsDrawnWhereThePictureIsOpaque(scale: Double) {
        let blue = Color(hex: 0x2040FF)
        let tinted = drawn(tint: blue, scale: scale), plain = drawn(tint: nil, scale: scale)
        let side = Int(4 * scale), x = Int(scale) / 2  // a column inside the opaque half
        // Rows off the picture's top and bottom edges, which scaling blends with what is around it.
        let rows = scale == 1 ? 0..<side : 1..<side - 1
        for y in rows {
            let opaque = tinted.pixel(x: x, y: y), clear = tinted.pixel(x: side - 1, y: y)
            #expect(opaque.r == 0x20 && opaque.g == 0x40 && opaque.b == 0xFF && opaque.a == 255, "row \(y): \(opaque)")
            #expect(clear.a == 0, "row \(y) right: \(clear)")
        }
        // Untinted, its own colours: red on top, green below.
        let top = plain.pixel(x: x, y: rows.lowerBound), bottom = plain.pixel(x: x, y: rows.upperBound - 1)
        #expect(top.r == 255 && top.g == 0 && top.a == 255, "\(top)")
        #expect(bottom.g == 255 && bottom.r == 0 && bottom.a == 255, "\(bottom)")
    }

    @Test func aTranslucentTintKeepsItsAlpha() {
        let canvas = drawn(tint: Color(red: 1, green: 1, blue: 1, alpha: 0.5), scale: 1)
        let p = canvas.pixel(x: 0, y: 0)
        #expect(abs(Int(p.a) - 128) <= 1 && p.r == 255 && p.g == 255 && p.b == 255, "white at half: \(p)")
    }

    /// A symbolic icon (Adwaita's grey shapes) without a tint takes the look's text colour, so it
    /// reads on a dark card as on a light one; a tint of its own still wins.
    @Test func aSymbolicIconWithoutATintIsDrawnInTheTextColour() throws {
        let orange = Color(hex: 0xFF8000), blue = Color(hex: 0x2040FF)
        func opaquePixels(tint: Color?) -> [(r: UInt8, g: UInt8, b: UInt8)] {
            let renderer = ViewTreeRenderer()
            renderer.look.text = orange
            let laidOut = renderer.layout(Image(.icon("audio-volume-high-symbolic"), size: Size(width: 24, height: 24), tint: tint))
            let canvas = Canvas(pixelWidth: 24, pixelHeight: 24, scale: 1)
            renderer.draw(laidOut, on: canvas)
            canvas.flush()
            return (0..<24 * 24).map { canvas.pixel(x: $0 % 24, y: $0 / 24) }.filter { $0.a == 255 }.map { ($0.r, $0.g, $0.b) }
        }
        let untinted = opaquePixels(tint: nil)
        #expect(untinted.count > 20, "the icon is drawn: \(untinted.count) opaque pixels")
        #expect(untinted.allSatisfy { $0 == (0xFF, 0x80, 0x00) }, "every opaque pixel in the text colour")
        let tinted = opaquePixels(tint: blue)
        #expect(tinted.count == untinted.count && tinted.allSatisfy { $0 == (0x20, 0x40, 0xFF) }, "its own tint wins")
    }

    @Test func theTintRoundTripsThroughJSON() throws {
        let node = Image(.icon("audio-volume-high-symbolic"), size: Size(width: 24, height: 24), tint: Color(hex: 0xECEFF4))
        #expect(try ViewNode(json: node.json) == node)
        #expect(node.json.contains("\"tint\""))
        #expect(throws: ViewDecodingError.self) { try ViewNode(json: #"{"type":"image","icon":"x","tint":"blue-ish"}"#) }
    }
}
