// `[general]` keys that choose the built-in theme, motion and icon theme instead of following the desktop.

/// `color-scheme`, `contrast`, `reduced-motion` and `icon-theme` of `[general]`. `auto` (the
/// default) follows the desktop's settings portal, else `GTK_THEME` (GTK's settings.ini for the
/// icon theme), else the built-in dark look (Adwaita).
public struct AppearanceSettings: Equatable, Sendable {
    public enum Scheme: String, CaseIterable, Sendable { case auto, dark, light }
    public enum Contrast: String, CaseIterable, Sendable { case auto, normal, high }
    public enum Motion: String, CaseIterable, Sendable { case auto, full, reduced }

    public var colorScheme = Scheme.auto
    public var contrast = Contrast.auto
    public var reducedMotion = Motion.auto
    /// The icon theme toasts and on-screen displays look names up in; nil (`auto`): the
    /// desktop's (`AppearanceResolver.iconTheme`).
    public var iconTheme: String?
    public init() {}

    public static let keys = ["color-scheme", "contrast", "reduced-motion", "icon-theme"]
    /// Longest icon theme name, in UTF-8 bytes.
    public static let maximumIconThemeLength = 255

    /// A name that can be an icon theme's folder under `…/icons`: not empty, at most
    /// `maximumIconThemeLength` bytes, no "/", not "." or "..".
    public static func isIconThemeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumIconThemeLength && !name.contains("/") && name != "." && name != ".."
    }

    /// Reads one of `keys`; false when `key` is not one of them.
    mutating func read(_ key: String, _ value: SettingValue) throws -> Bool {
        func choice<E: RawRepresentable & CaseIterable>(_: E.Type) throws -> E where E.RawValue == String {
            let text = try value.string(key)
            guard let found = E(rawValue: text) else {
                throw SettingError(key, "'\(text)' is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return found
        }
        switch key {
        case "color-scheme": colorScheme = try choice(Scheme.self)
        case "contrast": contrast = try choice(Contrast.self)
        case "reduced-motion":
            if case .bool(let on) = value { reducedMotion = on ? .reduced : .full } else { reducedMotion = try choice(Motion.self) }
        case "icon-theme":
            let name = try value.string(key)
            guard Self.isIconThemeName(name) else {
                throw SettingError(key, "'\(name)' is not an icon theme's folder name (or \"auto\")")
            }
            iconTheme = name == "auto" ? nil : name
        default: return false
        }
        return true
    }
}
