import Foundation
import XCTest

/// A toast card frosted (`toast-material = "regular"`) where KWin blurs (org_kde_kwin_blur): the
/// region set is the card's rounded rectangle inside its border as bands (WAYLAND_DEBUG trace),
/// and on screen the stripes under the card are blurred into one tone while just outside the
/// toast's rounded corner they stay pure black or white. Skipped when kwin_wayland is not installed (docs/COMPOSITORS.md).
final class KWinFrostedToastTests: RigTestCase {
    override class var rigCompositor: RigCompositor { .kwin }

    func testAFrostedToastIsBlurredInsideItsRoundedCardOnly() throws {
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.send("window overlay-wl-stripes 1280 720 stripes")
        let config = try rig.writeScratchFile("frosted.toml", Data("""
            [containers.frosted]
            anchor = ["top", "right"]
            margins = [40, 40, 0, 0]
            width = 400
            height = 300
            auto-dismiss = "never"
            toast-material = "regular"
            shadow = "none"
            """.utf8))
        let daemon = try startDaemon(["--config", config], environment: ["WAYLAND_DEBUG=1"])
        let shown = try cli(["show", "--container", "frosted", "--title", "Frosted", "--no-animation"])
        XCTAssertTrue(shown.succeeded, "\(shown)")

        let bands = KWinTests.awaitBlurBands(of: daemon)
        note("blur region: \(bands)")
        XCTAssertGreaterThan(bands.count, 3, "bands along the card's corner arcs, not one rectangle")
        guard bands.count > 3, bands.allSatisfy({ $0.count == 4 }) else { return }
        let x0 = bands.map { $0[0] }.min()!, y0 = bands.map { $0[1] }.min()!
        let x1 = bands.map { $0[0] + $0[2] }.max()!, y1 = bands.map { $0[1] + $0[3] }.max()!
        XCTAssertEqual(x1 - x0, 356, "the bands span the card inside the toast's 2-point border (the standard 360)")
        XCTAssertLessThan(y1 - y0, 120, "one toast's height, not the container's 300")
        XCTAssertGreaterThan(bands.first?[0] ?? 0, x0, "the top row is inset by the corner arc")

        // The surface's top-left is on screen at (840, 40). Inside: the card's right part, right of
        // the short title, 10 points in from the top and bottom; outside the arc: 2×2 pixels at
        // the toast's top-left corner, the border's width out of the card (the 8-point arc leaves
        // them out).
        let inside = { (shot: Screenshot) in shot.region(x: 840 + x1 - 60, y: 40 + y0 + 10, width: 40, height: y1 - y0 - 20) }
        let shot = try screenshot(within: 5) { KWinTests.isSmooth(inside($0)) }
        XCTAssertTrue(KWinTests.isSmooth(inside(shot)), "the stripes under the card are blurred into one tone")
        var sharp = true
        shot.region(x: 840 + x0 - 2, y: 40 + y0 - 2, width: 2, height: 2).forEach { _, _, c in
            if c.r > 40 && c.r < 215 { sharp = false }
        }
        XCTAssertTrue(sharp, "just outside the card's rounded corner the stripes stay pure black or white")
    }
}
