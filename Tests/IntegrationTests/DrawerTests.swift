import Foundation
import XCTest

/// A drawer container (a side menu on the left edge) on headless sway, moved by the CLI and by
/// real pointer drags through `overlay-wl-test-input`; each outcome is checked by the daemon's
/// drawer state and by grim: the panel's right edge and the backdrop's dimming of the probe window.
final class DrawerTests: RigTestCase {
    static let config = """
        [containers.menu]
        drawer = "left"
        notches = [0, 120, 360, 600]
        notch = 1
        drawer-backdrop = 0.5
        drawer-color = "#2050C0"
        auto-dismiss = "never"
        """

    static let notches = [0, 120, 360, 600]
    static let panelColor = RGBA(hex: 0x2050C0)
    /// The probe window of the test-input tool fills the output under the drawer.
    static let windowColor = RGBA(hex: 0x204020)
    /// The row where panel edges and the backdrop are sampled, and where drags happen.
    static let row = 360
    /// Where the pointer waits (its cursor is in screenshots): bottom right, clear of the samples.
    static let parking = (1270, 710)

    func startDrawerDaemon() throws -> VirtualPointer {
        _ = try startDaemon(config: Self.config)
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.openWindow()
        try pointer.move(Self.parking.0, Self.parking.1)
        return pointer
    }

    /// `overlay-wl drawer menu` as a dictionary.
    func drawerState() throws -> [String: Any] {
        let out = try cli(["drawer", "menu"])
        guard out.succeeded, let state = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any] else {
            throw HarnessError.failed("drawer state: \(out)")
        }
        return state
    }

    /// Polls the drawer state until it rests on `notch`; fails with the last state otherwise.
    func expectResting(on notch: Int, within timeout: TimeInterval = 3, _ what: String,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var state = try drawerState()
        while !(state["notch"] as? Int == notch && state["resting"] as? Bool == true) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            state = try drawerState()
        }
        XCTAssertEqual(state["notch"] as? Int, notch, "\(what): \(state)", file: file, line: line)
        XCTAssertEqual(state["resting"] as? Bool, true, "\(what): not resting: \(state)", file: file, line: line)
    }

    /// The x just past the panel's right edge on the sample row (0 when no panel shows).
    func panelEdge(_ shot: Screenshot) -> Int {
        var x = 0
        while x < shot.width && shot.pixel(x, Self.row).isClose(to: Self.panelColor, tolerance: 2) { x += 1 }
        return x
    }

    /// The window colour dimmed by a black backdrop of opacity `alpha`.
    func dimmed(_ alpha: Double) -> RGBA {
        let k = 1 - alpha
        let c = Self.windowColor
        return RGBA(r: UInt8((Double(c.r) * k).rounded()), g: UInt8((Double(c.g) * k).rounded()),
                    b: UInt8((Double(c.b) * k).rounded()), a: 255)
    }

    /// Checks a resting drawer on screen: the panel reaches exactly the notch, and the window
    /// beside it is dimmed in step with the progress (backdrop 0.5 at the highest enabled notch).
    func assertDrawn(atNotch notch: Int, highest: Int = 600, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let depth = Self.notches[notch]
        let shot = try settledScreenshot(within: 3) { self.panelEdge($0) == depth }
        XCTAssertEqual(panelEdge(shot), depth, "\(what): panel edge", file: file, line: line)
        let progress = Double(depth) / Double(highest)  // 0 at the lowest enabled notch, 1 at the highest
        assertColor(shot, depth + 40, Self.row, dimmed(0.5 * progress), tolerance: 2,
                    "\(what): backdrop beside the panel", file: file, line: line)
    }

    /// Presses at `from`, moves to `to` in 10 steps over 0.4 s, holds still 0.3 s (no fling), releases.
    func slowDrag(_ pointer: VirtualPointer, from: Int, to: Int) throws {
        try pointer.move(from, Self.row)
        try pointer.down()
        for step in 1...10 {
            try pointer.move(from + (to - from) * step / 10, Self.row)
            try pointer.sleep(milliseconds: 40)
        }
        try pointer.sleep(milliseconds: 300)
        try pointer.up()
        try pointer.move(Self.parking.0, Self.parking.1)
    }

    // MARK: CLI

    func testCLIMovesTheDrawerAndRejectsBadRequests() throws {
        _ = try startDrawerDaemon()
        try expectResting(on: 1, "initial notch from the config")
        try assertDrawn(atNotch: 1, "initial notch")

        XCTAssertTrue(try cli(["drawer", "menu", "--notch", "2"]).succeeded)
        try expectResting(on: 2, "after --notch 2")
        try assertDrawn(atNotch: 2, "--notch 2")

        XCTAssertTrue(try cli(["drawer", "menu", "--close"]).succeeded)
        try expectResting(on: 0, "after --close")
        let closed = try settledScreenshot(within: 3) { self.panelEdge($0) == 0 }
        XCTAssertEqual(panelEdge(closed), 0, "closed: no panel")
        assertColor(closed, 40, Self.row, Self.windowColor, tolerance: 1, "closed: no backdrop")

        let unknown = try cli(["drawer", "NOPE", "--notch", "1"])
        XCTAssertFalse(unknown.succeeded)
        XCTAssertTrue(unknown.stderr.contains("unknown container 'NOPE'"), unknown.stderr)
        let range = try cli(["drawer", "menu", "--notch", "9"])
        XCTAssertFalse(range.succeeded)
        XCTAssertTrue(range.stderr.contains("has no notch 9"), range.stderr)
        let plain = try cli(["drawer", "notifications", "--open"])
        XCTAssertFalse(plain.succeeded)
        XCTAssertTrue(plain.stderr.contains("not a drawer"), plain.stderr)
        try expectResting(on: 0, "bad requests moved nothing")
    }

    func testNotchesTurnOffAndOnAtRuntime() throws {
        _ = try startDrawerDaemon()
        XCTAssertTrue(try cli(["drawer", "menu", "--notch", "3"]).succeeded)
        try expectResting(on: 3, "--notch 3")
        // Turning off the notch it rests on moves it to the nearest enabled one.
        XCTAssertTrue(try cli(["drawer", "menu", "--disable", "3"]).succeeded)
        try expectResting(on: 2, "after --disable 3")
        try assertDrawn(atNotch: 2, highest: 360, "moved off the disabled notch: fully open now")
        let refused = try cli(["drawer", "menu", "--notch", "3"])
        XCTAssertFalse(refused.succeeded)
        XCTAssertTrue(refused.stderr.contains("disabled"), refused.stderr)
        XCTAssertTrue(try cli(["drawer", "menu", "--enable", "3", "--notch", "3"]).succeeded)
        try expectResting(on: 3, "enabled again and moved there")
        let listed = try cli(["list", "--json"])
        XCTAssertTrue(listed.stdout.contains("\"drawer\":{\"edge\":\"left\",\"notch\":3"), listed.stdout)
    }

    // MARK: Pointer drags

    func testADragToEachNotchSettlesThere() throws {
        let pointer = try startDrawerDaemon()
        try expectResting(on: 1, "start")
        // Each drag starts inside the panel and ends, held still, right at the next notch.
        let path = [(60, 300, 2), (300, 540, 3), (540, 60, 1), (115, 0, 0)]
        for (from, to, notch) in path {
            try slowDrag(pointer, from: from, to: to)
            try expectResting(on: notch, "drag \(from)→\(to)")
            if notch > 0 { try assertDrawn(atNotch: notch, "drag \(from)→\(to)") }
        }
        let closed = try settledScreenshot(within: 3) { self.panelEdge($0) == 0 }
        XCTAssertEqual(panelEdge(closed), 0, "dragged shut")
    }

    func testAFastFlingSkipsANotch() throws {
        let pointer = try startDrawerDaemon()
        try expectResting(on: 1, "start")
        // 100 px in 60 ms (~1700 px/s) from 120: it ends at 220, nearest notch 360 is skipped for 600.
        try pointer.drag(from: (60, Self.row), to: (160, Self.row), milliseconds: 60, steps: 6)
        try pointer.move(Self.parking.0, Self.parking.1)
        try expectResting(on: 3, "fast fling from notch 1")
        try assertDrawn(atNotch: 3, "after the fling")
    }

    func testDraggingPastTheLastNotchRubberBandsAndSettlesBack() throws {
        let pointer = try startDrawerDaemon()
        XCTAssertTrue(try cli(["drawer", "menu", "--notch", "3"]).succeeded)
        try expectResting(on: 3, "--notch 3")
        try pointer.move(500, Self.row)
        try pointer.down()
        for step in 1...10 {
            try pointer.move(500 + 20 * step, Self.row)  // 200 px past the last notch
            try pointer.sleep(milliseconds: 30)
        }
        let held = try settledScreenshot(within: 2)
        let edge = panelEdge(held)
        note("held 200 px past the last notch: panel edge at \(edge)")
        // Resistance (1 − 1/(200·0.55/1280 + 1))·1280 ≈ 101 px past 600, not 200.
        assertNear(edge, 701, tolerance: 3, "rubber-banded panel edge")
        try pointer.sleep(milliseconds: 300)
        try pointer.up()
        try pointer.move(Self.parking.0, Self.parking.1)
        try expectResting(on: 3, "settled back")
        try assertDrawn(atNotch: 3, "settled back")
    }

    // MARK: Backdrop

    func testClickingTheBackdropClosesTheDrawer() throws {
        let pointer = try startDrawerDaemon()
        XCTAssertTrue(try cli(["drawer", "menu", "--notch", "2"]).succeeded)
        try expectResting(on: 2, "--notch 2")
        try assertDrawn(atNotch: 2, "open")
        try pointer.click(900, Self.row)
        try pointer.move(Self.parking.0, Self.parking.1)
        try expectResting(on: 0, "after the backdrop click")
        let shot = try settledScreenshot(within: 3) { self.panelEdge($0) == 0 }
        assertColor(shot, 900, Self.row, Self.windowColor, tolerance: 1, "backdrop gone")
        XCTAssertTrue(pointer.windowClicks.isEmpty, "the backdrop click reached the window: \(pointer.windowClicks)")
    }

    // MARK: Keyboard

    /// Pixels of the focus ring's colour, and their bounding box.
    func focusRing(_ shot: Screenshot) -> PixelRect? {
        shot.region(x: 0, y: 0, width: 600, height: shot.height).boundingBox { $0.isClose(to: RGBA(hex: 0x3D8BFF), tolerance: 8) }
    }

    func expectFocus(_ action: String?, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(3)
        var focus = try drawerState()["focus"] as? [String: Any]
        while focus?["action"] as? String != action && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            focus = try drawerState()["focus"] as? [String: Any]
        }
        XCTAssertEqual(focus?["action"] as? String, action, what, file: file, line: line)
    }

    func testKeyboardWalksTheButtonsInvokesWithEnterAndClosesWithEscape() throws {
        let pointer = try startDrawerDaemon()
        let idLine = DispatchSemaphore(value: 0)
        let waiting = try rig.spawn([try DaemonBinary.prepare(), "show", "--container", "menu", "--title", "Menu",
                                     "--action", "first=First", "--action", "second=Second", "--wait"]) { _ in idLine.signal() }
        defer { waiting.stop(grace: 1) }
        XCTAssertEqual(idLine.wait(timeout: .now() + 5), .success, "show --wait printed no id")
        XCTAssertTrue(try cli(["drawer", "menu", "--open"]).succeeded)
        try expectResting(on: 3, "--open")
        // on-demand keyboard interactivity: a click on the panel (above the menu) gives it the keyboard
        try pointer.click(300, 200)
        try pointer.move(Self.parking.0, Self.parking.1)
        try expectResting(on: 3, "a click on the panel keeps it open")
        XCTAssertNil(focusRing(try settledScreenshot(within: 2)), "a focus ring before any Tab")

        try pointer.key("tab")
        try expectFocus("first", "Tab focuses the first button")
        let first = try XCTUnwrap(focusRing(try settledScreenshot(within: 2) { self.focusRing($0) != nil }), "no focus ring after Tab")
        try pointer.key("tab")
        try expectFocus("second", "Tab moves on")
        let second = try XCTUnwrap(focusRing(try settledScreenshot(within: 2) { self.focusRing($0).map { $0.x != first.x || $0.y != first.y } == true }))
        note("focus ring on first \(first), on second \(second)")
        XCTAssertTrue(second.x > first.maxX - 4 || second.y > first.maxY - 4, "the ring moved to the next button: \(first) → \(second)")
        try pointer.key("tab", shift: true)
        try expectFocus("first", "Shift+Tab goes back")
        try pointer.key("tab")
        try expectFocus("second", "Tab again")

        try pointer.key("enter")
        XCTAssertEqual(waiting.waitForExit(timeout: 5), 0, "show --wait did not return: \(waiting.output)")
        waiting.drain()
        XCTAssertTrue(waiting.stdout.string.hasSuffix("closed: action\naction: second\n"), waiting.stdout.string)

        try pointer.key("escape")
        try expectResting(on: 0, "Escape closes the drawer")
        let closed = try settledScreenshot(within: 3) { self.panelEdge($0) == 0 }
        XCTAssertEqual(panelEdge(closed), 0, "closed by Escape")
    }

    /// An open drawer dims what is under it, but a notification that arrives meanwhile shows above
    /// the backdrop: the toast's background keeps its own colour.
    func testANotificationShowsAboveAnOpenDrawersBackdrop() throws {
        _ = try startDrawerDaemon()
        XCTAssertTrue(try cli(["drawer", "menu", "--notch", "3"]).succeeded)
        try assertDrawn(atNotch: 3, "fully open: backdrop 0.5")
        _ = try rig.notify(summary: "Over the menu", body: "not dimmed", expireTimeout: 0)
        // The toast's left padding (background #2B303B), 12 px in from the column's left edge.
        let toastBackground = RGBA(hex: 0x2B303B)
        let x = 1280 - 12 - 360 + 6, y = 12 + 20
        let shot = try settledScreenshot(within: 3) { !$0.pixel(x, y).isClose(to: self.dimmed(0.5), tolerance: 2) }
        assertColor(shot, x, y, toastBackground, tolerance: 2, "toast background over the open drawer's backdrop")
        assertColor(shot, 700, Self.row, dimmed(0.5), tolerance: 2, "the window beside the panel is still dimmed")
    }
}
