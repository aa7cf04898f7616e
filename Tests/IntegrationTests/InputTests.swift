import Foundation
import XCTest

/// Real input on headless sway: a virtual pointer (`overlay-wl-test-input`) clicks, holds, drags
/// and hovers toasts of the real daemon; each outcome is checked by D-Bus signals and grim.
/// Gestures other than the notifications' default tap come from config rules matching the summary.
final class InputTests: RigTestCase {
    static let config = """
        [[rules]]
        summary = "^double$"
        gesture = "double-tap"

        [[rules]]
        summary = "^long$"
        gesture = "long-press:0.6"

        [[rules]]
        summary = "^swipe$"
        gesture = "swipe-right"
        """

    /// The colour of the probe window of the test-input tool (0xFF204020).
    static let windowColor = RGBA(hex: 0x204020)

    func startDaemonWithRules() throws {
        let path = try rig.writeScratchFile("input-rules.toml", Data(Self.config.utf8))
        _ = try startDaemon(["--config", path])
    }

    /// A fresh virtual pointer, parked away from the toasts (the seat cursor outlives pointers).
    func makePointer() throws -> VirtualPointer {
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.move(Self.parking.0, Self.parking.1)
        return pointer
    }

    /// The toast: everything neither black nor the probe window's colour in the right-hand column
    /// where toasts appear (the parked cursor, drawn into screenshots, stays left of it).
    func toastBox(_ shot: Screenshot) -> PixelRect? {
        let column = shot.region(x: shot.width - Self.column, y: 0, width: Self.column, height: shot.height)
        return column.boundingBox { !$0.isBlack && !$0.isClose(to: Self.windowColor, tolerance: 2) }
    }

    /// Width of the screen band on the right that toasts (and swiped toasts) occupy.
    static let column = 420
    /// Where the pointer waits between gestures: outside the column.
    static let parking = (100, 600)

    /// Waits until one toast rests at the top-right corner and returns its box.
    func restingToast() throws -> PixelRect {
        let shot = try settledScreenshot(within: 6) { shot in
            guard let box = self.toastBox(shot) else { return false }
            return box.maxX >= shot.width - 24 && box.y <= 24 && box.width >= 300
        }
        return try XCTUnwrap(toastBox(shot), "no toast at rest within 6 s")
    }

    /// Parks the pointer (its cursor is in screenshots) and checks the column is empty.
    func assertToastGone(_ what: String, pointer: VirtualPointer, file: StaticString = #filePath, line: UInt = #line) throws {
        try pointer.move(Self.parking.0, Self.parking.1)
        let shot = try screenshot(within: 2) { self.toastBox($0) == nil }
        XCTAssertNil(toastBox(shot), "\(what): toast still drawn", file: file, line: line)
    }

    func closedEvents(_ monitor: SignalMonitor) -> [SignalMonitor.Event] {
        monitor.events.filter { if case .closed = $0 { return true }; return false }
    }

    // MARK: Dismiss gestures

    func testTapDismissesWithReasonTwo() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        let id = try rig.notify(summary: "tap", body: "click me", expireTimeout: 0)
        let box = try restingToast()
        try pointer.click(box.midX, box.midY)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "NotificationClosed(\(id), 2): \(monitor.events)")
        try assertToastGone("after the tap", pointer: pointer)
    }

    func testTheCloseButtonClosesWithReasonTwo() throws {
        // No dismiss gesture, so only the close button can close the toast.
        let path = try rig.writeScratchFile("close-button.toml", Data("""
            [containers.notifications]
            close-button = true
            gesture = "none"
            """.utf8))
        _ = try startDaemon(["--config", path])
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        let id = try rig.notify(summary: "closable", body: "use the ×", expireTimeout: 0)
        let box = try restingToast()
        try pointer.click(box.midX, box.midY)
        XCTAssertNil(monitor.waitForClosed(id: id, timeout: 0.8), "a click on the body closed it: \(monitor.events)")
        // The × is drawn in the top-right corner, inside the border and padding.
        let shot = try screenshot()
        let corner = PixelRect(x: box.maxX - 50, y: box.y, width: 50, height: 50)
        let cross = try XCTUnwrap(shot.region(corner).boundingBox { $0.isClose(to: RGBA(hex: 0xD8DEE9), tolerance: 40) },
                                  "no close button drawn in \(corner)")
        try pointer.click(cross.x + cross.width / 2, cross.y + cross.height / 2)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "NotificationClosed(\(id), 2): \(monitor.events)")
        try assertToastGone("after the close button", pointer: pointer)
    }

    func testDoubleTapDismissesButASingleTapDoesNot() throws {
        try startDaemonWithRules()
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        let id = try rig.notify(summary: "double", body: "double-click me", expireTimeout: 0)
        let box = try restingToast()
        try pointer.click(box.midX, box.midY)
        try pointer.sleep(milliseconds: 600)  // past the double-tap interval
        XCTAssertNil(monitor.waitForClosed(id: id, timeout: 0.2), "a single tap closed it: \(monitor.events)")
        XCTAssertNotNil(toastBox(try screenshot()), "toast gone after one tap")
        try pointer.click(box.midX, box.midY)
        try pointer.click(box.midX, box.midY)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "double tap: \(monitor.events)")
        try assertToastGone("after the double tap", pointer: pointer)
    }

    func testLongPressDismissesWhileHeld() throws {
        try startDaemonWithRules()
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        let id = try rig.notify(summary: "long", body: "hold me", expireTimeout: 0)
        let box = try restingToast()
        try pointer.click(box.midX, box.midY)
        XCTAssertNil(monitor.waitForClosed(id: id, timeout: 0.8), "a click closed a long-press toast: \(monitor.events)")
        try pointer.move(box.midX, box.midY)
        try pointer.down()
        let pressed = Date()
        XCTAssertNil(monitor.waitForClosed(id: id, timeout: 0.35), "closed before 0.6 s of holding")
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "long press: \(monitor.events)")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(pressed), 0.55)
        try pointer.up()
        try assertToastGone("after the long press", pointer: pointer)
    }

    // MARK: Swipes

    func testSlowShortSwipeFollowsThePointerAndSpringsBack() throws {
        try startDaemonWithRules()
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        let id = try rig.notify(summary: "swipe", body: "drag me a little", expireTimeout: 0)
        let rest = try restingToast()
        try pointer.move(rest.midX, rest.midY)
        try pointer.down()
        for step in 1...6 {  // 36 px in 0.6 s: slow and short of the 80 px fling distance
            try pointer.sleep(milliseconds: 100)
            try pointer.move(rest.midX + 6 * step, rest.midY)
        }
        let held = try settledScreenshot(within: 2)
        let moved = try XCTUnwrap(toastBox(held), "toast vanished during the drag")
        note("rest \(rest), held \(moved)")
        assertNear(moved.x, rest.x + 36, tolerance: 2, "left edge follows the pointer")
        try pointer.up()
        let back = try settledScreenshot(within: 3) { self.toastBox($0)?.x == rest.x }
        let box = try XCTUnwrap(toastBox(back))
        assertNear(box.x, rest.x, tolerance: 0, "sprung back to its place")
        assertNear(box.y, rest.y, tolerance: 0, "top unchanged")
        XCTAssertTrue(closedEvents(monitor).isEmpty, "a slow short swipe closed it: \(monitor.events)")
        XCTAssertNil(monitor.waitForClosed(id: id, timeout: 0.3))
    }

    func testFastSwipeDismisses() throws {
        try startDaemonWithRules()
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        let id = try rig.notify(summary: "swipe", body: "fling me", expireTimeout: 0)
        let rest = try restingToast()
        try pointer.drag(from: (rest.midX, rest.midY), to: (rest.midX + 100, rest.midY), milliseconds: 80, steps: 8)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "fast swipe: \(monitor.events)")
        try assertToastGone("after the fling", pointer: pointer)
    }

    // MARK: Hover

    func testHoverPausesTheTimeoutUntilThePointerLeaves() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        // The timeout and every bound scale together with OVERLAY_TEST_SLOWDOWN (a sanitized daemon).
        // 3 s leaves a loaded machine time to show the toast and move the pointer before it expires.
        let timeout = 3 * DaemonBinary.slowdown
        let sent = Date()
        let id = try rig.notify(summary: "hover", body: "3 s unless hovered", expireTimeout: Int32(timeout * 1000))
        // the first frame with the toast is enough: settling would eat into its 3 s
        let first = try screenshot(within: 2) { (self.toastBox($0)?.width ?? 0) >= 300 }
        let box = try XCTUnwrap(toastBox(first), "no toast within 2 s")
        try pointer.move(box.midX, box.midY + 2)
        try pointer.move(box.midX, box.midY)
        let hoveredAfter = Date().timeIntervalSince(sent)
        XCTAssertLessThan(hoveredAfter, 0.8 * timeout, "setup too slow to test the pause")
        Thread.sleep(forTimeInterval: max(0, 2 * timeout - Date().timeIntervalSince(sent)))
        XCTAssertTrue(closedEvents(monitor).isEmpty, "expired while hovered: \(monitor.events)")
        XCTAssertNotNil(toastBox(try screenshot()), "toast gone while hovered (twice its timeout after sending)")

        try pointer.move(Self.parking.0, Self.parking.1)
        let left = Date()
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 2 * timeout), 1, "expiry after the leave: \(monitor.events)")
        let after = Date().timeIntervalSince(left)
        note("hovered \(hoveredAfter) s after sending; closed \(after) s after leaving")
        XCTAssertGreaterThanOrEqual(after, timeout - hoveredAfter - 0.35, "the countdown resumed, it did not restart or end at once")
        try assertToastGone("after the timeout resumed", pointer: pointer)
    }

    // MARK: Pass-through

    func testClickOutsideEveryViewReachesTheWindowBelow() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        try pointer.openWindow()
        let id = try rig.notify(summary: "tap", body: "a window is under me", expireTimeout: 0)
        let box = try restingToast()
        // inside the notifications surface (the full-height column on the right), below the toast
        let below = (box.midX, box.maxY + 120)
        try pointer.click(below.0, below.1)
        try pointer.move(Self.parking.0, Self.parking.1)
        let clicks = pointer.windowClicks
        XCTAssertEqual(clicks.count, 1, "the window got \(clicks) for a click outside the toast")
        if let click = clicks.first {
            assertNear(click.x, below.0, tolerance: 1, "window-local x")
            assertNear(click.y, below.1, tolerance: 1, "window-local y")
        }
        XCTAssertTrue(closedEvents(monitor).isEmpty, "a click beside the toast closed it: \(monitor.events)")
        // a click on the toast goes to the toast, not the window
        try pointer.click(box.midX, box.midY)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2)
        XCTAssertEqual(pointer.windowClicks.count, 1, "the toast's click leaked to the window")
        try pointer.move(Self.parking.0, Self.parking.1)
        let shot = try screenshot(within: 2) { self.toastBox($0) == nil }
        assertColor(shot, box.midX, box.midY, Self.windowColor, tolerance: 2, "window where the toast was")
    }
}
