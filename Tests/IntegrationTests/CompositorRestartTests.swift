import Foundation
import XCTest

/// The compositor goes away and comes back (sway restarted, a crash, a new login): the daemon
/// keeps its bus names and every notification with its id, answers Notify and
/// CloseNotification meanwhile, lets nothing expire unseen, and shows everything again on the
/// new compositor. A daemon started before its compositor waits for it the same way.
final class CompositorRestartTests: RigTestCase {
    typealias Look = ToastLifecycleTests.Look

    /// Toasts on screen: runs of the left border's colour down the toasts' left edge.
    func toastCount(_ shot: Screenshot) -> Int {
        let x = shot.width - Look.margin - Look.width
        var runs = 0, inRun = false
        for y in 0..<shot.height {
            let onBorder = shot.pixel(x, y).isClose(to: Look.borderColor, tolerance: 40)
            if onBorder && !inRun { runs += 1 }
            inRun = onBorder
        }
        return runs
    }

    /// Every view showing, in every container (`overlay-wl list --json`).
    func showing() throws -> Set<UInt32> {
        let out = try cli(["list", "--json"])
        guard out.succeeded, let root = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any],
              let list = root["containers"] as? [[String: Any]]
        else { throw HarnessError.failed("list --json failed: \(out)") }
        return Set(list.flatMap { ((($0["showing"] as? [Any]) ?? []).compactMap { ($0 as? NSNumber)?.uint32Value }) })
    }

    /// True once the daemon's log has a line containing `text` (bounded wait: stderr is read
    /// asynchronously).
    func logs(_ daemon: OverlayDaemon, _ text: String, within timeout: TimeInterval = 3) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if daemon.process.output.stderr.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return false
    }

    func closes(_ monitor: SignalMonitor) -> [SignalMonitor.Event] {
        monitor.events.filter { if case .closed = $0 { return true }; return false }
    }

    /// Each from its own app: three from one would stack into one card (GroupedStackTests).
    func testEveryNotificationSurvivesTheCompositorRestartingWithItsID() throws {
        let daemon = try startDaemon()
        let monitor = try startSignalMonitor()
        let persistent = try rig.notify(app: "persistent", summary: "Persistent", body: "stays", expireTimeout: 0)
        let short = try rig.notify(app: "short", summary: "Short", body: "six seconds", expireTimeout: 6000)
        _ = try screenshot(within: 3) { self.toastCount($0) == 2 }

        try rig.stopCompositor()
        let lostAt = Date()
        XCTAssertTrue(daemon.isRunning, "the daemon survives its compositor: \(daemon.process.output)")
        XCTAssertTrue(rig.nameHasOwner(), "it keeps org.freedesktop.Notifications")
        XCTAssertTrue(logs(daemon, "waiting for a compositor"), "it says it waits: \(daemon.process.output)")
        // Notify answers with ids, CloseNotification closes, while nothing can be drawn.
        let during = try rig.notify(app: "during", summary: "During", body: "sent with no compositor", expireTimeout: 0)
        let closed = try rig.notify(app: "closed", summary: "Closed", body: "closed with no compositor", expireTimeout: 0)
        XCTAssertEqual(Set([persistent, short, during, closed]).count, 4, "four distinct ids")
        try rig.closeNotification(closed)
        XCTAssertEqual(monitor.waitForClosed(id: closed, timeout: 3), 3, "CloseNotification works: \(monitor.events)")
        // Longer than the short notification's whole timeout: it must not expire unseen.
        Thread.sleep(forTimeInterval: max(0, 7 - Date().timeIntervalSince(lostAt)))
        XCTAssertEqual(closes(monitor), [.closed(id: closed, reason: 3)],
                       "nothing but the closed one is closed while the compositor is gone")
        XCTAssertEqual(try showing(), [persistent, short, during], "every notification is kept, showing")
        XCTAssertTrue(daemon.isRunning)

        try rig.startCompositor()
        let shot = try settledScreenshot(within: 5) { self.toastCount($0) == 3 }
        XCTAssertEqual(toastCount(shot), 3, "the three notifications are drawn again")
        XCTAssertTrue(logs(daemon, "connected to the Wayland compositor at \(rig.environment["WAYLAND_DISPLAY"] ?? "?")"),
                      "\(daemon.process.output)")
        XCTAssertEqual(try showing(), [persistent, short, during], "with the ids their senders got")
        // Its countdown runs again from where it stopped: it expires now, on screen.
        XCTAssertEqual(monitor.waitForClosed(id: short, timeout: 8), 1, "the short one expires once seen: \(monitor.events)")
        XCTAssertNil(monitor.events.first { $0 == .closed(id: persistent, reason: 1) || $0 == .closed(id: during, reason: 1) })
        let two = try settledScreenshot(within: 5) { self.toastCount($0) == 2 }
        XCTAssertEqual(toastCount(two), 2)
        // Input works on the new compositor's seat: a click dismisses the top toast (the newest).
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.click(two.width - Look.margin - Look.width / 2, Look.margin + 20)
        XCTAssertEqual(monitor.waitForClosed(id: during, timeout: 3), 2, "a click closes it: \(monitor.events)")
        XCTAssertTrue(daemon.isRunning)
    }

    func testADaemonStartedBeforeItsCompositorWaitsAndShowsOnceItComes() throws {
        try rig.stopCompositor()
        defer { if (try? rig.outputs()) == nil { try? rig.startCompositor() } }
        // No compositor and no WAYLAND_DISPLAY: it takes its bus names and waits for any.
        let daemon = try startDaemon(environment: ["-u", "WAYLAND_DISPLAY"])
        let id = try rig.notify(summary: "Early", body: "sent before the compositor", expireTimeout: 3000)
        XCTAssertTrue(logs(daemon, "no Wayland compositor yet (WAYLAND_DISPLAY unset): waiting"), "\(daemon.process.output)")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(daemon.isRunning, "\(daemon.process.output)")

        try rig.startCompositor()
        let shot = try settledScreenshot(within: 5) { self.toastCount($0) == 1 }
        XCTAssertEqual(toastCount(shot), 1, "the notification is drawn once the compositor is there")
        XCTAssertEqual(try showing(), [id])
        XCTAssertTrue(logs(daemon, "connected to the Wayland compositor"), "\(daemon.process.output)")
    }

    /// SIGTERM still ends a daemon that is waiting for its compositor cleanly (exit 0).
    func testSIGTERMEndsADaemonWithoutACompositorCleanly() throws {
        let daemon = try startDaemon()
        _ = try rig.notify(summary: "Kept", body: "until SIGTERM", expireTimeout: 0)
        try rig.stopCompositor()
        defer { if (try? rig.outputs()) == nil { try? rig.startCompositor() } }
        XCTAssertTrue(logs(daemon, "waiting for a compositor"), "\(daemon.process.output)")
        XCTAssertEqual(daemon.stop(), 0, "\(daemon.process.output)")
        XCTAssertFalse(rig.nameHasOwner(), "the bus names go with it")
    }

    /// Without WAYLAND_DISPLAY, a compositor already running in XDG_RUNTIME_DIR is used at once.
    func testWithoutWaylandDisplayTheCompositorRunningIsUsed() throws {
        let daemon = try startDaemon(environment: ["-u", "WAYLAND_DISPLAY"])
        let id = try rig.notify(summary: "Found", body: "no WAYLAND_DISPLAY", expireTimeout: 0)
        let shot = try settledScreenshot(within: 5) { self.toastCount($0) == 1 }
        XCTAssertEqual(toastCount(shot), 1)
        XCTAssertEqual(try showing(), [id])
        XCTAssertTrue(daemon.isRunning)
    }
}
