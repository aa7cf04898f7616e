import CCairo
import OverlayEngine
import XCTest
@testable import OverlayRenderer

/// A templated notification is laid out once and, repainted with the look it had (a fade, the
/// cards under a toast fading in), composited from its finished card image like a toast: no text
/// is set again, and the pixels are those of painting it (2/255 where antialiased edges meet the
/// shadow, as for toasts).
final class TemplatedCardImageTests: XCTestCase {
    let container = Rect(x: 0, y: 0, width: 400, height: 200)

    private func frame(_ painter: RenderListPainter, _ tree: LaidOutView, opacity: Double) -> [UInt8] {
        let canvas = Canvas(pixelWidth: Int(container.width), pixelHeight: Int(container.height), scale: 1)
        canvas.fill(Color(hex: 0x336699))
        let item = RenderItem(id: ViewID(1), frame: Rect(x: 20, y: 20, width: tree.size.width, height: tree.size.height),
                              opacity: opacity, scale: 1, z: 1, backgroundOpacity: 0)
        painter.paint(RenderList(items: [item], isAnimating: true), container: container, on: canvas) { _ in PaintedView(tree: tree) }
        canvas.flush()
        guard let data = cairo_image_surface_get_data(canvas.surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: canvas.stride * canvas.pixelHeight))
    }

    func testARepeatedTemplatedCardIsCompositedWithoutSettingTextAgain() throws {
        let painter = RenderListPainter()
        let content = ToastContent(summary: "Build done", body: "All <b>green</b> on every runner, ready to ship")
        let tree = try painter.trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: .standard)
        let measured = painter.trees.textsLaidOut
        let direct = RenderListPainter()
        direct.reusesCardImages = false
        let expected = frame(direct, tree, opacity: 0.6)
        _ = frame(painter, tree, opacity: 0.6)
        let laidOut = painter.trees.textsLaidOut
        XCTAssertEqual(laidOut, measured, "painting draws the layouts measured")
        let second = frame(painter, tree, opacity: 0.6), third = frame(painter, tree, opacity: 0.6)
        XCTAssertEqual(painter.cards.composites, 3, "every frame of a fade composites the card's image, made at the first")
        XCTAssertEqual(painter.trees.textsLaidOut, laidOut, "no text set again")
        for pixels in [second, third] {
            XCTAssertEqual(pixels.count, expected.count)
            XCTAssertLessThanOrEqual(zip(pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0, 2)
        }
        XCTAssertNotEqual(frame(direct, tree, opacity: 0.3), expected, "the comparison sees the opacity")
    }
}
