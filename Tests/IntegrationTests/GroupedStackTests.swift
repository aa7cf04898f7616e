import Foundation
import XCTest

/// Twelve notifications from one app on headless sway: they stack into one card under a header,
/// a click on the header (or on a card peeking out) opens the stack and another closes it, and
/// the header's close button clears the group (NotificationClosed reason 2, once per id).
/// Checked with grim and signals.
final class GroupedStackTests: RigTestCase {
    static let background = RGBA(hex: 0x2B303B)
    static let closeColor = RGBA(hex: 0xD8DEE9)
    static let margin = 12
    static let headerHeight = 28
    static let headerGap = 4
    /// Where the pointer waits between clicks: far left of the column.
    static let parking = (100, 600)

    /// Everything not black in the right-hand column where the notifications are.
    func columnBox(_ shot: Screenshot) -> PixelRect? {
        shot.region(x: shot.width - 420, y: 0, width: 420, height: shot.height).boundingBox { !$0.isBlack }
    }

    func testTwelveFromOneAppCollapseExpandAndClear() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.move(Self.parking.0, Self.parking.1)
        var ids: [UInt32] = []
        for n in 1...12 {
            ids.append(try rig.notify(app: "Chat", summary: "Message \(n)", body: "hello", expireTimeout: 0))
        }

        // Collapsed: header, gap, the top card, and two narrower cards peeking 6 px each below it.
        let collapsed = try settledScreenshot(within: 4) { shot in
            self.columnBox(shot).map { $0.height < 300 && $0.y == Self.margin } ?? false
        }
        let box = try XCTUnwrap(columnBox(collapsed), "nothing drawn")
        note("collapsed box \(box)")
        XCTAssertLessThan(box.height, 300, "the stack is not collapsed: \(box)")
        let headerTop = box.y, cardTop = box.y + Self.headerHeight + Self.headerGap
        // The header pill is drawn in the toasts' background, left of its text.
        assertColor(collapsed, box.x + 6, headerTop + Self.headerHeight / 2, Self.background, tolerance: 2, "header fill")
        // The gap between header and top card is empty.
        XCTAssertTrue(collapsed.region(x: box.x + 20, y: headerTop + Self.headerHeight + 1, width: box.width - 40,
                                       height: Self.headerGap - 2).isUniform(.black), "no gap under the header")
        // The top card starts under the gap, full width.
        assertColor(collapsed, box.midX, cardTop + 1, RGBA(hex: 0x5E81AC), tolerance: 2, "top card's top border")
        // The last rows are the bottom of the second peeking card: narrower than the column.
        let lastRow = box.maxY - 1
        XCTAssertTrue(collapsed.pixel(box.x + 2, lastRow).isBlack, "the peeking card is not narrower")
        XCTAssertFalse(collapsed.pixel(box.midX, lastRow).isBlack, "no card peeks out at the bottom")
        // The header says "Chat · 12": text pixels that are neither background nor black.
        let text = collapsed.region(x: box.x + 30, y: headerTop + 4, width: 120, height: Self.headerHeight - 8)
        XCTAssertGreaterThan(text.count { !$0.isBlack && !$0.isClose(to: Self.background, tolerance: 8) }, 30,
                             "no header text")

        // A click on the header opens the stack: twelve cards in a column.
        try pointer.click(box.x + 120, headerTop + Self.headerHeight / 2)
        try pointer.move(Self.parking.0, Self.parking.1)
        let open = try settledScreenshot(within: 4) { shot in (self.columnBox(shot)?.height ?? 0) > 600 }
        let openBox = try XCTUnwrap(columnBox(open))
        note("open box \(openBox)")
        XCTAssertGreaterThan(openBox.height, 600, "the stack did not open")
        XCTAssertEqual(openBox.y, box.y, "the header moved")
        XCTAssertTrue(monitor.events.filter { if case .closed = $0 { return true }; return false }.isEmpty,
                      "a header click closed something: \(monitor.events)")

        // A second click closes it again, to the same picture as before.
        try pointer.click(box.x + 120, headerTop + Self.headerHeight / 2)
        try pointer.move(Self.parking.0, Self.parking.1)
        let closedAgain = try settledScreenshot(within: 4) { shot in (self.columnBox(shot)?.height ?? 999) < 300 }
        XCTAssertEqual(columnBox(closedAgain), box, "the stack did not close to where it was")

        // A click on a card peeking out below the top one opens the stack too, closing nothing.
        try pointer.click(box.midX, box.maxY - 3)
        try pointer.move(Self.parking.0, Self.parking.1)
        _ = try settledScreenshot(within: 4) { shot in (self.columnBox(shot)?.height ?? 0) > 600 }
        try pointer.click(box.x + 120, headerTop + Self.headerHeight / 2)
        try pointer.move(Self.parking.0, Self.parking.1)
        let closedThird = try settledScreenshot(within: 4) { shot in (self.columnBox(shot)?.height ?? 999) < 300 }
        XCTAssertEqual(columnBox(closedThird), box, "the stack did not close to where it was")
        XCTAssertTrue(monitor.events.filter { if case .closed = $0 { return true }; return false }.isEmpty,
                      "a click on a peeking card closed something: \(monitor.events)")

        // The header's close button clears the group: every id closed once, with reason 2.
        let header = PixelRect(x: box.maxX - 40, y: headerTop, width: 40, height: Self.headerHeight)
        let cross = try XCTUnwrap(closedAgain.region(header).boundingBox { $0.isClose(to: Self.closeColor, tolerance: 40) },
                                  "no close button in the header \(header)")
        try pointer.click(cross.midX, cross.midY)
        try pointer.move(Self.parking.0, Self.parking.1)
        for id in ids {
            XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "NotificationClosed(\(id), 2): \(monitor.events)")
        }
        let cleared = try screenshot(within: 3) { self.columnBox($0) == nil }
        XCTAssertNil(columnBox(cleared), "still drawn after clearing")
        Thread.sleep(forTimeInterval: 0.3)
        var closings: [UInt32: Int] = [:]
        for case .closed(let id, _) in monitor.events { closings[id, default: 0] += 1 }
        XCTAssertEqual(closings, Dictionary(uniqueKeysWithValues: ids.map { ($0, 1) }), "each id closed once")
    }
}
