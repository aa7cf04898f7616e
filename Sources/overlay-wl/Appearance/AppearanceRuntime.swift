import Glibc
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// The theme, motion and icon theme in force, kept in step with the config (`[general]`
/// color-scheme, contrast, reduced-motion, icon-theme) and the desktop's settings portal; toasts
/// on screen are drawn again in the new look at once.
final class AppearanceRuntime {
    private let screen: OverlayPresenter
    private var settings: AppearanceSettings
    private(set) var desktop = DesktopAppearance()
    private let gtkTheme: String?
    /// Where the desktop's settings files (GTK's settings.ini, Plasma's kdeglobals) are looked
    /// for (`$XDG_CONFIG_HOME`), read again at every reload.
    private let configHome: String?
    private var filesIconTheme: String?
    /// Where icon themes are looked for (tests put theirs first).
    private var iconSearchPaths = IconTheme.defaultSearchPaths()
    /// The last icon theme named that is not installed (logged once).
    private var missingIconTheme: String?
    private(set) var theme = ToastTheme.standard
    private(set) var motion = MotionPolicy.full

    init(screen: OverlayPresenter, settings: AppearanceSettings,
         gtkTheme: String? = getenv("GTK_THEME").map { String(cString: $0) },
         configHome: String? = AppearanceRuntime.defaultConfigHome()) {
        self.screen = screen
        self.settings = settings
        self.gtkTheme = gtkTheme
        self.configHome = configHome
        filesIconTheme = configHome.flatMap(AppearanceResolver.settingsFilesIconTheme)
        apply()
    }

    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`.
    static func defaultConfigHome() -> String? {
        func env(_ key: String) -> String? { getenv(key).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        return env("XDG_CONFIG_HOME") ?? env("HOME").map { $0 + "/.config" }
    }

    func configChanged(_ settings: AppearanceSettings) {
        self.settings = settings
        filesIconTheme = configHome.flatMap(AppearanceResolver.settingsFilesIconTheme)
        apply()
    }

    func desktopChanged(_ desktop: DesktopAppearance) {
        self.desktop = desktop
        apply()
    }

    /// The icon theme's name in force.
    var iconTheme: String { AppearanceResolver.iconTheme(settings, desktop: desktop, settingsFiles: filesIconTheme) }

    private func apply() {
        (theme, motion) = AppearanceResolver.resolve(settings, desktop: desktop, gtkTheme: gtkTheme)
        screen.style = theme.style
        screen.setMotion(motion)
        var icons = iconTheme
        if icons != AppearanceResolver.defaultIconTheme, !IconTheme.isInstalled(icons, searchPaths: iconSearchPaths) {
            if icons != missingIconTheme { log("icon theme '\(icons)' is not installed; icons come from \(AppearanceResolver.defaultIconTheme)") }
            missingIconTheme = icons
            icons = AppearanceResolver.defaultIconTheme
        }
        if icons != screen.iconTheme.name || iconSearchPaths != screen.iconTheme.searchPaths {
            screen.iconTheme = IconTheme(name: icons, searchPaths: iconSearchPaths)
        }
    }

    /// Looks icons up under `paths` from now on (tests).
    func useIconSearchPaths(_ paths: [String]) {
        iconSearchPaths = paths
        apply()
    }
}
