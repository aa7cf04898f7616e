// The compositor's blur region for frosted toast cards: a toast drawn through its template in a
// card material has a frosted card inside its border, and that rounded card is the region;
// opaque cards and high contrast add nothing.
@testable import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter

struct CardBlurRegionTests {
    let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    func toast(_ style: ToastStyle) throws -> LaidOutView {
        try ViewTreeRenderer().layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: ToastContent(summary: "s")), style: style)
    }

    @Test func aFrostedCardInsideItsBorderIsTheRegion() throws {
        let frosted = try toast(ToastStyle.standard.withMaterial(.regular))
        let opaque = try toast(.standard)
        let list = RenderList(items: [RenderItem(id: ViewID(1), frame: Rect(origin: Point(x: 20, y: 10), size: frosted.size), z: 0),
                                      RenderItem(id: ViewID(2), frame: Rect(origin: Point(x: 20, y: 100), size: opaque.size), z: 1)])
        let shapes = CompositorBlurRegion.materials(of: list, bounds: bounds) { $0 == ViewID(1) ? frosted : opaque }
        let bw = ToastStyle.standard.borderWidth
        #expect(shapes == [RoundedShape(frame: Rect(x: 20 + bw, y: 10 + bw, width: frosted.size.width - 2 * bw, height: frosted.size.height - 2 * bw),
                                        radius: ToastStyle.standard.cornerRadius - bw)])
    }

    @Test func highContrastKeepsTheOpaqueCard() throws {
        let card = try toast(ToastTheme(highContrast: true).style.withMaterial(.regular))
        let list = RenderList(items: [RenderItem(id: ViewID(1), frame: Rect(origin: .zero, size: card.size), z: 0)])
        #expect(CompositorBlurRegion.materials(of: list, bounds: bounds) { _ in card }.isEmpty)
    }
}
