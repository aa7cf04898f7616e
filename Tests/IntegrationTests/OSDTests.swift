import Foundation
import XCTest

/// The OSD end to end: five volume levels in a second are one view on one surface, and the
/// last level is what shows.
final class OSDTests: RigTestCase {
    /// `ViewTreeLook`'s bar colours: the filled part and the empty track.
    static let accent = RGBA(r: 0x88, g: 0xC0, b: 0xD0, a: 255), track = RGBA(r: 0x43, g: 0x4C, b: 0x5E, a: 255)

    func testFiveLevelsInASecondStayOneSurfaceAndShowTheLast() throws {
        let daemon = try startDaemon(environment: ["WAYLAND_DEBUG=client"])
        let bin = try DaemonBinary.prepare()
        // Five levels 0.2 s apart (a process per level takes about as long to start here), from
        // one `--stdin` reader; then the same last level through a process of its own, which
        // prints the id of the view showing.
        let five = rig.run(["sh", "-c", "for l in 20 60 35 90 75; do echo $l; sleep 0.2; done | \(bin) osd volume --stdin"])
        XCTAssertTrue(five.succeeded, "\(five)")
        let out = try cli(["osd", "volume", "75"])
        let id = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(out.succeeded && !id.isEmpty, "\(out)")
        XCTAssertEqual(try state("osd").showing.map(String.init), [id], "one view, showing in the osd container")
        // The bar is 200 points wide: at 75 % its fill ends 150 points from its start. The bar
        // moves there from 90 % and the OSD hides 1.5 s later, so the first screenshot showing
        // the bar at 75 % is the one (a loaded machine may not see it hold still for long).
        func bar(_ shot: Screenshot) -> (fill: PixelRect, start: Int, end: Int)? {
            guard let fill = shot.whole.boundingBox(where: { $0 == Self.accent }), let empty = shot.whole.boundingBox(where: { $0 == Self.track })
            else { return nil }
            return (fill, fill.x - 1, empty.maxX + 1)  // the round caps are antialiased
        }
        let shot = try screenshot(within: 3) { shot in bar(shot).map { abs($0.fill.maxX - ($0.start + 150)) <= 3 } ?? false }
        let (fill, start, end) = try XCTUnwrap(bar(shot), "the bar's fill and track are drawn")
        note("fill \(fill), bar \(start)…\(end)")
        XCTAssertLessThanOrEqual(abs(end - start - 200), 3, "a 200-point bar: \(start)…\(end)")
        XCTAssertLessThanOrEqual(abs(fill.maxX - (start + 150)), 3, "filled to 75 %: fill ends at \(fill.maxX)")
        XCTAssertLessThanOrEqual(abs(shot.width / 2 - (start + end) / 2), 80, "near the middle of the output")
        XCTAssertGreaterThan(fill.y, shot.height / 2, "in the lower half")
        let log = daemon.process.stderr.string
        let surfaces = (try NSRegularExpression(pattern: #"-> wl_compositor@\d+\.create_surface"#))
            .numberOfMatches(in: log, range: NSRange(log.startIndex..., in: log))
        XCTAssertEqual(surfaces, 1, "one wl_surface for five levels")
        // A new level repaints the bar, the percentage and the icon, not the 324-point panel:
        // some frame's damage is only rectangles at most the bar's width (200 points and its edges).
        let widths = Self.damageWidthsPerCommit(log)
        note("damage widths per commit: \(widths)")
        XCTAssertEqual(widths.first?.max(), 360, "the first frame repaints the whole surface")
        XCTAssertTrue(widths.contains { !$0.isEmpty && $0.max()! <= 204 }, "a frame repaints only the parts that changed")

        // 1.5 s after the last level it is gone.
        _ = try screenshot(within: 4) { $0.whole.boundingBox { $0 == Self.accent } == nil }
        XCTAssertEqual(try state("osd").showing, [])
    }

    /// `osd --label TEXT` alone is a message: the panel with its icon and label and no bar, near
    /// the bottom in the middle, and a level after it takes the same view and draws its bar.
    func testAMessageShowsWithoutABarAndALevelTakesItsPlace() throws {
        let config = try rig.writeScratchFile("osd-30s.toml", Data("[containers.osd]\nauto-dismiss = 30\n".utf8))
        _ = try startDaemon(["--config", config])
        let out = try cli(["osd", "--label", "Caps Lock on", "--icon", "input-keyboard-symbolic"])
        let id = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(out.succeeded && !id.isEmpty, "\(out)")
        let message = try settledScreenshot(within: 3) { $0.contentBox != nil }
        let box = try XCTUnwrap(message.contentBox, "the message is drawn")
        note("message at \(box)")
        XCTAssertNil(message.whole.boundingBox { $0 == Self.accent || $0 == Self.track }, "no bar")
        XCTAssertGreaterThan(box.y, message.height / 2, "in the lower half")
        XCTAssertLessThanOrEqual(abs(box.x + box.width / 2 - message.width / 2), 10, "centred")
        let level = try cli(["osd", "volume", "40"])
        XCTAssertEqual(level.stdout.trimmingCharacters(in: .whitespacesAndNewlines), id, "the same view")
        _ = try screenshot(within: 3) { $0.whole.boundingBox { $0 == Self.accent } != nil && $0.whole.boundingBox { $0 == Self.track } != nil }
        XCTAssertEqual(try state("osd").showing.map(String.init), [id])
    }

    /// `osd caps-lock` reads the keyboard's LED. The VM has none, so the command runs in a mount
    /// namespace of its own whose /sys/class is a tmpfs holding `leds/input3::capslock`: lit, the
    /// screen shows exactly what `osd --label "Caps Lock on" --icon input-keyboard-symbolic` shows,
    /// dark, what "Caps Lock off" shows, in the same view. Where the machine has no Caps Lock LED,
    /// the command alone fails naming where it looked.
    func testCapsLockShowsTheStateOfItsLED() throws {
        guard getuid() == 0 else { throw XCTSkip("a mount namespace with LEDs of its own needs root") }
        guard let unshare = ProcessRunner.which("unshare") else { throw XCTSkip("unshare is missing (util-linux)") }
        let probe = ProcessRunner.run(unshare, ["-m", "/bin/sh", "-c", "mount -t tmpfs tmpfs /sys/class"])
        guard probe.succeeded else { throw XCTSkip("no mount namespace here (a container without CAP_SYS_ADMIN?): \(probe)") }
        let config = try rig.writeScratchFile("osd-30s.toml", Data("[containers.osd]\nauto-dismiss = 30\n".utf8))
        _ = try startDaemon(["--config", config])
        let bin = try DaemonBinary.prepare()
        func capsLock(lit: Bool) -> ProcessOutput {
            let led = "/sys/class/leds/input3::capslock"
            let script = "mount -t tmpfs tmpfs /sys/class && mkdir -p '\(led)' && echo \(lit ? 1 : 0) > '\(led)/brightness'"
                + " && exec /bin/bash '\(Rig.script)' run '\(bin)' osd caps-lock"
            let out = ProcessRunner.run(unshare, ["-m", "/bin/bash", "-c", script],
                                        environment: Rig.scriptEnvironment(dir: rig.dir, compositor: rig.compositor, scale: rig.scale),
                                        timeout: 10 * DaemonBinary.slowdown)
            note("osd caps-lock, its LED \(lit ? "lit" : "dark") → \(out)")
            return out
        }
        /// The settled screen once `show` has run, and the id it printed.
        func shown(_ show: () throws -> ProcessOutput) throws -> (String, Screenshot) {
            let out = try show()
            XCTAssertTrue(out.succeeded && !out.stdout.isEmpty, "\(out)")
            Thread.sleep(forTimeInterval: 0.3)  // the message's fade-in (0.1 s) over
            return (out.stdout, try settledScreenshot(within: 3) { $0.contentBox != nil })
        }
        let (id, lit) = try shown { capsLock(lit: true) }
        let (_, on) = try shown { try cli(["osd", "--label", "Caps Lock on", "--icon", "input-keyboard-symbolic"]) }
        let (darkID, dark) = try shown { capsLock(lit: false) }
        let (_, off) = try shown { try cli(["osd", "--label", "Caps Lock off", "--icon", "input-keyboard-symbolic"]) }
        XCTAssertEqual(darkID, id, "the same view")
        XCTAssertTrue(lit.samePixels(as: on), "lit: \"Caps Lock on\"")
        XCTAssertTrue(dark.samePixels(as: off), "dark: \"Caps Lock off\"")
        XCTAssertFalse(on.samePixels(as: off), "the two messages differ")

        let leds = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/leds")) ?? []
        if !leds.contains(where: { $0.hasSuffix("::capslock") }) {
            let none = try cli(["osd", "caps-lock"])
            XCTAssertFalse(none.succeeded)
            XCTAssertTrue(none.stderr.contains("overlay-wl: no Caps Lock LED under /sys/class/leds"), none.stderr)
        }
    }

    /// A level pressed alone, the bar still since the last: the bar's 10-point move (ease-out
    /// over 0.1 s) at 30 frames a second, the value's frame already a pause (`TreeMove.lead`)
    /// along it, its end shown by the next frame. Two commits (WAYLAND_DEBUG), or one: a busy
    /// machine draws frames late, never more of them. The
    /// display waits 30 s, not 1.5, before it hides: on a busy machine the first level's
    /// screenshot and the wait for a still log can take that long, and the second level would
    /// then come as the first fades out.
    func testALevelPressedAloneIsAtMostTwoFrames() throws {
        let config = try rig.writeScratchFile("config-osd-wait.toml", Data("[containers.osd]\nauto-dismiss = 30\n".utf8))
        let daemon = try startDaemon(["--config", config], environment: ["WAYLAND_DEBUG=client"])
        let commits = { () -> Int in
            let log = daemon.process.stderr.string
            return (try? NSRegularExpression(pattern: #"-> wl_surface@\d+\.commit\(\)"#))?
                .numberOfMatches(in: log, range: NSRange(log.startIndex..., in: log)) ?? -1
        }
        // The count once the daemon is at rest: no commit for 0.3 s (its log is read as it comes,
        // so a busy machine may deliver a fade's lines late).
        let settled = { () -> Int in
            var count = commits()
            repeat {
                Thread.sleep(forTimeInterval: 0.3)
                let now = commits()
                if now == count { return count }
                count = now
            } while true
        }
        XCTAssertTrue(try cli(["osd", "volume", "40"]).succeeded)
        _ = try screenshot(within: 3) { $0.whole.boundingBox { $0 == Self.accent } != nil }
        let before = settled()  // faded in, the bar still
        XCTAssertTrue(try cli(["osd", "volume", "45"]).succeeded)
        Thread.sleep(forTimeInterval: 0.3)
        let frames = settled() - before
        note("commits for the level: \(frames)")
        XCTAssertTrue((1...2).contains(frames), "the value's frame and the move's end: \(frames) commits")
        XCTAssertEqual(try state("osd").showing.count, 1, "still showing")
    }

    /// With a slow linear move (3 s) and a 6 s countdown: a new level moves the bar from the
    /// old level through the levels between to the new one, and the countdown starts again.
    func testANewLevelMovesTheBarFromTheOldOneAndRestartsTheCountdown() throws {
        _ = try startDaemon(config: """
            [containers.osd]
            transition = "identity"
            animation = "linear:3"
            auto-dismiss = 6
            """)
        // Where the fill ends, in points of the 200-point bar (its start is the fill's left edge).
        func filled(_ shot: Screenshot) -> Int? {
            guard let fill = shot.whole.boundingBox(where: { $0 == Self.accent }) else { return nil }
            return fill.maxX - (fill.x - 1)
        }
        let first = Date()
        let id = try cli(["osd", "volume", "20"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let low = try screenshot(within: 3) { filled($0).map { abs($0 - 40) <= 3 } ?? false }
        XCTAssertLessThanOrEqual(abs((filled(low) ?? 0) - 40), 3, "20 %: filled \(filled(low) ?? -1) of 200 points")
        Thread.sleep(until: first.addingTimeInterval(1))
        let out = try cli(["osd", "volume", "80"])
        let second = Date()
        XCTAssertEqual(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines), id, "the same view")
        // Part way: the fill ends between 25 % and 75 % from 0.25 s to 2.5 s after the second level.
        let moving = try screenshot(within: 2.4) { filled($0).map { (50...150).contains($0) } ?? false }
        let partWay = try XCTUnwrap(filled(moving), "the bar is drawn while it moves")
        note("part way \(Date().timeIntervalSince(second)) s after 80: filled \(partWay)")
        XCTAssertTrue((50...150).contains(partWay), "the bar moves through the levels between: filled \(partWay)")
        let high = try screenshot(within: 4) { filled($0).map { abs($0 - 160) <= 3 } ?? false }
        XCTAssertLessThanOrEqual(abs((filled(high) ?? 0) - 160), 3, "80 %: filled \(filled(high) ?? -1) of 200 points")
        // 6.5 s after the first level and under 6 s after the second: counted from the second.
        Thread.sleep(until: first.addingTimeInterval(6.5))
        let showing = try state("osd").showing.map(String.init)
        note("countdown checked \(Date().timeIntervalSince(second)) s after the second level")
        if Date().timeIntervalSince(second) < 5.9 {
            XCTAssertEqual(showing, [id], "the countdown started again with the second level")
        } else {
            note("too late to check the countdown: \(Date().timeIntervalSince(second)) s after the second level")
        }
        _ = try screenshot(within: 7) { $0.whole.boundingBox { $0 == Self.accent } == nil }
        XCTAssertEqual(try state("osd").showing, [], "gone 6 s after the last level")
    }

    /// A frame copies from the other buffer what changed since its own buffer was drawn, and
    /// paints only its own change (`ContainerSurface.drawIfNeeded`). A move's end is drawn ahead
    /// of its time and presented then (`ContainerSurface.drawAhead`), or dropped when a value
    /// comes first (the last two levels, 20 ms apart), the frame after it then drawn whole.
    /// Headless sway composites only what a commit damages, so a wrong copy or a stale frame
    /// would show only once sway draws the whole output again: after levels and their bars'
    /// moves, the bar ends at the last level and the screen is the same before and after sway
    /// draws it whole (its background set anew, to the same black).
    func testTheBufferShownHoldsTheWholePictureAfterLevelsAndMoves() throws {
        let config = try rig.writeScratchFile("config-osd-hold.toml", Data("[containers.osd]\nauto-dismiss = 30\n".utf8))
        _ = try startDaemon(["--config", config])
        let bin = try DaemonBinary.prepare()
        let script = "for l in 10 40 45 80 20 25 60; do echo $l; sleep 0.3; done; echo 62; sleep 0.02; echo 64"
        let levels = rig.run(["sh", "-c", "(\(script)) | \(bin) osd volume --stdin"])
        XCTAssertTrue(levels.succeeded, "\(levels)")
        Thread.sleep(forTimeInterval: 0.5)  // the last move over
        let before = try screenshot()
        let fill = try XCTUnwrap(before.whole.boundingBox { $0 == Self.accent }, "the display shows")
        // The fill's left edge is the bar's start (its rounded end's first column may blend): 200 points.
        XCTAssertLessThanOrEqual(abs(fill.maxX - (fill.x - 1) - 128), 3, "64 %: filled \(fill.maxX - (fill.x - 1)) of 200 points")
        let redraw = rig.run(["swaymsg", "output", "*", "bg", "#000000", "solid_color"])
        XCTAssertTrue(redraw.succeeded, "\(redraw)")
        Thread.sleep(forTimeInterval: 1.0)  // swaybg started again and the output drawn whole
        let after = try screenshot()
        XCTAssertTrue(before.samePixels(as: after), "the output drawn whole differs from what the frames' damage showed")
    }

    /// The widths of the `damage_buffer` rectangles of each commit, from a WAYLAND_DEBUG log.
    static func damageWidthsPerCommit(_ log: String) -> [[Int]] {
        var commits: [[Int]] = [], pending: [Int] = []
        for line in log.split(separator: "\n") {
            if line.contains(".damage_buffer("), let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") {
                let numbers = line[line.index(after: open)..<close].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                if numbers.count == 4 { pending.append(numbers[2]) }
            } else if line.contains("-> wl_surface@"), line.contains(".commit()"), !pending.isEmpty {
                commits.append(pending)
                pending = []
            }
        }
        return commits
    }
}
