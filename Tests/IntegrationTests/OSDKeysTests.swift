import Foundation
import XCTest

/// Levels fed to `overlay-wl osd --stdin`, and the volume and brightness keys bound on sway as
/// docs/VIEWS.md binds them, pressed on the virtual keyboard: the OSD shows each new level.
final class OSDKeysTests: RigTestCase {
    /// How far the OSD's bar is filled (0…1), measured on its colours: the fill ends where the
    /// accent does; the track runs from the fill's start to the end of the empty part.
    func barLevel(_ shot: Screenshot) -> Double? {
        guard let fill = shot.whole.boundingBox(where: { $0 == OSDTests.accent }),
              let empty = shot.whole.boundingBox(where: { $0 == OSDTests.track }) else { return nil }
        let start = fill.x - 1, end = empty.maxX + 1  // the round caps are antialiased
        return Double(fill.maxX - start) / Double(end - start)
    }

    /// A screenshot whose bar is filled to `level` (within 2 % of the 200-point bar: 4 pixels).
    func waitForBar(at level: Double, within timeout: TimeInterval = 5) throws -> Screenshot {
        let shot = try screenshot(within: timeout) { shot in barLevel(shot).map { abs($0 - level) <= 0.02 } ?? false }
        let shown = try XCTUnwrap(barLevel(shot), "the bar is drawn")
        XCTAssertEqual(shown, level, accuracy: 0.02, "the bar shows \(level)")
        return shot
    }

    /// A config whose OSD waits 30 s before it hides, not 1.5: a busy machine's screenshots and
    /// calls between two levels can take longer than that.
    func longLivedOSD() throws -> String {
        try rig.writeScratchFile("config-osd-30s.toml", Data("[containers.osd]\nauto-dismiss = 30\n".utf8))
    }

    func testLevelsOnStandardInputShowOneAfterAnotherAndABadLineIsSkipped() throws {
        let daemon = try startDaemon(["--config", try longLivedOSD()], environment: ["WAYLAND_DEBUG=client"])
        let bin = try DaemonBinary.prepare()
        // Five levels, a blank line and a bad one among them, in one process.
        let out = rig.run(["sh", "-c", "printf '20\\n60%%\\n\\nloud\\n35\\n90 muted\\n75\\n' | \(bin) osd volume --stdin"])
        note("osd --stdin → \(out)")
        XCTAssertTrue(out.succeeded, "reads to the end of its input: \(out)")
        XCTAssertEqual(out.stdout, "", "prints no id per line")
        XCTAssertTrue(out.stderr.contains(#"line 4: expected a number, got "loud""#), "names the bad line: \(out.stderr)")
        _ = try waitForBar(at: 0.75)
        XCTAssertEqual(try state("osd").showing.count, 1, "one view")
        let log = daemon.process.stderr.string
        let surfaces = (try NSRegularExpression(pattern: #"-> wl_compositor@\d+\.create_surface"#))
            .numberOfMatches(in: log, range: NSRange(log.startIndex..., in: log))
        XCTAssertEqual(surfaces, 1, "one wl_surface for the five levels")

        let refused = rig.run(["sh", "-c", "echo 40 | \(bin) osd volume 40 --stdin"])
        XCTAssertFalse(refused.succeeded, "a level in the arguments and on stdin: \(refused)")
        XCTAssertTrue(refused.stderr.contains("with --stdin the levels come on standard input"), refused.stderr)
    }

    /// docs/VIEWS.md's sway lines, bound as written (the program's own path for `overlay-wl`), and
    /// Examples/volume-osd, for the sink and for the source, following a PulseAudio server with a
    /// null sink: each key's new level shows. The VM has no backlight, so `brightnessctl` is a
    /// stand-in that keeps the level (of a maximum of 200) in a file, replaced whole (a key's
    /// `get` never reads it half written), and answers `set 5%+`, `set 5%-`, `get` and `max` as
    /// brightnessctl does. Each key waits for the
    /// level before it to show: two bindings running at once would both read the level first.
    func testTheDocumentedKeysOnSwayShowTheNewLevel() throws {
        for tool in ["pulseaudio", "pactl"] where !FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)") {
            throw XCTSkip("\(tool) is missing (apt-get install pulseaudio pulseaudio-utils)")
        }
        _ = try startDaemon(["--config", try longLivedOSD()])
        let bin = try DaemonBinary.prepare(), binDirectory = (bin as NSString).deletingLastPathComponent
        XCTAssertTrue(rig.run(["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "-n", "--log-target=stderr",
                               "-L", "module-null-sink", "-L", "module-native-protocol-unix"], timeout: 20).succeeded)
        defer { _ = rig.run(["pulseaudio", "--kill"]) }
        XCTAssertTrue(rig.run(["pactl", "set-sink-volume", "@DEFAULT_SINK@", "40%"]).succeeded)

        let repo = Rig.repoRoot
        let watcher = try rig.writeScratchFile("volume-osd", try Data(contentsOf: URL(fileURLWithPath: "\(repo)/Examples/volume-osd")))
        let level = try rig.writeScratchFile("brightness-level", Data("120".utf8))
        chmod(level, 0o666)
        let standIn = try rig.writeScratchFile("brightnessctl", Data("""
            #!/bin/sh
            level=$(cat \(level))
            case "$*" in
                *"set 5%+") echo $((level + 10)) > \(level).$$ && mv \(level).$$ \(level) ;;
                *"set 5%-") echo $((level - 10)) > \(level).$$ && mv \(level).$$ \(level) ;;
                get) echo "$level" ;;
                max) echo 200 ;;
                *) echo "brightnessctl stand-in: unexpected $*" >&2; exit 1 ;;
            esac
            """.utf8))
        chmod(standIn, 0o755)
        let process = try rig.spawn(["env", "PATH=\(binDirectory):/usr/bin:/bin", "sh", watcher])
        defer { _ = process.stop() }
        let microphone = try rig.spawn(["env", "PATH=\(binDirectory):/usr/bin:/bin", "sh", watcher, "microphone"])
        defer { _ = microphone.stop() }

        let docs = try String(contentsOfFile: "\(repo)/docs/VIEWS.md", encoding: .utf8)
        let script = try String(contentsOfFile: "\(repo)/Examples/volume-osd", encoding: .utf8)
        XCTAssertTrue(docs.contains("```sh\n" + script + "```"), "docs/VIEWS.md shows Examples/volume-osd as it is")
        let bindings = docs.split(separator: "\n").filter { $0.hasPrefix("bindsym XF86") }.map {
            $0.replacingOccurrences(of: "overlay-wl ", with: "\(bin) ").replacingOccurrences(of: "brightnessctl ", with: "\(standIn) ")
        }
        XCTAssertEqual(bindings.count, 6, "volume up, down and mute, the microphone's mute, brightness up and down: \(bindings)")
        for binding in bindings {
            let out = rig.run(["swaymsg", binding])
            XCTAssertTrue(out.succeeded, "\(binding): \(out)")
        }
        defer {
            for binding in bindings { _ = rig.run(["swaymsg", "unbindsym " + binding.split(separator: " ")[1]]) }
        }
        let keyboard = try VirtualPointer(rig: rig)
        defer { keyboard.stop() }

        try keyboard.key("volumeup")
        _ = try waitForBar(at: 0.45)
        try keyboard.key("volumedown")
        _ = try waitForBar(at: 0.40)
        try keyboard.key("volumedown")
        _ = try waitForBar(at: 0.35)
        try keyboard.key("mute")
        // Muted: the bar dimmed (no pixel of its accent left), the display still there.
        let muted = try screenshot(within: 5) { $0.whole.boundingBox { $0 == OSDTests.accent } == nil }
        XCTAssertNil(muted.whole.boundingBox { $0 == OSDTests.accent }, "the bar is dimmed")
        XCTAssertEqual(try state("osd").showing.count, 1, "the display shows")
        XCTAssertTrue(rig.run(["pactl", "get-sink-mute", "@DEFAULT_SINK@"]).stdout.contains("yes"))
        try keyboard.key("mute")
        _ = try waitForBar(at: 0.35)
        try keyboard.key("brightnessup")
        _ = try waitForBar(at: 0.65)
        try keyboard.key("brightnessdown")
        _ = try waitForBar(at: 0.60)
        try keyboard.key("brightnessdown")
        _ = try waitForBar(at: 0.55)
        // Amplified past 100 % (pactl has no ceiling; the script passes it on): the volume's bar
        // is full, no empty track left.
        XCTAssertTrue(rig.run(["pactl", "set-sink-volume", "@DEFAULT_SINK@", "120%"]).succeeded)
        let full = try screenshot(within: 5) { shot in
            shot.whole.boundingBox { $0 == OSDTests.accent } != nil && shot.whole.boundingBox { $0 == OSDTests.track } == nil
        }
        XCTAssertNil(full.whole.boundingBox { $0 == OSDTests.track }, "the bar is full")
        XCTAssertTrue(rig.run(["pactl", "get-sink-volume", "@DEFAULT_SINK@"]).stdout.contains("120%"))
        // The microphone's mute key: the second script shows the microphone, muted (its bar dimmed:
        // no accent left, the volume's being unmuted), in the one display.
        XCTAssertTrue(rig.run(["pactl", "get-source-mute", "@DEFAULT_SOURCE@"]).stdout.contains("no"))
        try keyboard.key("micmute")
        let micMuted = try screenshot(within: 5) { $0.whole.boundingBox { $0 == OSDTests.accent } == nil }
        XCTAssertNil(micMuted.whole.boundingBox { $0 == OSDTests.accent }, "the microphone's bar is dimmed")
        XCTAssertEqual(try state("osd").showing.count, 1, "the display shows")
        XCTAssertTrue(rig.run(["pactl", "get-source-mute", "@DEFAULT_SOURCE@"]).stdout.contains("yes"))
    }
}
