import Foundation
import XCTest

/// Notifications carrying the `x` and `y` hints become help tips pointing at that point of the
/// focused output (HEADLESS-1, 1280×720), keeping their notification id and close semantics.
/// The tip has the default callout look: background 0x2B303B, 2 px border 0xEBCB8B, 18×10 arrow.
final class NotificationTipTests: RigTestCase {
    static let bubbleColor = RGBA(hex: 0x2B303B)

    func bubbleBox(_ shot: Screenshot) -> PixelRect? {
        shot.whole.boundingBox { $0.isClose(to: Self.bubbleColor, tolerance: 6) }
    }

    /// Border-coloured (arrow) pixels: yellowish, far from the wallpaper and the dark bubble.
    static func isArrowInk(_ c: RGBA) -> Bool { Int(c.r) >= 80 && Int(c.r) > Int(c.b) + 30 }

    func testXAndYHintsShowATipAtThatPointThatClosesLikeANotification() throws {
        _ = try startDaemon(["--default-timeout", "60"])  // no expiry while the test looks
        let monitor = try startSignalMonitor()
        let id = try rig.notifySend(["-h", "int:x:400", "-h", "int:y:300", "Tip", "here"])
        XCTAssertGreaterThan(id, 0)

        // Room above (400, 300): the bubble sits above the point, centred on it, and the arrow's
        // last border pixel row ends at y 300 in column 400.
        var shot = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        let box = try XCTUnwrap(bubbleBox(shot), "no callout on screen")
        note("bubble at \(box)")
        XCTAssertLessThan(box.maxY, 300, "the fill stays above the point")
        XCTAssertGreaterThanOrEqual(box.maxY, 288, "the arrow's fill reaches toward it")
        XCTAssertLessThanOrEqual(abs(box.midX - 400), 2, "centred on x 400")
        XCTAssertLessThan(box.width, 200, "a tip-sized bubble, not a toast")
        let arrow = try XCTUnwrap(shot.region(x: 395, y: 280, width: 11, height: 30).boundingBox(where: Self.isArrowInk),
                                  "no arrow pixels near (400, 300)")
        XCTAssertLessThanOrEqual(abs(arrow.maxY - 300), 1, "arrow tip pixel row \(arrow.maxY - 1) ends at y 300")
        XCTAssertLessThanOrEqual(abs(arrow.midX - 400), 1, "arrow tip pixel column \(arrow.midX), point x 400")

        // CloseNotification: NotificationClosed(id, 3) exactly once, and the tip is gone.
        try rig.closeNotification(id)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 3, "\(monitor.events)")
        shot = try settledScreenshot(within: 3) { self.bubbleBox($0) == nil }
        XCTAssertNil(bubbleBox(shot), "the tip is gone")
        Thread.sleep(forTimeInterval: 0.5)  // room for a duplicate signal
        let count = monitor.events.filter { if case .closed(id, _) = $0 { return true }; return false }.count
        XCTAssertEqual(count, 1, "NotificationClosed sent \(count) times: \(monitor.events)")
    }

    /// Only one of the hints: an ordinary toast (no callout).
    func testOneHintAloneIsAToast() throws {
        _ = try startDaemon(["--default-timeout", "60"])
        _ = try rig.notifySend(["-h", "int:x:400", "Toast", "only x"])
        let shot = try settledScreenshot(within: 5) { $0.contentBox != nil }
        XCTAssertNotNil(shot.contentBox, "a toast shows")
        XCTAssertNil(shot.region(x: 380, y: 270, width: 41, height: 40).boundingBox(where: Self.isArrowInk),
                     "no tip arrow at (400, 300)")
    }
}
