import Foundation
import XCTest

/// A notification replaced in place while its surface is idle (nothing animating, no frame
/// outstanding) is drawn in the pass that sees the replacement. That pass must lay the toast out
/// at its measured size: it was laid out at the smallest toast the style draws (46 px, no
/// text), so the frame's damage and input region stopped there. The first such frame still
/// damaged the previous frame's extent; from the second replacement on the compositor kept the
/// previous content's rows below 46 px.
final class ReplacedToastTests: RigTestCase {
    /// Two body lines: the second lies wholly below the smallest toast's height.
    static let bodies = ["one one one one\none one one one", "AAAA AAAA AAAA\nAAAA AAAA AAAA",
                         "W W W W W W W\nW W W W W W W"]

    func testAToastReplacedOnAnIdleSurfaceLooksLikeAFreshOne() throws {
        _ = try startDaemon()
        let id = try rig.notify(summary: "Replaced", body: Self.bodies[0], expireTimeout: 0)
        var replaced = try settledScreenshot(within: 3) { $0.contentBox != nil }
        for body in Self.bodies.dropFirst() {
            _ = try rig.notify(replacesId: id, summary: "Replaced", body: body, expireTimeout: 0)
            let before = replaced
            replaced = try settledScreenshot(within: 3) { !$0.samePixels(as: before) }
        }

        // The reference: the same content as a new notification, alone in the same place.
        try rig.closeNotification(id)
        _ = try screenshot(within: 2) { $0.contentBox == nil }
        _ = try rig.notify(summary: "Replaced", body: Self.bodies[2], expireTimeout: 0)
        let fresh = try settledScreenshot(within: 3) { $0.contentBox != nil }

        let box = try XCTUnwrap(fresh.contentBox, "no fresh toast")
        XCTAssertEqual(replaced.contentBox, box, "the replaced toast's extent differs from a fresh one's")
        XCTAssertGreaterThan(box.height, 46 + 20, "the second body line must lie below the smallest toast's height")
        // Every row of the toast: the rows below 46 px showed the old body before.
        var wrongRows: [Int] = []
        for y in box.y..<box.maxY {
            let differs = (box.x..<box.maxX).contains { x in !replaced.pixel(x, y).isClose(to: fresh.pixel(x, y), tolerance: 2) }
            if differs { wrongRows.append(y) }
        }
        note("toast \(box); rows differing from a fresh toast: \(wrongRows)")
        XCTAssertEqual(wrongRows, [], "rows of the replaced toast that do not show the new content")
    }
}
