import DBusService
import OverlayConfig
import OverlayEngine
import OverlayRenderer

/// What the desktop's settings portal says about appearance (`org.freedesktop.appearance`, and
/// GNOME's `org.gnome.desktop.interface` for the icon theme, which GTK's and GNOME's portals
/// offer); nil for what it does not say (no portal, an older portal, an unset value).
struct DesktopAppearance: Equatable {
    /// The settings followed, by namespace.
    static let keys = [("org.freedesktop.appearance", ["color-scheme", "contrast", "reduced-motion", "accent-color"]),
                       ("org.gnome.desktop.interface", ["icon-theme"])]

    /// 0 no preference, 1 dark, 2 light.
    var colorScheme: UInt32?
    /// 0 normal, 1 higher.
    var contrast: UInt32?
    /// 0 off, 1 on (added to the portal in 2025).
    var reducedMotion: UInt32?
    var accent: Color?
    /// The icon theme's name.
    var iconTheme: String?

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
        case ("org.gnome.desktop.interface", "icon-theme"):
            let name: String? = if case .string(let s)? = value?.unwrapped { s } else { nil }
            iconTheme = name.flatMap { AppearanceSettings.isIconThemeName($0) ? $0 : nil }
        default: return false
        }
        return true
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

    /// The icon theme in force: the config's, else the portal's, else GTK's settings.ini's, else Adwaita.
    static func iconTheme(_ config: AppearanceSettings, desktop: DesktopAppearance, gtkSettings: String?) -> String {
        config.iconTheme ?? desktop.iconTheme ?? gtkSettings ?? defaultIconTheme
    }

    /// `gtk-icon-theme-name` of `[Settings]` in GTK's settings.ini under `configHome`
    /// (`$XDG_CONFIG_HOME`): GTK 4's, else GTK 3's; nil when neither names a theme.
    static func gtkSettingsIconTheme(configHome: String) -> String? {
        for version in ["gtk-4.0", "gtk-3.0"] {
            guard let text = try? readTextFile("\(configHome)/\(version)/settings.ini"),
                  var value = KeyFile(text)["Settings", "gtk-icon-theme-name"] else { continue }
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
            if AppearanceSettings.isIconThemeName(value) { return value }
        }
        return nil
    }
}
