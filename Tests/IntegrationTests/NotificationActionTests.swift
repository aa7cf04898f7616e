import Foundation
import XCTest

/// Actions end to end: `notify-send -A … --wait` gets the action invoked through
/// `overlay-wl invoke`, with an xdg-activation token first; resident notifications stay.
final class NotificationActionTests: RigTestCase {
    /// Starts `notify-send -p --wait ARGS` (line-buffered, so the id arrives at once) and returns it
    /// once it has printed its id.
    func waitingNotifySend(_ args: [String]) throws -> (RunningProcess, UInt32) {
        var lines: [String] = []
        let lock = NSLock()
        let process = try rig.spawn(["stdbuf", "-oL", "notify-send", "-p", "--wait"] + args) { line in
            lock.lock(); lines.append(line); lock.unlock()
        }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            lock.lock(); let first = lines.first; lock.unlock()
            if let first, let id = UInt32(first.trimmingCharacters(in: .whitespaces)) { return (process, id) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.stop(grace: 1)
        throw HarnessError.failed("notify-send printed no id: \(process.output)")
    }

    func testInvokedActionReachesTheSenderWithAnActivationToken() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let (sender, id) = try waitingNotifySend(["-A", "open=Open", "-A", "later=Later", "Meeting", "in 5 minutes"])
        _ = try settledScreenshot(within: 3) { $0.contentBox != nil }
        XCTAssertTrue(try cli(["invoke", "\(id)", "open"]).succeeded)

        let invoked = monitor.waitFor(timeout: 3) { if case .actionInvoked(id, "open") = $0 { return true }; return false }
        XCTAssertNotNil(invoked, "ActionInvoked(\(id), open): \(monitor.events)")
        let events = monitor.events
        let tokenIndex = events.firstIndex { if case .activationToken(id, let t) = $0 { return !t.isEmpty }; return false }
        let actionIndex = events.firstIndex { if case .actionInvoked(id, _) = $0 { return true }; return false }
        XCTAssertNotNil(tokenIndex, "sway offers xdg-activation, so a token must come first: \(events)")
        if let tokenIndex, let actionIndex { XCTAssertLessThan(tokenIndex, actionIndex, "ActivationToken before ActionInvoked") }
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "a non-resident notification closes as dismissed")
        XCTAssertNotNil(sender.waitForExit(timeout: 5), "notify-send --wait should exit once closed")
        XCTAssertTrue(sender.output.stdout.contains("open"), "notify-send printed: \(sender.output.stdout)")
    }

    func testResidentNotificationStaysAfterAnAction() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        // gdbus, not notify-send --wait: notify-send closes the notification itself after an action
        let id = try rig.notify(summary: "Player", body: "song", actions: ["pause", "Pause"],
                                hints: "{'resident': <true>}", expireTimeout: 0)
        XCTAssertTrue(try cli(["invoke", "\(id)", "pause"]).succeeded)
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { if case .actionInvoked(id, "pause") = $0 { return true }; return false })
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertNil(monitor.events.first { if case .closed(id, _) = $0 { return true }; return false },
                     "a resident notification must stay after an action: \(monitor.events)")
        XCTAssertNotNil(try screenshot().contentBox, "the resident toast is still drawn")
    }

    func testUnknownActionIsRefused() throws {
        _ = try startDaemon()
        let id = try rig.notify(summary: "No such action", actions: ["yes", "Yes"], expireTimeout: 0)
        let out = try cli(["invoke", "\(id)", "no"])
        XCTAssertFalse(out.succeeded, "invoking an action the sender never offered must fail: \(out)")
    }

    /// A real click on an action button (the button colour #3B4252 locates it in the screenshot)
    /// invokes that action; a click on the toast body invokes "default".
    func testClicksInvokeTheButtonsActionAndTheDefaultAction() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let id = try rig.notify(summary: "Build failed", body: "3 errors", actions: ["default", "Open", "log", "Show log"],
                                expireTimeout: 0)
        let buttonColour = { (c: RGBA) in c.isClose(to: RGBA(hex: 0x3B4252), tolerance: 2) }
        // Two equal screenshots can both fall inside the fade-in (sway need not repaint between
        // them): wait for the button's own colour, which only the opaque toast has.
        let shot = try settledScreenshot(within: 3) { shot in
            shot.contentBox.map { shot.region($0).boundingBox(where: buttonColour) != nil } ?? false
        }
        let toast = try XCTUnwrap(shot.contentBox)
        let button = try XCTUnwrap(shot.region(toast).boundingBox(where: buttonColour), "no action button drawn")
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.click(button.x + 6, button.midY)
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { if case .actionInvoked(id, "log") = $0 { return true }; return false },
                        "clicking the button must invoke 'log': \(monitor.events)")
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2)

        let second = try rig.notify(summary: "Build failed again", body: "click me", actions: ["default", "Open"],
                                    expireTimeout: 0)
        let again = try settledScreenshot(within: 3) { $0.contentBox != nil }
        let box = try XCTUnwrap(again.contentBox)
        try pointer.click(box.midX, box.y + 14)  // the summary line: the toast itself
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { if case .actionInvoked(second, "default") = $0 { return true }; return false },
                        "a click on the toast must invoke 'default': \(monitor.events)")
    }
}
