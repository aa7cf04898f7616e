import Foundation
import XCTest

/// End-to-end: `overlay-wl daemon` in a headless sway, driven over D-Bus, checked on screenshots.
final class ToastLifecycleTests: RigTestCase {
    /// The default toast look the daemon promises.
    enum Look {
        static let width = 360
        static let margin = 12
        static let border = 2
        static let background = RGBA(hex: 0x2B303B)
        static let borderColor = RGBA(hex: 0x5E81AC)
        static let maxHeight = 300
    }

    /// Where toasts may appear: a band along the top-right corner, generously sized.
    func topRightArea(_ shot: Screenshot) -> Screenshot.Region {
        shot.region(x: shot.width - Look.width - 3 * Look.margin, y: 0,
                    width: Look.width + 3 * Look.margin, height: shot.height / 2)
    }

    /// A single toast at its resting place (used to wait out entry animations).
    func isRestingToast(_ shot: Screenshot) -> Bool {
        guard let box = shot.contentBox else { return false }
        return abs(box.maxX - (shot.width - Look.margin)) <= 1 && abs(box.y - Look.margin) <= 1
            && abs(box.width - Look.width) <= 2
            && shot.pixel(box.x + Look.border + 4, box.midY).isClose(to: Look.background)
    }

    func isClear(_ shot: Screenshot) -> Bool { topRightArea(shot).isUniform(.black) }

    // MARK: A

    func testToastAppearsTopRightWithDefaultLook() throws {
        _ = try startDaemon()
        let (width, height) = try rig.outputSize()
        _ = try rig.notifySend(["Hello", "World"])

        // Settled: a frame late in the fade-in is in place with nearly the right colours.
        let shot = try settledScreenshot(within: 3, until: isRestingToast)
        let box = try XCTUnwrap(shot.contentBox, "no toast at rest within 3 s")
        note("toast box \(box) on \(width)x\(height)")
        assertNear(box.maxX, width - Look.margin, tolerance: 1, "toast right edge")
        assertNear(box.y, Look.margin, tolerance: 1, "toast top")
        assertNear(box.width, Look.width, tolerance: 2, "toast width")
        XCTAssertTrue((30...Look.maxHeight).contains(box.height), "toast height \(box.height)")

        // padding (border 2 + padding 12 before any content), left and right, at mid-height
        assertColor(shot, box.x + 6, box.midY, Look.background, "left padding")
        assertColor(shot, box.maxX - 1 - 6, box.midY, Look.background, "right padding")
        assertColor(shot, box.midX, box.maxY - 1 - 6, Look.background, "bottom padding")
        // the 2 px border on straight stretches of all four edges
        for (x, y, edge) in [(box.x, box.midY, "left"), (box.x + 1, box.midY, "left"),
                             (box.maxX - 1, box.midY, "right"), (box.maxX - 2, box.midY, "right"),
                             (box.midX, box.y, "top"), (box.midX, box.y + 1, "top"),
                             (box.midX, box.maxY - 1, "bottom"), (box.midX, box.maxY - 2, "bottom")] {
            assertColor(shot, x, y, Look.borderColor, "\(edge) border")
        }
        // text is drawn: background, two text colours and their anti-aliasing
        let content = shot.region(box.insetBy(Look.border + 2))
        XCTAssertGreaterThanOrEqual(content.distinctColorCount, 4,
                                    "toast content looks empty: \(content.histogram())")
        // nothing else on screen
        XCTAssertTrue(shot.region(x: 0, y: 0, width: width / 2, height: height / 2).isUniform(.black),
                      "top-left quadrant is not black")
        XCTAssertTrue(shot.region(x: 0, y: box.maxY + 1, width: width, height: height - box.maxY - 1)
            .isUniform(.black), "something is drawn below the toast")
    }

    // MARK: B

    func testToastExpiresAfterItsTimeout() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let sent = Date()
        let id = try rig.notifySend(["-t", "1000", "Bye", "soon"])
        _ = try screenshot(within: 2, until: isRestingToast)

        let reason = monitor.waitForClosed(id: id, timeout: 3)
        let elapsed = Date().timeIntervalSince(sent)
        XCTAssertEqual(reason, 1, "NotificationClosed(\(id), 1) expected; got \(monitor.events)")
        XCTAssertGreaterThanOrEqual(elapsed, 0.8, "closed after \(elapsed)s, before its 1 s timeout")

        let after = try screenshot(within: 1.5, until: isClear)
        XCTAssertTrue(isClear(after), "toast still drawn after it expired: \(topRightArea(after).histogram())")
    }

    // MARK: C

    func testCloseNotificationAndReplaceInPlace() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let id = try rig.notify(summary: "Sticky", body: "stays until closed", expireTimeout: 0)
        let first = try settledScreenshot(within: 3, until: isRestingToast)
        let single = try XCTUnwrap(first.contentBox, "no toast for a never-expiring notification")

        let replaced = try rig.notify(replacesId: id, summary: "Sticky", body: "replaced in place", expireTimeout: 0)
        XCTAssertEqual(replaced, id, "replaces_id must return the same id")
        let second = try settledScreenshot(within: 3) { !$0.samePixels(as: first) }
        let box = try XCTUnwrap(second.contentBox, "toast vanished after replacement")
        XCTAssertFalse(second.samePixels(as: first), "replacement did not change the toast")
        note("single toast \(single), after replace \(box)")
        assertNear(box.height, single.height, tolerance: 1, "height after replace (one toast, not two)")
        assertNear(box.y, single.y, tolerance: 1, "top after replace")
        XCTAssertNil(monitor.events.first { if case .closed(id, _) = $0 { return true }; return false },
                     "replacing must not close the notification")

        try rig.closeNotification(id)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 3,
                       "NotificationClosed(\(id), 3) expected; got \(monitor.events)")
        let after = try screenshot(within: 1.5, until: isClear)
        XCTAssertTrue(isClear(after), "toast still drawn after CloseNotification")
    }

    // MARK: D

    /// Shows a huge notification, checks its toast stays bounded, closes it.
    private func checkBounded(_ id: UInt32, _ what: String, monitor: SignalMonitor) throws {
        // generous: measuring and drawing a 1 MiB body is slow on a loaded 2-core machine
        let shot = try settledScreenshot(within: 10) { $0.contentBox != nil }
        let box = try XCTUnwrap(shot.contentBox, "\(what): no toast drawn")
        note("\(what): id \(id), box \(box)")
        XCTAssertLessThanOrEqual(box.height, Look.maxHeight, "\(what): toast is \(box.height) px high")
        assertNear(box.width, Look.width, tolerance: 2, "\(what): toast width")
        try rig.closeNotification(id)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 10), 3, "\(what): not closed")
        _ = try screenshot(within: 1.5, until: isClear)
    }

    func testBadInputKeepsDaemonUp() throws {
        let daemon = try startDaemon()
        let monitor = try startSignalMonitor()

        // 120 KB body through argv (one argument may not exceed 128 KiB)
        let argvBody = String(repeating: "lorem ipsum ", count: 10_000)
        let big = try rig.notify(summary: "Big body (argv)", body: argvBody, expireTimeout: 0)
        try checkBounded(big, "120 KB body", monitor: monitor)

        // 1 MiB body over the wire, from a stdlib-only python3 D-Bus client
        if Rig.hasPython {
            let huge = try rig.notifyLarge(summary: "Huge body (wire)", bodyBytes: 1 << 20, expireTimeout: 0)
            try checkBounded(huge, "1 MiB body", monitor: monitor)
        } else {
            print("note: python3 not installed; the 1 MiB body case was not run (120 KB only)")
        }

        var ids: [UInt32] = []
        ids.append(try rig.notifySend(["Broken markup", "<b>x</i>"]))
        ids.append(try rig.notifySend(["Unknown tag", "<blink>y</blink>"]))
        ids.append(try rig.notifySend(["<b>x</i>", "summary markup"]))
        ids.append(try rig.notify(summary: "", body: ""))
        XCTAssertEqual(Set(ids).count, ids.count, "ids must be distinct: \(ids)")
        XCTAssertFalse(ids.contains(0), "id 0 is reserved: \(ids)")

        let shot = try settledScreenshot(within: 3) { $0.contentBox != nil }
        XCTAssertNotNil(shot.contentBox, "nothing drawn for the bad-input notifications")
        XCTAssertTrue(daemon.isRunning, "daemon died: \(daemon.process.output)")
        XCTAssertTrue(rig.nameHasOwner(), "daemon no longer owns \(Rig.busName)")
        XCTAssertNoThrow(try rig.gdbusCall("GetServerInformation", []), "daemon stopped answering")
    }

    // MARK: E

    /// Without WAYLAND_DISPLAY the daemon waits for a compositor in XDG_RUNTIME_DIR
    /// (CompositorRestartTests); without XDG_RUNTIME_DIR there is no session to wait in.
    func testDaemonWithoutRuntimeDirectoryFailsFast() throws {
        let bin = try DaemonBinary.prepare()
        let started = Date()
        let out = rig.run(["env", "-u", "XDG_RUNTIME_DIR", "-u", "WAYLAND_DISPLAY"] + DaemonBinary.sanitizerEnvironment
                          + [bin, "daemon"], timeout: 10 * DaemonBinary.slowdown)
        let elapsed = Date().timeIntervalSince(started)
        note("without XDG_RUNTIME_DIR: \(out)")
        XCTAssertFalse(out.timedOut, "daemon kept running without XDG_RUNTIME_DIR")
        XCTAssertNotEqual(out.status, 0, "exit status")
        XCTAssertLessThan(elapsed, 3 * DaemonBinary.slowdown, "took \(elapsed)s to give up")
        XCTAssertEqual(out.stderrLines.count, 1, "want exactly one stderr line: \(out.stderr)")
        XCTAssertTrue(out.stderr.contains("XDG_RUNTIME_DIR"), "stderr: \(out.stderr)")
    }

    func testSecondDaemonFailsWhenNameIsOwned() throws {
        let first = try startDaemon()
        let bin = try DaemonBinary.prepare()
        let out = rig.run(["env"] + DaemonBinary.sanitizerEnvironment + [bin, "daemon"], timeout: 10 * DaemonBinary.slowdown)
        note("second daemon: \(out)")
        XCTAssertFalse(out.timedOut, "second daemon kept running")
        XCTAssertNotEqual(out.status, 0, "exit status")
        XCTAssertEqual(out.stderrLines.count, 1, "want exactly one stderr line: \(out.stderr)")
        XCTAssertTrue(out.stderr.contains("already owned"), "stderr: \(out.stderr)")
        XCTAssertTrue(first.isRunning, "the first daemon must keep running")
        XCTAssertTrue(rig.nameHasOwner())
    }
}
