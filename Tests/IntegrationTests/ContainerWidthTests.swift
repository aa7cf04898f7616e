import Foundation
import XCTest

/// A container narrower than the toast style's width: its toasts narrow to fit instead of
/// being clipped (text and borders would be cut off at the surface's edges).
final class ContainerWidthTests: RigTestCase {
    static let config = """
        [containers.narrow]
        anchor = ["top", "left"]
        margins = [10, 0, 0, 10]
        width = 200
        height = 300
        auto-dismiss = "never"
        """

    func testToastsNarrowToAFixedWidthContainer() throws {
        _ = try startDaemon(config: Self.config)
        try show("narrow", ["--body", "a body long enough to wrap within two hundred pixels"])
        let shot = try settledScreenshot(within: 3)
        let box = try XCTUnwrap(shot.contentBox, "the toast is drawn")
        // The surface spans x 10…209: the toast fills it exactly, no wider.
        XCTAssertEqual(box.x, 10, "left edge at the margin")
        XCTAssertEqual(box.width, 200, "as wide as the container")
        // Its border runs down both sides: the pixel halfway down each side column has the colour
        // of the top border's middle pixel (a clipped toast shows its fill there instead).
        let border = shot.pixel(box.x + box.width / 2, box.y)
        let midY = box.y + box.height / 2
        assertColor(shot, box.x, midY, border, tolerance: 12, "left border")
        assertColor(shot, box.x + box.width - 1, midY, border, tolerance: 12, "right border")
        // And text is drawn inside it (the area inside the borders is not one flat colour).
        let inside = shot.region(x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8)
        XCTAssertFalse(inside.isUniform(inside.histogram(limit: 1)[0].0, tolerance: 8), "text drawn")
    }
}
