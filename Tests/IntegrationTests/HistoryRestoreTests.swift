import Foundation
import XCTest

/// `overlay-wl restore` shows a notification from history whole: its icon, image and hints come
/// back, because the daemon keeps the request it was sent, not a summary of it.
final class HistoryRestoreTests: RigTestCase {
    static let red = RGBA(hex: 0xE01010)

    /// Red pixels inside the toast: where its image-data icon is drawn.
    func redIcon(_ shot: Screenshot) -> PixelRect? {
        guard let toast = shot.contentBox else { return nil }
        return shot.region(toast).boundingBox { $0.isClose(to: Self.red, tolerance: 6) }
    }

    func testRestoreBringsBackTheImageAndTheUrgency() throws {
        _ = try startDaemon()
        let pixel = "\(Self.red.r), \(Self.red.g), \(Self.red.b), 255"
        let image = "(16, 16, 64, true, 8, 4, [byte \(Array(repeating: pixel, count: 256).joined(separator: ", "))])"
        let id = try rig.notify(summary: "With an image", body: "red square",
                                hints: "{'image-data': <\(image)>, 'urgency': <byte 2>}")
        let shown = try settledScreenshot(within: 3) { self.redIcon($0) != nil }
        let icon = try XCTUnwrap(redIcon(shown), "no red icon before the dismissal")

        XCTAssertTrue(try cli(["dismiss", String(id), "--no-animation"]).succeeded)
        _ = try screenshot(within: 3) { $0.contentBox == nil }
        XCTAssertTrue(try cli(["history"]).stdout.contains("\"id\":\(id)"))

        let restored = try XCTUnwrap(UInt32(try cli(["restore", String(id)]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertNotEqual(restored, id, "a restored notification gets a new id")
        let again = try settledScreenshot(within: 3) { self.redIcon($0) != nil }
        let iconAgain = try XCTUnwrap(redIcon(again), "the restored toast lost its image")
        assertNear(iconAgain.width, icon.width, tolerance: 1, "the same icon size")
        // The sender left the timeout to the server, which never expires a critical notification
        // (5 s for others): still there after that means the urgency hint came back too.
        Thread.sleep(forTimeInterval: 5.5)
        XCTAssertNotNil(redIcon(try screenshot()), "the restored critical notification expired: its urgency was lost")
    }

    func testTheHistorySurvivesARestart() throws {
        var daemon = try startDaemon()
        let id = try rig.notify(summary: "Before the restart", body: "kept on disk", expireTimeout: 0)
        XCTAssertTrue(try cli(["dismiss", String(id), "--no-animation"]).succeeded)
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(daemon.stop(), 0, "SIGTERM: a clean exit writes the history")
        daemon = try startDaemon()
        let history = try cli(["history"])
        XCTAssertTrue(history.stdout.contains("\"id\":\(id),\"app-name\":\"overlay-wl-tests\",\"summary\":\"Before the restart\""),
                      history.stdout)
        let restored = try XCTUnwrap(UInt32(try cli(["restore", String(id)]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertNotEqual(restored, id)
        XCTAssertNotNil(try settledScreenshot(within: 3) { $0.contentBox != nil }.contentBox, "restored from the file")
    }
}
