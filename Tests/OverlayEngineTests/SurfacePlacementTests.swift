import OverlayEngine
import XCTest

/// Where a layer surface sits on its output (what a frosted backdrop captures): pinned to the
/// anchored edges plus margins, centred on an axis anchored at both or neither end.
final class SurfacePlacementTests: XCTestCase {
    func testTopRightCornerWithMargins() {
        let p = SurfacePlacement(anchor: [.top, .right], margins: [40, 30, 0, 0], width: 400, height: 300)
        let o = p.origin(size: (400, 300), output: (1280, 720))
        XCTAssertEqual(o.x, 1280 - 30 - 400)
        XCTAssertEqual(o.y, 40)
    }

    func testBottomLeft() {
        let p = SurfacePlacement(anchor: [.bottom, .left], margins: [0, 0, 12, 8], width: 100, height: 50)
        let o = p.origin(size: (100, 50), output: (800, 600))
        XCTAssertEqual(o.x, 8)
        XCTAssertEqual(o.y, 600 - 12 - 50)
    }

    func testBothOrNeitherEdgeCentresWithinTheMargins() {
        let p = SurfacePlacement(anchor: [.top, .bottom], margins: [10, 0, 30, 0], width: 200, height: 0)
        let o = p.origin(size: (200, 560), output: (1000, 600))
        XCTAssertEqual(o.x, 400, "no horizontal anchor: centred")
        XCTAssertEqual(o.y, 10, "stretched between top and bottom margins")
    }
}
