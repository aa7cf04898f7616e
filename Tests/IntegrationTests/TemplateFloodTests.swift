import Foundation
import XCTest

/// A flood through the `default` template on headless sway: templated notifications are laid
/// out only before the first frame that can show them, so every one on screen must be drawn at
/// its real size, not at the size of the template filled for an empty notification.
final class TemplateFloodTests: RigTestCase {
    /// Lengths of the runs of non-black rows down column `x` of `box` (the toasts; the gaps and
    /// the shadows on the black wallpaper are black).
    private func runs(in shot: Screenshot, x: Int, box: PixelRect) -> [Int] {
        var runs: [Int] = []
        var length = 0
        for y in box.y..<box.maxY {
            if shot.pixel(x, y).isBlack {
                if length > 0 { runs.append(length) }
                length = 0
            } else {
                length += 1
            }
        }
        if length > 0 { runs.append(length) }
        return runs
    }

    /// One notification alone gives the toast's height (summary and a body of two lines); after
    /// 24 such from 24 apps in a burst, every toast in the column is that tall.
    func testEveryTemplatedToastOfAFloodIsDrawnAtItsRealSize() throws {
        let config = try rig.writeScratchFile("template-flood-\(UUID().uuidString.prefix(8)).toml", Data("""
            [[rules]]
            app-name = "^flood"
            template = "default"
            """.utf8))
        _ = try startDaemon(["--config", config])
        let body = "A body long enough to wrap onto a second line of the toast, as most bodies do."
        _ = try rig.notifySend(["-a", "flood", "-t", "0", "Alone", body])
        let alone = try settledScreenshot(within: 5) { $0.contentBox != nil }
        let box = try XCTUnwrap(alone.contentBox)
        let single = runs(in: alone, x: box.midX, box: box)
        XCTAssertEqual(single.count, 1, "one toast: \(single)")
        let height = try XCTUnwrap(single.first)
        XCTAssertGreaterThan(height, 60, "summary and two lines of body")
        XCTAssertTrue(try cli(["dismiss-all"]).succeeded)
        _ = try screenshot(within: 3) { $0.contentBox == nil }

        // Each from its own app, so that they are not grouped into one stack.
        for i in 0..<24 { _ = try rig.notifySend(["-a", "flood-\(i)", "-t", "0", "Flood \(i)", body]) }
        let flood = try settledScreenshot(within: 10, stillFor: 0.5) { shot in
            shot.contentBox.map { self.runs(in: shot, x: $0.midX, box: $0).count > 1 } ?? false
        }
        let column = try XCTUnwrap(flood.contentBox)
        let toasts = runs(in: flood, x: column.midX, box: column)
        XCTAssertGreaterThan(toasts.count, 1, "a column of toasts: \(toasts)")
        // The last run may be cut by the output's edge or an overflow indicator.
        for (index, run) in toasts.dropLast().enumerated() {
            XCTAssertEqual(run, height, "toast \(index) of \(toasts): drawn at its real height")
        }
    }
}
