/// `accessibility`: whether notifications are exported to screen readers on the accessibility
/// bus (AT-SPI).
public enum AccessibilityPolicy: String, CaseIterable, Equatable, Sendable {
    /// Only while the session says assistive technology is on (`org.a11y.Status` `IsEnabled` or
    /// `ScreenReaderEnabled`, followed live): the default, so a screen reader needs no setup and
    /// a session without one pays nothing.
    case auto
    /// Always (starts the accessibility bus when the session has none running).
    case on
    /// Never.
    case off

    static func parse(_ value: SettingValue, key: String) throws -> AccessibilityPolicy {
        if case .bool(let on) = value { return on ? .on : .off }
        if case .string(let text) = value {
            guard text == Self.auto.rawValue else { throw SettingError(key, "unknown value '\(text)' (true, false or \"auto\")") }
            return .auto
        }
        throw SettingError(key, "expected true, false or \"auto\", got \(value.typeName)")
    }
}
