import Foundation
import XCTest

/// A control centre on headless sway: a drawer on the right edge holding a view file
/// (`view = "menu.json"`), opened by the CLI; real clicks of the virtual pointer on its button
/// and slider run a `[hooks]` command with the value as an argument (checked in the file the hook
/// writes), and its do-not-disturb toggle turns the mode on (`overlay-wl dnd`) and is drawn on
/// (grim), also when the mode changes from the CLI.
final class ControlMenuTests: RigTestCase {
    /// Top to bottom, left-aligned 20 pt from the panel's corner: the toggle (40 × 22), a
    /// prominent button, a 0…100 slider 200 wide in steps of 10.
    static let menu = """
        {"type": "vstack", "alignment": "leading", "spacing": 20, "modifiers": [{"padding": 20}],
         "children": [
           {"type": "toggle", "action": "mode:do-not-disturb"},
           {"type": "button", "action": "hook:mark", "style": "prominent", "label": {"type": "text", "text": "Lock"}},
           {"type": "slider", "value": 0, "min": 0, "max": 100, "step": 10, "action": "hook:mark",
            "modifiers": [{"frame": {"width": 200}}]}
         ]}
        """

    /// `ViewTreeLook`: a prominent button's background, a toggle on (accent) and off (track).
    static let prominent = RGBA(hex: 0x5E81AC), accent = RGBA(hex: 0x88C0D0), track = RGBA(hex: 0x434C5E)
    static let parking = (100, 700)

    /// The hook appends its action, its argument count and its arguments to `log` (the script
    /// is the test's own fixed text: the value arrives as $1 and in the environment).
    /// With `slowSlider`, a slider's hook then takes 0.4 s more and writes `end|VALUE` as it exits,
    /// so the log shows whether two of its runs overlapped.
    func config(menu: String, log: String, slowSlider: Bool = false) -> String {
        let ending = slowSlider ? #"; if [ $# = 1 ]; then sleep 0.4; echo "end|$1" >> "# + log + "; fi" : ""
        let script = #"printf '%s|%s|%s|%s\n' "$OVERLAY_WL_ACTION" "$#" "$*" "$OVERLAY_WL_VALUE" >> "# + log + ending
        return """
            [hooks]
            mark = ["/bin/sh", "-c", '''\(script)''', "mark"]

            [containers.controls]
            drawer = "right"
            notches = [0, 360]
            drawer-color = "#101820"
            drawer-backdrop = 0.3
            view = "\(menu)"
            alignment = "top-leading"
            """
    }

    /// The toggle's pixels: 20 points above the button, as wide as the button is aligned.
    func toggleRect(button: PixelRect) -> PixelRect { PixelRect(x: button.x, y: button.y - 20 - 22, width: 40, height: 22) }

    func count(_ shot: Screenshot, _ rect: PixelRect, _ color: RGBA) -> Int { shot.region(rect).count { $0 == color } }

    func testTheControlCentreRunsHooksAndTogglesDoNotDisturb() throws {
        let tag = UUID().uuidString.prefix(8)
        let log = "\(rig.shotsDirectory)/menu-hook-\(tag).log"
        _ = try rig.writeScratchFile("menu-\(tag).json", Data(Self.menu.utf8))
        _ = try startDaemon(config: config(menu: "menu-\(tag).json", log: log))  // relative: next to the config
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.openWindow()
        try pointer.move(Self.parking.0, Self.parking.1)

        XCTAssertTrue(try cli(["drawer", "controls", "--open"]).succeeded)
        let open = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == Self.prominent } != nil }
        let button = try XCTUnwrap(open.whole.boundingBox { $0 == Self.prominent }, "the menu's button is drawn")
        note("button \(button)")
        XCTAssertEqual(button.x, 1280 - 360 + 20, "in the panel on the right edge, 20 pt in")
        let toggle = toggleRect(button: button)
        XCTAssertGreaterThan(count(open, toggle, Self.track), 200, "the toggle is drawn off (its track)")
        XCTAssertEqual(count(open, toggle, Self.accent), 0, "no accent: do-not-disturb is off")

        // The button: its hook runs with no argument.
        try pointer.click(button.midX, button.midY)
        XCTAssertEqual(lines(log, atLeast: 1), ["hook:mark|0||"], "the button ran its hook")

        // The slider, tapped at its middle: the hook gets the value as one argument.
        try pointer.click(button.x + 100, button.maxY + 20 + 10)
        let slider = lines(log, atLeast: 2)
        XCTAssertEqual(slider.count, 2, "\(slider)")
        let fields = slider.last?.split(separator: "|", omittingEmptySubsequences: false).map(String.init) ?? []
        XCTAssertEqual(fields.prefix(2), ["hook:mark", "1"], "one argument: \(slider)")
        let value = try XCTUnwrap(fields.count == 4 ? Int(fields[2]) : nil, "a whole number: \(slider)")
        XCTAssertTrue((40...60).contains(value) && value % 10 == 0, "about the middle, in steps of 10: \(value)")
        XCTAssertEqual(fields.last, String(value), "OVERLAY_WL_VALUE is the argument")

        // The toggle: do-not-disturb on, reported by the CLI and drawn on.
        try pointer.click(toggle.x + 20, toggle.midY)
        try pointer.move(Self.parking.0, Self.parking.1)
        XCTAssertEqual(try cli(["dnd"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines), "on")
        let on = try settledScreenshot(within: 3) { self.count($0, toggle, Self.accent) > 200 }
        XCTAssertGreaterThan(count(on, toggle, Self.accent), 200, "the toggle is drawn on (accent)")
        XCTAssertEqual(count(on, toggle, Self.track), 0, "no track left: the knob moved over")

        // Turned off from the CLI: the toggle follows.
        XCTAssertTrue(try cli(["dnd", "--off"]).succeeded)
        let off = try settledScreenshot(within: 3) { self.count($0, toggle, Self.accent) == 0 }
        XCTAssertEqual(count(off, toggle, Self.accent), 0, "the toggle is drawn off again")
        XCTAssertGreaterThan(count(off, toggle, Self.track), 200)
        XCTAssertEqual(lines(log, atLeast: 2).count, 2, "the toggle runs no hook")

        // The slider dragged to the right, the way that would close a right-edge drawer: the
        // slider follows and reports where it ended; the drawer stays open where it was.
        let y = button.maxY + 20 + 10
        try pointer.drag(from: (button.x + 20, y), to: (button.x + 180, y), milliseconds: 300, steps: 10)
        try pointer.move(Self.parking.0, Self.parking.1)
        let dragged = lines(log, atLeast: 3)
        XCTAssertEqual(dragged.count, 3, "one report, at the end of the drag: \(dragged)")
        let end = dragged.last?.split(separator: "|", omittingEmptySubsequences: false).map(String.init) ?? []
        let endValue = try XCTUnwrap(end.count == 4 ? Int(end[2]) : nil, "a whole number: \(dragged)")
        XCTAssertTrue((80...100).contains(endValue), "180 of the slider's 200 pt: \(endValue)")
        let after = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == Self.prominent } == button }
        XCTAssertEqual(after.whole.boundingBox { $0 == Self.prominent }, button, "the drawer did not move")
    }

    /// The action of the control the drawer's focus ring is on (`overlay-wl drawer controls`).
    func testTheKeyboardMovesThroughTheMenusControls() throws {
        let tag = UUID().uuidString.prefix(8)
        let log = "\(rig.shotsDirectory)/menu-keys-\(tag).log"
        _ = try rig.writeScratchFile("menu-\(tag).json", Data(Self.menu.utf8))
        _ = try startDaemon(config: config(menu: "menu-\(tag).json", log: log, slowSlider: true))
        let (pointer, button) = try openDrawer("controls", showing: Self.prominent)
        let toggle = toggleRect(button: button)
        // On-demand keyboard: a click on the panel below the menu gives it the keyboard.
        try pointer.click(1200, 600)
        try pointer.move(Self.parking.0, Self.parking.1)

        try pointer.key("tab")
        XCTAssertEqual(try drawerFocusedAction("controls"), "mode:do-not-disturb", "Tab focuses the first control: the toggle")
        try pointer.key("space")
        XCTAssertEqual(try cli(["dnd"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines), "on", "Space flips the toggle")
        let on = try settledScreenshot(within: 3) { self.count($0, toggle, Self.accent) > 200 }
        XCTAssertGreaterThan(count(on, toggle, Self.accent), 200, "the toggle is drawn on")

        try pointer.key("down")
        XCTAssertEqual(try drawerFocusedAction("controls"), "hook:mark", "Down moves to the button")
        try pointer.key("enter")
        XCTAssertEqual(lines(log, atLeast: 1), ["hook:mark|0||"], "Enter pressed the button")

        try pointer.key("tab")
        // Each key once the previous value's hook has started: every value runs, in order.
        for (key, count) in [("right", 2), ("right", 4), ("left", 6)] {
            try pointer.key(key)
            _ = lines(log, atLeast: count)
        }
        XCTAssertEqual(lines(log, atLeast: 7, within: 5).dropFirst().filter { $0.hasPrefix("hook:") },
                       ["hook:mark|1|10|10", "hook:mark|1|20|20", "hook:mark|1|10|10"],
                       "Right and Left move the focused slider a step (10) and run its hook with the value")
        XCTAssertEqual(try drawerFocusedAction("controls"), "hook:mark", "Left and Right on a slider keep the focus on it")

        // Four steps faster than the hook runs: one process at a time (each start follows the
        // previous end), and the last value (50) is the one that runs last.
        for _ in 0..<4 { try pointer.key("right") }
        let deadline = Date().addingTimeInterval(8)
        var slider: [String] = []
        repeat {
            Thread.sleep(forTimeInterval: 0.1)
            slider = Array(lines(log, atLeast: 0).dropFirst())
        } while slider.last != "end|50" && Date() < deadline
        XCTAssertEqual(slider.last, "end|50", "the newest value ran last: \(slider)")
        for (index, line) in slider.enumerated() {
            let value = line.split(separator: "|").last.map(String.init) ?? ""
            if line.hasPrefix("hook:") {
                XCTAssertEqual(slider.dropFirst(index + 1).first, "end|\(value)", "no run overlaps another: \(slider)")
            }
        }
        XCTAssertLessThanOrEqual(slider.count, 2 * 7, "at most one run per step: \(slider)")
        try pointer.key("escape")
        XCTAssertEqual(try cli(["dnd"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines), "on")
    }

    func testABrokenViewFileLeavesTheDrawerEmptyAndTheDaemonRuns() throws {
        let tag = UUID().uuidString.prefix(8)
        _ = try rig.writeScratchFile("broken-\(tag).json", Data(#"{"type": "vstack", "children": [{"type": "toggle"}]}"#.utf8))
        let (daemon, _) = try startDaemon(config: config(menu: "broken-\(tag).json", log: "/dev/null"))
        XCTAssertTrue(try cli(["drawer", "controls", "--open"]).succeeded)
        let deadline = Date().addingTimeInterval(3)
        while !daemon.process.stderr.string.contains("broken-\(tag).json") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let logged = daemon.process.stderr.string
        XCTAssertTrue(logged.contains("broken-\(tag).json: $.children[0].action"), "names the file and the JSON path: \(logged)")
        let shot = try settledScreenshot(within: 3) { $0.pixel(1279, 360) == RGBA(hex: 0x101820) }
        XCTAssertEqual(shot.pixel(1279, 360), RGBA(hex: 0x101820), "the panel is open")
        XCTAssertEqual(shot.region(PixelRect(x: 920, y: 0, width: 360, height: 720)).count { $0 != RGBA(hex: 0x101820) }, 0,
                       "and empty")
        XCTAssertTrue(daemon.isRunning)
    }
}
