import Foundation
import XCTest
import CCairo
import OverlayEngine
@testable import OverlayRenderer
import OverlayScene

/// Every view-tree primitive and modifier drawn by `ViewTreeRenderer`, at scales 1 and 2, against
/// committed PNGs (tolerance in `GoldenImage`). The trees are Golden/views/*.json; each is drawn
/// 8 pt in from the corner of a canvas filled with #2E3440 (so light text and controls show), at
/// its ideal size. Regenerate with `OVERLAY_UPDATE_GOLDENS=1 scripts/test --filter ViewTreeGoldenTests`.
final class ViewTreeGoldenTests: XCTestCase {
    static let views = "\(GoldenImage.directory)/views"

    /// Draws Golden/views/`name`.json at `scale` and compares with Golden/view-`name`[@2x].png.
    func check(_ name: String, scale: Double, checker: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let json = try String(contentsOfFile: "\(Self.views)/\(name).json", encoding: .utf8)
        let node = try ViewNode(json: json).resolvingImageFiles(relativeTo: Self.views)
        let renderer = ViewTreeRenderer()
        // Themed icons from the test theme (its 48×48 `badge`, and the @2 folder at scale 2).
        renderer.iconTheme = IconTheme(name: "OverlayTest", searchPaths: ["\(GoldenImage.directory)/assets/icons"])
        renderer.onImageError = { XCTFail("image left out: \($0)", file: file, line: line) }
        let laidOut = renderer.layout(node)
        let margin = 8.0
        let canvas = Canvas(pixelWidth: Int(((laidOut.size.width + 2 * margin) * scale).rounded(.up)),
                            pixelHeight: Int(((laidOut.size.height + 2 * margin) * scale).rounded(.up)), scale: scale)
        if checker {
            Self.paintChecker(canvas)
            renderer.blurSource = .canvas
        } else {
            cairo_set_source_rgb(canvas.context, 0x2E / 255.0, 0x34 / 255.0, 0x40 / 255.0)
            cairo_paint(canvas.context)
        }
        renderer.draw(laidOut, on: canvas, at: Point(x: margin, y: margin))
        try GoldenImage.compare(canvas, name: scale == 1 ? "view-\(name)" : "view-\(name)@2x", file: file, line: line)
    }

    /// Sharp 8 pt squares in two strong colours: blurred, they average out.
    static func paintChecker(_ canvas: Canvas) {
        let cr = canvas.context
        cairo_set_source_rgb(cr, 0.9, 0.3, 0.2)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0.1, 0.3, 0.8)
        var y = 0.0
        while y < canvas.logicalHeight {
            var x = (Int(y / 8) % 2 == 0) ? 0.0 : 8.0
            while x < canvas.logicalWidth { cairo_rectangle(cr, x, y, 8, 8); x += 16 }
            y += 8
        }
        cairo_fill(cr)
    }

    func testStacksSpacerAndDivider() throws { for s in [1.0, 2] { try check("stacks", scale: s) } }
    func testGrid() throws { for s in [1.0, 2] { try check("grid", scale: s) } }
    func testText() throws { for s in [1.0, 2] { try check("text", scale: s) } }
    func testImages() throws { for s in [1.0, 2] { try check("image", scale: s) } }
    func testProgressBars() throws { for s in [1.0, 2] { try check("progress", scale: s) } }
    func testButtons() throws { for s in [1.0, 2] { try check("button", scale: s) } }
    func testToggles() throws { for s in [1.0, 2] { try check("toggle", scale: s) } }
    func testSliders() throws { for s in [1.0, 2] { try check("slider", scale: s) } }
    func testTextFields() throws { for s in [1.0, 2] { try check("textfield", scale: s) } }
    /// The close symbol (default, larger and coloured, as a plain button's label) and text whose
    /// links take `linkColor` (two links, the second wrapping), beside the same link drawn plain.
    func testSymbolsAndLinks() throws { for s in [1.0, 2] { try check("symbol-link", scale: s) } }
    /// Padding, frame (fixed, min), background (colour, gradient), corner radius, border, shadow, opacity.
    func testModifiers() throws { for s in [1.0, 2] { try check("modifiers", scale: s) } }
    /// A blur-material background over a checkerboard: the squares under it are blurred and tinted.
    func testBlurBackground() throws { for s in [1.0, 2] { try check("blur", scale: s, checker: true) } }
}

/// A scene file whose view is a view tree: shown through the engine's timeline like a toast,
/// drawn by `RenderListPainter` with the view's shadow, its blur material over the wallpaper.
final class ViewTreeSceneGoldenTests: XCTestCase {
    func testSceneWithAViewTree() throws {
        try GoldenImage.check(scene: "view-tree", time: 1, name: "scene-view-tree")
        try GoldenImage.check(scene: "view-tree", time: 1, scale: 2, name: "scene-view-tree@2x")
    }

    func testABadViewInASceneNamesWhere() throws {
        let path = NSTemporaryDirectory() + "bad-view-scene.json"
        try #"{"containers": [{"name": "c"}], "views": [{"container": "c", "view": {"type": "slider"}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SceneRenderer(path: path)) { error in
            XCTAssertTrue("\(error)".contains("views[0].view") && "\(error)".contains("$.action"), "\(error)")
        }
    }
}
