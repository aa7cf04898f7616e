import Foundation
import XCTest

/// body-hyperlinks, body-images and action-icons on real toasts: a click on a link runs the
/// configured opener (and nothing else), images are drawn inline or replaced by their alt
/// text, action icons come from the icon theme.
final class NotificationBodyTests: RigTestCase {
    static let link = RGBA(hex: 0x88C0D0)       // ToastStyle.linkColor
    static let bodyText = RGBA(hex: 0xD8DEE9)   // ToastStyle.bodyColor
    static let red = RGBA(hex: 0xE01010)
    static let green = RGBA(hex: 0x10C040)

    /// A config whose link opener appends its arguments, one `[arg]` each, as a line to `log`.
    func openerConfig(log: String) throws -> String {
        let script = try rig.writeScratchFile("opener-\(UUID().uuidString.prefix(6)).sh", Data("""
            printf '[%s]' "$@" >> '\(log)'
            echo >> '\(log)'
            """.utf8))
        return """
            [general]
            link-opener = ["/bin/sh", "\(script)"]
            """
    }

    /// Boxes of link-coloured pixels in the toast, left to right, split where a gap of 20+ px
    /// of other colours separates them (one per link on a line; words in a link are closer).
    func linkBoxes(_ shot: Screenshot) -> [PixelRect] {
        guard let toast = shot.contentBox else { return [] }
        var columns: [Int] = []
        shot.region(toast).forEach { x, _, c in if c.isClose(to: Self.link, tolerance: 12) { columns.append(x) } }
        var groups: [[Int]] = []
        for x in Set(columns).sorted() {
            if let last = groups.last?.last, x - last < 20 { groups[groups.count - 1].append(x) } else { groups.append([x]) }
        }
        return groups.compactMap { g in
            shot.region(PixelRect(x: g.first!, y: toast.y, width: g.last! - g.first! + 1, height: toast.height))
                .boundingBox { $0.isClose(to: Self.link, tolerance: 12) }
        }
    }

    /// The unsafe link is clicked first, then the safe one: the opener's log then holds exactly
    /// the safe URL (clicks are handled in order), the toast stays and "default" is never invoked.
    func testClickingALinkRunsTheOpenerOnlyForSafeSchemes() throws {
        let log = "\(rig.shotsDirectory)/opened-\(UUID().uuidString.prefix(6)).log"
        let (daemon, _) = try startDaemon(config: try openerConfig(log: log))
        let monitor = try startSignalMonitor()
        let url = "https://example.org/a?b=1&c='x y'"
        let body = "<a href=\"javascript:alert(1)\">unsafe link</a> and then <a href=\"https://example.org/a?b=1&amp;c='x y'\">safe link</a>"
        let id = try rig.notify(summary: "Links", body: body, actions: ["default", "Open"], expireTimeout: 0)
        let shot = try settledScreenshot(within: 3) { self.linkBoxes($0).count == 2 }
        let boxes = linkBoxes(shot)
        XCTAssertEqual(boxes.count, 2, "two links drawn in the link colour: \(boxes)")
        guard boxes.count == 2 else { return }
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.click(boxes[0].midX, boxes[0].midY)
        try pointer.click(boxes[1].midX, boxes[1].midY)
        XCTAssertEqual(lines(log, atLeast: 1), ["[\(url)]"], "the opener gets the safe URL as one argument, and only it")

        // The toast is still there and clickable: a click beside the links invokes "default";
        // that must be the only ActionInvoked (a link click that fell through to the toast would
        // have invoked "default" first, or dismissed it so that this click finds nothing).
        let toast = try XCTUnwrap(shot.contentBox)
        try pointer.click(toast.maxX - 20, boxes[1].midY)
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { if case .actionInvoked(id, "default") = $0 { return true }; return false },
                        "the toast stayed and its default action still works: \(monitor.events)")
        let invoked = monitor.events.filter { if case .actionInvoked(id, _) = $0 { return true }; return false }
        XCTAssertEqual(invoked.count, 1, "link clicks invoke nothing: \(monitor.events)")
        XCTAssertTrue(daemon.process.output.stderr.contains("scheme 'javascript'")
                      || daemon.process.output.stdout.contains("scheme 'javascript'"),
                      "the refused link is logged: \(daemon.process.output)")
    }

    /// A 40×30 red PNG in the body: exactly a 40×30 red box inside the toast (the rig is at
    /// scale 1), below the summary, in the text column; its centre and corners are red.
    func testBodyImageIsDrawnInline() throws {
        _ = try startDaemon()
        let path = try redPNG(width: 40, height: 30)
        _ = try rig.notify(summary: "Image body", body: "look: <img src=\"file://\(path)\" alt=\"ALT\"/> done", expireTimeout: 0)
        let shot = try settledScreenshot(within: 3) { $0.contentBox.map { $0.height > 60 } ?? false }
        let toast = try XCTUnwrap(shot.contentBox)
        let box = try XCTUnwrap(shot.region(toast).boundingBox { $0.isClose(to: Self.red, tolerance: 6) }, "no image pixels")
        XCTAssertEqual([box.width, box.height], [40, 30], "drawn at its own size: \(box)")
        for (x, y) in [(box.x, box.y), (box.maxX - 1, box.maxY - 1), (box.midX, box.midY)] {
            assertColor(shot, x, y, Self.red, tolerance: 6, "image pixel (\(x), \(y))")
        }
        XCTAssertGreaterThan(box.y - toast.y, 20, "below the summary line")
        XCTAssertGreaterThan(box.x - toast.x, 40, "after the text 'look:'")
    }

    /// A missing file shows the alt text instead (body-coloured glyph pixels), and the daemon stays.
    func testMissingBodyImageShowsItsAltText() throws {
        let daemon = try startDaemon()
        _ = try rig.notify(summary: "Missing image", body: "<img src=\"/no/such/picture.png\" alt=\"ALT TEXT HERE\"/>",
                           expireTimeout: 0)
        let shot = try settledScreenshot(within: 3) { $0.contentBox != nil }
        let toast = try XCTUnwrap(shot.contentBox)
        let bodyArea = PixelRect(x: toast.x + 14, y: toast.y + 34, width: toast.width - 28, height: toast.height - 48)
        XCTAssertGreaterThan(shot.region(bodyArea).count { $0.isClose(to: Self.bodyText, tolerance: 24) }, 20,
                             "alt text drawn in the body area \(bodyArea)")
        XCTAssertTrue(daemon.isRunning)
        XCTAssertNoThrow(try rig.gdbusCall("GetServerInformation", []))
        XCTAssertTrue((daemon.process.output.stdout + daemon.process.output.stderr).contains("picture.png"),
                      "the failure is logged: \(daemon.process.output)")
    }

    /// `action-icons`: a key with an icon in the theme (a green 24 px PNG in a test hicolor
    /// theme under XDG_DATA_DIRS) draws the icon in its button; a key without one keeps its label.
    func testActionIconsFromTheThemeWithLabelFallback() throws {
        let data = "\(rig.shotsDirectory)/data-\(UUID().uuidString.prefix(6))"
        let dir = "\(data)/icons/hicolor/24x24/actions"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var walk = dir
        while walk.count > rig.shotsDirectory.count { chmod(walk, 0o755); walk = (walk as NSString).deletingLastPathComponent }
        try Data("[Icon Theme]\nName=Hicolor\nDirectories=24x24/actions\n\n[24x24/actions]\nSize=24\nType=Threshold\n".utf8)
            .write(to: URL(fileURLWithPath: "\(data)/icons/hicolor/index.theme"))
        chmod("\(data)/icons/hicolor/index.theme", 0o644)
        try FileManager.default.copyItem(atPath: try solidPNG(width: 24, height: 24, color: Self.green),
                                         toPath: "\(dir)/test-reply.png")
        chmod("\(dir)/test-reply.png", 0o644)
        _ = try startDaemon(environment: ["XDG_DATA_DIRS=\(data):/usr/share"])
        _ = try rig.notify(summary: "Icons", actions: ["test-reply", "Reply", "no-such-icon-xyz", "Fallback"],
                           hints: "{'action-icons': <true>}", expireTimeout: 0)
        let shot = try settledScreenshot(within: 3) { $0.contentBox != nil }
        let toast = try XCTUnwrap(shot.contentBox)
        let buttons = shot.region(toast).boundingBox { $0.isClose(to: RGBA(hex: 0x3B4252), tolerance: 2) }
        let row = try XCTUnwrap(buttons, "no action buttons")
        let icon = try XCTUnwrap(shot.region(row).boundingBox { $0.isClose(to: Self.green, tolerance: 6) }, "no icon pixels")
        XCTAssertEqual([icon.width, icon.height], [20, 20], "the icon at the action icon size: \(icon)")
        XCTAssertLessThan(icon.maxX, row.midX, "in the first button")
        let second = PixelRect(x: row.midX + 8, y: row.y, width: row.maxX - row.midX - 8, height: row.height)
        XCTAssertGreaterThan(shot.region(second).count { $0.isClose(to: RGBA(hex: 0xECEFF4), tolerance: 30) }, 10,
                             "the second button shows its label")
    }

    func redPNG(width: Int, height: Int) throws -> String { try solidPNG(width: width, height: height, color: Self.red) }
}
