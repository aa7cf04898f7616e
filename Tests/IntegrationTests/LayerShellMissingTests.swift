import Foundation
import XCTest

/// overlay-wl needs zwlr_layer_shell_v1. Weston 10 (headless) does not offer it: the daemon says
/// so, names the missing protocol, and keeps serving the bus while it waits for a compositor it
/// can use (as it does with no compositor at all). The weston runs inside the sway rig's session,
/// on a socket of its own.
final class LayerShellMissingTests: RigTestCase {
    func testWithoutLayerShellTheDaemonSaysSoAndKeepsItsBusName() throws {
        guard ProcessRunner.which("weston") != nil else {
            throw XCTSkip("needs weston (apt-get install weston): the compositor without layer-shell")
        }
        let weston = try rig.spawn(["weston", "--backend=headless-backend.so", "--socket=wayland-weston",
                                    "--width=640", "--height=480", "--idle-time=0"])
        addTeardownBlock { weston.stop(grace: 1) }
        let socket = "\(rig.environment["XDG_RUNTIME_DIR"] ?? "")/wayland-weston"
        let up = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) && weston.isRunning && Date() < up {
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: socket), "weston's socket: \(weston.output)")

        let daemon = try startDaemon(environment: ["WAYLAND_DISPLAY=wayland-weston"])
        let said = Date().addingTimeInterval(5)
        while !daemon.process.stderr.string.contains("zwlr_layer_shell_v1") && Date() < said {
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertTrue(daemon.process.stderr.string.contains(
            "cannot use the compositor at wayland-weston: the compositor does not offer zwlr_layer_shell_v1"),
            "a clear message naming the missing protocol: \(daemon.process.stderr.string)")
        XCTAssertTrue(daemon.isRunning, "no crash: the daemon waits for a compositor it can use")
        let id = try rig.notifySend(["-t", "0", "Kept", "while no compositor can show it"])
        XCTAssertGreaterThan(id, 0, "Notify is still answered")
        XCTAssertTrue(try rig.gdbusCall("GetServerInformation", []).contains("overlay-wl"), "the bus name is still served")
    }
}
