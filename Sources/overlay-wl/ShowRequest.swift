import DBusService
import OverlayConfig
import OverlayEngine

/// A control `Show(a{sv})`, validated: every field in range, every key known.
struct ShowRequest: Equatable, Sendable {
    var container: String
    /// Replace this id in place; nil for a fresh one.
    var id: UInt32?
    var title = ""
    var body = ""
    var icon = ""
    var appName = ""
    /// Percent, 0...100.
    var progress: Int?
    var actions: [NotificationAction] = []
    var view = ViewConfiguration()
    var animated = true
    /// Help tips (the daemon parses them): "X,Y[,W,H]" in output coordinates, the output's
    /// name, or a sway window selector.
    var at: String?
    var output: String?
    var window: String?
    /// A tip's "don't show again" key.
    var once: String?

    static let contentKeys = ["container", "id", "title", "body", "icon", "app-name", "progress", "actions", "animated",
                                     "at", "output", "window", "once"]

    init(container: String) { self.container = container }

    /// Parses the options dictionary of `Show`.
    init(options: BusValue) throws(SettingError) {
        guard case .dict(let entries, "s", _) = options.unwrapped else {
            throw SettingError("options", "expected a{sv}")
        }
        var pairs: [(String, SettingValue)] = []
        var actionValue: BusValue?
        for entry in entries {
            guard case .string(let key) = entry.key else { continue }
            if key == "actions" { actionValue = entry.value.unwrapped; continue }
            guard let value = Self.setting(entry.value) else {
                throw SettingError(key, "unsupported D-Bus type '\(entry.value.unwrapped.signature)'")
            }
            pairs.append((key, value))
        }
        do {
            try self.init(settings: pairs)
            if let actionValue { actions = try Self.actions(actionValue) }
        } catch let e as SettingError { throw e } catch { throw SettingError("options", "\(error)") }
    }

    /// Parses key/value settings (shared by the bus and tests).
    init(settings: [(String, SettingValue)]) throws {
        guard let container = settings.first(where: { $0.0 == "container" })?.1 else {
            throw SettingError("container", "missing: name the container to show in")
        }
        self.init(container: try container.string("container"))
        guard !self.container.isEmpty else { throw SettingError("container", "empty container name") }
        for (key, value) in settings where key != "container" {
            if try ViewSettings.apply(key, value, to: &view) { continue }
            switch key {
            case "id":
                let raw = try value.integer(key, in: 0...Int(UInt32.max))
                id = raw == 0 ? nil : UInt32(raw)
            case "title": title = try value.string(key)
            case "body": body = try value.string(key)
            case "icon": icon = try value.string(key)
            case "app-name": appName = try value.string(key)
            case "progress": progress = try value.integer(key, in: 0...100)
            case "animated": animated = try value.bool(key)
            case "at": at = try value.string(key)
            case "output": output = try value.string(key)
            case "window": window = try value.string(key)
            case "once": once = try value.string(key)
            case "actions": actions = try Self.actions(strings: value.strings(key))
            default:
                throw SettingError(key, "unknown option (known: \((Self.contentKeys + ViewSettings.keys).joined(separator: ", ")))")
            }
        }
        if actions.count > 16 { throw SettingError("actions", "at most 16 actions") }
    }

    /// `as` of "KEY=LABEL", or `a{ss}`.
    static func actions(_ value: BusValue) throws -> [NotificationAction] {
        switch value {
        case .array(let items, "s"): return try actions(strings: items.compactMap(\.stringValue))
        case .dict(let entries, "s", "s"):
            return entries.compactMap { e in e.key.stringValue.map { NotificationAction(key: $0, label: e.value.stringValue ?? $0) } }
        default: throw SettingError("actions", "expected as of KEY=LABEL or a{ss}, got '\(value.signature)'")
        }
    }

    static func actions(strings: [String]) throws -> [NotificationAction] {
        try strings.map { text in
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = parts.first, !key.isEmpty else { throw SettingError("actions", "'\(text)' is not KEY=LABEL") }
            return NotificationAction(key: String(key), label: parts.count > 1 ? String(parts[1]) : String(key))
        }
    }

    static func setting(_ value: BusValue) -> SettingValue? {
        let v = value.unwrapped
        if case .bool(let b) = v { return .bool(b) }
        if case .double(let d) = v { return .double(d) }
        if let i = v.integerValue { return .integer(i) }
        if let s = v.stringValue { return .string(s) }
        if case .array(let items, _) = v {
            let converted = items.compactMap(setting)
            return converted.count == items.count ? .array(converted) : nil
        }
        return nil
    }

    /// The options dictionary for a `Show` call (the CLI's side).
    static func options(_ settings: [(String, SettingValue)]) -> BusValue {
        func bus(_ v: SettingValue) -> BusValue {
            switch v {
            case .string(let s): .string(s)
            case .integer(let i): .int64(Int64(i))
            case .double(let d): .double(d)
            case .bool(let b): .bool(b)
            case .array(let items): .array(items.map(bus), elementSignature: items.first.map { bus($0).signature } ?? "s")
            }
        }
        return .dict(settings.map { BusDictEntry(key: .string($0.0), value: .variant(bus($0.1))) },
                     keySignature: "s", valueSignature: "v")
    }
}
