import CCairo
import OverlayEngine
import XCTest
@testable import OverlayRenderer

/// A card whose scale moves (a `scale` transition's frame, a stack springing) is its unscaled picture
/// scaled about its anchor, with its opacity: its text is never rasterized at the card's scale,
/// which made cairo keep a font and its glyphs for every scale drawn. Toasts through `default`
/// and `compact`, and help tips; at 1× and 2×; shrunk, and grown past 1 as a spring overshoots.
final class ScaledCardTests: XCTestCase {
    let container = Rect(x: 0, y: 0, width: 420, height: 200)
    let backdrop = Color(hex: 0x336699)

    private func view(_ kind: String, painter: RenderListPainter) throws -> (PaintedView, Size) {
        let content = ToastContent(summary: "Build 1234 done", body: "All <b>green</b> on every runner, ready to ship")
        switch kind {
        case "compact":
            let tree = try painter.trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.compact, content: content),
                                                        style: .standard)
            return (PaintedView(tree: tree, shadow: ToastStyle.standard.shadow), tree.size)
        case "tip":
            let tip = CalloutContent(title: "Terminal", body: "Press Super+Enter for a terminal")
            let style = CalloutStyle()
            let bubble = painter.trees.tipSize(tip, style: style)
            let placement = TipPlacer.place(.rect(Rect(x: 100, y: 150, width: 80, height: 30)), size: bubble,
                                            in: container, metrics: style.metrics, sides: [.top])
            let tree = painter.trees.layoutTip(tip, style: style, placement: placement.inOwnFrame)
            return (PaintedView(tree: tree), tree.size)
        default:
            let view = Fixtures.toast(content, style: .standard, trees: painter.trees)
            return (view, view.tree.size)
        }
    }

    private func item(_ size: Size, scale: Double, opacity: Double) -> RenderItem {
        RenderItem(id: ViewID(1), frame: Rect(x: 30, y: 40, width: size.width, height: size.height), opacity: opacity,
                   scale: scale, scaleAnchor: Point(x: 0.5, y: 1), z: 1, backgroundOpacity: 0)
    }

    private func bytes(_ canvas: Canvas) -> [UInt8] {
        canvas.flush()
        guard let data = cairo_image_surface_get_data(canvas.surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: canvas.stride * canvas.pixelHeight))
    }

    private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return .max }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var most = 0
                for i in 0..<a.count { most = max(most, abs(Int(a[i]) - Int(b[i]))) }
                return most
            }
        }
    }

    private func painted(_ view: PaintedView, _ item: RenderItem, deviceScale: Double, backdrop: Color?) -> Canvas {
        Fixtures.painted(view, item, in: container, deviceScale: deviceScale, backdrop: backdrop)
    }

    func testAScaledCardIsItsUnscaledPictureScaled() throws {
        for kind in ["default", "compact", "tip"] {
            let (view, size) = try view(kind, painter: RenderListPainter())
            for deviceScale in [1.0, 2.0] {
                for (scale, opacity) in [(0.9, 1.0), (0.8, 0.6), (1.04, 1.0)] {
                    let scaled = item(size, scale: scale, opacity: opacity)
                    let drawn = bytes(painted(view, scaled, deviceScale: deviceScale, backdrop: backdrop))
                    // The card painted unscaled and opaque on nothing, then scaled onto the backdrop.
                    let picture = painted(view, item(size, scale: 1, opacity: 1), deviceScale: deviceScale, backdrop: nil)
                    let expected = Canvas(pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight, scale: deviceScale)
                    expected.fill(backdrop)
                    let cr = expected.context
                    let anchor = Point(x: scaled.frame.minX + 0.5 * size.width, y: scaled.frame.maxY)
                    cairo_translate(cr, anchor.x, anchor.y)
                    cairo_scale(cr, scale, scale)
                    cairo_translate(cr, -anchor.x, -anchor.y)
                    cairo_scale(cr, 1 / deviceScale, 1 / deviceScale)
                    cairo_set_source_surface(cr, picture.surface, 0, 0)
                    cairo_paint_with_alpha(cr, opacity)
                    let want = bytes(expected)
                    let what = "\(kind) at \(deviceScale)×, scale \(scale), opacity \(opacity)"
                    // 2/255: the two compose the same transform in another order (bilinear rounding);
                    // text drawn at the card's scale differs by about 100/255.
                    XCTAssertLessThanOrEqual(maxDifference(drawn, want), 2, what)
                    let unscaled = bytes(painted(view, item(size, scale: 1, opacity: opacity), deviceScale: deviceScale, backdrop: backdrop))
                    XCTAssertNotEqual(drawn, unscaled, "\(what): the comparison sees the scale")
                }
            }
        }
    }
}
