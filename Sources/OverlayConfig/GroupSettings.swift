/// A field notifications are grouped by (`group-by`, the names mako's `group-by` uses).
public enum GroupField: String, CaseIterable, Equatable, Sendable {
    /// The `desktop-entry` hint, else the app name.
    case app
    case appName = "app-name"
    case desktopEntry = "desktop-entry"
    case summary, body, category, urgency
}

/// How a container groups notifications: `group-by` (a list of fields, or "none") and
/// `group-threshold` (how many showing members stack into one card).
public struct GroupBy: Equatable, Sendable {
    /// Empty: no grouping ("none").
    public var fields: [GroupField]
    public init(_ fields: [GroupField]) { self.fields = fields }

    /// By app: the default.
    public static let app = GroupBy([.app])
    public static let none = GroupBy([])

    public static let keys = ["group-by", "group-threshold"]

    /// The one function that computes a notification's group key: the fields' values joined
    /// by U+001F (a separator no field shows); nil when the container does not group.
    public func key(for facts: NotificationFacts) -> String? {
        guard !fields.isEmpty else { return nil }
        func value(_ field: GroupField) -> String {
            switch field {
            case .app: facts.desktopEntry.flatMap { $0.isEmpty ? nil : $0 } ?? facts.appName
            case .appName: facts.appName
            case .desktopEntry: facts.desktopEntry ?? ""
            case .summary: facts.summary
            case .body: facts.body
            case .category: facts.category ?? ""
            case .urgency: String(facts.urgency)
            }
        }
        // One field (by app, the default) is the key itself: no list made and joined per notification.
        return fields.count == 1 ? value(fields[0]) : fields.map(value).joined(separator: "\u{1F}")
    }

    /// Reads `group-by`: "none", one field name, or a list of them.
    static func parse(_ value: SettingValue) throws -> GroupBy {
        let names = try value.strings("group-by")
        if names == ["none"] { return .none }
        guard !names.isEmpty else { throw SettingError("group-by", "expected \"none\" or a list of fields") }
        return GroupBy(try names.map { name in
            guard let field = GroupField(rawValue: name) else {
                throw SettingError("group-by", "unknown field '\(name)' (one of \(GroupField.allCases.map(\.rawValue).joined(separator: ", ")), or \"none\")")
            }
            return field
        })
    }

    /// Applies `group-by` or `group-threshold` to a container; false for any other key.
    static func apply(_ key: String, _ value: SettingValue, to spec: inout ContainerSpec) throws -> Bool {
        switch key {
        case "group-by": spec.groupBy = try parse(value)
        case "group-threshold": spec.configuration.groupThreshold = try value.integer(key, in: 1...1000)
        default: return false
        }
        return true
    }
}
