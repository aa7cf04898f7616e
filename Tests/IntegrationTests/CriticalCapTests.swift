import Foundation
import XCTest

/// `maximum-pinned` end to end: critical notifications past the cap wait hidden, the oldest hidden
/// ones close as expired (`maximum-hidden`), each with one NotificationClosed, and a hidden
/// critical one comes back when a showing one closes.
final class CriticalCapTests: RigTestCase {
    static let config = """
        [containers.notifications]
        maximum-pinned = 3
        maximum-hidden = 2
        """

    private func expectState(showing: [UInt32], hidden: [UInt32], within timeout: TimeInterval = 3,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try state("notifications")
        while (last.showing != showing || last.hidden != hidden) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            last = try state("notifications")
        }
        XCTAssertEqual(last.showing, showing, "ids on screen (z-order)", file: file, line: line)
        XCTAssertEqual(last.hidden, hidden, "ids hidden (oldest first)", file: file, line: line)
    }

    func testCriticalNotificationsPastTheCapAreHiddenAndTheOldestCloseAsExpiredOnce() throws {
        _ = try startDaemon(config: CriticalCapTests.config)
        let monitor = try startSignalMonitor()
        var ids: [UInt32] = []
        for i in 1...7 {
            // The sender's default timeout: a critical notification never expires on its own.
            ids.append(try rig.notify(summary: "Critical \(i)", hints: "{'urgency': <byte 2>}"))
        }
        // The newest three show; the next two wait hidden; the two oldest closed as expired.
        try expectState(showing: Array(ids[4...6]), hidden: Array(ids[2...3]))
        for id in ids[0...1] { XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 1, "NotificationClosed(\(id), 1)") }

        XCTAssertTrue(try cli(["dismiss", String(ids[6])]).succeeded)
        try expectState(showing: Array(ids[3...5]), hidden: [ids[2]])
        XCTAssertEqual(monitor.waitForClosed(id: ids[6], timeout: 3), 2, "closed by the user")

        Thread.sleep(forTimeInterval: 0.5)
        let closed = monitor.events.compactMap { event -> UInt32? in
            if case .closed(let id, _) = event { return id }
            return nil
        }
        XCTAssertEqual(closed.sorted(), [ids[0], ids[1], ids[6]].sorted(), "one NotificationClosed each: \(monitor.events)")
    }
}
