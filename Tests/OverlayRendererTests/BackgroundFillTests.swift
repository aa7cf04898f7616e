// Plain backgrounds on clear pixels are copied, not blended (BackgroundFill): the same pixels as
// blending where nothing was drawn under them, and blending wherever something was.
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite("Backgrounds on clear pixels")
struct BackgroundFillTests {
    static let shade = Color(red: 0, green: 0, blue: 0, alpha: 0.5)

    /// Rows on rounded translucent backgrounds with text, and a background over text drawn before it.
    static let panel = VStack(alignment: .leading, spacing: 6) {
        for name in ["Volume", "Brightness"] {
            HStack(spacing: 8) { Text(name); ProgressBar(value: 0.4).frame(width: 80) }
                .padding(4).background(Color(red: 0, green: 0, blue: 0, alpha: 0.2)).cornerRadius(6)
        }
        ZStack {
            Text("Under a shade")
            Spacer().frame(width: 120, height: 18).background(shade).cornerRadius(4)
        }
    }.padding(8).background(Color(hex: "#ECEFF4E6")!).cornerRadius(14)

    func drawn(_ node: ViewNode, scale: Double, overCleared: Bool, under: Color? = nil) -> Canvas {
        let renderer = ViewTreeRenderer()
        let laidOut = renderer.layout(node)
        let canvas = Canvas(pixelWidth: Int(((laidOut.size.width + 8) * scale).rounded(.up)),
                            pixelHeight: Int(((laidOut.size.height + 8) * scale).rounded(.up)), scale: scale)
        if let under { Paths.fill(canvas.context, Rect(x: 0, y: 0, width: canvas.logicalWidth, height: canvas.logicalHeight), radius: 0, color: under) }
        renderer.draw(laidOut, on: canvas, at: Point(x: 3.3, y: 2.6), overCleared: overCleared)
        canvas.flush()
        return canvas
    }

    @Test(arguments: [1.0, 2.0]) func copyingOntoClearPixelsGivesTheBlendedPixels(scale: Double) {
        let copied = drawn(Self.panel, scale: scale, overCleared: true), blended = drawn(Self.panel, scale: scale, overCleared: false)
        var worst = 0
        for y in 0..<copied.pixelHeight {
            for x in 0..<copied.pixelWidth {
                let a = copied.pixel(x: x, y: y), b = blended.pixel(x: x, y: y)
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            }
        }
        // Un-premultiplying a faint edge pixel magnifies a rounding step; opaque enough pixels agree within 1.
        #expect(worst <= 2, "every pixel, the shade over its text included, as blending gives it (worst \(worst))")
    }

    @Test(arguments: [1.0, 2.0]) func aBackgroundOnPixelsSaidToBeClearIsCopied(scale: Double) {
        // Opaque red under a half-black rounded background: copied, the middle of the panel is
        // half-transparent black; blended it is dark red. (The canvas is not clear, so only the
        // copy shows which way was taken.)
        let node = Spacer().frame(width: 60, height: 40).background(Self.shade).cornerRadius(10)
        let red = Color(hex: 0xFF0000)
        let copied = drawn(node, scale: scale, overCleared: true, under: red).pixel(x: Int(30 * scale), y: Int(22 * scale))
        #expect(abs(Int(copied.a) - 128) <= 1 && copied.r == 0, "copied: \(copied)")
        let blended = drawn(node, scale: scale, overCleared: false, under: red).pixel(x: Int(30 * scale), y: Int(22 * scale))
        #expect(blended.a == 255 && blended.r >= 126 && blended.r <= 129, "blended: \(blended)")
    }

    @Test func aLaterItemOverAnEarlierOneIsBlended() {
        // Two cards overlapping on a clear canvas: the second lies on the first's pixels.
        let renderer = ViewTreeRenderer(), painter = RenderListPainter(trees: renderer)
        painter.reusesCardImages = false
        let card = renderer.layout(Spacer().frame(width: 60, height: 40).background(Self.shade).cornerRadius(10))
        let items = [RenderItem(id: ViewID(1), frame: Rect(x: 10, y: 10, width: 60, height: 40), opacity: 1, z: 0),
                     RenderItem(id: ViewID(2), frame: Rect(x: 40, y: 30, width: 60, height: 40), opacity: 1, z: 1)]
        let canvas = Canvas(pixelWidth: 120, pixelHeight: 90, scale: 1)
        painter.paint(RenderList(items: items), container: Rect(x: 0, y: 0, width: 120, height: 90), on: canvas,
                      overCleared: true) { _ in PaintedView(tree: card) }
        #expect(abs(Int(canvas.pixel(x: 25, y: 25).a) - 128) <= 1, "the first card alone: half black")
        #expect(abs(Int(canvas.pixel(x: 55, y: 40).a) - 191) <= 1, "both: the second blended over the first (1 - 0.5 × 0.5)")
    }
}
