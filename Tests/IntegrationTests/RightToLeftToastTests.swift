import Foundation
import XCTest

/// End-to-end: a notification whose summary is Hebrew is drawn mirrored on headless sway: its
/// icon and the critical bar on the right, its first action button rightmost (a real click on
/// the rightmost button invokes the first action). An English one is the control.
final class RightToLeftToastTests: RigTestCase {
    static let green = RGBA(hex: 0x10C040)
    static let accent = RGBA(hex: 0xFF5A4E)
    static let buttonColour = RGBA(hex: 0x3B4252)

    private func shown(summary: String, icon: String) throws -> (id: UInt32, shot: Screenshot, toast: PixelRect) {
        let id = try rig.notify(icon: icon, summary: summary, body: "body", actions: ["first", "One", "second", "Two"],
                                hints: "{'urgency': <byte 2>}", expireTimeout: 0)
        let shot = try settledScreenshot(within: 3) { shot in
            shot.contentBox.map { shot.region($0).boundingBox(where: { $0.isClose(to: Self.buttonColour, tolerance: 2) }) != nil } ?? false
        }
        return (id, shot, try XCTUnwrap(shot.contentBox))
    }

    func testAHebrewToastIsMirroredAndItsRightmostButtonIsTheFirstAction() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let icon = try solidPNG(width: 24, height: 24, color: Self.green)
        let (id, shot, toast) = try shown(summary: "הודעה חדשה", icon: icon)
        let iconBox = try XCTUnwrap(shot.region(toast).boundingBox(where: { $0.isClose(to: Self.green, tolerance: 6) }), "no icon")
        XCTAssertLessThan(toast.maxX - iconBox.maxX, 20, "icon \(iconBox) is not at the right of \(toast)")
        assertColor(shot, toast.maxX - 1 - 2 - 3, toast.midY, Self.accent, tolerance: 2, "critical bar on the right edge")
        assertColor(shot, toast.x + 2 + 3, toast.midY, RGBA(hex: 0x2B303B), tolerance: 2, "no bar on the left edge")

        let buttons = shot.region(toast).boundingBox(where: { $0.isClose(to: Self.buttonColour, tolerance: 2) })!
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.click(buttons.maxX - 8, buttons.midY)
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { if case .actionInvoked(id, "first") = $0 { return true }; return false },
                        "the rightmost button of a mirrored toast is the first action: \(monitor.events)")
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2)
    }

    func testAnEnglishToastKeepsItsIconAndBarOnTheLeft() throws {
        _ = try startDaemon()
        let icon = try solidPNG(width: 24, height: 24, color: Self.green)
        let (_, shot, toast) = try shown(summary: "New message", icon: icon)
        let iconBox = try XCTUnwrap(shot.region(toast).boundingBox(where: { $0.isClose(to: Self.green, tolerance: 6) }), "no icon")
        XCTAssertLessThan(iconBox.x - toast.x, 20, "icon \(iconBox) is not at the left of \(toast)")
        assertColor(shot, toast.x + 2 + 3, toast.midY, Self.accent, tolerance: 2, "critical bar on the left edge")
    }
}
