import Foundation
import XCTest

/// The control interface end to end: `overlay-wl` subcommands against the daemon on headless sway,
/// checked through `list --json`, D-Bus signals and screenshots.
final class ControlTests: RigTestCase {
    /// Containers for every queue type and both display orders; nothing expires on its own.
    static let config = """
        [containers.multi]
        queue = "multiple"
        maximum-visible = 2
        delay-for-showing-next = 0
        auto-dismiss = "never"

        [containers.single]
        queue = "one-by-one"
        auto-dismiss = "never"
        anchor = ["top", "left", "bottom"]

        [containers.waitfinish]
        queue = "one-by-one-wait-finish"
        delay-for-showing-next = 0
        auto-dismiss = "never"

        [containers.newest]
        display-order = "newest-on-top"
        auto-dismiss = "never"

        [containers.oldest]
        display-order = "oldest-on-top"
        auto-dismiss = "never"
        """

    private var configPath = ""

    func startControlDaemon(config: String = ControlTests.config) throws -> OverlayDaemon {
        let (daemon, path) = try startDaemon(config: config)
        configPath = path
        return daemon
    }

    /// Polls `list --json` until the container shows and queues exactly these ids.
    func expectState(_ container: String, showing: [UInt32], waiting: [UInt32], within timeout: TimeInterval = 3,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try state(container)
        while (last.showing != showing || last.waiting != waiting) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            last = try state(container)
        }
        XCTAssertEqual(last.showing, showing, "\(container): ids on screen (z-order)", file: file, line: line)
        XCTAssertEqual(last.waiting, waiting, "\(container): ids waiting (queue order)", file: file, line: line)
    }

    // MARK: Queue types

    func testMultipleQueueAndDismissAllOnlyShowing() throws {
        _ = try startControlDaemon()
        let ids = try (0..<4).map { _ in try show("multi") }
        try expectState("multi", showing: [ids[0], ids[1]], waiting: [ids[2], ids[3]])

        // Only the two on screen go; the waiting ones then move in.
        XCTAssertTrue(try cli(["dismiss-all", "--in", "multi", "--only-showing", "--no-animation"]).succeeded)
        try expectState("multi", showing: [ids[2], ids[3]], waiting: [])

        XCTAssertTrue(try cli(["dismiss-all", "--in", "multi", "--no-animation"]).succeeded)
        try expectState("multi", showing: [], waiting: [])
    }

    func testOneByOneReplacesTheCurrentView() throws {
        _ = try startControlDaemon()
        let first = try show("single")
        try expectState("single", showing: [first], waiting: [])
        let second = try show("single")
        try expectState("single", showing: [second], waiting: [])
        XCTAssertFalse(try cli(["dismiss", String(first)]).succeeded, "the replaced view is gone")
    }

    func testOneByOneWaitFinishQueuesUntilDismissed() throws {
        _ = try startControlDaemon()
        let ids = try (0..<3).map { _ in try show("waitfinish") }
        try expectState("waitfinish", showing: [ids[0]], waiting: [ids[1], ids[2]])
        XCTAssertTrue(try cli(["dismiss", String(ids[0]), "--no-animation"]).succeeded)
        try expectState("waitfinish", showing: [ids[1]], waiting: [ids[2]])
        // --only-showing keeps the queue: the last one moves in.
        XCTAssertTrue(try cli(["dismiss-all", "--in", "waitfinish", "--only-showing", "--no-animation"]).succeeded)
        try expectState("waitfinish", showing: [ids[2]], waiting: [])
    }

    func testDismissTopmostUnderBothDisplayOrdersAndExcept() throws {
        _ = try startControlDaemon()
        let newest = try (0..<3).map { _ in try show("newest") }
        let oldest = try (0..<3).map { _ in try show("oldest") }
        // z-order bottom to top: newest-on-top lists in arrival order, oldest-on-top reversed.
        try expectState("newest", showing: newest, waiting: [])
        try expectState("oldest", showing: oldest.reversed(), waiting: [])

        let topNewest = try cli(["dismiss-topmost", "--in", "newest", "--no-animation"])
        XCTAssertEqual(topNewest.stdout.trimmingCharacters(in: .whitespacesAndNewlines), String(newest[2]))
        let topOldest = try cli(["dismiss-topmost", "--in", "oldest", "--no-animation"])
        XCTAssertEqual(topOldest.stdout.trimmingCharacters(in: .whitespacesAndNewlines), String(oldest[0]))
        try expectState("newest", showing: [newest[0], newest[1]], waiting: [])
        try expectState("oldest", showing: [oldest[2], oldest[1]], waiting: [])

        // Across containers: the view that appeared last.
        let later = try show("newest")
        let across = try cli(["dismiss-topmost", "--in", "oldest,newest", "--no-animation"])
        XCTAssertEqual(across.stdout.trimmingCharacters(in: .whitespacesAndNewlines), String(later))

        XCTAssertTrue(try cli(["dismiss-all", "--except", "oldest", "--no-animation"]).succeeded)
        try expectState("newest", showing: [], waiting: [])
        try expectState("oldest", showing: [oldest[2], oldest[1]], waiting: [])
    }

    // MARK: Bad input

    func testUnknownContainerAndOutOfRangeValuesAreClearErrors() throws {
        let daemon = try startControlDaemon()
        let unknown = try cli(["show", "--container", "nope", "--title", "x"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("unknown container 'nope'"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("multi"), "the error lists the known containers: \(unknown.stderr)")

        for (args, message) in [
            (["show", "--container", "multi", "--progress", "150"], "progress: 150 is out of range 0...100"),
            (["show", "--container", "multi", "--auto-dismiss=-2"], "auto-dismiss: -2 is out of range"),
            (["show", "--container", "multi", "--background", "#12"], "'#12' is not a colour"),
            (["show", "--container", "multi", "--gesture", "long-press:999"], "out of range"),
            (["dismiss", "4000000000"], "no view 4000000000"),
            (["dismiss-topmost", "--in", "nowhere"], "unknown container 'nowhere'"),
            (["invoke", "77", "ok"], "no view 77"),
        ] {
            let out = try cli(args)
            XCTAssertNotEqual(out.status, 0, "\(args) must fail")
            XCTAssertTrue(out.stderr.contains(message), "\(args): \(out.stderr)")
        }
        // Raw D-Bus with out-of-range values.
        let raw = rig.run(["gdbus", "call", "--session", "--dest", "org.overlaywl", "--object-path", "/org/overlaywl/Control",
                           "--method", "org.overlaywl.Control1.Show",
                           "{'container': <'multi'>, 'progress': <int64 9223372036854775807>, 'id': <int64 -5>}"])
        XCTAssertFalse(raw.succeeded)
        XCTAssertTrue(raw.stderr.contains("out of range"), raw.stderr)

        XCTAssertTrue(daemon.process.isRunning, "the daemon survives bad input")
        let id = try show("multi")
        try expectState("multi", showing: [id], waiting: [])
    }

    // MARK: Notifications through the control interface

    func testDismissingANotificationIsAUserDismissal() throws {
        _ = try startControlDaemon()
        let monitor = try startSignalMonitor()
        let id = try rig.notify(summary: "Control", body: "dismissed by overlay-wl dismiss", expireTimeout: 0)
        try expectState("notifications", showing: [id], waiting: [])
        XCTAssertTrue(try cli(["dismiss", String(id)]).succeeded)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "NotificationClosed(\(id), 2); got \(monitor.events)")
    }

    func testShowWaitReportsTheInvokedAction() throws {
        _ = try startControlDaemon()
        let idLine = DispatchSemaphore(value: 0)
        let bin = try DaemonBinary.prepare()
        let waiting = try rig.spawn([bin, "show", "--container", "multi", "--title", "Proceed?", "--action", "ok=OK",
                                     "--action", "no=No", "--wait"]) { _ in idLine.signal() }
        defer { waiting.stop(grace: 1) }
        XCTAssertEqual(idLine.wait(timeout: .now() + 5), .success, "show --wait printed no id")
        let id = try XCTUnwrap(UInt32(waiting.stdout.string.split(separator: "\n").first ?? ""))
        XCTAssertTrue(try cli(["invoke", String(id), "nope"]).stderr.contains("no action 'nope'"))
        XCTAssertTrue(try cli(["invoke", String(id), "ok"]).succeeded)
        XCTAssertEqual(waiting.waitForExit(timeout: 5), 0, "show --wait did not return: \(waiting.output)")
        waiting.drain()
        XCTAssertEqual(waiting.stdout.string, "\(id)\nclosed: action\naction: ok\n")
        try expectState("multi", showing: [], waiting: [])
    }

    // MARK: Modes and history

    func testModeHoldsNotificationsAndHistoryRestores() throws {
        _ = try startControlDaemon(config: ControlTests.config + """

            [[rules]]
            mode = "dnd"
            queue = true
            """)
        XCTAssertEqual(try cli(["mode", "add", "dnd"]).stdout, "dnd\n")
        let held = try rig.notify(summary: "Held", body: "until dnd ends", expireTimeout: 0)
        let critical = try rig.notify(summary: "Critical", hints: "{'urgency': <byte 2>}", expireTimeout: 0)
        try expectState("notifications", showing: [critical], waiting: [])
        XCTAssertTrue(try cli(["list", "--json"]).stdout.contains("\"held\":[\(held)]"))

        XCTAssertTrue(try cli(["mode", "remove", "dnd"]).succeeded)
        // Ascending z: a critical notification stays above normal ones, even those that came later.
        try expectState("notifications", showing: [held, critical], waiting: [])

        XCTAssertTrue(try cli(["dismiss", String(held), "--no-animation"]).succeeded)
        try expectState("notifications", showing: [critical], waiting: [])
        let history = try cli(["history"])
        XCTAssertTrue(history.stdout.contains("\"id\":\(held),\"app-name\":\"overlay-wl-tests\",\"summary\":\"Held\""), history.stdout)
        let restored = try XCTUnwrap(UInt32(try cli(["restore", String(held)]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertNotEqual(restored, held, "a restored notification gets a new id")
        try expectState("notifications", showing: [restored, critical], waiting: [])
        XCTAssertNotEqual(try cli(["restore", String(held)]).status, 0, "restored entries leave the history")
    }

    func testDoNotDisturbHoldsAllButCriticalNotifications() throws {
        _ = try startControlDaemon()
        XCTAssertEqual(try cli(["dnd"]).stdout, "off\n")
        XCTAssertEqual(try cli(["dnd", "--on"]).stdout, "on\n")
        let quiet = try rig.notify(summary: "Quiet", expireTimeout: 0)
        let critical = try rig.notify(summary: "Battery at 3%", hints: "{'urgency': <byte 2>}", expireTimeout: 0)
        try expectState("notifications", showing: [critical], waiting: [])
        XCTAssertEqual(try cli(["mode"]).stdout, "do-not-disturb\n", "do-not-disturb is a mode")
        XCTAssertEqual(try cli(["dnd", "--toggle"]).stdout, "off\n")
        try expectState("notifications", showing: [quiet, critical], waiting: [])
    }

    // MARK: Reload

    func testBrokenReloadKeepsTheOldConfigAndTheViews() throws {
        let daemon = try startControlDaemon()
        let a = try show("multi", ["--body", "stays through a broken reload"])
        let b = try show("newest", ["--body", "this one too"])
        let before = try settledScreenshot(within: 5) { $0.contentBox != nil }
        XCTAssertNotNil(before.contentBox, "the two views are drawn")

        let broken = ControlTests.config + "\n[[rules]]\nsummary = \"(unclosed\"\ncontainer = \"multi\"\n"
        try Data(broken.utf8).write(to: URL(fileURLWithPath: configPath))
        let reload = try cli(["reload"])
        XCTAssertNotEqual(reload.status, 0, "a broken config must be rejected")
        let brokenLine = broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("summary") }! + 1
        XCTAssertTrue(reload.stderr.contains("\(configPath):\(brokenLine):11: [rules 1] summary: invalid regex"), reload.stderr)

        // SIGHUP takes the same path: rejected, logged, still running.
        daemon.process.signal(SIGHUP)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertTrue(daemon.process.isRunning, "SIGHUP with a broken config must not stop the daemon")
        XCTAssertTrue(daemon.process.output.stderr.contains("reload rejected"), daemon.process.output.stderr)

        try expectState("multi", showing: [a], waiting: [])
        try expectState("newest", showing: [b], waiting: [])
        let after = try settledScreenshot(within: 3)
        XCTAssertTrue(after.samePixels(as: before), "the views on screen changed after a rejected reload")
        // The old config is in force: its containers still take views.
        XCTAssertNoThrow(try show("waitfinish"))
    }
}
