import Foundation
import XCTest

/// An output that goes away (a monitor unplugged): the daemon stays up, keeps every view — on
/// screen and waiting — and draws them on an output that remains. The outputs belong to a sway
/// nested in the rig's (see NestedCompositor).
final class OutputHotplugTests: RigTestCase {
    static let config = """
        [containers.side]
        output = "WL-2"
        maximum-visible = 1
        auto-dismiss = "never"
        """

    func testUnpluggedOutputKeepsEveryViewAndDrawsThemOnAnotherOutput() throws {
        let nested = try NestedCompositor(rig: rig, outputs: 2)
        defer { nested.stop() }
        XCTAssertEqual(try nested.outputs().sorted(), ["WL-1", "WL-2"])
        let path = try rig.writeScratchFile("hotplug.toml", Data(Self.config.utf8))
        let daemon = try startDaemon(["--config", path], environment: ["WAYLAND_DISPLAY=\(nested.display)"])
        let first = try show("side"), second = try show("side")
        XCTAssertEqual(try state("side").showing, [first])
        XCTAssertEqual(try state("side").waiting, [second])
        // Drawn on WL-2 only (each output's screenshot: any non-black pixel is a view).
        let onTwo = try screenshot(output: "WL-2", display: nested.display)
        XCTAssertNotNil(onTwo.contentBox, "the container's output shows its view")
        XCTAssertNil(try screenshot(output: "WL-1", display: nested.display).contentBox, "WL-1 is empty")

        try nested.unplug("WL-2")
        XCTAssertTrue(daemon.isRunning, "the daemon survives its output going away")
        XCTAssertEqual(try state("side").showing, [first], "the view on screen is kept")
        XCTAssertEqual(try state("side").waiting, [second], "the waiting view is kept")
        // The named output is gone: the container falls back to the remaining one.
        let fallback = try rig.screenshot(output: "WL-1", display: nested.display, timeout: 3) { $0.contentBox != nil }
        XCTAssertNotNil(fallback.contentBox, "the views are drawn on WL-1 once WL-2 is gone")

        // The queue still moves: dismissing the shown view brings the waiting one on screen.
        XCTAssertTrue(try cli(["dismiss", String(first)]).succeeded)
        let deadline = Date().addingTimeInterval(3)
        while try state("side").showing != [second], Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(try state("side").showing, [second])
        XCTAssertEqual(daemon.stop(), 0, "SIGTERM still ends it cleanly")
    }
}
