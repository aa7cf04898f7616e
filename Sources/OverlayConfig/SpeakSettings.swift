/// `speak`: which notifications are read aloud through speech-dispatcher.
public enum SpeakPolicy: String, CaseIterable, Equatable, Sendable {
    /// Nothing is read aloud (the default).
    case none
    /// Only critical notifications.
    case critical
    /// Every notification (do-not-disturb still silences all but critical ones).
    case all

    static func parse(_ value: SettingValue, key: String) throws -> SpeakPolicy {
        let text = try value.string(key)
        guard let policy = SpeakPolicy(rawValue: text) else {
            throw SettingError(key, "unknown value '\(text)' (\(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return policy
    }
}
