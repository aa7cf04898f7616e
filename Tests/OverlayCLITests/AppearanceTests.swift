// The desktop's appearance settings: reading the portal's values, the precedence of config,
// portal and GTK_THEME, and the daemon drawing in the theme chosen.
import DBusService
import Foundation
import Glibc
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

struct AppearanceTests {
    @Test func portalValuesAreReadWhateverTheirVariantNesting() {
        let appearance = "org.freedesktop.appearance", gnome = "org.gnome.desktop.interface", kde = "org.kde.kdeglobals.Icons"
        var desktop = DesktopAppearance()
        let known = [desktop.set(appearance, "color-scheme", .variant(.uint32(1))),       // ReadOne
                     desktop.set(appearance, "contrast", .variant(.variant(.uint32(1))))]  // Read: one variant more
        #expect(known == [true, true])
        desktop.set(appearance, "reduced-motion", .uint32(1))                              // SettingChanged
        desktop.set(appearance, "accent-color", .variant(.structure([.double(0.2), .double(0.4), .double(1)])))
        desktop.set(kde, "Theme", .variant(.string("breeze")))
        #expect(desktop.iconTheme == "breeze", "Plasma's theme while GNOME's is unset")
        desktop.set(gnome, "icon-theme", .variant(.string("Papirus")))
        #expect(desktop == DesktopAppearance(colorScheme: 1, contrast: 1, reducedMotion: 1,
                                             accent: Color(red: 0.2, green: 0.4, blue: 1), gnomeIconTheme: "Papirus", kdeIconTheme: "breeze"))
        #expect(desktop.iconTheme == "Papirus", "GNOME's before Plasma's")
        let unknown = [desktop.set(appearance, "icon-theme", .string("Adwaita")), desktop.set(gnome, "color-scheme", .uint32(1))]
        #expect(unknown == [false, false])
        // Wrong types, out-of-range accents (the portal's "unset") and names that are no folder clear the value.
        desktop.set(appearance, "color-scheme", .string("dark"))
        desktop.set(appearance, "accent-color", .structure([.double(-1), .double(0), .double(0)]))
        desktop.set(gnome, "icon-theme", .string("../../etc"))
        desktop.set(kde, "Theme", .uint32(3))
        #expect(desktop.colorScheme == nil && desktop.accent == nil && desktop.iconTheme == nil)
    }

    @Test func theConfigWinsThenThePortalThenGtkTheme() {
        var config = AppearanceSettings()
        let dark = DesktopAppearance(colorScheme: 1, contrast: 0, reducedMotion: 0)
        let light = DesktopAppearance(colorScheme: 2, contrast: 1, reducedMotion: 1)
        // Nothing said anywhere: the built-in dark look, full motion.
        var chosen = AppearanceResolver.resolve(config, desktop: DesktopAppearance(), gtkTheme: nil)
        #expect(chosen.theme == ToastTheme.standard && chosen.motion == .full)
        // The portal.
        chosen = AppearanceResolver.resolve(config, desktop: light, gtkTheme: "Adwaita:dark")
        #expect(chosen.theme == ToastTheme(scheme: .light, highContrast: true) && chosen.motion == .reduced)
        // GTK_THEME when the portal has no preference or is absent.
        #expect(AppearanceResolver.resolve(config, desktop: DesktopAppearance(colorScheme: 0), gtkTheme: "Adwaita").theme.scheme == .light)
        #expect(AppearanceResolver.resolve(config, desktop: DesktopAppearance(), gtkTheme: "Adwaita:dark").theme.scheme == .dark)
        #expect(AppearanceResolver.resolve(config, desktop: DesktopAppearance(), gtkTheme: "HighContrast").theme
                == ToastTheme(scheme: .light, highContrast: true))
        // The config over the portal.
        config.colorScheme = .dark
        config.contrast = .normal
        config.reducedMotion = .full
        chosen = AppearanceResolver.resolve(config, desktop: light, gtkTheme: nil)
        #expect(chosen.theme == ToastTheme(scheme: .dark) && chosen.motion == .full)
        config.contrast = .high
        config.reducedMotion = .reduced
        chosen = AppearanceResolver.resolve(config, desktop: dark, gtkTheme: nil)
        #expect(chosen.theme.highContrast && chosen.motion == .reduced)
    }

    @Test func theDaemonDrawsInTheDesktopsThemeAndFollowsItsChanges() throws {
        let harness = try DaemonHarness()
        #expect(harness.presenter.style == ToastStyle.standard)
        harness.daemon.appearance.desktopChanged(DesktopAppearance(colorScheme: 2))
        #expect(harness.presenter.style == ToastTheme(scheme: .light).style)
        harness.daemon.appearance.desktopChanged(DesktopAppearance(colorScheme: 2, contrast: 1, reducedMotion: 1))
        #expect(harness.presenter.style == ToastTheme(scheme: .light, highContrast: true).style)
        #expect(harness.presenter.manager.motion == .reduced)
    }

    @Test func aContainerAccentStillOverridesTheTheme() throws {
        let harness = try DaemonHarness(config: """
            [containers.notifications]
            accent = "#00FF00"
            """)
        harness.daemon.appearance.desktopChanged(DesktopAppearance(accent: Color(red: 0, green: 0, blue: 1)))
        #expect(harness.presenter.style.accent == Color(red: 0, green: 0, blue: 1))
        #expect(harness.presenter.toastStyle(in: "notifications").accent == Color(hex: "#00FF00"))
    }

    @Test func aReloadedConfigChangesTheThemeOverThePortal() throws {
        let path = "/tmp/overlay-wl-appearance-\(getpid()).toml"
        defer { unlink(path) }
        func write(_ text: String) { let f = fopen(path, "w"); fputs(text, f); fclose(f) }
        write("")
        let presenter = OverlayPresenter(display: nil, clock: { 1 })
        let daemon = try Daemon(presenter: presenter, signals: SignalRecorder(), configPath: path,
                                config: try ConfigRuntime.load(path))
        daemon.appearance.desktopChanged(DesktopAppearance(colorScheme: 1))
        #expect(presenter.style.background == ToastStyle.standard.background)
        write("[general]\ncolor-scheme = \"light\"\nreduced-motion = true\n")
        try daemon.config.reload()
        #expect(presenter.style == ToastTheme(scheme: .light).style)
        #expect(presenter.manager.motion == .reduced)
    }

    /// The icon theme: the config's, else the portal's, else the settings files' (GTK 4's
    /// settings.ini, GTK 3's, Plasma's kdeglobals, its look-and-feel defaults), else Adwaita.
    @Test func theIconThemeIsTheConfigsThenThePortalsThenTheSettingsFiles() throws {
        let home = "/tmp/overlay-wl-gtk-settings-\(getpid())"
        defer { _ = try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/gtk-3.0", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/gtk-4.0", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/kdedefaults", withIntermediateDirectories: true)
        #expect(AppearanceResolver.settingsFilesIconTheme(configHome: home) == nil)
        try "[KDE]\nLookAndFeelPackage=org.kde.breeze.desktop\n[Icons]\nTheme=breeze\n".write(toFile: home + "/kdedefaults/kdeglobals", atomically: true, encoding: .utf8)
        #expect(AppearanceResolver.settingsFilesIconTheme(configHome: home) == "breeze")
        try "[General]\nColorScheme=BreezeDark\n\n[Icons]\nTheme=breeze-dark\n".write(toFile: home + "/kdeglobals", atomically: true, encoding: .utf8)
        #expect(AppearanceResolver.settingsFilesIconTheme(configHome: home) == "breeze-dark")
        try "[Settings]\ngtk-theme-name=Adwaita\ngtk-icon-theme-name = \"Papirus\"\n".write(toFile: home + "/gtk-3.0/settings.ini", atomically: true, encoding: .utf8)
        #expect(AppearanceResolver.settingsFilesIconTheme(configHome: home) == "Papirus")
        try "[Other]\ngtk-icon-theme-name=Nope\n[Settings]\ngtk-icon-theme-name=breeze\n".write(toFile: home + "/gtk-4.0/settings.ini", atomically: true, encoding: .utf8)
        #expect(AppearanceResolver.settingsFilesIconTheme(configHome: home) == "breeze")

        var config = AppearanceSettings()
        #expect(AppearanceResolver.iconTheme(config, desktop: DesktopAppearance(), settingsFiles: nil) == "Adwaita")
        #expect(AppearanceResolver.iconTheme(config, desktop: DesktopAppearance(), settingsFiles: "breeze") == "breeze")
        #expect(AppearanceResolver.iconTheme(config, desktop: DesktopAppearance(gnomeIconTheme: "Papirus"), settingsFiles: "breeze") == "Papirus")
        config.iconTheme = "Yaru"
        #expect(AppearanceResolver.iconTheme(config, desktop: DesktopAppearance(gnomeIconTheme: "Papirus"), settingsFiles: "breeze") == "Yaru")
    }

    /// A level's icon follows the icon theme: the test theme has `badge`, Adwaita does not, so
    /// the display shows the icon only while the portal names the test theme.
    @Test func theDisplaysIconComesFromTheDesktopsIconTheme() throws {
        let harness = try DaemonHarness()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("OverlayRendererTests/Golden/assets/icons").path
        harness.daemon.appearance.useIconSearchPaths([fixtures])
        func shownIcon() throws -> Bool {
            let id = try harness.daemon.control.showLevel(label: "Volume", value: 40, maximum: 100, icon: "badge", muted: false)
            return harness.presenter.viewTree(of: ViewID(id))?.json.contains("\"icon\":\"badge\"") == true
        }
        #expect(harness.presenter.iconTheme.name == "Adwaita")
        #expect(try !shownIcon())
        harness.daemon.appearance.desktopChanged(DesktopAppearance(gnomeIconTheme: "OverlayTest"))
        #expect(harness.presenter.iconTheme.name == "OverlayTest")
        #expect(try shownIcon())
        harness.daemon.appearance.desktopChanged(DesktopAppearance())
        #expect(try !shownIcon())
        // A theme that is not installed (a typo in the config): Adwaita's icons rather than none.
        harness.daemon.appearance.desktopChanged(DesktopAppearance(gnomeIconTheme: "OverlayTest"))
        harness.daemon.appearance.desktopChanged(DesktopAppearance(gnomeIconTheme: "NoSuchTheme"))
        #expect(harness.presenter.iconTheme.name == "Adwaita")
    }
}
