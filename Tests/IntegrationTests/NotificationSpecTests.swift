import Foundation
import XCTest

/// org.freedesktop.Notifications semantics on the real daemon: capabilities, urgency, tags,
/// progress, ids and exactly-once NotificationClosed.
final class NotificationSpecTests: RigTestCase {
    static let progressFill = RGBA(hex: 0x88C0D0)
    static let progressTrack = RGBA(hex: 0x434C5E)

    func testCapabilitiesAreExactlyWhatWorks() throws {
        _ = try startDaemon()
        let out = try rig.gdbusCall("GetCapabilities", [])
        let advertised = Set(out.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        XCTAssertEqual(advertised, ["action-icons", "actions", "body", "body-hyperlinks", "body-images", "body-markup",
                                    "icon-static", "inline-reply", "persistence", "x-canonical-private-synchronous"],
                       "GetCapabilities: \(out)")
    }

    /// With a 1 s default, a normal notification expires and a critical one does not.
    func testCriticalNeverExpiresByDefault() throws {
        _ = try startDaemon(["--default-timeout", "1"])
        let monitor = try startSignalMonitor()
        let normal = try rig.notifySend(["-u", "normal", "Normal", "expires"])
        let critical = try rig.notifySend(["-u", "critical", "Critical", "stays"])
        XCTAssertEqual(monitor.waitForClosed(id: normal, timeout: 3), 1, "normal: \(monitor.events)")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertNil(monitor.events.first { if case .closed(critical, _) = $0 { return true }; return false },
                     "a critical notification must not expire by default: \(monitor.events)")
        let shot = try settledScreenshot(within: 3) { $0.contentBox != nil }
        XCTAssertNotNil(shot.contentBox, "the critical toast is no longer drawn")
        try rig.closeNotification(critical)
        XCTAssertEqual(monitor.waitForClosed(id: critical, timeout: 3), 3)
    }

    /// x-canonical-private-synchronous: a second notification with the same tag replaces the first.
    func testSynchronousTagReplacesInPlace() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let tag = "string:x-canonical-private-synchronous:volume"
        let first = try rig.notifySend(["-t", "0", "-h", tag, "Volume", "40%"])
        let one = try settledScreenshot(within: 3) { $0.contentBox != nil }
        let second = try rig.notifySend(["-t", "0", "-h", tag, "Volume", "60%"])
        XCTAssertEqual(second, first, "the same tag must keep the same id")
        let after = try settledScreenshot(within: 3) { !$0.samePixels(as: one) }
        let a = try XCTUnwrap(one.contentBox), b = try XCTUnwrap(after.contentBox)
        assertNear(b.height, a.height, tolerance: 1, "one toast, not two")
        XCTAssertNil(monitor.events.first { if case .closed(first, _) = $0 { return true }; return false },
                     "replacing by tag must not close: \(monitor.events)")
        let other = try rig.notifySend(["-t", "0", "-h", "string:x-canonical-private-synchronous:brightness", "B", "1"])
        XCTAssertNotEqual(other, first, "another tag is another notification")
    }

    /// The `value` hint is a progress bar: the fill colour over about half the track's width.
    func testValueHintDrawsAProgressBar() throws {
        _ = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "-h", "int:value:50", "Copying", "file.iso"])
        let shot = try settledScreenshot(within: 3) { $0.contentBox != nil }
        let box = try XCTUnwrap(shot.contentBox)
        let toast = shot.region(box)
        let fill = try XCTUnwrap(toast.boundingBox { $0.isClose(to: Self.progressFill, tolerance: 2) }, "no progress fill")
        let track = try XCTUnwrap(toast.boundingBox { $0.isClose(to: Self.progressTrack, tolerance: 2) }, "no progress track")
        // the fill runs from the bar's left end to where the visible track begins: half the bar
        assertNear(fill.maxX, track.x, tolerance: 2, "the fill ends where the track shows")
        let whole = track.maxX - fill.x
        assertNear(fill.width, whole / 2, tolerance: 4, "50% fill of a \(whole) px bar")
        XCTAssertGreaterThan(fill.y, box.y + box.height / 2, "the bar sits below the text")
    }

    func testIdsAreNeverZeroNeverReusedAndUnknownReplacesGetsANewId() throws {
        _ = try startDaemon()
        let a = try rig.notify(summary: "a", expireTimeout: 0)
        try rig.closeNotification(a)
        let b = try rig.notify(replacesId: a, summary: "b, replacing a closed id", expireTimeout: 0)
        let c = try rig.notify(replacesId: 4_000_000, summary: "c, replacing an id never given", expireTimeout: 0)
        XCTAssertEqual(Set([a, b, c]).count, 3, "ids \(a) \(b) \(c)")
        XCTAssertFalse([a, b, c].contains(0))
        XCTAssertNotEqual(c, 4_000_000)
    }

    func testClosingAnUnknownIdIsADBusError() throws {
        _ = try startDaemon()
        let out = rig.run(["gdbus", "call", "--session", "--dest", Rig.busName, "--object-path", Rig.objectPath,
                           "--method", "org.freedesktop.Notifications.CloseNotification", "uint32 777777"])
        XCTAssertFalse(out.succeeded, "CloseNotification(777777) should fail: \(out)")
        XCTAssertTrue(out.stderr.contains("org.freedesktop.Notifications.Error.NotFound"), out.stderr)
    }

    /// Expired, closed by call, and closed by call after a replacement: one signal each, no more.
    func testEveryNotificationClosesExactlyOnce() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let expiring = try (0..<3).map { try rig.notifySend(["-t", "600", "Expiring \($0)", "soon"]) }
        let closed = try rig.notify(summary: "Closed by call", expireTimeout: 0)
        _ = try rig.notify(replacesId: closed, summary: "Closed by call, replaced", expireTimeout: 0)
        try rig.closeNotification(closed)
        for id in expiring { XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 1) }
        XCTAssertEqual(monitor.waitForClosed(id: closed, timeout: 3), 3)
        Thread.sleep(forTimeInterval: 0.8)  // room for any duplicate to arrive
        for id in expiring + [closed] {
            let count = monitor.events.filter { if case .closed(id, _) = $0 { return true }; return false }.count
            XCTAssertEqual(count, 1, "NotificationClosed for \(id) sent \(count) times: \(monitor.events)")
        }
    }

    /// Bad input: 10,000 Notify calls pipelined on one connection. Every one gets a distinct
    /// nonzero id and exactly one NotificationClosed (expired). Five show at a time and the rest
    /// expire while they wait: shown one batch after another, they would take 50 minutes.
    func testTenThousandPipelinedNotificationsAllGetIdsAndAllExpire() throws {
        try XCTSkipUnless(Rig.hasPython, "python3 is needed for the pipelining client")
        let daemon = try startDaemon()
        let report = try rig.notifyFlood(count: 10_000, expireMs: 1000, wait: 120 * DaemonBinary.slowdown)
        XCTAssertEqual(report.replies, 10_000)
        XCTAssertEqual(report.errors, [:])
        XCTAssertEqual(Set(report.ids).count, 10_000, "ids must be distinct")
        XCTAssertFalse(report.ids.contains(0), "no id is 0")
        XCTAssertEqual(report.closed.count, 10_000, "every id closed")
        let wrong = report.closed.filter { $0.value != [1] }
        XCTAssertTrue(wrong.isEmpty, "each closes once, expired (1): \(wrong.prefix(5))")
        XCTAssertTrue(daemon.process.isRunning)
        XCTAssertEqual(try state("notifications").showing, [])
        XCTAssertEqual(try state("notifications").waiting, [])
        XCTAssertEqual(try state("notifications").hidden, [])
    }

    /// The built-in container shows the newest five, newest on top; older ones are hidden and
    /// the newest hidden one comes back when a showing one goes.
    func testBuiltInContainerShowsTheNewestFiveAndHidesTheRest() throws {
        _ = try startDaemon()
        // Seven apps: seven from one would stack into one card (GroupedStackTests).
        let ids = try (1...7).map { try rig.notify(app: "app \($0)", summary: "Persistent \($0)", expireTimeout: 0) }
        // Newcomers to the full column take their places once they stop coming (swap-delay, 0.05 s).
        var now = try state("notifications")
        let deadline = Date().addingTimeInterval(2)
        while now.showing != Array(ids[2...]) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            now = try state("notifications")
        }
        XCTAssertEqual(now.showing, Array(ids[2...]), "z-order: oldest first")
        XCTAssertEqual(now.hidden, Array(ids[0..<2]), "the oldest two are hidden, not queued")
        XCTAssertEqual(now.waiting, [])
        // The "+2 more" pill: one spacing below the column, in the toasts' colours.
        let withPill = try settledScreenshot(within: 3) { $0.contentBox != nil }
        let column = try XCTUnwrap(withPill.contentBox)
        let pillRow = column.maxY - 13   // the pill is 26 tall
        assertColor(withPill, column.maxX - 8, pillRow, RGBA(hex: 0x2B303B), tolerance: 2, "the pill's background, right of its text")

        try rig.closeNotification(ids[6])
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try state("notifications").showing, Array(ids[1..<6]), "the newest hidden one came back in its place")
        XCTAssertEqual(try state("notifications").hidden, [ids[0]])

        try rig.closeNotification(ids[0])  // nothing hidden: the pill goes, the column ends 36 higher
        let withoutPill = try settledScreenshot(within: 3) { ($0.contentBox?.maxY ?? 0) < column.maxY - 30 }
        let shorter = try XCTUnwrap(withoutPill.contentBox)
        assertNear(shorter.maxY, column.maxY - 36, tolerance: 3, "the column's end without the pill")
    }
}
