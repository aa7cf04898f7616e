import Foundation
import XCTest

/// View trees end to end on headless sway: `overlay-wl show --view` and `update` drawn by the
/// daemon (grim), a button clicked and a slider dragged with the virtual pointer, reported by the
/// ViewAction signal (gdbus monitor) and by `show --wait`.
final class ViewTreeTests: RigTestCase {
    /// One view at a time in the top-left corner, no transition, never expiring.
    static let config = """
        [containers.dialog]
        display = "stacking"
        queue = "one-by-one"
        anchor = ["top", "left"]
        margins = [20, 0, 0, 20]
        width = 400
        height = 260
        alignment = "top-leading"
        transition = "identity"
        auto-dismiss = "never"
        """

    static let red = RGBA(r: 255, g: 0, b: 0, a: 255), blue = RGBA(r: 0, g: 0, b: 255, a: 255)
    /// `ViewTreeLook`: a prominent button's background, the slider's fill and knob.
    static let prominent = RGBA(r: 0x5E, g: 0x81, b: 0xAC, a: 255)
    static let accent = RGBA(r: 0x88, g: 0xC0, b: 0xD0, a: 255), knob = RGBA(r: 0xEC, g: 0xEF, b: 0xF4, a: 255)
    static let track = RGBA(r: 0x43, g: 0x4C, b: 0x5E, a: 255)

    /// Two 60 × 40 swatches (left, right), an OK button and a 0…100 slider 216 wide, centred in
    /// a dark panel with 12 points of padding.
    static func panel(left: String, right: String, slider: Int = 0) -> String {
        """
        {"type": "vstack", "spacing": 10, "modifiers": [{"padding": 12}, {"background": "#202020"}],
         "children": [
           {"type": "hstack", "spacing": 0, "children": [
             {"type": "spacer", "modifiers": [{"frame": {"width": 60, "height": 40}}, {"background": "\(left)"}]},
             {"type": "spacer", "modifiers": [{"frame": {"width": 60, "height": 40}}, {"background": "\(right)"}]}]},
           {"type": "button", "action": "ok", "style": "prominent", "label": {"type": "text", "text": "OK"}},
           {"type": "slider", "value": \(slider), "min": 0, "max": 100, "action": "vol", "modifiers": [{"frame": {"width": 216}}]}
         ]}
        """
    }

    func writeView(_ json: String) throws -> String {
        try rig.writeScratchFile("view-\(UUID().uuidString.prefix(8)).json", Data(json.utf8))
    }

    /// Requests of the daemon's own Wayland log (WAYLAND_DEBUG=client) matching `pattern`.
    func requests(_ daemon: OverlayDaemon, _ pattern: String) -> Int {
        let log = daemon.process.stderr.string
        return (try? NSRegularExpression(pattern: "-> " + pattern))?
            .numberOfMatches(in: log, range: NSRange(log.startIndex..., in: log)) ?? -1
    }

    /// `gdbus monitor` on the daemon's bus name, its lines collected.
    final class BusMonitor: @unchecked Sendable {
        let process: RunningProcess
        private let lock = NSLock()
        private var lines: [String] = []
        init(rig: Rig) throws {
            var me: BusMonitor?
            process = try rig.spawn(["gdbus", "monitor", "--session", "--dest", "org.overlaywl"]) { line in me?.append(line) }
            me = self
            Thread.sleep(forTimeInterval: 0.5)  // attached before anything is sent
        }
        func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        func line(containing text: String, within timeout: TimeInterval) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            repeat {
                lock.lock(); let found = lines.first { $0.contains(text) }; lock.unlock()
                if let found { return found }
                Thread.sleep(forTimeInterval: 0.05)
            } while Date() < deadline
            return nil
        }
    }

    func testAViewIsShownAndUpdatedInPlaceOnOneSurface() throws {
        let config = try rig.writeScratchFile("config-\(UUID().uuidString.prefix(8)).toml", Data(Self.config.utf8))
        let daemon = try startDaemon(["--config", config], environment: ["WAYLAND_DEBUG=client"])
        let out = try cli(["show", "--container", "dialog", "--view", try writeView(Self.panel(left: "#ff0000", right: "#0000ff")),
                           "--no-animation"])
        XCTAssertTrue(out.succeeded, "\(out)")
        let id = try XCTUnwrap(UInt32(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let before = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == Self.red } != nil }
        let red = try XCTUnwrap(before.whole.boundingBox { $0 == Self.red }, "the left swatch is drawn red")
        let blue = try XCTUnwrap(before.whole.boundingBox { $0 == Self.blue }, "the right swatch is drawn blue")
        note("red \(red), blue \(blue)")
        XCTAssertEqual(red.width, 60); XCTAssertEqual(red.height, 40)
        XCTAssertEqual(blue.x, red.maxX, "side by side"); XCTAssertEqual(blue.y, red.y)
        XCTAssertEqual(red.x, 20 + 12 + (216 - 120) / 2, "the container's margin, the panel's padding, centred over the slider")

        // The same id, the colours swapped, read from standard input.
        let update = rig.run([try DaemonBinary.prepare(), "update", String(id), "--view", "-"],
                             input: Data(Self.panel(left: "#0000ff", right: "#ff0000").utf8))
        XCTAssertTrue(update.succeeded, "\(update)")
        let after = try settledScreenshot(within: 3) { $0.pixel(red.x + 5, red.y + 5) == Self.blue }
        XCTAssertEqual(after.whole.boundingBox { $0 == Self.blue }, red, "blue where red was")
        XCTAssertEqual(after.whole.boundingBox { $0 == Self.red }, blue, "red where blue was")
        XCTAssertEqual(try state("dialog").showing, [id], "the same view")
        XCTAssertEqual(requests(daemon, #"wl_compositor@\d+\.create_surface"#), 1, "one wl_surface for both pictures")
        XCTAssertEqual(requests(daemon, #"zwlr_layer_shell_v1@\d+\.get_layer_surface"#), 1)

        let bad = try cli(["update", String(id), "--view", try writeView(#"{"type":"slider","value":1}"#)])
        XCTAssertFalse(bad.succeeded)
        XCTAssertTrue(bad.stderr.contains("$.action"), "the error names the missing key: \(bad.stderr)")
        XCTAssertTrue(daemon.isRunning)
    }

    func testAClickedButtonEmitsViewActionAndShowWaitPrintsIt() throws {
        let (daemon, _) = try startDaemon(config: Self.config)
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        let monitor = try BusMonitor(rig: rig)
        defer { monitor.process.stop(grace: 1) }
        let waiting = try TipTests.WaitingShow(rig: rig, ["--container", "dialog", "--view",
                                                          try writeView(Self.panel(left: "#ff0000", right: "#0000ff"))])
        defer { waiting.process.stop(grace: 1) }
        let id = try XCTUnwrap(waiting.waitForLine({ UInt32($0) != nil }, timeout: 5), "show --wait printed no id")
        let shot = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == Self.prominent } != nil }
        let button = try XCTUnwrap(shot.whole.boundingBox { $0 == Self.prominent }, "the prominent button is drawn")
        note("button \(button)")
        XCTAssertLessThanOrEqual(abs(button.midX - (20 + 12 + 216 / 2)), 1, "centred in the panel")
        try pointer.click(button.x + 10, button.y + button.height / 2)

        XCTAssertEqual(waiting.process.waitForExit(timeout: 5), 0, "show --wait did not return: \(waiting.output)")
        XCTAssertEqual(waiting.output, [id, "ok"], "the id, then the action")
        let signal = try XCTUnwrap(monitor.line(containing: "ViewAction", within: 3), "no ViewAction on the bus")
        XCTAssertTrue(signal.contains("(uint32 \(id), 'ok', <''>)"), signal)
        // --wait closes the view once the user acted.
        _ = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == Self.prominent } == nil }
        XCTAssertEqual(try state("dialog").showing, [])
        XCTAssertTrue(daemon.isRunning)
    }

    func testADraggedSliderFollowsThePointerAndReportsItsValue() throws {
        // 216 wide: 200 points of travel. 150 to the right is 75.
        try dragPanelSlider(points: 150, expecting: 75) { pointer, from, to in
            try pointer.drag(from: from, to: to, milliseconds: 300, steps: 10)
        }
    }

    func testAMidDragScreenshotShowsTheFillFollowingTheKnob() throws {
        _ = try startDaemon(config: Self.config)
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        let out = try cli(["show", "--container", "dialog", "--view", try writeView(Self.panel(left: "#ff0000", right: "#0000ff"))])
        XCTAssertTrue(out.succeeded, "\(out)")
        let shot = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == Self.prominent } != nil }
        let button = try XCTUnwrap(shot.whole.boundingBox { $0 == Self.prominent })
        let knob = try XCTUnwrap(shot.region(x: 0, y: button.maxY, width: 400, height: 40).boundingBox { $0 == Self.knob })
        let y = knob.y + knob.height / 2
        try pointer.move(knob.x + 8, y)
        try pointer.down()
        try pointer.move(knob.x + 8 + 100, y)
        // The knob's centre follows to x + 108: filled before its edge, the track after it, and
        // the knob's top (clear of the cursor, drawn below and right of the pointer) at the new place.
        let centre = knob.x + 8 + 100
        let held = try settledScreenshot(within: 3) { $0.pixel(centre - 12, y) == Self.accent }
        XCTAssertEqual(held.pixel(centre - 12, y), Self.accent, "filled up to the knob while the button is held")
        XCTAssertEqual(held.pixel(centre + 30, y), Self.track, "empty after the knob")
        XCTAssertEqual(held.pixel(centre, y - 6), Self.knob, "the knob moved with the pointer")
        XCTAssertEqual(held.pixel(knob.x + 8, y - 6), RGBA(r: 0x20, g: 0x20, b: 0x20, a: 255),
                       "the panel, no knob, where it started")
        try pointer.up()
    }

    func testATypedFieldIsSubmittedWithEnterAndShowWaitPrintsItsText() throws {
        _ = try startDaemon(config: Self.config)
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        let field = ##"{"type": "textField", "placeholder": "Name", "submitAction": "name", "modifiers": [{"frame": {"width": 200}}, {"padding": 12}, {"background": "#202020"}]}"##
        let waiting = try TipTests.WaitingShow(rig: rig, ["--container", "dialog", "--view", try writeView(field)])
        defer { waiting.process.stop(grace: 1) }
        let id = try XCTUnwrap(waiting.waitForLine({ UInt32($0) != nil }, timeout: 5), "show --wait printed no id")
        // The field (#1F232B) sits 12 points inside the panel at the container's corner (20, 20).
        let fieldColour = RGBA(r: 0x1F, g: 0x23, b: 0x2B, a: 255)
        let shot = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == fieldColour } != nil }
        let box = try XCTUnwrap(shot.whole.boundingBox { $0 == fieldColour }, "the field is drawn")
        note("field \(box)")
        try pointer.click(box.x + 20, box.y + box.height / 2)
        _ = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == Self.accent } != nil }  // the focus ring
        try pointer.type("Ada")
        try pointer.key("enter")
        XCTAssertEqual(waiting.process.waitForExit(timeout: 5), 0, "show --wait did not return: \(waiting.output)")
        XCTAssertEqual(waiting.output, [id, "name Ada"], "the id, then the submit action with the text")
    }
}

extension RigTestCase {
    /// `ViewTreeTests.panel` shown by `show --wait` in the `dialog` container, its slider found
    /// at value 0 under the OK button (the knob's leading edge at the slider's) and dragged
    /// `points` to the right by `drag` through the test input client: `show --wait` prints
    /// `value` and exits, and the ViewAction signal carries it.
    func dragPanelSlider(points: Int, expecting value: Int,
                         _ drag: (VirtualPointer, _ from: (Int, Int), _ to: (Int, Int)) throws -> Void) throws {
        typealias Panel = ViewTreeTests
        _ = try startDaemon(config: Panel.config)
        let input = try VirtualPointer(rig: rig)
        defer { input.stop() }
        let monitor = try Panel.BusMonitor(rig: rig)
        defer { monitor.process.stop(grace: 1) }
        let file = try rig.writeScratchFile("slider.json", Data(Panel.panel(left: "#ff0000", right: "#0000ff").utf8))
        let waiting = try TipTests.WaitingShow(rig: rig, ["--container", "dialog", "--view", file])
        defer { waiting.process.stop(grace: 1) }
        let id = try XCTUnwrap(waiting.waitForLine({ UInt32($0) != nil }, timeout: 5), "show --wait printed no id")
        // KWin composites through llvmpipe: colours within 2.
        let isButton = { (c: RGBA) in c.isClose(to: Panel.prominent, tolerance: 2) }
        let shot = try settledScreenshot(within: 5) { $0.whole.boundingBox(where: isButton) != nil }
        let button = try XCTUnwrap(shot.whole.boundingBox(where: isButton), "no OK button drawn")
        // The slider is under the button (whose label is the knob's colour too); its knob (radius 8).
        let below = shot.region(x: 0, y: button.maxY, width: 400, height: 40)
        let knob = try XCTUnwrap(below.boundingBox { $0.isClose(to: Panel.knob, tolerance: 2) }, "the knob at value 0")
        note("button \(button), knob \(knob)")
        XCTAssertLessThanOrEqual(abs(knob.x - (20 + 12)), 1, "value 0: the knob's leading edge at the slider's")
        let y = knob.y + knob.height / 2, start = 20 + 12 + 8
        try drag(input, (start, y), (start + points, y))

        XCTAssertEqual(waiting.process.waitForExit(timeout: 5), 0, "show --wait did not return: \(waiting.output)")
        XCTAssertEqual(waiting.output, [id, "vol \(value)"], "the value where the drag ended")
        let signal = try XCTUnwrap(monitor.line(containing: "ViewAction", within: 3), "no ViewAction on the bus")
        XCTAssertTrue(signal.contains("(uint32 \(id), 'vol', <\(value).0>)"), signal)
    }
}
