// `[general]` keys that choose the built-in theme and motion instead of following the desktop.

/// `color-scheme`, `contrast` and `reduced-motion` of `[general]`. `auto` (the default) follows
/// the desktop's settings portal, else `GTK_THEME`, else the built-in dark look.
public struct AppearanceSettings: Equatable, Sendable {
    public enum Scheme: String, CaseIterable, Sendable { case auto, dark, light }
    public enum Contrast: String, CaseIterable, Sendable { case auto, normal, high }
    public enum Motion: String, CaseIterable, Sendable { case auto, full, reduced }

    public var colorScheme = Scheme.auto
    public var contrast = Contrast.auto
    public var reducedMotion = Motion.auto
    public init() {}

    public static let keys = ["color-scheme", "contrast", "reduced-motion"]

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
        default: return false
        }
        return true
    }
}
