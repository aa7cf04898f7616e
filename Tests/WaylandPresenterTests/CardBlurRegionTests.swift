// The compositor's blur region for frosted toast cards: the union of the showing cards' rounded
// rectangles, moved and scaled as they are drawn; opaque cards, trees and faded items add nothing.
@testable import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter

struct CardBlurRegionTests {
    let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    @Test func twoToastsAreTheBandsOfEach() {
        let a = Rect(x: 20, y: 10, width: 360, height: 80), b = Rect(x: 20, y: 100, width: 360, height: 120)
        let list = RenderList(items: [RenderItem(id: ViewID(1), frame: a, z: 0), RenderItem(id: ViewID(2), frame: b, z: 1),
                                      RenderItem(id: ViewID(3), frame: Rect(x: 20, y: 230, width: 360, height: 60), z: 2)])
        // 1 and 2 are frosted (radius 8); 3 is an opaque card.
        let cards = CompositorBlurRegion.cards(of: list, bounds: bounds) { $0 == ViewID(3) ? nil : 8 }
        #expect(cards == [RoundedShape(frame: a, radius: 8), RoundedShape(frame: b, radius: 8)])
        let rects = CompositorBlurRegion.rects(frames: [], rounded: cards, bounds: bounds)
        #expect(rects == RoundedShape.bands(a, radius: 8) + RoundedShape.bands(b, radius: 8))
        // The corner pixel of a card is outside the region, its middle and its flat edge inside.
        let covers = { (x: Int32, y: Int32) in rects!.contains { $0.x <= x && x < $0.x + $0.width && $0.y <= y && y < $0.y + $0.height } }
        #expect(!covers(20, 10) && covers(200, 50) && covers(20, 50) && !covers(200, 225))
    }

    @Test func aMovingScaledToastMovesItsShapeAndAFadedOneLeaves() {
        let frame = Rect(x: 20, y: 10, width: 200, height: 100)
        let moving = RenderItem(id: ViewID(1), frame: frame, scale: 0.5, offset: Point(x: 30, y: 5), z: 0)
        let cards = CompositorBlurRegion.cards(of: RenderList(items: [moving]), bounds: bounds) { _ in 8 }
        #expect(cards == [RoundedShape(frame: Rect(x: 100, y: 40, width: 100, height: 50), radius: 4)])
        let gone = RenderItem(id: ViewID(1), frame: frame, opacity: 0, z: 0)
        #expect(CompositorBlurRegion.cards(of: RenderList(items: [gone]), bounds: bounds) { _ in 8 }.isEmpty)
        let outside = RenderItem(id: ViewID(1), frame: Rect(x: 500, y: 10, width: 50, height: 50), z: 0)
        #expect(CompositorBlurRegion.cards(of: RenderList(items: [outside]), bounds: bounds) { _ in 8 }.isEmpty)
    }

    @Test func onlyAToastCardInAMaterialHasAShape() {
        var config = ResolvedViewConfiguration(view: ViewConfiguration(), container: ViewConfiguration(), displayType: .vertical)
        var view = PaintedView(content: ToastContent(summary: "s"), configuration: config)
        #expect(view.frostedCardRadius == nil, "opaque card")
        config.toastMaterial = .regular
        view.configuration = config
        #expect(view.frostedCardRadius == ToastStyle.standard.cornerRadius)
        view.style = ToastTheme(highContrast: true).style
        #expect(view.frostedCardRadius == nil, "high contrast keeps the opaque card")
    }
}
