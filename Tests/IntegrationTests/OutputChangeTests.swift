import Foundation
import XCTest

/// Outputs coming and going while views show. Outputs that go away belong to a sway nested in
/// the rig's (NestedCompositor: sway 1.7 cannot `output … disable` a headless or nested output,
/// the commit fails, so an output's window of the outer compositor is closed instead, which
/// removes its wl_output like an unplugged monitor); new outputs come from `swaymsg create_output`.
final class OutputChangeTests: RigTestCase {
    /// The daemon on the nested sway: its display, and its IPC for the focus follower and tips.
    func startDaemon(on nested: NestedCompositor, config: String? = nil) throws -> OverlayDaemon {
        let arguments = try config.map { ["--config", try rig.writeScratchFile("outputs-\(UUID().uuidString.prefix(8)).toml",
                                                                                Data($0.utf8))] } ?? []
        return try startDaemon(arguments, environment: ["WAYLAND_DISPLAY=\(nested.display)", "SWAYSOCK=\(nested.socket)"])
    }

    /// Waits until `output` of the nested sway shows a view (any non-black pixel) or not.
    func waitDrawn(_ output: String, on nested: NestedCompositor, _ drawn: Bool, within timeout: TimeInterval = 5) throws -> Bool {
        let shot = try rig.screenshot(output: output, display: nested.display, timeout: timeout) { ($0.contentBox != nil) == drawn }
        return (shot.contentBox != nil) == drawn
    }

    /// The notification column on the focused output: when that output goes, the toast is drawn
    /// on the one that remains, the same notification, never dropped.
    func testToastOnAnUnpluggedOutputMovesToTheRemainingOne() throws {
        let nested = try NestedCompositor(rig: rig, outputs: 2)
        defer { nested.stop() }
        XCTAssertTrue(nested.swaymsg(["focus", "output", "WL-2"]).succeeded)
        let daemon = try startDaemon(on: nested)
        let id = try rig.notify(summary: "Moves", body: "to the remaining output", expireTimeout: 0)
        XCTAssertTrue(try waitDrawn("WL-2", on: nested, true), "shown on the focused output WL-2")
        XCTAssertTrue(try waitDrawn("WL-1", on: nested, false), "WL-1 is empty")

        try nested.unplug("WL-2")
        XCTAssertTrue(try waitDrawn("WL-1", on: nested, true), "the toast is drawn on WL-1 once WL-2 is gone")
        XCTAssertTrue(daemon.isRunning, "the daemon survives its output going away")
        XCTAssertEqual(try state("notifications").showing, [id], "the same notification, still showing")
    }

    /// The last output goes: the toast waits, its 8 s countdown stopped (9 s after it came it is
    /// still there), and a new output (`create_output`) shows it; then it runs out the time it had left.
    func testWithNoOutputLeftTheToastWaitsAndItsCountdownStops() throws {
        let nested = try NestedCompositor(rig: rig, outputs: 1)
        defer { nested.stop() }
        let daemon = try startDaemon(on: nested)
        let sent = Date()
        let id = try rig.notify(summary: "Waits", body: "for an output", expireTimeout: 8000)
        XCTAssertTrue(try waitDrawn("WL-1", on: nested, true), "shown on WL-1")
        try nested.unplug("WL-1")
        let unplugged = Date().timeIntervalSince(sent)
        note("WL-1 gone \(unplugged) s after the notification")
        XCTAssertLessThan(unplugged, 6, "the output went while the countdown had time left")
        Thread.sleep(forTimeInterval: max(0, 9 - Date().timeIntervalSince(sent)))
        XCTAssertTrue(daemon.isRunning, "the daemon survives its last output going away")
        XCTAssertEqual(try state("notifications").showing, [id], "no output: the 8 s countdown does not run")

        let created = Date()
        let output = try nested.createOutput()
        XCTAssertTrue(try waitDrawn(output, on: nested, true), "the toast is drawn on the new output \(output)")
        XCTAssertEqual(try state("notifications").showing, [id], "the same notification")
        let deadline = Date().addingTimeInterval(10)
        while try state("notifications").showing == [id], Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let shownAgain = Date().timeIntervalSince(created)
        note("expired \(shownAgain) s after the new output was asked for")
        XCTAssertEqual(try state("notifications").showing, [], "the countdown runs again once there is an output")
        // The countdown resumes once the output is there, so no earlier than the time it had left.
        XCTAssertGreaterThanOrEqual(shownAgain, 8 - unplugged - 0.2, "it kept the time it had left")
    }

    /// A container on every output gets a surface on an output created while it shows.
    func testAllOutputsContainerAppearsOnANewOutput() throws {
        let nested = try NestedCompositor(rig: rig, outputs: 1)
        defer { nested.stop() }
        _ = try startDaemon(on: nested, config: "[containers.everywhere]\noutput = \"all\"\nauto-dismiss = \"never\"\n")
        try show("everywhere")
        XCTAssertTrue(try waitDrawn("WL-1", on: nested, true), "shown on WL-1")
        let output = try nested.createOutput()
        XCTAssertTrue(try waitDrawn(output, on: nested, true), "also shown on the new output \(output)")
        XCTAssertTrue(try waitDrawn("WL-1", on: nested, true), "and still on WL-1")
    }

    // MARK: On the rig's headless outputs

    /// The window with `appID`: its sway container id and rect (layout coordinates).
    func window(_ appID: String) throws -> (conID: Int, rect: PixelRect) {
        let out = rig.run(["swaymsg", "-r", "-t", "get_tree"])
        guard out.succeeded, let root = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any] else {
            throw HarnessError.failed("get_tree: \(out)")
        }
        func find(_ node: [String: Any]) -> [String: Any]? {
            if node["app_id"] as? String == appID { return node }
            let children = (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
            return children.lazy.compactMap(find).first
        }
        guard let node = find(root), let id = node["id"] as? Int, let r = node["rect"] as? [String: Any] else {
            throw HarnessError.failed("no window \(appID) in the tree")
        }
        return (id, PixelRect(x: r["x"] as! Int, y: r["y"] as! Int, width: r["width"] as! Int, height: r["height"] as! Int))
    }

    /// Where `output` sits in sway's layout.
    func outputOrigin(_ output: String) throws -> (x: Int, y: Int) {
        let out = rig.run(["swaymsg", "-r", "-t", "get_outputs"])
        let list = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]] ?? []
        guard let rect = list.first(where: { $0["name"] as? String == output })?["rect"] as? [String: Any],
              let x = rect["x"] as? Int, let y = rect["y"] as? Int else { throw HarnessError.failed("no output \(output): \(out)") }
        return (x, y)
    }

    /// A tip on a window follows it to another output (`move to output`): drawn there, pointing at
    /// the window (alone, it fills the output, so the bubble sits inside it under its top edge's
    /// middle), and gone from the first output.
    func testTipFollowsItsWindowToAnotherOutput() throws {
        let second: String
        if try rig.outputs()["HEADLESS-2"] != nil { second = "HEADLESS-2" } else { second = try rig.createOutput() }
        XCTAssertTrue(rig.run(["swaymsg", "focus", "output", "HEADLESS-1"]).succeeded)
        _ = try startDaemon()
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.openWindow(appID: "tip-travels")
        let before = try window("tip-travels")
        XCTAssertGreaterThan(try show("tips", ["--window", "con_id=\(before.conID)", "--body", "It follows the window"]), 0)
        func bubble(_ shot: Screenshot) -> PixelRect? {
            shot.whole.boundingBox { $0.isClose(to: TipTests.bubbleColor, tolerance: 6) }
        }
        let first = try screenshot(output: "HEADLESS-1", within: 5) { bubble($0) != nil }
        XCTAssertNotNil(bubble(first), "the tip shows on HEADLESS-1")

        XCTAssertTrue(rig.run(["swaymsg", "[app_id=tip-travels] move to output \(second)"]).succeeded)
        let origin = try outputOrigin(second)
        let moved = try window("tip-travels")
        XCTAssertGreaterThanOrEqual(moved.rect.x, origin.x, "the window moved to \(second)")
        let there = try screenshot(output: second, within: 5) { bubble($0) != nil }
        let box = try XCTUnwrap(bubble(there), "no tip on \(second)")
        let windowMidX = moved.rect.x - origin.x + moved.rect.width / 2
        note("window on \(second) at \(moved.rect), bubble fill at \(box)")
        XCTAssertLessThanOrEqual(abs(box.midX - windowMidX), 2, "centred under the window's top edge")
        XCTAssertLessThan(box.y, moved.rect.y - origin.y + 20, "just under the window's top edge")
        let gone = try screenshot(output: "HEADLESS-1", within: 3) { bubble($0) == nil }
        XCTAssertNil(bubble(gone), "no tip left on HEADLESS-1")
    }

    /// A toast already on screen when the output's scale goes to 2 is drawn again with a scale-2
    /// buffer: grim captures HEADLESS-1's 1280×720 pixels, the toast is 720 px wide, and its glyph
    /// edges (the steepest luminance steps inside the toast, HiDPITests.sharpness) are as steep
    /// as the renderer's scale-2 golden's. A scale-1 buffer the compositor enlarged would spread
    /// each edge over two pixels and measure about half as steep.
    func testScaleChangeRedrawsCrisply() throws {
        _ = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "Sharp edges", "The quick brown fox jumps over the lazy dog"])
        let atOne = try settledScreenshot(within: 5) { HiDPITests.toastBox($0) != nil }
        let narrow = try XCTUnwrap(HiDPITests.toastBox(atOne), "no toast at scale 1")
        XCTAssertLessThan(narrow.width, 400, "360 px wide at scale 1")

        XCTAssertTrue(rig.run(["swaymsg", "output", "HEADLESS-1", "scale", "2"]).succeeded)
        defer { _ = rig.run(["swaymsg", "output", "HEADLESS-1", "scale", "1"]) }
        let shot = try settledScreenshot(within: 5) { (HiDPITests.toastBox($0)?.width ?? 0) >= 700 }
        XCTAssertEqual(shot.width, 1280, "grim captures the output's mode: 1280×720 pixels, now 640×360 points")
        let box = try XCTUnwrap(HiDPITests.toastBox(shot), "no toast after the scale change")
        XCTAssertGreaterThanOrEqual(box.width, 700, "360 pt = 720 px at scale 2")
        let golden = try Screenshot(contentsOf: "\(HiDPITests.goldens)/hidpi-toast@2x.png", label: "golden@2x")
        let goldenSharpness = try XCTUnwrap(HiDPITests.sharpness(golden))
        let sharp = try XCTUnwrap(HiDPITests.sharpness(shot))
        note("sharpness after the scale change \(sharp), golden@2x \(goldenSharpness)")
        XCTAssertGreaterThanOrEqual(sharp, goldenSharpness * 0.9, "redrawn at scale 2, not enlarged")

        // And back: at scale 1 the toast is 360 px wide again.
        XCTAssertTrue(rig.run(["swaymsg", "output", "HEADLESS-1", "scale", "1"]).succeeded)
        let back = try settledScreenshot(within: 5) { (HiDPITests.toastBox($0)?.width ?? .max) < 400 }
        XCTAssertLessThan(try XCTUnwrap(HiDPITests.toastBox(back), "no toast back at scale 1").width, 400)
    }
}

