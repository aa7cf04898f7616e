import Foundation
import XCTest

/// Mouse button and scroll bindings from config rules, with the real daemon and a virtual pointer.
extension InputTests {
    static let bindingConfig = """
        [[rules]]
        summary = "^bound$"
        on-button-right = "dismiss"
        on-button-middle = "invoke-default-action"
        on-scroll-down = "dismiss"
        """

    func testRightClickMiddleClickAndScrollFollowTheirBindings() throws {
        _ = try startDaemon(config: Self.bindingConfig)
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        func invoked(_ id: UInt32) -> Bool {
            monitor.events.contains { if case .actionInvoked(id, "default") = $0 { return true }; return false }
        }

        let right = try rig.notify(summary: "bound", body: "right-click me", actions: ["default", "Open"], expireTimeout: 0)
        var box = try restingToast()
        try pointer.click(box.midX, box.midY, button: "right")
        XCTAssertEqual(monitor.waitForClosed(id: right, timeout: 3), 2, "right click dismisses: \(monitor.events)")
        XCTAssertFalse(invoked(right), "a dismiss binding invokes no action")
        XCTAssertFalse(try state("notifications").showing.contains(right), "list --json still shows \(right)")
        try assertToastGone("after the right click", pointer: pointer)

        let middle = try rig.notify(summary: "bound", body: "middle-click me", actions: ["default", "Open"], expireTimeout: 0)
        box = try restingToast()
        try pointer.click(box.midX, box.midY, button: "middle")
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { if case .actionInvoked(middle, "default") = $0 { return true }; return false },
                        "middle click invokes 'default': \(monitor.events)")
        XCTAssertEqual(monitor.waitForClosed(id: middle, timeout: 3), 2, "then the notification closes")
        try assertToastGone("after the middle click", pointer: pointer)

        let scrolled = try rig.notify(summary: "bound", body: "scroll me", expireTimeout: 0)
        box = try restingToast()
        try pointer.move(box.midX, box.midY)
        try pointer.scroll(15)  // one wheel notch down
        XCTAssertEqual(monitor.waitForClosed(id: scrolled, timeout: 3), 2, "scroll down dismisses: \(monitor.events)")
        try assertToastGone("after the scroll", pointer: pointer)
    }

    /// Without bindings, right, middle and scroll do nothing: the left click after them still
    /// finds the toast and invokes its default action (had one of them closed it, nothing would).
    func testUnboundButtonsDoNothing() throws {
        _ = try startDaemon(config: Self.bindingConfig)
        let monitor = try startSignalMonitor()
        let pointer = try makePointer()
        let id = try rig.notify(summary: "plain", body: "no bindings", actions: ["default", "Open"], expireTimeout: 0)
        let box = try restingToast()
        try pointer.click(box.midX, box.midY, button: "right")
        try pointer.click(box.midX, box.midY, button: "middle")
        try pointer.scroll(15)
        try pointer.click(box.midX, box.midY)
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { if case .actionInvoked(id, "default") = $0 { return true }; return false },
                        "the left click reached the toast: \(monitor.events)")
        let closedFirst = monitor.events.firstIndex { if case .closed(id, _) = $0 { return true }; return false }
        let invokedAt = monitor.events.firstIndex { if case .actionInvoked(id, _) = $0 { return true }; return false }
        if let closedFirst, let invokedAt { XCTAssertGreaterThan(closedFirst, invokedAt, "closed before the left click") }
    }
}
