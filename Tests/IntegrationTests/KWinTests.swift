import Foundation
import XCTest

/// The core end-to-end cases on KWin 5.27 (`--virtual`, llvmpipe, scale 1), the second compositor
/// of the suite: a notification drawn and closed by a call, a click dismiss (input through
/// org_kde_kwin_fake_input), a drawer, a tip at a point, and the
/// compositor's blur (org_kde_kwin_blur) behind a `blur:` background. Screenshots come from
/// KWin's ScreenShot2 interface (scripts/kwin-screenshot): KWin has no wlr-screencopy.
/// Skipped when kwin_wayland is not installed (docs/COMPOSITORS.md).
final class KWinTests: RigTestCase {
    override class var rigCompositor: RigCompositor { .kwin }

    /// The default toast look (ToastLifecycleTests.Look).
    typealias Look = ToastLifecycleTests.Look

    func isRestingToast(_ shot: Screenshot) -> Bool {
        guard let box = shot.contentBox else { return false }
        return abs(box.maxX - (shot.width - Look.margin)) <= 1 && abs(box.y - Look.margin) <= 1
            && abs(box.width - Look.width) <= 2
            && shot.pixel(box.x + Look.border + 4, box.midY).isClose(to: Look.background)
            // crisp edges: a frame of the slide-in can sit a fraction of a pixel from rest
            && shot.pixel(box.x, box.midY).isClose(to: Look.borderColor)
            && shot.pixel(box.maxX - 1, box.midY).isClose(to: Look.borderColor)
    }

    func testNotificationIsDrawnTopRightAndClosedByACall() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let id = try rig.notifySend(["-t", "0", "Hello KWin", "drawn by overlay-wl"])

        let shot = try screenshot(within: 5, until: isRestingToast)
        let box = try XCTUnwrap(shot.contentBox, "no toast drawn within 5 s")
        XCTAssertEqual(shot.width, 1280, "KWin's virtual output at scale 1 is 1280 px wide")
        note("toast box \(box)")
        assertNear(box.maxX, shot.width - Look.margin, tolerance: 1, "toast right edge")
        assertNear(box.y, Look.margin, tolerance: 1, "toast top")
        assertNear(box.width, Look.width, tolerance: 2, "toast width")
        assertColor(shot, box.x + 6, box.midY, Look.background, "left padding")
        for (x, y, edge) in [(box.x, box.midY, "left"), (box.maxX - 1, box.midY, "right"),
                             (box.midX, box.y, "top"), (box.midX, box.maxY - 1, "bottom")] {
            assertColor(shot, x, y, Look.borderColor, "\(edge) border")
        }
        XCTAssertGreaterThanOrEqual(shot.region(box.insetBy(Look.border + 2)).distinctColorCount, 4,
                                    "text is drawn: background, two text colours, anti-aliasing")

        try rig.closeNotification(id)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 5), 3, "closed by a call: reason 3")
        let cleared = try screenshot(within: 5) { $0.contentBox == nil }
        XCTAssertNil(cleared.contentBox, "the toast is gone from the screen")
    }

    /// Smooth: no two horizontal neighbours differ by more than 4 in red (sharp stripe edges
    /// differ by ~115), and the red range stays within 12 (FrostedBackdropTests' measure).
    static func isSmooth(_ region: Screenshot.Region) -> Bool {
        var worstStep = 0, low = 255, high = 0
        region.forEach { x, y, c in
            low = min(low, Int(c.r)); high = max(high, Int(c.r))
            if x + 1 < region.rect.maxX { worstStep = max(worstStep, abs(Int(c.r) - Int(region.shot.pixel(x + 1, y).r))) }
        }
        return worstStep <= 4 && high - low <= 12
    }

    /// A click on the toast through org_kde_kwin_fake_input dismisses it: reason 2.
    func testClickDismissesTheToast() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        let id = try rig.notifySend(["-t", "0", "Click me", "a click dismisses"])
        let shot = try screenshot(within: 5, until: isRestingToast)
        let box = try XCTUnwrap(shot.contentBox, "no toast drawn within 5 s")
        try pointer.click(box.midX, box.midY)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 5), 2, "dismissed by the user: reason 2")
        let cleared = try screenshot(within: 5) { $0.contentBox == nil }
        XCTAssertNil(cleared.contentBox, "the toast is gone from the screen")
    }

    /// A tip pointing at (640, 360): the bubble lies next to the point, and the point itself is
    /// the arrow's tip (within a few pixels).
    func testTipPointsAtAPoint() throws {
        _ = try startDaemon()
        let id = try show("tips", ["--at", "640,360"])
        let shot = try screenshot(within: 5) { $0.contentBox != nil }
        let box = try XCTUnwrap(shot.contentBox, "no tip drawn within 5 s")
        note("tip box \(box) for id \(id)")
        XCTAssertTrue(box.x <= 640 + 4 && box.maxX >= 640 - 4, "the tip spans x = 640: \(box)")
        XCTAssertTrue(abs(box.y - 360) <= 4 || abs(box.maxY - 360) <= 4,
                      "the arrow's tip touches y = 360 from above or below: \(box)")
        XCTAssertLessThan(box.height, 200, "a bubble, not a full-screen surface: \(box)")
    }

    /// A slider dragged by a finger (wl_touch, from KWin's fake input) follows it as it follows
    /// the pointer (ViewTreeTests): `show --wait` prints the value where the finger lifted and
    /// ViewAction carries it. 216 points wide, 200 of travel: 100 to the right of 0 is 50.
    func testASliderDraggedByAFingerReportsItsValue() throws {
        try dragPanelSlider(points: 100, expecting: 50) { input, from, to in
            try input.swipe(from: from, to: to, milliseconds: 300, steps: 10)
        }
    }

    /// A left drawer at its first notch (120 px): its panel colour fills exactly the first 120
    /// columns; the backdrop dims nothing at the lowest notch.
    func testDrawerRestsOnItsNotch() throws {
        _ = try startDaemon(config: """
            [containers.menu]
            drawer = "left"
            notches = [0, 120, 360]
            notch = 1
            drawer-color = "#2050C0"
            """)
        let panel = RGBA(hex: 0x2050C0)
        let edge = { (shot: Screenshot) -> Int in
            var x = 0
            while x < shot.width && shot.pixel(x, 360).isClose(to: panel, tolerance: 2) { x += 1 }
            return x
        }
        var shot = try settledScreenshot(within: 6) { edge($0) == 120 }
        XCTAssertEqual(edge(shot), 120, "the panel reaches the notch at 120 px")
        assertColor(shot, 160, 360, .black, "beside the panel")

        XCTAssertTrue(try cli(["drawer", "menu", "--notch", "2"]).succeeded)
        shot = try settledScreenshot(within: 6) { edge($0) == 360 }
        XCTAssertEqual(edge(shot), 360, "after --notch 2 the panel reaches 360 px")
    }

    /// A `blur:` background where KWin offers org_kde_kwin_blur: the daemon asks KWin to blur
    /// behind the container (protocol trace) and draws only the material's light tint; KWin's blur
    /// effect (enabled in the rig's kwinrc) turns a window of 8-px black and white stripes under
    /// the container into one smooth grey, the stripes' mean under the tint
    /// (FrostedBackdropTests.frosted).
    func testBlurBackgroundUsesKWinsBlur() throws {
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.send("window overlay-wl-stripes 1280 720 stripes")  // KWin fits it to the output
        let config = try rig.writeScratchFile("frost.toml", Data("""
            [containers.frost]
            anchor = ["top", "right"]
            margins = [40, 40, 0, 0]
            width = 400
            height = 300
            background = "blur:regular"
            auto-dismiss = "never"
            """.utf8))
        let daemon = try startDaemon(["--config", config], environment: ["WAYLAND_DEBUG=1"])
        try show("frost")
        _ = try screenshot(within: 5) { $0.contentBox != nil }
        let trace = WaylandTrace(daemon.process.stderr.string)
        XCTAssertEqual(trace.sent("wl_registry", "bind").filter { $0.arguments.contains("\"org_kde_kwin_blur_manager\"") }.count, 1,
                       "the daemon binds org_kde_kwin_blur_manager")
        let created = trace.sent("org_kde_kwin_blur_manager", "create")
        XCTAssertFalse(created.isEmpty, "a blur object for the container's surface")
        let regions = trace.sent("org_kde_kwin_blur", "set_region")
        XCTAssertFalse(regions.isEmpty, "a blur region is set")
        XCTAssertFalse(trace.sent("org_kde_kwin_blur", "commit").isEmpty, "and committed")
        let adds = trace.sent("wl_region", "add").map { $0.arguments }
        XCTAssertTrue(adds.contains(["0", "0", "400", "300"]), "the region covers the 400×300 container: \(adds)")

        // The container spans x 840..<1240, y 40..<340; the toast sits at its bottom. The band
        // keeps 40 px from the container's edges, where KWin's blur samples beyond them.
        let band = { (shot: Screenshot) in shot.region(x: 880, y: 80, width: 320, height: 160) }
        let shot = try screenshot(within: 5) { Self.isSmooth(band($0)) }
        let region = band(shot)
        note("band histogram: \(region.histogram())")
        XCTAssertTrue(Self.isSmooth(region), "the stripes under the container are blurred into one tone")
        var sum = (r: 0.0, b: 0.0), n = 0.0
        region.forEach { _, _, c in sum.r += Double(c.r); sum.b += Double(c.b); n += 1 }
        XCTAssertEqual(sum.r / n, FrostedBackdropTests.frosted.r, accuracy: 12, "red: the stripes' mean under the tint")
        XCTAssertGreaterThan(sum.b / n, sum.r / n, "tinted by the material's bluish #20242C")
        XCTAssertFalse(Self.isSmooth(shot.region(x: 100, y: 400, width: 200, height: 50)),
                       "outside the container the stripes stay sharp")
    }
}

extension KWinTests {
    /// The last blur region `daemon` (run with WAYLAND_DEBUG=1) sent, once it has more than
    /// three bands or 5 s passed.
    static func awaitBlurBands(of daemon: OverlayDaemon) -> [[Int]] {
        var bands: [[Int]] = []
        let deadline = Date().addingTimeInterval(5)
        repeat {
            Thread.sleep(forTimeInterval: 0.2)
            bands = lastBlurRegion(WaylandTrace(daemon.process.stderr.string))
        } while bands.count < 3 && Date() < deadline
        return bands
    }

    /// The rectangles of the last region set on org_kde_kwin_blur: the `wl_region.add`s of that
    /// region object since it was created.
    static func lastBlurRegion(_ trace: WaylandTrace) -> [[Int]] {
        guard let setIndex = trace.messages.lastIndex(where: { $0.sent && $0.interface == "org_kde_kwin_blur" && $0.name == "set_region" }),
              let region = trace.messages[setIndex].integer(0) else { return [] }
        var rects: [[Int]] = []
        for message in trace.messages[..<setIndex].reversed() where message.sent {
            if message.interface == "wl_compositor", message.name == "create_region", message.integer(0) == region { break }
            if message.interface == "wl_region", message.object == region, message.name == "add" {
                rects.insert((0..<4).compactMap { message.integer($0) }, at: 0)
            }
        }
        return rects
    }

    /// A view tree with a rounded `blur` material where KWin blurs: the region set on
    /// org_kde_kwin_blur is the rounded rectangle as bands (trace), and on screen the stripes
    /// under the material are blurred into one tone while just outside its rounded corner, inside
    /// its bounding box, they stay sharp black and white.
    func testARoundedBlurMaterialIsBlurredInsideItsCornersOnly() throws {
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.send("window overlay-wl-stripes 1280 720 stripes")
        let config = try rig.writeScratchFile("rounded.toml", Data("""
            [containers.rounded]
            anchor = ["top", "right"]
            margins = [40, 40, 0, 0]
            width = 400
            height = 300
            auto-dismiss = "never"
            """.utf8))
        let view = try rig.writeScratchFile("rounded-view.json", Data("""
            {"type": "text", "text": " ",
             "modifiers": [{"frame": {"width": 240, "height": 160}}, {"background": {"blur": "regular"}}, {"cornerRadius": 40}]}
            """.utf8))
        let daemon = try startDaemon(["--config", config], environment: ["WAYLAND_DEBUG=1"])
        let shown = try cli(["show", "--container", "rounded", "--view", view, "--no-animation"])
        XCTAssertTrue(shown.succeeded, "\(shown)")

        let bands = Self.awaitBlurBands(of: daemon)
        note("blur region: \(bands)")
        XCTAssertGreaterThan(bands.count, 3, "bands along the arcs, not one rectangle")
        guard bands.count > 3, bands.allSatisfy({ $0.count == 4 }) else { return }
        let x0 = bands.map { $0[0] }.min()!, y0 = bands.map { $0[1] }.min()!
        let x1 = bands.map { $0[0] + $0[2] }.max()!, y1 = bands.map { $0[1] + $0[3] }.max()!
        XCTAssertEqual([x1 - x0, y1 - y0], [240, 160], "the bands span the material's frame")
        XCTAssertEqual(bands.first?[1], y0, "the top band first")
        XCTAssertGreaterThan(bands.first?[0] ?? 0, x0 + 20, "the top row is inset by the 40-point arc")
        XCTAssertTrue(bands.contains { $0[0] == x0 && $0[2] == 240 }, "the straight middle spans the width")

        // On screen: the surface's top-left is (840, 40). Inside: a band 40 points in from every
        // side; outside the arc: 3×3 pixels at the frame's top-left corner (the arc there is ~29 in).
        let inside = { (shot: Screenshot) in shot.region(x: 840 + x0 + 40, y: 40 + y0 + 40, width: 160, height: 80) }
        let shot = try screenshot(within: 5) { Self.isSmooth(inside($0)) }
        XCTAssertTrue(Self.isSmooth(inside(shot)), "the stripes under the material are blurred into one tone")
        var sharp = true
        shot.region(x: 840 + x0 + 1, y: 40 + y0 + 1, width: 3, height: 3).forEach { _, _, c in
            if c.r > 40 && c.r < 215 { sharp = false }
        }
        XCTAssertTrue(sharp, "just outside the rounded corner the stripes stay pure black or white")
    }
}

/// Fractional scale 1.5 on KWin (wp_fractional_scale_v1 + wp_viewport): the buffer is exactly
/// ⌈logical × 1.5⌉ and the viewport's destination exactly the logical size, read from the daemon's
/// WAYLAND_DEBUG trace; on screen the toast's edges are whole device pixels of its colours, as a
/// 1.5× buffer draws them (a 2× buffer scaled down would blend them).
final class KWinFractionalScaleTests: RigTestCase {
    override class var rigCompositor: RigCompositor { .kwin }
    override class var rigScale: String { "1.5" }

    typealias Look = ToastLifecycleTests.Look

    func testBufferIsLogicalTimesOneAndAHalfAndTheViewportLogical() throws {
        let daemon = try startDaemon(environment: ["WAYLAND_DEBUG=1"])
        _ = try rig.notifySend(["-t", "0", "Crisp at 1.5", "text drawn at the output's own scale"])
        let shot = try screenshot(within: 6) { shot in
            guard let box = shot.contentBox else { return false }
            // in place and faded in: the top border at its full colour
            return abs(box.maxX - (1920 - 18)) <= 1 && abs(box.y - 18) <= 1
                && shot.pixel(box.midX, box.y + 1).isClose(to: Look.borderColor)
        }
        XCTAssertEqual(shot.width, 1920, "1280 logical × 1.5 device pixels")

        let trace = WaylandTrace(daemon.process.stderr.string)
        XCTAssertTrue(trace.received("wp_fractional_scale_v1", "preferred_scale").contains { $0.integer(0) == 180 },
                      "KWin prefers 180/120 = 1.5")
        XCTAssertTrue(trace.sent("wl_surface", "set_buffer_scale").allSatisfy { $0.integer(0) == 1 },
                      "no integer buffer scale under a viewport")
        let attached = Self.viewportAttaches(trace)
        for a in attached {
            let expected = ((a.logical.0 * 3 + 1) / 2, (a.logical.1 * 3 + 1) / 2)  // ⌈logical × 1.5⌉
            XCTAssertTrue(a.buffer == expected, "buffer \(a.buffer) for logical \(a.logical): expected \(expected)")
        }
        XCTAssertTrue(attached.contains { $0.logical.0 == 360 }, "the viewport is the 360-point column: \(attached)")

        // Crisp edges: the 2-point border is 3 device pixels of exactly its colour, black outside
        // and the toast's background inside, at mid-height on the right edge.
        let box = try XCTUnwrap(shot.contentBox)
        note("toast box \(box)")
        assertNear(box.width, 540, tolerance: 1, "360 points × 1.5")
        let y = box.midY
        assertColor(shot, box.maxX, y, .black, "outside the right edge")
        for dx in 1...3 { assertColor(shot, box.maxX - dx, y, Look.borderColor, "border pixel \(dx) of 3") }
        assertColor(shot, box.maxX - 4, y, Look.background, "inside the border")
        assertColor(shot, box.midX, box.y + 1, Look.borderColor, "top border")
        assertColor(shot, box.midX, box.y + 3, Look.background, "below the top border")
    }

    /// KWin's output goes from 1.5 to 2 at runtime (kde_output_management_v2, through the test
    /// input tool): KWin sends preferred_scale 240, the daemon draws a 2× buffer under the same
    /// viewport, and the toast on screen is 720 device pixels wide, 24 from the right edge.
    func testAScaleChangeAtRuntimeIsFollowed() throws {
        let daemon = try startDaemon(environment: ["WAYLAND_DEBUG=1"])
        let tool = try VirtualPointer(rig: rig)
        addTeardownBlock {
            try? tool.send("scale 1.5")  // the class's other cases expect 1.5
            tool.stop()
        }
        _ = try rig.notifySend(["-t", "0", "Rescaled", "drawn again at the new scale"])
        _ = try screenshot(within: 6) { $0.contentBox.map { abs($0.width - 540) <= 1 } ?? false }
        try tool.send("scale 2")
        let shot = try screenshot(within: 6) { $0.contentBox.map { abs($0.width - 720) <= 1 } ?? false }
        let box = try XCTUnwrap(shot.contentBox)
        assertNear(box.width, 720, tolerance: 1, "360 points × 2")
        assertNear(box.maxX, 1920 - 24, tolerance: 1, "12 points from the right edge")

        let trace = WaylandTrace(daemon.process.stderr.string)
        let preferred = trace.received("wp_fractional_scale_v1", "preferred_scale").compactMap { $0.integer(0) }
        XCTAssertEqual(preferred.last, 240, "KWin prefers 240/120 = 2 now: \(preferred)")
        let last = try XCTUnwrap(Self.viewportAttaches(trace).last, "a buffer under the viewport")
        XCTAssertTrue(last.buffer == (last.logical.0 * 2, last.logical.1 * 2),
                      "the last buffer \(last.buffer) is twice its logical size \(last.logical)")
    }

    /// Each buffer attached to a surface with a viewport, with that viewport's destination then.
    static func viewportAttaches(_ trace: WaylandTrace) -> [(buffer: (Int, Int), logical: (Int, Int))] {
        var bufferSizes: [Int: (Int, Int)] = [:], surfaceOfViewport: [Int: Int] = [:]
        var destination: [Int: (Int, Int)] = [:], result: [(buffer: (Int, Int), logical: (Int, Int))] = []
        for m in trace.messages where m.sent {
            switch (m.interface, m.name) {
            case ("wl_shm_pool", "create_buffer"):
                if let id = m.integer(0), let w = m.integer(2), let h = m.integer(3) { bufferSizes[id] = (w, h) }
            case ("wp_viewporter", "get_viewport"):
                if let viewport = m.integer(0), let surface = m.integer(1) { surfaceOfViewport[viewport] = surface }
            case ("wp_viewport", "set_destination"):
                if let surface = surfaceOfViewport[m.object], let w = m.integer(0), let h = m.integer(1) {
                    destination[surface] = (w, h)
                }
            case ("wl_surface", "attach"):
                if let buffer = m.integer(0), let size = bufferSizes[buffer], let logical = destination[m.object] {
                    result.append((size, logical))
                }
            default: break
            }
        }
        return result
    }
}
