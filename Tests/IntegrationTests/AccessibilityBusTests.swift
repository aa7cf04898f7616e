import Foundation
import XCTest

/// Notifications on the accessibility bus, read the way a screen reader reads them: the rig runs
/// at-spi2-core's bus launcher (its a11y bus and registry), and `Support/atspi-tree.py` reads the
/// tree and the events through pyatspi (libatspi). `ScreenReaderEnabled` is set on `org.a11y.Status`
/// as Orca sets it when it starts (GSettings in memory: the rig has no dconf).
final class AccessibilityBusTests: RigTestCase {
    static let launcher = "/usr/libexec/at-spi-bus-launcher"

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard FileManager.default.isExecutableFile(atPath: Self.launcher) else { throw XCTSkip("at-spi2-core is not installed") }
        guard rig.run(["/usr/bin/python3", "-c", "import pyatspi"]).succeeded else { throw XCTSkip("python3-pyatspi is not installed") }
    }

    /// at-spi-bus-launcher on the rig's session bus (stopped after the test).
    func startAccessibilityBus() throws {
        let launcher = try rig.spawn(["env", "GSETTINGS_BACKEND=memory", Self.launcher])
        addTeardownBlock { [rig] in
            launcher.stop()
            let deadline = Date().addingTimeInterval(3)
            while rig!.nameHasOwner("org.a11y.Bus") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        }
        let deadline = Date().addingTimeInterval(10)
        while !rig.nameHasOwner("org.a11y.Bus") {
            guard Date() < deadline, launcher.isRunning else { throw HarnessError.failed("at-spi-bus-launcher did not start: \(launcher.output)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// What Orca does when it starts: `org.a11y.Status.ScreenReaderEnabled` (the launcher turns
    /// `IsEnabled` on with it).
    func setScreenReader(_ on: Bool) { setStatus("ScreenReaderEnabled", on) }

    func setStatus(_ property: String, _ on: Bool) {
        let out = rig.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
                           "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", property, on ? "<true>" : "<false>"])
        XCTAssertTrue(out.succeeded, "setting \(property): \(out)")
    }

    private lazy var script: String = {
        let source = (try? String(contentsOfFile: "\(Rig.repoRoot)/Tests/IntegrationTests/Support/atspi-tree.py", encoding: .utf8)) ?? ""
        return (try? rig.writeScratchFile("atspi-tree.py", Data(source.utf8))) ?? ""
    }()

    /// The daemon's application and children as pyatspi reads them: "app ROLE", then
    /// "ROLE<TAB>NAME<TAB>DESCRIPTION" per child; empty when it is not on the bus.
    func tree() -> [String] {
        let out = rig.run(["/usr/bin/python3", script, "tree"], timeout: 20)
        if !out.succeeded { note("atspi-tree.py tree: \(out)") }
        return out.stdout.split(separator: "\n").map(String.init)
    }

    /// The tree once `accept` holds, or the last one read when `timeout` passes.
    func tree(within timeout: TimeInterval, until accept: ([String]) -> Bool) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines = tree()
        while !accept(lines), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            lines = tree()
        }
        note("tree: \(lines)")
        return lines
    }

    /// Event lines ("TYPE<TAB>DETAIL1<TAB>ROLE<TAB>NAME") from the daemon, collected in the background.
    final class EventLog {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    func listenForEvents(seconds: Int = 30) throws -> EventLog {
        let log = EventLog()
        let listener = try rig.spawn(["/usr/bin/python3", script, "events", "\(seconds)"]) { log.append($0) }
        addTeardownBlock { [weak self] in
            listener.stop()
            self?.note("events: \(log.all)\nlistener: \(listener.output)")
        }
        let deadline = Date().addingTimeInterval(10)
        while !log.all.contains("ready") {
            guard Date() < deadline, listener.isRunning else { throw HarnessError.failed("the event listener did not start: \(listener.output)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return log
    }

    func events(_ log: EventLog, atLeast count: Int, within timeout: TimeInterval = 5) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while log.all.count - 1 < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return log.all.filter { $0 != "ready" }
    }

    func testNotificationsAreChildrenWithRoleNotificationAndLeaveWhenClosed() throws {
        try startAccessibilityBus()
        setScreenReader(true)
        let daemon = try startDaemon()
        // The daemon is on the desktop with no children before any notification.
        XCTAssertEqual(tree(within: 10) { $0 == ["app application"] }, ["app application"], "\(daemon.process.output)")
        let log = try listenForEvents()

        let mail = try rig.notifySend(["-t", "0", "-a", "Mail", "New mail", "From <b>Ann</b> &amp; Tom"])
        let chat = try rig.notifySend(["-t", "0", "-a", "Chat", "Lunch?", "at noon"])
        let both = ["app application", "notification\tNew mail\tFrom Ann & Tom", "notification\tLunch?\tat noon"]
        XCTAssertEqual(tree(within: 10) { $0 == both }, both, "both notifications, in order, with summary and plain body")

        // What a screen reader hears about: each added to the application, then shown (Orca
        // announces a NOTIFICATION on state-changed:showing).
        let added = events(log, atLeast: 4)
        XCTAssertEqual(added.prefix(4).map { $0 }, [
            "object:children-changed:add\t0\tapplication\tNew mail",
            "object:state-changed:showing\t1\tnotification\tNew mail",
            "object:children-changed:add\t1\tapplication\tLunch?",
            "object:state-changed:showing\t1\tnotification\tLunch?",
        ])

        try rig.closeNotification(mail)
        let one = ["app application", "notification\tLunch?\tat noon"]
        XCTAssertEqual(tree(within: 10) { $0 == one }, one, "the closed one is gone")
        let removed = events(log, atLeast: 6)
        // The notification is gone once these arrive: only their type and detail1 are read.
        XCTAssertEqual(removed.dropFirst(4).map { $0.split(separator: "\t").prefix(2).joined(separator: " ") },
                       ["object:state-changed:showing 0", "object:children-changed:remove 0"])

        // A replacement in place renames the notification.
        _ = try rig.notify(app: "Chat", replacesId: chat, summary: "Lunch at one?", body: "at one", expireTimeout: 0)
        let renamed = ["app application", "notification\tLunch at one?\tat one"]
        XCTAssertEqual(tree(within: 10) { $0 == renamed }, renamed)
        XCTAssertTrue(events(log, atLeast: 7).contains("object:property-change:accessible-name\t0\tnotification\tLunch at one?"))
    }

    func testTheDaemonJoinsWhenAccessibilityTurnsOnAndLeavesWhenItTurnsOff() throws {
        try startAccessibilityBus()
        _ = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "Already here", "before the reader"])
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(tree(), [], "no screen reader: the daemon stays off the accessibility bus")

        setScreenReader(true)
        let expected = ["app application", "notification\tAlready here\tbefore the reader"]
        XCTAssertEqual(tree(within: 10) { $0 == expected }, expected, "a notification already showing is listed on joining")

        // Like a toolkit, the daemon stays while `IsEnabled` does (a screen reader stopping
        // leaves it on), and leaves when accessibility is turned off.
        setScreenReader(false)
        setStatus("IsEnabled", false)
        XCTAssertEqual(tree(within: 10) { $0.isEmpty }, [], "the daemon leaves when accessibility is turned off")
        setStatus("IsEnabled", true)
        XCTAssertEqual(tree(within: 10) { $0 == expected }, expected, "and comes back when it is turned on again")
    }

    /// A replacement that do-not-disturb holds leaves the screen, and the tree with it.
    func testANotificationHeldByDoNotDisturbLeavesTheTree() throws {
        try startAccessibilityBus()
        setScreenReader(true)
        _ = try startDaemon()
        let id = try rig.notify(app: "Chat", summary: "Shown", body: "first", expireTimeout: 0)
        _ = try rig.notify(app: "Mail", summary: "Stays", body: "untouched", expireTimeout: 0)
        let both = ["app application", "notification\tShown\tfirst", "notification\tStays\tuntouched"]
        XCTAssertEqual(tree(within: 10) { $0 == both }, both)
        XCTAssertTrue(try cli(["dnd", "--on"]).succeeded)
        _ = try rig.notify(app: "Chat", replacesId: id, summary: "Held", body: "second", expireTimeout: 0)
        let held = ["app application", "notification\tStays\tuntouched"]
        XCTAssertEqual(tree(within: 10) { $0 == held }, held, "held by the mode: not on screen, not in the tree")
    }

    func testAccessibilityTrueJoinsWithoutAScreenReader() throws {
        try startAccessibilityBus()
        let config = try rig.writeScratchFile("a11y-on-\(UUID().uuidString.prefix(6)).toml", Data("[general]\naccessibility = true\n".utf8))
        _ = try startDaemon(["--config", config])
        _ = try rig.notifySend(["-t", "0", "Shown", "to the registry"])
        let expected = ["app application", "notification\tShown\tto the registry"]
        XCTAssertEqual(tree(within: 10) { $0 == expected }, expected)
    }

    /// The accessibility bus going away is logged once; the daemon carries on, and joins the next
    /// one when a screen reader turns it on again.
    func testTheDaemonOutlivesTheAccessibilityBus() throws {
        let launcher = try rig.spawn(["env", "GSETTINGS_BACKEND=memory", Self.launcher])
        defer { launcher.stop() }
        let deadline = Date().addingTimeInterval(10)
        while !rig.nameHasOwner("org.a11y.Bus"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        setScreenReader(true)
        let daemon = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "Before", "the bus goes"])
        XCTAssertEqual(tree(within: 10) { $0.count == 2 }.count, 2)

        launcher.stop()
        let gone = Date().addingTimeInterval(5)
        while rig.nameHasOwner("org.a11y.Bus"), Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        _ = try rig.notifySend(["-t", "0", "After", "the bus went"])
        XCTAssertTrue(daemon.isRunning, "the daemon lives on without the accessibility bus")

        try startAccessibilityBus()
        setScreenReader(true)
        let expected = ["app application", "notification\tBefore\tthe bus goes", "notification\tAfter\tthe bus went"]
        XCTAssertEqual(tree(within: 10) { $0 == expected }, expected, "on the new bus with everything showing")
        let warnings = daemon.process.output.stderr.split(separator: "\n").filter { $0.contains("accessibility bus") }
        XCTAssertEqual(warnings.count, 1, "one line in the log: \(warnings)")
    }

    func testAccessibilityFalseKeepsTheDaemonOffTheBus() throws {
        try startAccessibilityBus()
        setScreenReader(true)
        let config = try rig.writeScratchFile("a11y-off-\(UUID().uuidString.prefix(6)).toml", Data("[general]\naccessibility = false\n".utf8))
        _ = try startDaemon(["--config", config])
        _ = try rig.notifySend(["-t", "0", "Private", "not exported"])
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(tree(), [])
    }
}
