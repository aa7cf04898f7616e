import Foundation
import XCTest

/// The notification centre on headless sway: opened by the "+N more" pill (a real click) and the
/// CLI, its buttons clicked, scrolled by wheel, drag and keys, each checked by grim and by the
/// daemon's own answers; `center --watch --json` line by line; snooze end to end; no wakeups
/// while it is open and nothing changes.
/// The daemon's one-shot timers that may still be due just after a frame.
enum OverlayTimings {
    /// `OverlayPresenter.spareBufferLifetime`: spare buffers and fade-image memory go back then.
    static let spareMemoryLifetime = 5.0
}

final class CenterTests: RigTestCase {
    /// The built-in centre: 420 points on the right edge of the 1280×720 output.
    static let panelX = 1280 - 420
    static let panelColor = RGBA(r: 41, g: 43, b: 51)
    static let windowColor = RGBA(hex: 0x204020)
    static let toastBackground = RGBA(hex: 0x2B303B)
    static let toastBorder = RGBA(hex: 0x5E81AC)
    static let buttonColor = RGBA(hex: 0x3B4252)
    /// Where toast borders are looked for: inside the rows, clear of icons and buttons' ends.
    static let probeX = 1000
    static let parking = (10, 710)

    /// The column does not stack (each test counts single toasts and the pill); the centre still
    /// groups by app.
    func startCentreDaemon() throws -> VirtualPointer {
        _ = try startDaemon(config: "[containers.notifications]\ngroup-threshold = 1000\n")
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.openWindow()
        try pointer.move(Self.parking.0, Self.parking.1)
        return pointer
    }

    /// `overlay-wl center --json` as a dictionary.
    func status() throws -> [String: Any] {
        let out = try cli(["center", "--json"])
        guard out.succeeded, let json = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any] else {
            throw HarnessError.failed("center status: \(out)")
        }
        return json
    }

    func waitForStatus(_ what: String, within timeout: TimeInterval = 3, _ accept: ([String: Any]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try status()
        while !accept(last) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            last = try status()
        }
        XCTAssertTrue(accept(last), "\(what): \(last)")
    }

    func historyIDs() throws -> [Int] {
        let out = try cli(["history"])
        guard out.succeeded, let list = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]] else {
            throw HarnessError.failed("history: \(out)")
        }
        return list.compactMap { $0["id"] as? Int }
    }

    /// The tops of the toasts drawn in the centre's column (header, headings, entries), found
    /// as the starts of runs of border colour followed by toast background.
    func rowTops(_ shot: Screenshot) -> [Int] {
        var tops: [Int] = []
        var y = 0
        while y < shot.height - 3 {
            if shot.pixel(Self.probeX, y).isClose(to: Self.toastBorder, tolerance: 6),
               !shot.pixel(Self.probeX, y - 1 < 0 ? 0 : y - 1).isClose(to: Self.toastBorder, tolerance: 6),
               shot.pixel(Self.probeX, y + 2).isClose(to: Self.toastBackground, tolerance: 6) || shot.pixel(Self.probeX, y + 3).isClose(to: Self.toastBackground, tolerance: 6) {
                tops.append(y)
                y += 3
            } else {
                y += 1
            }
        }
        return tops
    }

    /// The bounding box of action-button pixels in the header (the first toast).
    func headerButtons(_ shot: Screenshot, headerTop: Int, nextTop: Int) -> PixelRect? {
        shot.region(x: Self.panelX + 12, y: headerTop, width: 396, height: nextTop - headerTop)
            .boundingBox { $0.isClose(to: Self.buttonColor, tolerance: 3) }
    }

    func assertOpen(_ shot: Screenshot, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        assertColor(shot, Self.panelX + 4, 700, Self.panelColor, tolerance: 3, "\(what): the panel's margin", file: file, line: line)
        let k = 0.7  // the backdrop: black at 0.3
        let c = Self.windowColor
        let dimmed = RGBA(r: UInt8((Double(c.r) * k).rounded()), g: UInt8((Double(c.g) * k).rounded()), b: UInt8((Double(c.b) * k).rounded()))
        assertColor(shot, 400, 360, dimmed, tolerance: 3, "\(what): the backdrop dims the window", file: file, line: line)
    }

    // MARK: Pill, buttons, scrolling

    func testThePillOpensTheCentreWhoseButtonsClearToggleAndScroll() throws {
        let pointer = try startCentreDaemon()
        var ids: [UInt32] = []
        for i in 0..<20 { ids.append(try rig.notifySend(["-a", i % 2 == 0 ? "mail" : "chat", "-t", "0", "Message \(i)", "body \(i)"])) }
        // The pill: the lowest toast-coloured pixels of the column (below the five newest toasts).
        let column = try settledScreenshot(within: 5) { shot in
            (0..<720).contains { shot.pixel(1220, $0).isClose(to: Self.toastBackground, tolerance: 3) }
        }
        let pillBottom = try XCTUnwrap((0..<720).last { column.pixel(1220, $0).isClose(to: Self.toastBackground, tolerance: 3) })
        try pointer.click(1220, pillBottom - 8)
        try pointer.move(Self.parking.0, Self.parking.1)
        try waitForStatus("a click on the pill opens the centre") { $0["open"] as? Bool == true }
        // The toasts go to history; dismiss-all leaves the column's hidden ones, which then come
        // back: five at a time.
        for _ in 0..<6 where try !state("notifications").showing.isEmpty {
            XCTAssertTrue(try cli(["dismiss-all", "--no-animation"]).succeeded)
            Thread.sleep(forTimeInterval: 0.2)
        }
        XCTAssertEqual(try historyIDs().count, 20)
        var shot = try settledScreenshot(within: 3) { self.rowTops($0).count >= 5 }
        assertOpen(shot, "opened by the pill")
        var tops = rowTops(shot)
        note("row tops: \(tops)")
        guard tops.count >= 5 else { return XCTFail("header, a heading and entries: rows at \(tops)") }

        // Do-not-disturb, toggled by its button in the header (the first button).
        let buttons = try XCTUnwrap(headerButtons(shot, headerTop: tops[0], nextTop: tops[1]), "no header buttons")
        try pointer.click(buttons.x + 20, buttons.y + buttons.height / 2)
        try waitForStatus("do-not-disturb on from the centre") { $0["dnd"] as? Bool == true }
        XCTAssertEqual(try cli(["dnd"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines), "on")
        try pointer.click(buttons.x + 20, buttons.y + buttons.height / 2)
        try waitForStatus("do-not-disturb off from the centre") { $0["dnd"] as? Bool == false }

        // An entry's clear button (top right of the first entry: the third toast).
        let before = try historyIDs()
        XCTAssertEqual(before.count, 20)
        try pointer.click(Self.panelX + 12 + 396 - 14 - 8, tops[2] + 14 + 8)
        try pointer.move(Self.parking.0, Self.parking.1)
        let deadline = Date().addingTimeInterval(3)
        var after = try historyIDs()
        while after.count == 20 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05); after = try historyIDs() }
        XCTAssertEqual(after.count, 19, "one entry cleared")
        XCTAssertEqual(Set(before).subtracting(after), [Int(ids[19])], "the newest (listed first) went")

        // Scrolling: the wheel, then a drag, each moves the rows under a header that stays.
        shot = try settledScreenshot(within: 2) { _ in true }
        tops = rowTops(shot)
        try pointer.move(1000, 400)
        for _ in 0..<4 { try pointer.scroll(15) }
        try pointer.move(Self.parking.0, Self.parking.1)
        shot = try settledScreenshot(within: 3) { self.rowTops($0) != tops }
        let wheeled = rowTops(shot)
        note("after the wheel: \(wheeled)")
        XCTAssertEqual(wheeled.first, tops.first, "the header stays")
        XCTAssertNotEqual(Array(wheeled.dropFirst()), Array(tops.dropFirst()), "the wheel scrolled the rows")
        try pointer.drag(from: (1000, 600), to: (1000, 350), milliseconds: 300, steps: 10)
        try pointer.move(Self.parking.0, Self.parking.1)
        shot = try settledScreenshot(within: 3) { self.rowTops($0) != wheeled }
        let dragged = rowTops(shot)
        note("after the drag: \(dragged)")
        XCTAssertEqual(dragged.first, tops.first, "the header stays")
        XCTAssertNotEqual(Array(dragged.dropFirst()), Array(wheeled.dropFirst()), "the drag scrolled the rows")
        try waitForStatus("a drag on the list is no drawer drag, and no tap on the backdrop") { $0["open"] as? Bool == true }

        // Keys: Home focuses the first entry and scrolls back; Delete clears it.
        try pointer.click(Self.panelX + 4, 700)  // the panel's margin: gives it the keyboard, hits no row
        try pointer.move(Self.parking.0, Self.parking.1)
        try pointer.key("home")
        shot = try settledScreenshot(within: 3) { self.rowTops($0) == tops }
        XCTAssertEqual(rowTops(shot), tops, "Home scrolls back to the top")
        try pointer.key("delete")
        after = try historyIDs()
        let keyDeadline = Date().addingTimeInterval(3)
        while after.count == 19 && Date() < keyDeadline { Thread.sleep(forTimeInterval: 0.05); after = try historyIDs() }
        XCTAssertEqual(after.count, 18, "Delete cleared the focused entry")
        let afterDelete = Set(after)

        // A group's clear button (the top right of the first heading: chat, whose newest entry is
        // now the newest of all).
        try pointer.click(Self.panelX + 12 + 396 - 14 - 8, tops[1] + 14 + 8)
        try pointer.move(Self.parking.0, Self.parking.1)
        let groupDeadline = Date().addingTimeInterval(3)
        while after.count == 18 && Date() < groupDeadline { Thread.sleep(forTimeInterval: 0.05); after = try historyIDs() }
        let mail = Set(ids.enumerated().filter { $0.offset % 2 == 0 }.map { Int($0.element) })
        XCTAssertEqual(Set(after), mail.intersection(afterDelete), "the first group (chat) went, the mail group stays")

        // Clear all: nothing but the header is left.
        let bar = try XCTUnwrap(headerButtons(try settledScreenshot(within: 2), headerTop: tops[0], nextTop: tops[1]))
        try pointer.click(bar.x + bar.width - 20, bar.y + bar.height / 2)
        try pointer.move(Self.parking.0, Self.parking.1)
        shot = try settledScreenshot(within: 3) { self.rowTops($0).count == 1 }
        XCTAssertEqual(rowTops(shot).count, 1, "only the header after Clear all")
        XCTAssertEqual(try historyIDs(), [])

        // Escape closes it.
        try pointer.key("escape")
        try waitForStatus("Escape closes the centre") { $0["open"] as? Bool == false }
        shot = try settledScreenshot(within: 3) { $0.pixel(Self.panelX + 4, 700).isClose(to: Self.windowColor, tolerance: 3) }
        assertColor(shot, Self.panelX + 4, 700, Self.windowColor, tolerance: 3, "closed: no panel")
    }

    // MARK: The column under the centre

    /// While the centre is open the column's toasts are not drawn (the centre lists them, as
    /// swaync and GNOME Shell hide their banners), a notification coming meanwhile does not pop
    /// up, and closing the centre shows the toasts again, still open with their ids. A critical
    /// toast is told by its red bar on its leading edge, in the column's top 100 rows right of
    /// x 890: the open centre's header fills those rows with no red (the centre's own critical
    /// rows lie lower, their bars at x 872).
    func testAnOpenCentreHidesTheColumnsToastsAndClosingItShowsThemAgain() throws {
        _ = try startCentreDaemon()
        func redBar(_ shot: Screenshot) -> PixelRect? {
            shot.region(x: 890, y: 0, width: 1280 - 890, height: 100).boundingBox { $0.r > 150 && $0.g < 120 && $0.b < 120 }
        }
        let first = try rig.notifySend(["-u", "critical", "Battery low", "5% remaining"])
        let shown = try settledScreenshot(within: 5) { redBar($0) != nil }
        XCTAssertNotNil(redBar(shown), "the critical toast shows in the column")
        XCTAssertEqual(try cli(["center", "--open"]).stdout, "open\n")
        var open = try settledScreenshot(within: 3) { $0.pixel(Self.panelX + 4, 700).isClose(to: Self.panelColor, tolerance: 3) }
        assertOpen(open, "opened")
        XCTAssertNil(redBar(open), "the toast is not drawn over the open centre: \(String(describing: redBar(open)))")
        let second = try rig.notifySend(["-u", "critical", "Battery very low", "2% remaining"])
        try waitForStatus("the second one is listed") { $0["showing"] as? Int == 2 }
        open = try settledScreenshot(within: 3)
        XCTAssertNil(redBar(open), "a notification coming while the centre is open does not pop up")
        XCTAssertEqual(Set(try state("notifications").showing), [first, second], "both still open")
        XCTAssertEqual(try cli(["center", "--close"]).stdout, "closed\n")
        let closed = try settledScreenshot(within: 3) { redBar($0) != nil }
        XCTAssertNotNil(redBar(closed), "closed: the toasts show again")
        assertColor(closed, Self.panelX + 4, 700, Self.windowColor, tolerance: 3, "closed: no panel")
    }

    // MARK: Watch, snooze, idle

    func testWatchPrintsEveryChangeSnoozeBringsTheSameIDBackAndAnOpenCentreIsIdle() throws {
        _ = try startCentreDaemon()
        let monitor = try startSignalMonitor()
        let lines = OutputLines()
        let watch = try rig.spawn([try DaemonBinary.prepare(), "center", "--watch", "--json"]) { lines.append($0) }
        defer { watch.stop(grace: 1) }
        func line(_ index: Int, _ what: String) throws -> [String: Any] {
            let text = try XCTUnwrap(lines.wait(count: index + 1, timeout: 5), "\(what): no line \(index + 1): \(lines.all)")
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        }
        var l = try line(0, "at start")
        XCTAssertEqual(l["showing"] as? Int, 0)
        XCTAssertEqual(l["text"] as? String, "", "waybar's text: nothing unread")
        XCTAssertEqual(l["alt"] as? String, "none")

        let id = try rig.notifySend(["-t", "0", "Later", "snooze me"])
        l = try line(1, "a notification")
        XCTAssertEqual(l["showing"] as? Int, 1)
        XCTAssertEqual(l["unread"] as? Int, 1)
        XCTAssertEqual(l["text"] as? String, "1")
        XCTAssertTrue(try cli(["dnd", "--on"]).succeeded)
        l = try line(2, "dnd on")
        XCTAssertEqual(l["dnd"] as? Bool, true)
        XCTAssertEqual(l["alt"] as? String, "dnd-notification")
        XCTAssertTrue(try cli(["dnd", "--off"]).succeeded)
        l = try line(3, "dnd off")
        XCTAssertEqual(l["dnd"] as? Bool, false)
        XCTAssertEqual(try cli(["center", "--open"]).stdout, "open\n")
        l = try line(4, "opened")
        XCTAssertEqual(l["open"] as? Bool, true)
        XCTAssertEqual(l["unread"] as? Int, 0, "opening the centre reads everything")

        // Open and still: no wakeups but the minute tick.
        _ = try settledScreenshot(within: 3) { $0.pixel(Self.panelX + 4, 700).isClose(to: Self.panelColor, tolerance: 3) }
        // Past the one-shot release of spare drawing memory, 5 s after the last frame (a
        // sanitized daemon takes longer over it).
        let settle = OverlayTimings.spareMemoryLifetime + 0.5 * DaemonBinary.slowdown
        Thread.sleep(forTimeInterval: settle)
        // A window that would take in the minute tick (a redraw: the timer, the frame callback,
        // the buffer's release) starts once the tick's redraw has settled too.
        let toMinute = 60 - Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        if toMinute < 3 { Thread.sleep(forTimeInterval: toMinute + settle) }
        let pid = try daemonPID()
        let switches = try contextSwitches(pid)
        Thread.sleep(forTimeInterval: 2)
        let woke = try contextSwitches(pid) - switches
        XCTAssertEqual(woke, 0, "wakeups of an open, idle centre over 2 s")

        XCTAssertEqual(try cli(["center", "--toggle"]).stdout, "closed\n")
        l = try line(5, "closed")
        XCTAssertEqual(l["open"] as? Bool, false)

        // Snooze for 2 s: hidden, then back with the same id, never closed.
        let bad = try cli(["snooze", "\(id)", "soon"])
        XCTAssertFalse(bad.succeeded)
        XCTAssertTrue(bad.stderr.contains("is not a duration"), bad.stderr)
        XCTAssertTrue(try cli(["snooze", "\(id)", "2s"]).succeeded)
        l = try line(6, "snoozed")
        XCTAssertEqual(l["showing"] as? Int, 0)
        XCTAssertEqual(l["hidden"] as? Int, 1)
        XCTAssertFalse(try state("notifications").showing.contains(id))
        l = try line(7, "back")
        XCTAssertEqual(l["showing"] as? Int, 1)
        XCTAssertEqual(l["hidden"] as? Int, 0)
        XCTAssertTrue(try state("notifications").showing.contains(id), "back with the same id")
        XCTAssertNil(monitor.waitForClosed(id: id, timeout: 0.2), "never closed meanwhile")
        XCTAssertEqual(lines.all.count, 8, "one line per change: \(lines.all)")
    }

    /// The process that owns the notification name on the rig's bus.
    private func daemonPID() throws -> Int {
        let out = rig.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                           "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.Notifications"])
        let digits = out.stdout.split(separator: " ").last?.filter(\.isNumber) ?? ""
        guard out.succeeded, let pid = Int(digits), pid > 0 else { throw HarnessError.failed("daemon pid: \(out)") }
        return pid
    }

    /// Context switches of the daemon's main thread (the poll loop): each wakeup is one.
    private func contextSwitches(_ pid: Int) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        return status.split(separator: "\n")
            .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
            .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }.reduce(0, +)
    }
}

/// Lines a spawned process printed, waited for with a bound.
final class OutputLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []

    func append(_ line: String) {
        condition.lock()
        lines.append(line)
        condition.broadcast()
        condition.unlock()
    }

    var all: [String] {
        condition.lock(); defer { condition.unlock() }
        return lines
    }

    /// Line `count` (1-based) once printed; nil after `timeout`.
    func wait(count: Int, timeout: TimeInterval) -> String? {
        condition.lock(); defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while lines.count < count && Date() < deadline { _ = condition.wait(until: deadline) }
        return lines.count >= count ? lines[count - 1] : nil
    }
}
