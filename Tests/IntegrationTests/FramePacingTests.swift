import Foundation
import XCTest

/// While a view animates, the daemon draws a frame only when it changes the picture: a view
/// shown with the identity transition looks the same for its whole animation, so it is drawn
/// once; a fade is drawn frame after frame. Counted on the daemon's own Wayland requests
/// (WAYLAND_DEBUG), with the toasts checked on screen.
final class FramePacingTests: RigTestCase {
    static let config = """
        [containers.still]
        display = "stacking"
        alignment = "center"
        auto-dismiss = "never"

        [containers.fading]
        display = "stacking"
        alignment = "top"
        transition = "opacity"
        animation = "ease-in-out:0.5"
        auto-dismiss = "never"
        """

    private func attaches(_ daemon: OverlayDaemon) -> Int {
        let log = daemon.process.stderr.string
        return (try? NSRegularExpression(pattern: #"-> wl_surface@\d+\.attach\("#))?
            .numberOfMatches(in: log, range: NSRange(log.startIndex..., in: log)) ?? -1
    }

    func testAnIdentityTransitionIsDrawnOnceAndAFadeFrameByFrame() throws {
        let path = try rig.writeScratchFile("frames.toml", Data(Self.config.utf8))
        let daemon = try startDaemon(["--config", path], environment: ["WAYLAND_DEBUG=client"])
        XCTAssertTrue(try cli(["show", "--container", "still", "--title", "Still", "--body", "identity"]).succeeded)
        _ = try settledScreenshot(within: 3) { $0.contentBox != nil }
        Thread.sleep(forTimeInterval: 0.6)  // past the default 0.35 s animation
        let still = attaches(daemon)
        XCTAssertGreaterThanOrEqual(still, 1, "the view was drawn")
        XCTAssertLessThanOrEqual(still, 2, "identical frames are not drawn again: \(still) attaches")

        XCTAssertTrue(try cli(["show", "--container", "fading", "--title", "Fading", "--body", "opacity"]).succeeded)
        _ = try settledScreenshot(within: 3) { shot in (shot.contentBox?.y ?? .max) < 100 }
        Thread.sleep(forTimeInterval: 0.3)
        let fade = attaches(daemon) - still
        XCTAssertGreaterThanOrEqual(fade, 10, "a 0.5 s fade is drawn frame by frame: \(fade) attaches")

        // At rest: nothing more is drawn, and the loop's thread is not woken at all (the next
        // timer is the spare memory's, seconds away).
        let rest = attaches(daemon), pid = try daemonPID()
        let switches = try contextSwitches(pid)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(attaches(daemon), rest, "nothing is drawn at rest")
        XCTAssertEqual(try contextSwitches(pid), switches, "the daemon woke up at rest")
        XCTAssertTrue(daemon.isRunning)
    }

    /// The process that owns the notification name on the rig's bus.
    private func daemonPID() throws -> Int {
        let out = rig.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                           "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.Notifications"])
        // "(uint32 1234,)"
        let digits = out.stdout.split(separator: " ").last?.filter(\.isNumber) ?? ""
        guard out.succeeded, let pid = Int(digits), pid > 0 else {
            throw HarnessError.failed("daemon pid: \(out)")
        }
        return pid
    }

    /// Voluntary and involuntary context switches of the process's main thread (the poll loop).
    private func contextSwitches(_ pid: Int) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        return status.split(separator: "\n")
            .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
            .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }.reduce(0, +)
    }
}
