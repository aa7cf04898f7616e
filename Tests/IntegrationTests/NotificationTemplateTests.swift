import Foundation
import XCTest

/// Notification templates end to end on headless sway: a rule choosing `compact` for one app,
/// `hero` with an image path, and a click on a templated toast's action button.
final class NotificationTemplateTests: RigTestCase {
    @discardableResult
    private func startDaemon(rules: String) throws -> OverlayDaemon {
        let config = try rig.writeScratchFile("templates-\(UUID().uuidString.prefix(8)).toml", Data(rules.utf8))
        return try startDaemon(["--config", config])
    }

    /// The toast on screen once it has settled (the wallpaper is black).
    private func settledToast() throws -> (Screenshot, PixelRect) {
        let shot = try settledScreenshot(within: 5) { $0.contentBox != nil }
        return (shot, try XCTUnwrap(shot.contentBox, "nothing drawn"))
    }

    /// A rule sends "chat" to `compact`: its toast is one line, 36 px high (2 px border, 32 inside)
    /// and 360 wide whatever its body; the same notification from another app is the default
    /// toast, taller (summary and a wrapped body).
    func testARuleChoosesCompactForOneApp() throws {
        try startDaemon(rules: """
            [[rules]]
            app-name = "^chat$"
            template = "compact"
            """)
        let body = "Are we still on for lunch today? I booked the table by the window for half past twelve."
        _ = try rig.notifySend(["-a", "chat", "-t", "0", "Ana", body])
        let (_, compact) = try settledToast()
        XCTAssertEqual(compact.width, 360, "compact toast \(compact)")
        XCTAssertEqual(compact.height, 36, "compact toast \(compact): one line")
        XCTAssertTrue(try cli(["dismiss-all"]).succeeded)
        _ = try screenshot(within: 3) { $0.contentBox == nil }
        _ = try rig.notifySend(["-a", "mail", "-t", "0", "Ana", body])
        let (_, toast) = try settledToast()
        XCTAssertGreaterThan(toast.height, 60, "the default toast of another app \(toast)")
    }

    /// `hero` with an image path: the image (solid #C000C0, drawn to fill 332 × 160) is the top
    /// of the toast, inside the 2 px border and 12 px padding, with the summary under it.
    func testHeroShowsTheImageOnTop() throws {
        try startDaemon(rules: """
            [[rules]]
            app-name = "^photos$"
            template = "hero"
            """)
        let png = try rig.writeScratchFile("hero.png", Self.solidPNG(width: 64, height: 40, rgb: (0xC0, 0x00, 0xC0)))
        _ = try rig.notifySend(["-a", "photos", "-t", "0", "-h", "string:image-path:\(png)", "Sunset", "Taken just now"])
        let (shot, toast) = try settledToast()
        // Mostly magenta: the image's scaled edges blend over a pixel or three with the background.
        let magenta = { (c: RGBA) in c.r >= 0x70 && c.g <= 0x40 && c.b >= 0x70 }
        let image = try XCTUnwrap(shot.region(toast).boundingBox(where: magenta), "no image drawn in \(toast)")
        assertNear(image.y - toast.y, 14, tolerance: 1, "image top below the border and padding")
        assertNear(image.x - toast.x, 14, tolerance: 2, "image leading edge")
        assertNear(image.width, 332, tolerance: 4, "image width")
        assertNear(image.height, 160, tolerance: 1, "image height")
        // The summary's light text is below the image, not beside or above it.
        let below = shot.region(x: toast.x, y: image.maxY + 1, width: toast.width, height: toast.maxY - image.maxY - 1)
        XCTAssertGreaterThan(below.count { $0.isClose(to: RGBA(hex: 0xECEFF4), tolerance: 40) }, 20, "summary text under the image")
        let above = shot.region(x: toast.x + 3, y: toast.y + 3, width: toast.width - 6, height: image.y - toast.y - 3)
        XCTAssertEqual(above.count { $0.isClose(to: RGBA(hex: 0xECEFF4), tolerance: 40) }, 0, "nothing but padding above the image")
    }

    /// A click with the virtual pointer on a templated toast's button (#3B4252, the theme's button
    /// colour) invokes that action: the sender sees ActionInvoked, then NotificationClosed 2.
    func testAClickOnATemplatedButtonInvokesTheAction() throws {
        try startDaemon(rules: """
            [[rules]]
            app-name = "^build$"
            template = "default"
            """)
        let monitor = try startSignalMonitor()
        let id = try rig.notify(app: "build", summary: "Build failed", body: "3 errors",
                                actions: ["default", "Open", "log", "Show log", "retry", "Retry"], expireTimeout: 0)
        let buttonColour = { (c: RGBA) in c.isClose(to: RGBA(hex: 0x3B4252), tolerance: 2) }
        let shot = try settledScreenshot(within: 5) { shot in
            shot.contentBox.map { shot.region($0).boundingBox(where: buttonColour) != nil } ?? false
        }
        let toast = try XCTUnwrap(shot.contentBox)
        let buttons = try XCTUnwrap(shot.region(toast).boundingBox(where: buttonColour), "no action buttons drawn")
        // Two equal buttons 6 px apart across the content width: "retry" is the right one.
        assertNear(buttons.width, 332, tolerance: 1, "the row of buttons")
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.click(buttons.maxX - 20, buttons.midY)
        XCTAssertNotNil(monitor.waitFor(timeout: 3) { if case .actionInvoked(id, "retry") = $0 { return true }; return false },
                        "clicking the right button must invoke 'retry': \(monitor.events)")
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2)
    }

    /// The default template with the container's close button and a link in the body: a click
    /// on the link runs the link opener (the notification stays), a click on the × (#D8DEE9, top
    /// right) closes it with reason 2 and invokes nothing.
    func testATemplatedToastsLinkAndCloseButtonAreClickable() throws {
        let log = "\(rig.shotsDirectory)/template-links-\(UUID().uuidString.prefix(6)).log"
        let script = try rig.writeScratchFile("opener-\(UUID().uuidString.prefix(6)).sh", Data("""
            printf '[%s]' "$@" >> '\(log)'
            echo >> '\(log)'
            """.utf8))
        try startDaemon(rules: """
            [general]
            link-opener = ["/bin/sh", "\(script)"]

            [containers.notifications]
            close-button = true

            [[rules]]
            template = "default"
            """)
        let monitor = try startSignalMonitor()
        let id = try rig.notify(summary: "Docs", body: "Read <a href=\"https://example.org/notes\">the release notes</a> now",
                                actions: ["default", "Open"], expireTimeout: 0)
        let linkColour = { (c: RGBA) in c.isClose(to: RGBA(hex: 0x88C0D0), tolerance: 12) }
        let shot = try settledScreenshot(within: 5) { shot in
            shot.contentBox.map { shot.region($0).boundingBox(where: linkColour) != nil } ?? false
        }
        let toast = try XCTUnwrap(shot.contentBox)
        let link = try XCTUnwrap(shot.region(toast).boundingBox(where: linkColour), "no link drawn")
        let corner = shot.region(x: toast.maxX - 40, y: toast.y, width: 40, height: 40)
        let cross = try XCTUnwrap(corner.boundingBox { $0.isClose(to: RGBA(hex: 0xD8DEE9), tolerance: 30) }, "no close button drawn")
        assertNear(cross.maxX, toast.maxX - 14 - 4, tolerance: 2, "the × inside the border and padding")
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.click(link.midX, link.midY)
        XCTAssertEqual(lines(log, atLeast: 1), ["[https://example.org/notes]"], "the opener gets the link")
        try pointer.click(cross.midX, cross.midY)
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2)
        XCTAssertFalse(monitor.events.contains { if case .actionInvoked = $0 { true } else { false } },
                       "neither click invokes an action: \(monitor.events)")
    }

    /// A template file with a mistake: the daemon logs the file and the JSON path, draws the
    /// notification as the default toast (its button row in #3B4252 under the text, not one
    /// line) and goes on answering.
    func testABrokenTemplateFallsBackToTheDefaultToast() throws {
        let card = try rig.writeScratchFile("card-\(UUID().uuidString.prefix(8)).json",
                                            Data(#"{"type": "vstack", "children": [{"type": "text", "text": "{summary}", "wraps": "yes"}]}"#.utf8))
        let daemon = try startDaemon(rules: """
            [templates.card]
            file = "\(card)"

            [[rules]]
            app-name = "^chat$"
            template = "card"
            """)
        _ = try rig.notify(app: "chat", summary: "Ana", body: "Lunch?", actions: ["ok", "OK"], expireTimeout: 0)
        let (shot, toast) = try settledToast()
        XCTAssertEqual(toast.width, 360, "the default toast \(toast)")
        XCTAssertNotNil(shot.region(toast).boundingBox { $0.isClose(to: RGBA(hex: 0x3B4252), tolerance: 2) }, "the toast's button row")
        XCTAssertTrue(try cli(["list"]).succeeded, "the daemon answers")
        XCTAssertTrue(daemon.isRunning)
        let log = daemon.process.output.stderr
        XCTAssertTrue(log.contains("template 'card' not used") && log.contains(card) && log.contains("$.children[0].wraps"),
                      "the log names the template, its file and the JSON path: \(log)")
    }

    /// A PNG of one colour (zlib "stored" blocks, so no compressor is needed).
    static func solidPNG(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height { raw.append(0); for _ in 0..<width { raw += [rgb.0, rgb.1, rgb.2] } }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            zlib.append(offset + n == raw.count ? 1 : 0)
            zlib += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian(b << 16 | a)
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(png)
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
