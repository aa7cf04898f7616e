import Foundation
import XCTest

/// `[hooks]` commands: run for sound hints and appear actions, with the notification's fields in
/// the environment and never interpolated into a command line.
final class HookTests: RigTestCase {
    /// A hook that appends its environment fields to `log` (as the rig user; `sh -c` here is the
    /// test's own fixed script: the fields arrive as variables, never as script text).
    func config(log: String) -> String {
        let script = #"printf '%s|%s|%s|%s\n' "$OVERLAY_WL_HOOK" "$OVERLAY_WL_ID" "$OVERLAY_WL_SOUND_NAME" "$OVERLAY_WL_SUMMARY" >> "#
            + log
        return """
            [hooks]
            sound = ["/bin/sh", "-c", '''\(script)''']
            shown = ["/bin/sh", "-c", '''\(script)''']

            [[rules]]
            summary = "^Watched"
            appear-action = "shown"
            """
    }

    func testSoundHintRunsTheSoundHookWithFieldsInItsEnvironment() throws {
        let log = "\(rig.shotsDirectory)/hooks-\(UUID().uuidString.prefix(6)).log"
        let marker = "\(rig.shotsDirectory)/pwned-\(UUID().uuidString.prefix(6))"
        _ = try startDaemon(config: config(log: log))
        let hostile = "Ding $(touch \(marker)) `touch \(marker)`"
        let id = try rig.notifySend(["-h", "string:sound-name:bell", hostile, "body"])
        let got = lines(log, atLeast: 1)
        XCTAssertEqual(got.first, "sound|\(id)|bell|\(hostile)", "hook output: \(got)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "notification text was executed")

        _ = try rig.notifySend(["-h", "string:sound-name:bell", "-h", "boolean:suppress-sound:true", "Quiet", "x"])
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(lines(log, atLeast: 1).count, 1, "suppress-sound must not run the hook")
    }

    func testAppearActionFromARuleRunsOncePerView() throws {
        let log = "\(rig.shotsDirectory)/hooks-\(UUID().uuidString.prefix(6)).log"
        _ = try startDaemon(config: config(log: log))
        let watched = try rig.notifySend(["Watched build", "done"])
        _ = try rig.notifySend(["Unwatched", "no hook"])
        let got = lines(log, atLeast: 1)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(lines(log, atLeast: 1), ["shown|\(watched)||Watched build"], "first lines: \(got)")
    }

    func testAHookThatCannotStartKeepsTheDaemonUp() throws {
        let daemon = try startDaemon(["--config", try rig.writeScratchFile("bad-hook.toml", Data("""
            [hooks]
            sound = ["/nonexistent/player"]
            """.utf8))])
        _ = try rig.notifySend(["-h", "string:sound-name:bell", "Ding", "x"])
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertTrue(daemon.isRunning)
        XCTAssertNoThrow(try rig.gdbusCall("GetServerInformation", []))
    }
}
