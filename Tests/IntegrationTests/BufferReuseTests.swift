import Foundation
import XCTest

/// Notifications come in bursts: once a container's toasts are gone, its surface goes but its
/// shm buffers stay a few seconds for the next burst (new ones cost a page fault per 4 KiB).
/// Checked on the daemon's own Wayland requests (WAYLAND_DEBUG) and on screenshots.
final class BufferReuseTests: RigTestCase {
    private func requests(_ daemon: OverlayDaemon, _ pattern: String) -> Int {
        let log = daemon.process.stderr.string
        return (try? NSRegularExpression(pattern: "-> " + pattern))?
            .numberOfMatches(in: log, range: NSRange(log.startIndex..., in: log)) ?? -1
    }

    /// The toast's background, fully faded in, at row `y` just inside its left border.
    private func isOpaqueToast(_ shot: Screenshot, at y: Int, in box: PixelRect) -> Bool {
        shot.pixel(box.x + 6, y).isClose(to: ToastLifecycleTests.Look.background)
    }

    func testTheNextBurstDrawsIntoTheLastSurfacesBuffersBlankedAndTheyAreFreedLater() throws {
        let daemon = try startDaemon(environment: ["WAYLAND_DEBUG=client"])
        // Two toasts, removed without a fade: the buffers hold both, opaque.
        for i in 1...2 { _ = try rig.notifySend(["-t", "0", "First burst \(i)", "stays until dismissed"]) }
        // Settled: the second toast's entry moves it, and a frame of that move passes the test below.
        let two = try settledScreenshot(within: 3) { shot in
            shot.contentBox.map { $0.height > 100 && self.isOpaqueToast(shot, at: $0.maxY - 6, in: $0) } ?? false
        }
        let twoBox = try XCTUnwrap(two.contentBox, "two toasts were not drawn")
        XCTAssertGreaterThan(twoBox.height, 100, "two toasts at rest: \(twoBox)")
        XCTAssertTrue(try cli(["dismiss-all", "--no-animation"]).succeeded)
        _ = try screenshot(within: 2) { $0.contentBox == nil }
        XCTAssertEqual(requests(daemon, #"zwlr_layer_surface_v1@\d+\.destroy"#), 1, "the emptied surface is gone")
        let pools = requests(daemon, #"wl_shm@\d+\.create_pool"#)
        XCTAssertGreaterThanOrEqual(pools, 1)

        // One toast: a new surface, drawn into the kept buffers.
        _ = try rig.notifySend(["-t", "0", "Second burst", "one toast"])
        let one = try screenshot(within: 3) { shot in
            shot.contentBox.map { $0.y == twoBox.y && self.isOpaqueToast(shot, at: $0.y + 6, in: $0) } ?? false
        }
        let box = try XCTUnwrap(one.contentBox)
        XCTAssertLessThan(box.height, twoBox.height / 2 + 10, "only the new toast shows: \(box), the first burst was \(twoBox)")
        XCTAssertEqual(requests(daemon, #"zwlr_layer_shell_v1@\d+\.get_layer_surface"#), 2)
        XCTAssertLessThanOrEqual(requests(daemon, #"wl_shm@\d+\.create_pool"#), pools + 1,
                                 "at most the buffer the compositor still held is new")
        // Where the first burst's second toast was, the reused buffers were cleared: all black.
        let lowerHalf = one.region(x: twoBox.x, y: twoBox.midY + 10, width: twoBox.width, height: twoBox.maxY - twoBox.midY - 10)
        XCTAssertTrue(lowerHalf.isUniform(.black), "pixels of the first burst show through: \(lowerHalf.histogram())")

        // Emptied again: the kept buffers are destroyed once their time is up, not before.
        XCTAssertTrue(try cli(["dismiss-all", "--no-animation"]).succeeded)
        _ = try screenshot(within: 2) { $0.contentBox == nil }
        let destroyedEarly = requests(daemon, #"wl_buffer@\d+\.destroy"#)
        Thread.sleep(forTimeInterval: 5.0 + 1.5)  // OverlayPresenter.spareBufferLifetime, and some slack
        XCTAssertGreaterThan(requests(daemon, #"wl_buffer@\d+\.destroy"#), destroyedEarly,
                             "spare buffers are freed after their lifetime")
        XCTAssertTrue(daemon.isRunning)
    }
}
