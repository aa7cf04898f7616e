import Foundation
import XCTest

/// End-to-end: the daemon follows the desktop's settings portal (a fake one on the rig's
/// private bus, `scripts/fake-settings-portal.py`): light and dark, high contrast, the accent
/// colour and reduced motion, changed live without a restart, and a portal that never answers.
final class DesktopSettingsTests: RigTestCase {
    static let darkBackground = RGBA(hex: 0x2B303B)
    static let lightBackground = RGBA(hex: 0xF5F7FA)
    static let margin = 12, width = 360

    private var portal: RunningProcess?

    override func tearDown() {
        portal?.stop()
        portal = nil
        super.tearDown()
    }

    static let gnome = "org.gnome.desktop.interface", kdeIcons = "org.kde.kdeglobals.Icons"

    /// Starts the fake portal with `values` (namespace org.freedesktop.appearance: KEY TYPE VALUE…;
    /// `other`, NAMESPACE KEY TYPE VALUE) and waits until it owns its name.
    private func startPortal(_ options: [String] = [], _ values: [(String, String, String)] = [],
                             other: [(String, String, String, String)] = []) throws {
        let script = try String(contentsOfFile: "\(Rig.repoRoot)/scripts/fake-settings-portal.py", encoding: .utf8)
        let path = try rig.writeScratchFile("fake-settings-portal.py", Data(script.utf8))
        let arguments = values.flatMap { ["org.freedesktop.appearance", $0.0, $0.1, $0.2] }
            + other.flatMap { [$0.0, $0.1, $0.2, $0.3] }
        portal = try rig.spawn(["/usr/bin/python3", path] + options + arguments)
        let deadline = Date().addingTimeInterval(5)
        while !rig.nameHasOwner("org.freedesktop.portal.Desktop") {
            guard Date() < deadline, portal!.isRunning else {
                portal!.drain()
                throw HarnessError.failed("fake portal did not start: \(portal!.output)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Changes a value on the portal, which emits SettingChanged.
    private func setPortal(_ key: String, _ gvariant: String, namespace: String = "org.freedesktop.appearance") throws {
        let out = rig.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Desktop",
                           "--object-path", "/org/freedesktop/portal/desktop", "--method", "org.overlaywl.FakePortal.Set",
                           namespace, key, gvariant])
        guard out.succeeded else { throw HarnessError.failed("setting \(key) on the fake portal: \(out)") }
    }

    /// The toast's box: everything not black in the top-right band where toasts rest.
    private func toastBox(_ shot: Screenshot) -> PixelRect? {
        shot.region(x: shot.width - Self.width - 3 * Self.margin, y: 0, width: Self.width + 3 * Self.margin,
                    height: shot.height / 2).boundingBox(where: { !$0.isBlack })
    }

    /// The colour inside the border, in the left padding at mid-height (no text there).
    private func padding(_ shot: Screenshot) -> RGBA? {
        guard let box = toastBox(shot), box.width >= Self.width - 2 else { return nil }
        return shot.pixel(box.x + 6, box.midY)
    }

    private func waitForPadding(_ color: RGBA, within timeout: TimeInterval = 3) throws -> Screenshot {
        try settledScreenshot(within: timeout) { self.padding($0)?.isClose(to: color) == true }
    }

    func testTheToastFollowsTheColorSchemeLive() throws {
        try startPortal([], [("color-scheme", "u", "2")])
        let daemon = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "Scheme", "follows the desktop"])
        var shot = try waitForPadding(Self.lightBackground)
        XCTAssertEqual(padding(shot), Self.lightBackground, "light background (color-scheme 2)")
        // Dark text on the light background: the summary's darkest pixels are near #1E222A.
        let box = try XCTUnwrap(toastBox(shot))
        let text = shot.region(x: box.x + 14, y: box.y + 14, width: 200, height: 16)
        XCTAssertTrue(text.count(where: { $0.distance(to: RGBA(hex: 0x1E222A)) <= 40 }) > 20, "no dark summary text: \(text.histogram())")

        try setPortal("color-scheme", "<uint32 1>")
        shot = try waitForPadding(Self.darkBackground)
        XCTAssertEqual(padding(shot), Self.darkBackground, "dark background after SettingChanged (color-scheme 1)")
        try setPortal("color-scheme", "<uint32 2>")
        shot = try waitForPadding(Self.lightBackground)
        XCTAssertEqual(padding(shot), Self.lightBackground, "light again")
        XCTAssertTrue(daemon.isRunning, "the daemon was not restarted")
    }

    func testHighContrastAndTheAccentColour() throws {
        try startPortal([], [("color-scheme", "u", "1"), ("contrast", "u", "1"), ("accent-color", "rgb", "0,0,1")])
        _ = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "-u", "critical", "Contrast", "higher"])
        // High contrast, dark: a white border around a black toast with white text; the critical
        // bar (6 px inside the 2 px border) in the desktop's accent, pure blue.
        let shot = try settledScreenshot(within: 3) { shot in
            guard let box = self.toastBox(shot) else { return false }
            return shot.pixel(box.x, box.midY) == RGBA(hex: 0xFFFFFF) && shot.pixel(box.x + 4, box.midY) == RGBA(hex: 0x0000FF)
        }
        let box = try XCTUnwrap(toastBox(shot))
        assertColor(shot, box.x, box.midY, RGBA(hex: 0xFFFFFF), "white border")
        assertColor(shot, box.x + 4, box.midY, RGBA(hex: 0x0000FF), "accent bar")
        assertColor(shot, box.x + 10, box.midY, RGBA(hex: 0x000000), "black background")
        let text = shot.region(x: box.x + 14, y: box.y + 14, width: 200, height: 16)
        XCTAssertTrue(text.count(where: { $0 == RGBA(hex: 0xFFFFFF) }) > 20, "no white text: \(text.histogram())")

        try setPortal("contrast", "<uint32 0>")
        let normal = try settledScreenshot(within: 3) { self.toastBox($0).map { $0.width >= Self.width - 2 } == true
            && $0.pixel(self.toastBox($0)!.x + 10, self.toastBox($0)!.midY).isClose(to: Self.darkBackground) }
        let after = try XCTUnwrap(toastBox(normal))
        assertColor(normal, after.x + 10, after.midY, Self.darkBackground, "normal contrast after SettingChanged")
        assertColor(normal, after.x + 4, after.midY, RGBA(hex: 0x0000FF), "the accent stays")
    }

    /// Toasts that slide in from the right over a second: with reduced motion on they fade in
    /// place (every frame has the toast at its resting x), and sliding comes back when it is off.
    func testReducedMotionFadesInPlaceInsteadOfSliding() throws {
        let config = try rig.writeScratchFile("slide.toml", Data("""
            [containers.notifications]
            transition = "move-trailing"
            animation = "linear:1"
            """.utf8))
        try startPortal([], [("reduced-motion", "u", "1")])
        _ = try startDaemon(["--config", config])
        let restingMinX = try rig.outputSize().width - Self.margin - Self.width

        /// The toast's left edge in every screenshot taken while it comes in.
        func leftEdges(during seconds: TimeInterval, summary: String) throws -> (id: UInt32, edges: [Int]) {
            let id = try rig.notifySend(["-t", "0", summary, "moves or not"])
            var found: [Int] = []
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if let box = toastBox(try screenshot()) { found.append(box.x) }
            }
            return (id, found)
        }
        let reduced = try leftEdges(during: 1, summary: "Reduced")
        note("left edges with reduced motion: \(reduced.edges)")
        XCTAssertFalse(reduced.edges.isEmpty)
        XCTAssertTrue(reduced.edges.allSatisfy { abs($0 - restingMinX) <= 1 }, "the toast moved: left edges \(reduced.edges)")

        // The control: with reduced motion off the next toast slides in from the right.
        try rig.closeNotification(reduced.id)
        _ = try screenshot(within: 3) { self.toastBox($0) == nil }
        try setPortal("reduced-motion", "<uint32 0>")
        Thread.sleep(forTimeInterval: 0.3)
        let full = try leftEdges(during: 1.2, summary: "Full")
        note("left edges with full motion: \(full.edges)")
        XCTAssertTrue(full.edges.contains { $0 > restingMinX + 20 }, "the toast did not slide in: left edges \(full.edges)")
    }

    /// The icon theme GNOME's settings name (which GTK's and GNOME's portals offer): a toast's
    /// icon comes from it, and from the new one when it changes.
    func testToastIconsComeFromThePortalsIconThemeAndFollowItsChanges() throws {
        try checkToastIconsFollowThePortal(namespace: Self.gnome, key: "icon-theme")
    }

    /// The same through the setting Plasma's portal (xdg-desktop-portal-kde) offers, kdeglobals'
    /// `[Icons] Theme`, which it announces when the user picks another theme.
    func testToastIconsComeFromPlasmasIconThemeAndFollowItsChanges() throws {
        try checkToastIconsFollowThePortal(namespace: Self.kdeIcons, key: "Theme")
    }

    /// The test theme (under the daemon's `XDG_DATA_DIRS`) has `badge`, an orange ring; Adwaita
    /// has no such icon: the toast shows it while the portal's `namespace` `key` names the test
    /// theme, and none once it names Adwaita.
    private func checkToastIconsFollowThePortal(namespace: String, key: String) throws {
        let share = "\(rig.shotsDirectory)/share", theme = "\(share)/icons/OverlayTest"
        try? FileManager.default.removeItem(atPath: share)  // another test's
        try FileManager.default.createDirectory(atPath: "\(theme)/48x48/apps", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let fixtures = "\(Rig.repoRoot)/Tests/OverlayRendererTests/Golden/assets/icons/OverlayTest"
        for file in ["index.theme", "48x48/apps/badge.png"] {
            try FileManager.default.copyItem(atPath: "\(fixtures)/\(file)", toPath: "\(theme)/\(file)")
            chmod("\(theme)/\(file)", 0o644)
        }
        for folder in [share, "\(share)/icons", theme, "\(theme)/48x48"] { chmod(folder, 0o755) }
        try startPortal([], other: [(namespace, key, "s", "OverlayTest")])
        _ = try startDaemon(environment: ["XDG_DATA_DIRS=\(share):/usr/share"])
        _ = try rig.notifySend(["-t", "0", "-i", "badge", "Themed", "an icon from the desktop's icon theme"])
        func orangePixels(_ shot: Screenshot) -> Int {
            guard let box = toastBox(shot) else { return 0 }
            return shot.region(x: box.x, y: box.y, width: box.width, height: box.height)
                .count(where: { $0.r > 180 && $0.g > 80 && $0.g < 200 && $0.b < 90 })
        }
        let themed = try settledScreenshot(within: 3) { orangePixels($0) > 100 }
        XCTAssertGreaterThan(orangePixels(themed), 100, "the badge from OverlayTest")
        try setPortal(key, "<'Adwaita'>", namespace: namespace)
        let plain = try settledScreenshot(within: 3) { orangePixels($0) == 0 && self.toastBox($0) != nil }
        XCTAssertEqual(orangePixels(plain), 0, "Adwaita has no badge: the toast shows none")
    }

    func testAPortalThatNeverAnswersDoesNotHoldTheDaemonBack() throws {
        try startPortal(["--silent"])
        let started = Date()
        let daemon = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "Silent portal", "no answer"])
        let shot = try waitForPadding(Self.darkBackground, within: 2)
        XCTAssertEqual(padding(shot), Self.darkBackground, "the built-in dark look")
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "start-up and the first toast took too long")
        let deadline = Date().addingTimeInterval(3)
        while !daemon.process.output.stderr.contains("no settings portal"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(daemon.process.output.stderr.contains("no settings portal"), "the timeout was not reported: \(daemon.process.output)")
    }

    func testAPortalThatStartsAfterTheDaemonIsFollowed() throws {
        _ = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "No portal yet", "then one"])
        _ = try waitForPadding(Self.darkBackground)
        try startPortal([], [("color-scheme", "u", "2")])
        let shot = try waitForPadding(Self.lightBackground)
        XCTAssertEqual(padding(shot), Self.lightBackground, "read when the portal took its name")
    }

    func testAnOlderPortalIsReadWithRead() throws {
        try startPortal(["--version", "1"], [("color-scheme", "u", "2")])
        _ = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "Version 1", "Read, not ReadOne"])
        let shot = try waitForPadding(Self.lightBackground)
        XCTAssertEqual(padding(shot), Self.lightBackground)
    }
}
