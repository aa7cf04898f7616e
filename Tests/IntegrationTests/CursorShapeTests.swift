import Foundation
import XCTest

/// The cursor over a toast is the theme's arrow and over an action button its hand (sway 1.7
/// offers no cursor-shape-v1, so the daemon sets wl_cursor theme images). sway draws the cursor
/// into the output, so it is in grim's screenshots: the cursor is what differs between a
/// screenshot with the pointer at a spot and the toast's own pixels around it.
final class CursorShapeTests: RigTestCase {
    static let buttonColor = RGBA(hex: 0x3B4252)

    /// Pixels around (x, y) that differ from `background` (the spot without a cursor), as
    /// offsets from (x, y): the cursor's shape.
    func cursorMask(_ shot: Screenshot, at x: Int, _ y: Int, background: Screenshot) -> Set<[Int]> {
        var mask: Set<[Int]> = []
        for dy in -8..<40 { for dx in -16..<40 {
            let px = x + dx, py = y + dy
            guard px >= 0, py >= 0, px < shot.width, py < shot.height else { continue }
            if !shot.pixel(px, py).isClose(to: background.pixel(px, py), tolerance: 24) { mask.insert([dx, dy]) }
        } }
        return mask
    }

    func testArrowOverTheToastAndHandOverAButton() throws {
        _ = try startDaemon()
        _ = try rig.notify(summary: "Cursor", body: "over a toast and a button", actions: ["log", "Show log"],
                           expireTimeout: 0)
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.move(20, 700)  // parked far away: the first screenshot has no cursor near the toast
        let clean = try settledScreenshot(within: 3) { $0.contentBox != nil }
        let toast = try XCTUnwrap(clean.contentBox)
        let button = try XCTUnwrap(clean.region(toast).boundingBox { $0.isClose(to: Self.buttonColor, tolerance: 2) },
                                   "no action button drawn")
        // Spots on plain fill: the toast's right part of its summary line, and the button's left end.
        let onToast = (toast.maxX - 60, toast.y + 8), onButton = (button.x + 8, button.y + 4)

        try pointer.move(onToast.0, onToast.1)
        let arrow = cursorMask(try settledScreenshot(within: 2), at: onToast.0, onToast.1, background: clean)
        try pointer.move(onButton.0, onButton.1)
        let hand = cursorMask(try settledScreenshot(within: 2), at: onButton.0, onButton.1, background: clean)
        try pointer.move(onToast.0, onToast.1)
        let arrowAgain = cursorMask(try settledScreenshot(within: 2), at: onToast.0, onToast.1, background: clean)

        XCTAssertGreaterThan(arrow.count, 20, "a cursor is drawn over the toast")
        XCTAssertGreaterThan(hand.count, 20, "a cursor is drawn over the button")
        XCTAssertEqual(arrow, arrowAgain, "the same spot shows the same cursor (the comparison is sound)")
        // The same arrow over the two fills differs in ~20 antialiased edge pixels; arrow and hand
        // (measured: 123 and 176 pixels) in over 100.
        XCTAssertGreaterThan(arrow.symmetricDifference(hand).count, 60,
                             "the cursor over the button has another shape than over the toast")
    }
}
