import Foundation
import XCTest

/// Help tips end to end: `overlay-wl show --container tips` against the daemon on headless sway,
/// pointing at real xdg-shell windows (overlay-wl-test-input's `window`), checked with grim.
///
/// Two test windows tile side by side (sway: no borders, no gaps), both dark green (0x204020).
/// The tip uses the default callout look: background 0x2B303B, a 2 px border 0xEBCB8B inside the
/// outline, an 18×10 arrow, a 10 px shadow.
final class TipTests: RigTestCase {
    static let windowColor = RGBA(hex: 0x204020)
    static let bubbleColor = RGBA(hex: 0x2B303B)

    /// The callout's fill: pixels of its background colour (the bubble, and the arrow's
    /// interior up to where its 2 px border sides meet, a few px short of the tip).
    func bubbleBox(_ shot: Screenshot) -> PixelRect? {
        shot.whole.boundingBox { $0.isClose(to: Self.bubbleColor, tolerance: 6) }
    }

    /// Border-coloured (arrow) pixels: yellowish, far from the windows' green and the dark bubble.
    static func isArrowInk(_ c: RGBA) -> Bool { Int(c.r) >= 80 && Int(c.r) > Int(c.b) + 30 }

    /// The window's rect from `swaymsg -t get_tree` (layout coordinates = HEADLESS-1's).
    func windowRect(_ appID: String) throws -> PixelRect {
        let out = rig.run(["swaymsg", "-r", "-t", "get_tree"])
        guard out.succeeded, let root = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any] else {
            throw HarnessError.failed("get_tree: \(out)")
        }
        func find(_ node: [String: Any]) -> [String: Any]? {
            if node["app_id"] as? String == appID { return node["rect"] as? [String: Any] }
            let children = (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
            return children.lazy.compactMap(find).first
        }
        guard let r = find(root) else { throw HarnessError.failed("no window \(appID) in the tree") }
        return PixelRect(x: r["x"] as! Int, y: r["y"] as! Int, width: r["width"] as! Int, height: r["height"] as! Int)
    }

    /// `overlay-wl show … --wait` running in the background: the id, then "closed: REASON".
    final class WaitingShow: @unchecked Sendable {
        let process: RunningProcess
        private let lock = NSLock()
        private var lines: [String] = []
        init(rig: Rig, _ args: [String]) throws {
            var collected: WaitingShow?
            process = try rig.spawn([try DaemonBinary.prepare(), "show"] + args + ["--wait"]) { line in
                collected?.append(line)
            }
            collected = self
        }
        func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var output: [String] { lock.lock(); defer { lock.unlock() }; return lines }
        func waitForLine(_ predicate: (String) -> Bool, timeout: TimeInterval) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let line = output.first(where: predicate) { return line }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return output.first(where: predicate)
        }
    }

    func testTipBesideAWindowFollowsItAndIsDismissedWhenItCloses() throws {
        _ = try startDaemon()
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.openWindow(appID: "tip-target")
        try pointer.openWindow(appID: "tip-other")
        let target = try windowRect("tip-target")
        note("tip-target at \(target), tip-other at \(try windowRect("tip-other"))")
        XCTAssertEqual(target, PixelRect(x: 0, y: 0, width: 640, height: 720), "sway tiles the first window on the left")

        let show = try WaitingShow(rig: rig, ["--container", "tips", "--window", "app_id=tip-target",
                                              "--title", "This is the target", "--body", "It waits for you.", "--no-animation"])
        let idLine = show.waitForLine({ UInt32($0) != nil }, timeout: 10)
        let id = try XCTUnwrap(idLine.flatMap { UInt32($0) }, "show printed no id: \(show.output) \(show.process.output)")
        XCTAssertGreaterThan(id, 0)

        // No room above, below or left of a full-height window at x 0: the bubble goes right of
        // its right edge (x 640), the arrow's tip on that edge at the window's middle (y 360).
        var shot = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        let box = try XCTUnwrap(bubbleBox(shot), "no bubble on screen")
        note("bubble at \(box)")
        XCTAssertGreaterThan(box.x, target.maxX, "the fill stays right of the window's edge")
        XCTAssertLessThanOrEqual(box.x, target.maxX + 10, "the arrow's fill reaches toward the edge")
        XCTAssertGreaterThanOrEqual(box.width, 100, "a bubble")
        XCTAssertLessThanOrEqual(abs(box.midY - target.midY), 3, "bubble centred on the window's middle")
        let arrow = shot.region(x: target.maxX - 20, y: target.midY - 3, width: 40, height: 7).boundingBox(where: Self.isArrowInk)
        let tipX = try XCTUnwrap(arrow?.x, "no arrow pixels near (\(target.maxX), \(target.midY))")
        XCTAssertLessThanOrEqual(abs(tipX - target.maxX), 1, "arrow tip pixel at x \(tipX), window edge at \(target.maxX)")
        assertColor(shot, target.maxX - 4, target.midY, Self.windowColor, tolerance: 40, "the window itself is not covered")

        // `move right` swaps the windows (a sway window event): the tip follows to the left of the
        // window's new left edge (x 640), arrow pointing right.
        XCTAssertTrue(rig.run(["swaymsg", "[app_id=tip-target] move right"]).succeeded)
        let moved = try windowRect("tip-target")
        XCTAssertEqual(moved.x, 640, "the window moved")
        shot = try settledScreenshot(within: 5) { (self.bubbleBox($0)?.maxX ?? .max) <= moved.x }
        let after = try XCTUnwrap(bubbleBox(shot), "bubble gone after the move")
        note("bubble after the move at \(after)")
        XCTAssertLessThan(after.maxX, moved.x, "the fill stays left of the moved window's edge")
        XCTAssertGreaterThanOrEqual(after.maxX, moved.x - 10, "the arrow's fill reaches toward the edge")
        XCTAssertLessThanOrEqual(abs(after.midY - moved.midY), 3, "bubble centred on the window's middle")
        let arrowAfter = shot.region(x: moved.x - 20, y: moved.midY - 3, width: 40, height: 7).boundingBox(where: Self.isArrowInk)
        let tipAfter = try XCTUnwrap(arrowAfter.map { $0.maxX }, "no arrow pixels near (\(moved.x), \(moved.midY))")
        XCTAssertLessThanOrEqual(abs(tipAfter - moved.x), 1, "arrow tip pixel ends at x \(tipAfter), window edge at \(moved.x)")

        // Closing the window (the client goes) dismisses the tip: ViewClosed "dismissed" (2).
        pointer.stop()
        let closed = show.waitForLine({ $0.hasPrefix("closed:") }, timeout: 5)
        XCTAssertEqual(closed, "closed: dismissed", "show --wait printed \(show.output)")
        shot = try settledScreenshot(within: 3) { self.bubbleBox($0) == nil }
        XCTAssertNil(bubbleBox(shot), "the bubble is gone")
    }

    /// A window alone on the output fills it (1280×720): no side has room, so the bubble goes
    /// inside the window, 10 px below the middle of its top edge, and the arrow rises from the
    /// bubble's top edge to (640, 0). Below the bubble there is only the window: no arrow runs
    /// from the bubble's bottom edge up through its text. The same once the window is fullscreen.
    func testTipOnAWindowFillingTheOutputPointsUpFromInside() throws {
        _ = try startDaemon()
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.openWindow(appID: "tip-full")
        let window = try windowRect("tip-full")
        XCTAssertEqual(window, PixelRect(x: 0, y: 0, width: 1280, height: 720), "a lone window fills the output")
        let conID = try conID("tip-full")
        XCTAssertGreaterThan(try show("tips", ["--window", "con_id=\(conID)", "--title", "Inside the window",
                                               "--body", "The arrow points at its top edge", "--no-animation"]), 0)
        let shot = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        let box = try XCTUnwrap(bubbleBox(shot), "no bubble on screen")
        note("bubble fill at \(box)")
        XCTAssertLessThanOrEqual(abs(box.midX - 640), 2, "centred under the top edge's middle")
        XCTAssertTrue((1...14).contains(box.y), "the fill (the arrow's interior, then the bubble) starts near the top: \(box)")
        XCTAssertLessThan(box.maxY, 200, "a bubble, not the window")
        // The arrow: border-coloured pixels in the 11 columns around x 640 above the bubble body
        // (y < 10), reaching the output's top row (the arrow's tip at y 0).
        let arrow = try XCTUnwrap(shot.region(x: 635, y: 0, width: 11, height: 10).boundingBox(where: Self.isArrowInk),
                                  "no arrow pixels above the bubble")
        XCTAssertLessThanOrEqual(arrow.y, 1, "arrow tip pixel row \(arrow.y), the window's top edge is 0")
        // Inside the bubble below its border (y 10…12) only fill and text: no border-coloured
        // arrow sides crossing it.
        let inside = shot.region(x: box.x + 4, y: 14, width: box.width - 8, height: box.maxY - 18)
        XCTAssertNil(inside.boundingBox(where: Self.isArrowInk), "arrow pixels inside the bubble")
        // Under the bubble (past its 10 px shadow): the window's green in the arrow's column, no arrow ink.
        let under = shot.region(x: 630, y: box.maxY + 14, width: 21, height: 30)
        XCTAssertNil(under.boundingBox(where: Self.isArrowInk), "arrow pixels below the bubble")
        assertColor(shot, 640, box.maxY + 30, Self.windowColor, tolerance: 6, "the window below the bubble")

        // Fullscreen (same rectangle, the overlay layer stays above it): the tip stays where it is.
        XCTAssertTrue(rig.run(["swaymsg", "[con_id=\(conID)] fullscreen enable"]).succeeded)
        let full = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        XCTAssertEqual(bubbleBox(full), box, "the bubble over the fullscreen window")
        XCTAssertNotNil(full.region(x: 635, y: 0, width: 11, height: 10).boundingBox(where: Self.isArrowInk), "and its arrow")
    }

    /// The sway container id of the window with `appID`.
    func conID(_ appID: String) throws -> Int {
        let out = rig.run(["swaymsg", "-r", "-t", "get_tree"])
        guard out.succeeded, let root = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any] else {
            throw HarnessError.failed("get_tree: \(out)")
        }
        func find(_ node: [String: Any]) -> Int? {
            if node["app_id"] as? String == appID { return node["id"] as? Int }
            let children = (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
            return children.lazy.compactMap(find).first
        }
        guard let id = find(root) else { throw HarnessError.failed("no window \(appID) in the tree") }
        return id
    }

    func testInputOnlyOnTheBubble() throws {
        _ = try startDaemon()
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.openWindow(appID: "tip-under")    // fills the output
        let show = try WaitingShow(rig: rig, ["--container", "tips", "--at", "640,360", "--title", "Click me", "--no-animation"])
        XCTAssertNotNil(show.waitForLine({ UInt32($0) != nil }, timeout: 10), "no id: \(show.output)")
        let shot = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        let box = try XCTUnwrap(bubbleBox(shot))
        // Beside the bubble (the layer surface covers the whole output): the window gets the click.
        try pointer.click(100, 100)
        try pointer.sleep(milliseconds: 100)
        XCTAssertEqual(pointer.windowClicks.count, 1, "a click beside the tip reaches the window")
        XCTAssertNil(show.waitForLine({ $0.hasPrefix("closed:") }, timeout: 0.3), "a click beside the tip closed it")
        // On the bubble: the tip gets it (tap dismisses), the window does not.
        try pointer.click(box.midX, box.midY - 8)
        XCTAssertEqual(show.waitForLine({ $0.hasPrefix("closed:") }, timeout: 3), "closed: gesture", "\(show.output)")
        XCTAssertEqual(pointer.windowClicks.count, 1, "the bubble's click leaked to the window")
    }

    /// A "Got it" action: a button (the toast buttons' fill, 0x3B4252) in a row at the bottom of
    /// the bubble. A click on the bubble beside it keeps the tap's dismiss ("gesture"); a click
    /// on it invokes the action: `show --wait` prints "closed: action" and the key.
    func testGotItButtonClosesTheTipWithItsAction() throws {
        _ = try startDaemon()
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.openWindow(appID: "tip-under")
        let buttonFill = RGBA(hex: 0x3B4252)
        func button(_ shot: Screenshot, in bubble: PixelRect) -> PixelRect? {
            shot.region(bubble).boundingBox { $0.isClose(to: buttonFill, tolerance: 3) }
        }
        for clickOnButton in [false, true] {
            let show = try WaitingShow(rig: rig, ["--container", "tips", "--at", "640,360", "--title", "A tip with a button",
                                                  "--action", "got-it=Got it", "--no-animation"])
            XCTAssertNotNil(show.waitForLine({ UInt32($0) != nil }, timeout: 10), "no id: \(show.output)")
            let shot = try settledScreenshot(within: 5) { shot in self.bubbleBox(shot).flatMap { button(shot, in: $0) } != nil }
            let bubble = try XCTUnwrap(bubbleBox(shot), "no bubble")
            let box = try XCTUnwrap(button(shot, in: bubble), "no button in the bubble at \(bubble)")
            note("bubble at \(bubble), button at \(box)")
            XCTAssertGreaterThanOrEqual(box.width, 40, "a button as wide as its label")
            XCTAssertTrue((12...40).contains(box.height), "one row of text plus padding: \(box)")
            XCTAssertTrue(box.x > bubble.x && box.maxX < bubble.maxX && box.y > bubble.y + 14, "inside the bubble, below the title")
            XCTAssertLessThan(box.maxY, 360 - 10, "above the arrow")
            if clickOnButton {
                try pointer.click(box.midX, box.midY)
                XCTAssertEqual(show.waitForLine({ $0.hasPrefix("closed:") }, timeout: 3), "closed: action", "\(show.output)")
                XCTAssertEqual(show.waitForLine({ $0.hasPrefix("action:") }, timeout: 3), "action: got-it", "\(show.output)")
            } else {
                try pointer.click(box.midX, bubble.y + 10)   // on the title, above the button
                XCTAssertEqual(show.waitForLine({ $0.hasPrefix("closed:") }, timeout: 3), "closed: gesture", "\(show.output)")
            }
            XCTAssertEqual(show.process.waitForExit(timeout: 5), 0)
            _ = try settledScreenshot(within: 3) { self.bubbleBox($0) == nil }
        }
        XCTAssertEqual(pointer.windowClicks.count, 0, "no click leaked to the window below")
    }

    /// The window goes while the show is under way: either the show fails (no window matches)
    /// or the tip appears and is dismissed by the close event; never a tip left pointing at nothing.
    func testWindowClosingDuringTheShowLeavesNoTip() throws {
        _ = try startDaemon()
        for round in 0..<3 {
            let pointer = try VirtualPointer(rig: rig)
            try pointer.openWindow(appID: "tip-racing")
            let show = try WaitingShow(rig: rig, ["--container", "tips", "--window", "app_id=tip-racing", "--no-animation"])
            Thread.sleep(forTimeInterval: Double(round) * 0.02)
            pointer.stop()
            let status = show.process.waitForExit(timeout: 10)
            let lines = show.output, stderr = show.process.output.stderr
            if status == 0 {
                XCTAssertEqual(lines.last, "closed: dismissed", "round \(round): shown, then dismissed: \(lines)")
            } else {
                XCTAssertTrue(stderr.contains("no window matches app_id=tip-racing"), "round \(round): status \(String(describing: status)), stderr \(stderr)")
            }
        }
        let shot = try settledScreenshot(within: 3) { self.bubbleBox($0) == nil }
        XCTAssertNil(bubbleBox(shot), "no tip left on screen")
        XCTAssertTrue(rig.nameHasOwner(), "the daemon survived")
    }

    func testPointTargetsAndBadInput() throws {
        _ = try startDaemon()
        // A point target: the bubble above (800, 450), arrow tip on the point.
        let id = try show("tips", ["--at", "800,450"])
        var shot = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        let box = try XCTUnwrap(bubbleBox(shot))
        XCTAssertLessThan(box.maxY, 450, "the fill stays above the point")
        XCTAssertGreaterThanOrEqual(box.maxY, 440, "the arrow's fill reaches toward it")
        XCTAssertLessThanOrEqual(abs(box.midX - 800), 2, "centred on it")
        let arrow = try XCTUnwrap(shot.region(x: 795, y: 430, width: 11, height: 30).boundingBox(where: Self.isArrowInk))
        XCTAssertLessThanOrEqual(abs(arrow.maxY - 450), 1, "arrow tip pixel row \(arrow.maxY - 1) ends at 450")
        XCTAssertTrue(try cli(["dismiss", String(id)]).succeeded)
        shot = try settledScreenshot(within: 3) { self.bubbleBox($0) == nil }

        // A zero-size rectangle is a point; a target outside the output is an error.
        XCTAssertTrue(try cli(["show", "--container", "tips", "--at", "100,600,0,0", "--title", "zero"]).succeeded)
        let outside = try cli(["show", "--container", "tips", "--at", "5000,5000", "--title", "far"])
        XCTAssertFalse(outside.succeeded)
        XCTAssertTrue(outside.stderr.contains("outside output"), outside.stderr)
        // A selector matching nothing, a malformed one, no target at all, both targets.
        let none = try cli(["show", "--container", "tips", "--window", "app_id=no-such-window"])
        XCTAssertFalse(none.succeeded)
        XCTAssertTrue(none.stderr.contains("no window matches app_id=no-such-window"), none.stderr)
        let bad = try cli(["show", "--container", "tips", "--window", "class=foot"])
        XCTAssertTrue(!bad.succeeded && bad.stderr.contains("bad window selector"), bad.stderr)
        let noTarget = try cli(["show", "--container", "tips", "--title", "where?"])
        XCTAssertTrue(!noTarget.succeeded && noTarget.stderr.contains("needs a target"), noTarget.stderr)
        let both = try cli(["show", "--container", "tips", "--at", "1,1", "--window", "focused"])
        XCTAssertTrue(!both.succeeded && both.stderr.contains("not both"), both.stderr)
        let elsewhere = try cli(["show", "--container", "notifications", "--at", "1,1"])
        XCTAssertTrue(!elsewhere.succeeded && elsewhere.stderr.contains("tips container only"), elsewhere.stderr)
        XCTAssertTrue(rig.nameHasOwner(), "the daemon survived")
    }

    func testTourShowsEachStepAfterThePreviousIsDismissed() throws {
        _ = try startDaemon()
        let steps = #"[{"at": "300,400", "title": "Step one"}, {"at": "900,400", "title": "Step two", "body": "last"}]"#
        let path = try rig.writeScratchFile("tour.json", Data(steps.utf8))
        let out = try cli(["tour", path])
        let ids = out.stdout.split(separator: "\n").compactMap { UInt32($0) }
        XCTAssertTrue(out.succeeded && ids.count == 2, "\(out)")
        // Only the first step shows: a bubble over x 300, none over x 900.
        var shot = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        var box = try XCTUnwrap(bubbleBox(shot))
        XCTAssertLessThanOrEqual(abs(box.midX - 300), 2, "step one first, alone: \(box)")
        // Dismissing it brings the second.
        XCTAssertTrue(try cli(["dismiss", String(ids[0])]).succeeded)
        shot = try settledScreenshot(within: 5) { self.bubbleBox($0).map { abs($0.midX - 900) <= 2 } ?? false }
        box = try XCTUnwrap(bubbleBox(shot))
        XCTAssertLessThanOrEqual(abs(box.midX - 900), 2, "then step two, alone: \(box)")
        XCTAssertTrue(try cli(["dismiss", String(ids[1])]).succeeded)

        // A bad step is reported before anything shows.
        let bad = try rig.writeScratchFile("bad-tour.json", Data(#"[{"at": "1,1"}, {"title": "no target"}]"#.utf8))
        let refused = try cli(["tour", bad])
        XCTAssertTrue(!refused.succeeded && refused.stderr.contains("step 2"), "\(refused)")
        shot = try settledScreenshot(within: 3) { self.bubbleBox($0) == nil }
        XCTAssertNil(bubbleBox(shot), "nothing of the refused tour shows")
    }

    /// The daemon with extra environment (`KEY=VALUE`), stopped by the caller.
    func startDaemon(environment: [String]) throws -> RunningProcess {
        let daemon = try rig.spawn(["/usr/bin/env"] + environment + [try DaemonBinary.prepare(), "daemon"])
        let deadline = Date().addingTimeInterval(10)
        while !rig.nameHasOwner() && Date() < deadline && daemon.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        guard rig.nameHasOwner() else {
            _ = daemon.stop(); daemon.drain()
            throw HarnessError.failed("daemon did not start: \(daemon.output)")
        }
        return daemon
    }

    func testDontShowAgainIsRememberedInTheStateFile() throws {
        let state = "\(rig.shotsDirectory)/state-\(UUID().uuidString.prefix(8))"
        var daemon = try startDaemon(environment: ["XDG_STATE_HOME=\(state)"])
        let id = try show("tips", ["--at", "640,360", "--once", "welcome"])
        XCTAssertGreaterThan(id, 0)
        _ = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        XCTAssertTrue(try cli(["dismiss", String(id)]).succeeded, "the user closes it")
        let file = "\(state)/overlay-wl/tips-seen"
        let deadline = Date().addingTimeInterval(3)
        while (try? String(contentsOfFile: file, encoding: .utf8)) == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(try? String(contentsOfFile: file, encoding: .utf8), "welcome\n")
        // Again, and after a restart: not shown (id 0), nothing on screen; other keys still show.
        for round in 0..<2 {
            let again = try cli(["show", "--container", "tips", "--at", "640,360", "--title", "hi", "--once", "welcome"])
            XCTAssertEqual(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0", "round \(round): \(again)")
            if round == 0 { _ = daemon.stop(); daemon.drain(); daemon = try startDaemon(environment: ["XDG_STATE_HOME=\(state)"]) }
        }
        defer { _ = daemon.stop(); daemon.drain() }
        let shot = try settledScreenshot(within: 3) { _ in true }
        XCTAssertNil(bubbleBox(shot), "a remembered tip does not show")
        XCTAssertGreaterThan(try show("tips", ["--at", "640,360", "--once", "other"]), 0)
    }

    func testWithoutSwayWindowTargetsFailClearlyAndPointsStillWork() throws {
        let daemon = try startDaemon(environment: ["SWAYSOCK=/nonexistent/sway.sock"])
        defer { _ = daemon.stop(); daemon.drain() }
        let window = try cli(["show", "--container", "tips", "--window", "app_id=foot"])
        XCTAssertFalse(window.succeeded)
        XCTAssertTrue(window.stderr.contains("sway IPC socket not found"), window.stderr)
        XCTAssertTrue(window.stderr.contains("point targets still work"), window.stderr)
        XCTAssertTrue(try cli(["show", "--container", "tips", "--at", "640,360", "--title", "still here"]).succeeded)
        let shot = try settledScreenshot(within: 5) { self.bubbleBox($0) != nil }
        let box = try XCTUnwrap(bubbleBox(shot), "the point tip shows without sway")
        XCTAssertLessThan(box.maxY, 360, "above the point")
        XCTAssertLessThanOrEqual(abs(box.midX - 640), 2, "centred on it")
    }
}
