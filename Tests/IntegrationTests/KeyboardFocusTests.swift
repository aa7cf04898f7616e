import Foundation
import XCTest

/// `overlay-wl focus`: the notification column takes the keyboard from the focused window, the
/// virtual keyboard walks its toasts and buttons, Enter and Delete do what clicks do, and the
/// keyboard goes back on Escape or when the column empties.
final class KeyboardFocusTests: RigTestCase {
    /// The dark theme's toast border, and the ring's colour on its #2B303B background (the theme
    /// has no ring colour of its own: the bright blue, 4:1 on it).
    static let border = RGBA(hex: 0x5E81AC)
    static let ring = RGBA(hex: 0x3D8BFF)

    func ringBox(_ shot: Screenshot) -> PixelRect? {
        shot.whole.boundingBox { $0.isClose(to: Self.ring, tolerance: 6) }
    }

    /// `overlay-wl focus --state`, parsed.
    func focusState() throws -> [String: Any] {
        let out = try cli(["focus", "--state"])
        guard out.succeeded, let state = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any] else {
            throw HarnessError.failed("focus --state: \(out)")
        }
        return state
    }

    /// Waits until the focus is on view `id` (part `part`, action `action`), or on nothing (`id` nil).
    func expectFocus(_ id: UInt32?, _ part: String? = nil, action: String? = nil, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(3)
        var state = try focusState()
        func matches(_ s: [String: Any]) -> Bool {
            guard let id else { return s["container"] is NSNull }
            return (s["id"] as? NSNumber)?.uint32Value == id && s["part"] as? String == part && s["action"] as? String == action
        }
        while !matches(state) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            state = try focusState()
        }
        XCTAssertTrue(matches(state), "\(what): \(state)", file: file, line: line)
    }

    /// A window with the keyboard, and the virtual pointer and keyboard to drive the seat.
    func startWithWindow() throws -> VirtualPointer {
        _ = try startDaemon()
        let pointer = try VirtualPointer(rig: rig)
        try pointer.move(600, 400)  // the cursor is in screenshots: away from the toasts
        try pointer.key("left")  // the virtual keyboard joins the seat
        try pointer.openWindow(appID: "editor", width: 400, height: 300)
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 1), ["enter"], "the new window has the keyboard")
        return pointer
    }

    func testTheKeyboardWalksTheColumnInvokesDismissesAndGoesBackWhenItEmpties() throws {
        let pointer = try startWithWindow()
        defer { pointer.stop() }
        let monitor = try startSignalMonitor()
        let older = try rig.notify(summary: "Older", body: "second in the column", actions: ["open", "Open", "later", "Later"],
                                   expireTimeout: 0)
        let newer = try rig.notify(summary: "Newer", body: "on top", actions: ["yes", "Yes", "no", "No"], expireTimeout: 0)
        let shown = try settledScreenshot(within: 3)
        let column = try XCTUnwrap(shown.whole.boundingBox { $0.isClose(to: Self.border, tolerance: 2) }, "no toasts drawn")
        XCTAssertNil(ringBox(shown), "no ring before the column has the keyboard")
        XCTAssertNotEqual(try cli(["focus", "nowhere"]).status, 0, "an unknown container is an error")

        XCTAssertTrue(try cli(["focus"]).succeeded)
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 2), ["enter", "leave"], "the column took the keyboard from the window")
        try expectFocus(newer, "view", "the newest toast has the focus")
        // The 3 px ring is drawn just inside the 2 px border of the top toast (the newest), and
        // not around the older one below it.
        let onToast = try XCTUnwrap(ringBox(try settledScreenshot(within: 3) { self.ringBox($0) != nil }), "no focus ring drawn")
        note("column \(column), ring on the newest toast \(onToast)")
        assertNear(onToast.x, column.x + 2, tolerance: 1, "the ring's left edge is inside the border")
        assertNear(onToast.maxX, column.maxX - 2, tolerance: 1, "and its right edge")
        assertNear(onToast.y, column.y + 2, tolerance: 1, "it rings the top toast")
        XCTAssertLessThan(onToast.maxY, column.midY, "only the top toast: \(onToast) in \(column)")
        XCTAssertGreaterThan(onToast.height, 40, "around the whole toast")

        try pointer.key("tab")
        try expectFocus(newer, "action", action: "yes", "Tab goes to the toast's first button")
        let onButton = try XCTUnwrap(ringBox(try settledScreenshot(within: 3) { self.ringBox($0).map { $0.width < onToast.width / 2 } == true }),
                                     "the ring did not move to the button")
        note("ring on the first button \(onButton)")
        XCTAssertTrue(onButton.y > onToast.y + 20 && onButton.maxY < onToast.maxY, "the button is in the toast's lower half: \(onButton)")
        try pointer.key("right")
        try expectFocus(newer, "action", action: "no", "Right goes along the buttons")
        try pointer.key("tab", shift: true)
        try expectFocus(newer, "action", action: "yes", "Shift+Tab goes back")

        try pointer.key("enter")
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { $0 == .actionInvoked(id: newer, key: "yes") }, "Enter invokes: \(monitor.events)")
        XCTAssertNotNil(monitor.waitForClosed(id: newer, timeout: 3), "the invoked toast closes")
        try expectFocus(older, "view", "the focus moves on to the toast left")
        XCTAssertNil(monitor.events.first { if case .closed(older, _) = $0 { return true }; return false }, "nothing else closed")
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 3, timeout: 0.3), ["enter", "leave"], "the column keeps the keyboard")

        try pointer.key("down")
        try expectFocus(older, "view", "Down wraps round a column of one")
        try pointer.key("delete")
        XCTAssertEqual(monitor.waitForClosed(id: older, timeout: 3), 2, "Delete dismisses (reason 2): \(monitor.events)")
        XCTAssertFalse(monitor.events.contains(.actionInvoked(id: older, key: "open")), "and invokes nothing")
        try expectFocus(nil, nil, "the column emptied: no focus")
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 3), ["enter", "leave", "enter"], "the keyboard went back to the window")
        XCTAssertNotEqual(try cli(["focus"]).status, 0, "an empty column cannot take the focus")
    }

    /// Enter on a toast itself is a click on it: its default action when it has one, else its
    /// dismiss gesture (a tap: closed as dismissed).
    func testEnterOnAToastIsAClickOnIt() throws {
        let pointer = try startWithWindow()
        defer { pointer.stop() }
        let monitor = try startSignalMonitor()
        let withDefault = try rig.notify(summary: "Opens", body: "has a default action", actions: ["default", "Open"], expireTimeout: 0)
        let plain = try rig.notify(summary: "Plain", body: "no actions", expireTimeout: 0)
        _ = try settledScreenshot(within: 3)
        XCTAssertTrue(try cli(["focus"]).succeeded)
        try expectFocus(plain, "view", "the newest has the focus")
        try pointer.key("enter")
        XCTAssertEqual(monitor.waitForClosed(id: plain, timeout: 3), 2, "a tap dismisses it: \(monitor.events)")
        try expectFocus(withDefault, "view", "the focus moves on")
        try pointer.key("kpenter")
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { $0 == .actionInvoked(id: withDefault, key: "default") },
                        "the keypad's Enter invokes the default action: \(monitor.events)")
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 3), ["enter", "leave", "enter"], "the column emptied: the keyboard is back")
    }

    func testEscapeGivesTheKeyboardBackAndTheFocusHoldsTheCountdown() throws {
        let pointer = try startWithWindow()
        defer { pointer.stop() }
        let monitor = try startSignalMonitor()
        let id = try rig.notify(summary: "Brief", body: "gone in 3 s unless read", actions: ["ok", "OK"], expireTimeout: 3000)
        XCTAssertTrue(try cli(["focus", "notifications"]).succeeded)
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 2), ["enter", "leave"], "the column took the keyboard")
        try expectFocus(id, "view", "the toast has the focus")
        try pointer.sleep(milliseconds: 4000)
        XCTAssertNil(monitor.waitForClosed(id: id, timeout: 0.1), "the focused toast does not expire: \(monitor.events)")

        try pointer.key("escape")
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 3), ["enter", "leave", "enter"], "Escape gives the keyboard back")
        try expectFocus(nil, nil, "no focus after Escape")
        let released = try settledScreenshot(within: 3) { self.ringBox($0) == nil }
        XCTAssertNil(ringBox(released), "the ring is gone")
        try pointer.key("delete")  // the window's now, not the column's
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 5), 1, "the countdown runs again and the toast expires: \(monitor.events)")
    }
}
