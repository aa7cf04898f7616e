// The desktop's appearance settings: reading the portal's values, the precedence of config,
// portal and GTK_THEME, and the daemon drawing in the theme chosen.
import DBusService
import Glibc
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

struct AppearanceTests {
    @Test func portalValuesAreReadWhateverTheirVariantNesting() {
        var desktop = DesktopAppearance()
        let known = [desktop.set("color-scheme", .variant(.uint32(1))),       // ReadOne
                     desktop.set("contrast", .variant(.variant(.uint32(1))))]  // Read: one variant more
        #expect(known == [true, true])
        desktop.set("reduced-motion", .uint32(1))                              // SettingChanged
        desktop.set("accent-color", .variant(.structure([.double(0.2), .double(0.4), .double(1)])))
        #expect(desktop == DesktopAppearance(colorScheme: 1, contrast: 1, reducedMotion: 1,
                                             accent: Color(red: 0.2, green: 0.4, blue: 1)))
        let unknown = desktop.set("icon-theme", .string("Adwaita"))
        #expect(!unknown)
        // Wrong types and out-of-range accents (the portal's "unset") clear the value.
        desktop.set("color-scheme", .string("dark"))
        desktop.set("accent-color", .structure([.double(-1), .double(0), .double(0)]))
        #expect(desktop.colorScheme == nil && desktop.accent == nil)
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
}
