import Foundation
import XCTest
import OverlayEngine
import OverlayScene

/// Help tips in scenes (`tip` views): placed by `TipPlacer` and drawn with the daemon's callout,
/// against committed PNGs (tolerance in `GoldenImage`). Besides the pixels, each tip's placement
/// is checked: the side chosen, the bubble inside the usable area, and the arrow's tip on the
/// target's edge facing the bubble.
final class TipGoldenTests: XCTestCase {
    /// One tip per side, each the first side of its order with room (720×400, no insets).
    func testATipOnEachSide() throws {
        let renderer = try scene("tips-sides")
        let area = Rect(x: 0, y: 0, width: 720, height: 400)
        try assertPlacements(renderer, area: area, expected: [.top, .bottom, .leading, .trailing])
        try GoldenImage.check(scene: "tips-sides", time: 1, name: "tips-sides")
    }

    /// Each tip prefers the side toward the edge it is near and flips to the opposite one. The
    /// usable area starts below a 30 px bar, so the top tip (target at y 45) has no room above.
    func testTipsFlipAtEachOutputEdge() throws {
        let renderer = try scene("tips-flipped")
        let area = Rect(x: 0, y: 30, width: 720, height: 370)
        try assertPlacements(renderer, area: area, expected: [.bottom, .top, .trailing, .leading])
        for (index, preferred) in [TipSide.top, .bottom, .leading, .trailing].enumerated() {
            let p = try XCTUnwrap(renderer.tipPlacement(ofView: index))
            XCTAssertEqual(p.side, preferred.opposite, "tip \(index) flipped away from \(preferred)")
        }
        try GoldenImage.check(scene: "tips-flipped", time: 1, name: "tips-flipped")
    }

    /// A window filling the output under a 30 px bar: no side has room, so the bubble goes
    /// inside it, below the middle of its top edge within the usable area (360, 30), the arrow
    /// leaving the bubble's top edge upwards; no arrow leaves its bottom edge.
    func testATipOnAFullOutputWindowGoesInside() throws {
        let renderer = try scene("tips-fullscreen")
        let p = try XCTUnwrap(renderer.tipPlacement(ofView: 0))
        let inner = Rect(x: 8, y: 38, width: 704, height: 354)
        XCTAssertTrue(!p.fits && p.hasArrow && p.side == .bottom, "\(p)")
        XCTAssertEqual(p.arrowTip, Point(x: 360, y: 30))
        XCTAssertEqual(p.bubble.minY, 40, "the arrow's length below the tip")
        XCTAssertEqual(p.bubble.midX, 360, accuracy: 1e-9)
        XCTAssertTrue(p.bubble.minX >= inner.minX && p.bubble.maxX <= inner.maxX && p.bubble.maxY <= inner.maxY,
                      "bubble \(p.bubble) inside \(inner)")
        XCTAssertTrue(p.arrowBaseStart.y == p.bubble.minY && p.arrowBaseEnd.y == p.bubble.minY && p.arrowStaysOutsideBubble)
        let canvas = try renderer.render(at: 1, scale: 1)
        let wallpaper = canvas.pixel(x: 360, y: Int(p.bubble.maxY) + 24)
        // Arrow pixels between the tip and the bubble (the border's yellow or the fill), none
        // below the bubble past its shadow (10 px blur, 2 px down): the tip's column under the bubble is wallpaper.
        let arrow = canvas.pixel(x: 360, y: 36)
        XCTAssertTrue(arrow.r > 0x80 || arrow.b < 0x50, "arrow at (360, 36): \(arrow)")
        XCTAssertEqual([wallpaper.r, wallpaper.g, wallpaper.b], [0x4C, 0x56, 0x6A], "below the bubble")
        try GoldenImage.check(scene: "tips-fullscreen", time: 1, name: "tips-fullscreen")
    }

    func testBadTipFieldsAreClearErrors() throws {
        let base = #"{"containers": [{"name": "t"}], "views": [{"container": "t", "tip": "#
        for (tip, message) in [(#"{"target": [1, 2, 3]}"#, "tip.target"), (#"{"target": [1, 2], "sides": ["up"]}"#, "tip.sides"),
                               (#"{"target": [1, 2], "usableInsets": [1, 2]}"#, "tip.usableInsets")] {
            let scene = try JSONDecoder().decode(SceneFile.self, from: Data((base + tip + "}]}").utf8))
            XCTAssertThrowsError(try SceneRenderer(scene: scene)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    // MARK: Helpers

    func scene(_ name: String) throws -> SceneRenderer {
        try SceneRenderer(path: "\(GoldenImage.directory)/scenes/\(name).json")
    }

    /// View `i` is a tip placed on `expected[i]`, inside `area` inset by the margin, its arrow's
    /// tip on the target's facing edge (within the target's extent along that edge).
    func assertPlacements(_ renderer: SceneRenderer, area: Rect, expected: [TipSide],
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let margin = 8.0, inner = area.insetBy(dx: margin, dy: margin)
        for (index, side) in expected.enumerated() {
            let p = try XCTUnwrap(renderer.tipPlacement(ofView: index), "view \(index) is not a tip", file: file, line: line)
            let t = p.target, tip = p.arrowTip, b = p.bubble
            XCTAssertEqual(p.side, side, "tip \(index): side", file: file, line: line)
            XCTAssertTrue(p.fits && !p.targetOffArea, "tip \(index) fits: \(p)", file: file, line: line)
            XCTAssertTrue(b.minX >= inner.minX - 1e-9 && b.maxX <= inner.maxX + 1e-9
                          && b.minY >= inner.minY - 1e-9 && b.maxY <= inner.maxY + 1e-9,
                          "tip \(index): bubble \(b) inside \(inner)", file: file, line: line)
            let onEdge: Bool = switch side {
            case .top: tip.y == t.minY && b.maxY < t.minY
            case .bottom: tip.y == t.maxY && b.minY > t.maxY
            case .leading: tip.x == t.minX && b.maxX < t.minX
            case .trailing: tip.x == t.maxX && b.minX > t.maxX
            }
            let along = side == .top || side == .bottom ? (tip.x, t.minX, t.maxX) : (tip.y, t.minY, t.maxY)
            XCTAssertTrue(onEdge && along.0 >= along.1 && along.0 <= along.2,
                          "tip \(index): arrow tip \(tip) on the \(side) edge of target \(t), bubble \(b)", file: file, line: line)
        }
    }
}
