import XCTest
import CCairo
import OverlayEngine
@testable import OverlayRenderer

/// `RenderListPainter`: container backgrounds, shadows and ink frames from resolved settings.
final class PainterTests: XCTestCase {
    let container = Rect(x: 0, y: 0, width: 400, height: 200)
    let content = ToastContent(summary: "Hi", body: "there")

    private func resolved(_ change: (inout ViewConfiguration) -> Void) -> ResolvedViewConfiguration {
        var view = ViewConfiguration()
        change(&view)
        return ResolvedViewConfiguration(view: view, container: ViewConfiguration(), displayType: .stacking)
    }

    private func item(opacity: Double = 1, backgroundOpacity: Double = 1) -> RenderItem {
        RenderItem(id: ViewID(1), frame: Rect(x: 20, y: 40, width: 360, height: 60), opacity: opacity, z: 0,
                   backgroundOpacity: backgroundOpacity)
    }

    private func paint(_ config: ResolvedViewConfiguration, item: RenderItem, style: ToastStyle = .standard,
                       source: BlurSource = .tintedFallback) -> (Canvas, [Rect]) {
        let painter = RenderListPainter()
        painter.blurSource = source
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 200, scale: 1)
        let view = Fixtures.toast(content, style: style, configuration: config)
        let ink = painter.paint(RenderList(items: [item]), container: container, on: canvas) { _ in view }
        return (canvas, ink)
    }

    func testColourBackgroundCoversTheContainerWeightedByBackgroundOpacity() {
        let config = resolved { $0.background = .value(.color(Color(red: 1, green: 0, blue: 0, alpha: 0.5))) }
        let (canvas, ink) = paint(config, item: item(backgroundOpacity: 0.5))
        let corner = canvas.pixel(x: 2, y: 2)
        XCTAssertEqual(corner.r, 255)
        XCTAssertEqual(Int(corner.a), 64, accuracy: 1, "alpha 0.5 × backgroundOpacity 0.5")
        XCTAssertEqual(ink, [container], "a background damages the whole container")
    }

    func testNoBackgroundWhenBackgroundOpacityIsZero() {
        let config = resolved { $0.background = .value(.color(.black)) }
        let (canvas, _) = paint(config, item: item(backgroundOpacity: 0))
        XCTAssertEqual(canvas.pixel(x: 2, y: 2).a, 0)
    }

    func testShadowIsDrawnOutsideOnlyAndGrowsTheInkFrame() {
        let shadow = Shadow(color: .black, radius: 16, offset: Point(x: 0, y: 6))
        var style = ToastStyle()
        style.background = Color(hex: 0x2B303B, alpha: 0.5)  // translucent: a shadow inside would show
        style.borderWidth = 0
        let config = resolved { $0.shadow = .value(shadow) }
        let (canvas, ink) = paint(config, item: item(), style: style)
        // Below the toast (y 100…) the shadow is dark and fades with distance.
        let near = canvas.pixel(x: 200, y: 104).a, far = canvas.pixel(x: 200, y: 120).a
        XCTAssertGreaterThan(near, 100, "shadow just under the toast")
        XCTAssertGreaterThan(near, far, "Gaussian falloff")
        XCTAssertEqual(canvas.pixel(x: 200, y: 160).a, 0, "beyond 3σ + offset nothing")
        // Inside: exactly the translucent background (no shadow under it).
        XCTAssertEqual(Int(canvas.pixel(x: 340, y: 70).a), 128, accuracy: 1)
        let e = shadow.extent
        XCTAssertEqual(ink, [Rect(x: 20 - e.left, y: 40 - e.top, width: 360 + e.left + e.right, height: 60 + e.top + e.bottom)])
        XCTAssertEqual(e.bottom, e.top + 12, "the offset moves the reach down")
    }

    /// A library caller's shadow of any radius: one past `GaussianBlur.maximumRadius` is drawn at
    /// it (a radius of 1.8e71 trapped converting the blur's margin to pixels), one that is not a
    /// finite number without blur.
    func testAShadowOfAnyRadiusIsDrawnWithinTheBound() {
        XCTAssertEqual(GaussianBlur.sigma(radius: 1.8e71), GaussianBlur.maximumRadius / 2)
        XCTAssertEqual(GaussianBlur.sigma(radius: .infinity), 0)
        XCTAssertEqual(GaussianBlur.sigma(radius: .nan), 0)
        XCTAssertEqual(GaussianBlur.sigma(radius: -4), 0)
        XCTAssertEqual(GaussianBlur.sigma(radius: 16), 8)
        let blurred = paint(resolved { $0.shadow = .value(Shadow(color: .black, radius: 1.8e71)) }, item: item()).0
        XCTAssertGreaterThan(blurred.pixel(x: 200, y: 160).a, 0, "blurred 60 points past the card's edge (σ 100)")
        // Unblurred and not offset, the shadow lies wholly under the card, where it is cut out.
        let sharp = paint(resolved { $0.shadow = .value(Shadow(color: .black, radius: .nan)) }, item: item()).0
        XCTAssertEqual(sharp.pixel(x: 200, y: 160).a, 0)
    }

    /// A library caller's shadow offset of any size, or none at all (not finite), is drawn within
    /// the bound a config or view file has (`Shadow.maximumOffset` points), never trapping.
    func testAShadowOfAnyOffsetIsDrawnWithinTheBound() {
        for offset in [1e300, -1e300, .infinity, -.infinity, .nan] {
            let shadow = Shadow(color: .black, radius: 4, offsetX: offset, offsetY: offset)
            let extent = shadow.extent
            for side in [extent.left, extent.top, extent.right, extent.bottom] {
                XCTAssertTrue(side.isFinite && side <= Shadow.maximumOffset + 10, "\(offset): reach \(side)")
            }
            let (canvas, ink) = paint(resolved { $0.shadow = .value(shadow) }, item: item())
            XCTAssertEqual(ink.count, 1, "\(offset): the card is painted")
            XCTAssertEqual(canvas.pixel(x: 200, y: 70).a, 255, "\(offset): the card itself is opaque")
        }
        let nan = Shadow(color: Color(red: .nan, green: 0, blue: 0, alpha: 1), radius: .nan, offsetX: .nan, offsetY: 2)
        XCTAssertEqual(nan.drawn, nan.drawn, "drawn, a shadow not finite is one cache key, not a new one each frame")
        XCTAssertEqual(nan.drawn, Shadow(color: .black, radius: 0, offsetX: 0, offsetY: 2))
        let near = paint(resolved { $0.shadow = .value(Shadow(color: .black, radius: 0, offsetX: 0, offsetY: 30)) }, item: item()).0
        XCTAssertGreaterThan(near.pixel(x: 200, y: 120).a, 0, "an offset within the bound moves the shadow below the card")
    }

    /// A card at opacity 0 (the first frame of its fade-in) leaves no pixels: it is not painted;
    /// its container-wide background, when showing, still is.
    func testAWhollyTransparentCardIsNotPainted() {
        let painter = RenderListPainter()
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 200, scale: 1)
        let view = Fixtures.toast(content, configuration: resolved { _ in }, trees: painter.trees)
        var ink = painter.paint(RenderList(items: [item(opacity: 0)]), container: container, on: canvas) { _ in view }
        XCTAssertEqual(ink, [], "not painted")
        canvas.flush()
        let bytes = UnsafeBufferPointer(start: cairo_image_surface_get_data(canvas.surface), count: canvas.stride * canvas.pixelHeight)
        XCTAssertFalse(bytes.contains { $0 != 0 }, "no pixel touched")
        ink = painter.paint(RenderList(items: [item(opacity: 0.01)]), container: container, on: canvas) { _ in view }
        XCTAssertEqual(ink.count, 1, "a card that shows at all is painted")
        let backed = resolved { $0.background = .value(.color(.black)) }
        let (canvas2, ink2) = paint(backed, item: item(opacity: 0, backgroundOpacity: 1))
        XCTAssertEqual(ink2, [container])
        XCTAssertEqual(canvas2.pixel(x: 2, y: 2).a, 255, "its background still shows")
    }

    func testShadowFadesWithTheViewsOpacity() {
        let config = resolved { $0.shadow = .value(Shadow(color: .black, radius: 16)) }
        let full = paint(config, item: item()).0.pixel(x: 200, y: 104).a
        let half = paint(config, item: item(opacity: 0.5)).0.pixel(x: 200, y: 104).a
        XCTAssertEqual(Int(half), Int(full) / 2, accuracy: 2)
    }

    func testBlurWithoutSourceIsATintedFallback() {
        let config = resolved { $0.background = .value(.blur(.regular)) }
        let (canvas, _) = paint(config, item: item())
        let tint = BlurMaterial.regular.fallbackTint
        XCTAssertEqual(Int(canvas.pixel(x: 2, y: 2).a), Int((tint.a * 255).rounded()), accuracy: 1)
        XCTAssertEqual(canvas.pixel(x: 2, y: 2).a, canvas.pixel(x: 398, y: 198).a, "uniform over the container")
    }

    func testFrostedBlurSmoothsWhatIsUnder() {
        let config = resolved { $0.background = .value(.blur(.thick)) }
        let painter = RenderListPainter()
        painter.blurSource = .canvas
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 200, scale: 1)
        Wallpaper.paint("pattern:checker", on: canvas)
        let before = (canvas.pixel(x: 4, y: 4), canvas.pixel(x: 20, y: 4))
        XCTAssertNotEqual(before.0.r, before.1.r, "checker cells differ before the blur")
        let view = Fixtures.toast(content, configuration: config)
        painter.paint(RenderList(items: [item()]), container: container, on: canvas) { _ in view }
        let after = (canvas.pixel(x: 4, y: 4), canvas.pixel(x: 20, y: 4))
        XCTAssertLessThanOrEqual(abs(Int(after.0.r) - Int(after.1.r)), 3, "blurred into one tone")
    }
}
