import Testing
import OverlayEngine
@testable import OverlayRenderer

/// An icon is checked (`canShow`) at the scale it is drawn at, so the picture checked is the one
/// drawn: one decode, not one at scale 1 for the check and another for a scale-2 output.
@Suite("Icon checks")
struct IconCheckTests {
    @Test func anIconCheckedAtTheOutputsScaleIsDecodedOnce() throws {
        let renderer = ViewTreeRenderer()
        renderer.checkScale = 2
        let name = "audio-volume-high-symbolic"
        #expect(renderer.themedIconLoads(name, side: 24))
        #expect(renderer.imageLoads == 1)
        let laidOut = renderer.layout(Image(.icon(name), size: Size(width: 24, height: 24)))
        let canvas = Canvas(pixelWidth: 48, pixelHeight: 48, scale: 2)
        renderer.draw(laidOut, on: canvas)
        canvas.flush()
        #expect(renderer.imageLoads == 1, "drawn from the picture the check decoded")
        #expect((0..<48).contains { x in canvas.pixel(x: x, y: 24).a > 0 }, "the icon is drawn")
        renderer.checkScale = 1
        #expect(renderer.themedIconLoads(name, side: 24))
        #expect(renderer.imageLoads == 2, "at another scale, another picture")
    }
}
