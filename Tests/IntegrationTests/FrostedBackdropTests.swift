import Foundation
import XCTest

/// A `blur:` background on headless sway (which offers wlr-screencopy): the daemon captures what
/// is under its container once, blurs it and paints it frosted. The probe window under it shows
/// 8-px black and white vertical stripes, so a frosted backdrop is a smooth grey (the stripes'
/// mean under the material's tint) where the tinted fallback would still show the stripes.
final class FrostedBackdropTests: RigTestCase {
    /// A 400×400 container 40 px from the top-right corner; its views default to a regular blur.
    static let config = """
        [containers.frost]
        anchor = ["top", "right"]
        margins = [40, 40, 0, 0]
        width = 400
        height = 400
        background = "blur:regular"
        auto-dismiss = "never"
        """

    /// The stripes (mean 127.5) under `BlurMaterial.regular.frostTint` (#20242C at 30 %).
    static let frosted = (r: 127.5 * 0.7 + 0x20 * 0.3, g: 127.5 * 0.7 + 0x24 * 0.3, b: 127.5 * 0.7 + 0x2C * 0.3)

    /// The sampled band: the container's upper part (the toast sits at its bottom, its shadow
    /// reaching ~30 px up), kept 40 px from the edges, where the blur (σ 10) clamps at the
    /// capture's border.
    func band(_ shot: Screenshot) -> Screenshot.Region {
        shot.region(x: shot.width - 40 - 400 + 40, y: 40 + 40, width: 400 - 80, height: 220)
    }

    /// Smooth: no two horizontal neighbours differ by more than 4 in red (stripe edges under the
    /// fallback differ by ~115), and the red range over the band stays within 12.
    func isSmooth(_ region: Screenshot.Region) -> Bool {
        var worstStep = 0, low = 255, high = 0
        region.forEach { x, y, c in
            low = min(low, Int(c.r)); high = max(high, Int(c.r))
            if x + 1 < region.rect.maxX { worstStep = max(worstStep, abs(Int(c.r) - Int(region.shot.pixel(x + 1, y).r))) }
        }
        return worstStep <= 4 && high - low <= 12
    }

    func testBlurBackgroundFrostsWhatIsUnderTheContainer() throws {
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.move(20, 600)  // the cursor is in screenshots: keep it left, off the container
        try pointer.send("window overlay-wl-stripes 200 200 stripes")  // tiled: fills the output
        let before = try screenshot(within: 3) { !self.isSmooth(self.band($0)) }
        XCTAssertFalse(isSmooth(band(before)), "precondition: the stripes are on screen before the daemon")

        _ = try startDaemon(config: Self.config)
        try show("frost")
        let shot = try screenshot(within: 4) { self.isSmooth(self.band($0)) }
        let region = band(shot)
        note("band histogram: \(region.histogram())")
        XCTAssertTrue(isSmooth(region), "the stripes under the container are blurred into one tone")
        var sum = (r: 0.0, g: 0.0, b: 0.0), n = 0.0
        region.forEach { _, _, c in sum.r += Double(c.r); sum.g += Double(c.g); sum.b += Double(c.b); n += 1 }
        let mean = (r: sum.r / n, g: sum.g / n, b: sum.b / n)
        note("band mean \(mean), expected \(Self.frosted)")
        // The stripes' mean under the tint: not the fallback (stripes at 45 %), not flat black.
        XCTAssertEqual(mean.r, Self.frosted.r, accuracy: 6, "red: stripes' mean under the frost tint")
        XCTAssertEqual(mean.g, Self.frosted.g, accuracy: 6, "green")
        XCTAssertEqual(mean.b, Self.frosted.b, accuracy: 6, "blue (the tint is bluish: b > r)")
        XCTAssertGreaterThan(mean.b, mean.r, "tinted by #20242C")
    }
}
