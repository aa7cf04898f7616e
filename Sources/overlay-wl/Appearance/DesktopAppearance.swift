import DBusService
import OverlayConfig
import OverlayEngine
import OverlayRenderer

/// What the desktop's settings portal says about appearance (`org.freedesktop.appearance`, and
/// for the icon theme GNOME's `org.gnome.desktop.interface`, which GTK's and GNOME's portals
/// offer, and Plasma's `org.kde.kdeglobals.Icons`, which KDE's offers); nil for what it does
/// not say (no portal, an older portal, an unset value).
struct DesktopAppearance: Equatable {
    /// The settings followed, by namespace.
    static let keys = [("org.freedesktop.appearance", ["color-scheme", "contrast", "reduced-motion", "accent-color"]),
                       ("org.gnome.desktop.interface", ["icon-theme"]),
                       ("org.kde.kdeglobals.Icons", ["Theme"])]

    /// 0 no preference, 1 dark, 2 light.
    var colorScheme: UInt32?
    /// 0 normal, 1 higher.
    var contrast: UInt32?
    /// 0 off, 1 on (added to the portal in 2025).
    var reducedMotion: UInt32?
    var accent: Color?
    /// The icon theme's name, GNOME's setting and Plasma's.
    var gnomeIconTheme: String?
    var kdeIconTheme: String?

    /// The icon theme the desktop names: GNOME's setting, else Plasma's (Plasma keeps GNOME's
    /// in step with its own when both portals run).
    var iconTheme: String? { gnomeIconTheme ?? kdeIconTheme }

    /// Takes one setting's value (with any variant wrappers: `Read` nests one more than `ReadOne`);
    /// nil or a value of the wrong type unsets it. False for a key this does not follow.
    @discardableResult
    mutating func set(_ namespace: String, _ key: String, _ value: BusValue?) -> Bool {
        let number: UInt32? = if case .uint32(let n)? = value?.unwrapped { n } else { nil }
        switch (namespace, key) {
        case ("org.freedesktop.appearance", "color-scheme"): colorScheme = number
        case ("org.freedesktop.appearance", "contrast"): contrast = number
        case ("org.freedesktop.appearance", "reduced-motion"): reducedMotion = number
        case ("org.freedesktop.appearance", "accent-color"): accent = value.flatMap(Self.accent)
        case ("org.gnome.desktop.interface", "icon-theme"): gnomeIconTheme = Self.iconThemeName(value)
        case ("org.kde.kdeglobals.Icons", "Theme"): kdeIconTheme = Self.iconThemeName(value)
        default: return false
        }
        return true
    }

    /// A string that can name a theme's folder; nil for anything else.
    static func iconThemeName(_ value: BusValue?) -> String? {
        guard case .string(let name)? = value?.unwrapped, AppearanceSettings.isIconThemeName(name) else { return nil }
        return name
    }

    /// `(ddd)` sRGB in 0…1; out of range means "no accent" (the portal's convention).
    static func accent(_ value: BusValue) -> Color? {
        guard case .structure(let fields) = value.unwrapped, fields.count == 3 else { return nil }
        let channels = fields.compactMap { field -> Double? in
            if case .double(let d) = field, d >= 0, d <= 1 { return d }
            return nil
        }
        guard channels.count == 3 else { return nil }
        return Color(red: channels[0], green: channels[1], blue: channels[2])
    }
}

/// The theme and motion in force. Precedence: the config's explicit choice, then the portal,
/// then `GTK_THEME` (its name says dark, or high contrast), then the built-in dark look with
/// full motion. Rules and container settings (`accent`) still apply over the theme.
enum AppearanceResolver {
    static func resolve(_ config: AppearanceSettings, desktop: DesktopAppearance,
                        gtkTheme: String?) -> (theme: ToastTheme, motion: MotionPolicy) {
        let gtk = gtkTheme.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        var theme = ToastTheme()
        switch config.colorScheme {
        case .dark: theme.scheme = .dark
        case .light: theme.scheme = .light
        case .auto:
            switch desktop.colorScheme {
            case 1: theme.scheme = .dark
            case 2: theme.scheme = .light
            default:
                // "Adwaita:dark", "Arc-Dark", "HighContrastInverse" are dark; another named theme is light.
                if let gtk { theme.scheme = gtk.firstRange(of: "dark") != nil || gtk.firstRange(of: "inverse") != nil ? .dark : .light }
            }
        }
        switch config.contrast {
        case .normal: theme.highContrast = false
        case .high: theme.highContrast = true
        case .auto:
            if let contrast = desktop.contrast { theme.highContrast = contrast == 1 }
            else { theme.highContrast = gtk?.firstRange(of: "highcontrast") != nil }
        }
        theme.accent = desktop.accent
        let motion: MotionPolicy
        switch config.reducedMotion {
        case .full: motion = .full
        case .reduced: motion = .reduced
        case .auto: motion = desktop.reducedMotion == 1 ? .reduced : .full
        }
        return (theme, motion)
    }
}

extension AppearanceResolver {
    /// The icon theme used when none is configured and the desktop names none.
    static let defaultIconTheme = "Adwaita"

    /// The icon theme in force: the config's, else the portal's, else the desktop's settings
    /// files', else Adwaita.
    static func iconTheme(_ config: AppearanceSettings, desktop: DesktopAppearance, settingsFiles: String?) -> String {
        config.iconTheme ?? desktop.iconTheme ?? settingsFiles ?? defaultIconTheme
    }

    /// The icon theme the desktop's settings files under `configHome` (`$XDG_CONFIG_HOME`) name:
    /// `gtk-icon-theme-name` in GTK 4's settings.ini, else GTK 3's, else `Theme` of `[Icons]` in
    /// Plasma's kdeglobals, else in its look-and-feel defaults (kdedefaults); nil when none does.
    static func settingsFilesIconTheme(configHome: String) -> String? {
        let places = [("gtk-4.0/settings.ini", "Settings", "gtk-icon-theme-name"),
                      ("gtk-3.0/settings.ini", "Settings", "gtk-icon-theme-name"),
                      ("kdeglobals", "Icons", "Theme"),
                      ("kdedefaults/kdeglobals", "Icons", "Theme")]
        for (file, group, key) in places {
            guard let text = try? readTextFile("\(configHome)/\(file)"), var value = KeyFile(text)[group, key] else { continue }
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
            if AppearanceSettings.isIconThemeName(value) { return value }
        }
        return nil
    }
}
