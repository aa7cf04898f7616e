import OverlayEngine
import OverlayRenderer
@testable import WaylandPresenter
import Testing

/// A toast laid out lazily (in a column placing from its anchored edge) is still checked against
/// the caps when it is shown: refused at once when its template filled is past them, on the first
/// show (which lays the template's estimate out) and on later ones (which reuse that estimate).
@Suite struct LazyToastCapsTests {
    @Test func aToastPastTheCapsIsRefusedBeforeAndAfterTheEstimateIsKept() throws {
        let presenter = OverlayPresenter(display: nil, clock: { 10 })
        try presenter.register(ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple),
                               placement: SurfacePlacement())
        try #require(presenter.manager.placesFromAnchoredEdge("c"))
        let bodies = (0..<5).map { _ in #"{"type": "text", "text": "{body}"}"# }.joined(separator: ", ")
        let five = try NotificationTemplate(name: "five", json: #"{"type": "vstack", "children": [\#(bodies)]}"#)
        try #require(!five.fitsEveryToast(actions: ToastStyle.standard.actions.maxButtons))
        let huge = ToastContent(summary: "s", body: String(repeating: "x", count: 60_000))  // 5 × 60,000 bytes: past 256 KiB
        #expect(throws: ViewDecodingError.self) { try presenter.show(TemplatedToast(template: five, content: huge), in: "c") }
        try presenter.show(TemplatedToast(template: five, content: ToastContent(summary: "s", body: "fits")), in: "c")
        #expect(throws: ViewDecodingError.self) { try presenter.show(TemplatedToast(template: five, content: huge), in: "c") }
        #expect(presenter.manager.showing(in: "c").count == 1, "only the toast within the caps shows")
    }
}
