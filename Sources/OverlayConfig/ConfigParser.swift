import OverlayEngine
import TOMLKit
import UserRegex

/// Reads a config file's text into an `OverlayConfiguration`, or says exactly where it is wrong.
public struct ConfigParser {
    /// Containers that exist without being declared (rules may route to them).
    public var builtInContainers: Set<String>
    /// The settings of built-in containers: a table that redeclares one changes only the keys it sets.
    public var builtInSettings: [String: ContainerSpec]

    public init(builtInContainers: Set<String> = [], builtInSettings: [String: ContainerSpec] = [:]) {
        self.builtInContainers = builtInContainers.union(builtInSettings.keys)
        self.builtInSettings = builtInSettings
    }

    public func parse(_ text: String, file: String) throws(ConfigError) -> OverlayConfiguration {
        if let problem = TOMLPreflight.check(text) {
            throw ConfigError(file: file, line: problem.line, column: problem.column, reason: problem.reason)
        }
        return try Self.withTable(text, file: file) { (root) throws(ConfigError) in
            try configuration(root, text: text, file: file)
        }
    }

    /// The TOML document `text` for `body`; it is freed with its last reference.
    static func withTable<T>(_ text: String, file: String,
                             _ body: (TOMLTable) throws(ConfigError) -> T) throws(ConfigError) -> T {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, column: error.source.begin.column,
                              reason: error.description)
        } catch {
            throw ConfigError(file: file, line: 1, column: 1, reason: "\(error)")
        }
        return try body(root)
    }

    private func configuration(_ root: TOMLTable, text: String, file: String) throws(ConfigError) -> OverlayConfiguration {
        let locator = SourceLocator(text: text)
        func fail(_ table: String, _ key: String?, _ reason: String) -> ConfigError {
            let p = locator.position(table: table, key: key)
            return ConfigError(file: file, line: p.line, column: p.column, reason: reason)
        }
        /// Runs `body`, turning a `SettingError` into a located `ConfigError`.
        func located<T>(_ table: String, _ body: () throws -> T) throws(ConfigError) -> T {
            do { return try body() } catch let e as SettingError {
                throw fail(table, e.key, "\(table.isEmpty ? "" : "[\(Self.display(table))] ")\(e.key): \(e.message)")
            } catch let e as ConfigError { throw e } catch { throw fail(table, nil, "\(error)") }
        }

        var config = OverlayConfiguration()
        config.source = file
        for key in root.keys where !["general", "containers", "rules", "hooks", "templates"].contains(key) {
            throw fail("", key, "unknown top-level key '\(key)' (general, containers, rules, hooks, templates)")
        }
        if let templates = root["templates"] {
            guard let table = templates.table else { throw fail("", "templates", "templates must be a table of tables") }
            for name in table.keys.sorted() {
                let path = "templates.\(name)"
                guard let t = table[name]?.table else { throw fail("templates", name, "templates.\(name) must be a table") }
                guard !name.isEmpty, name.count <= 64 else { throw fail(path, nil, "template names are 1 to 64 characters") }
                guard !TemplateSettings.builtInNames.contains(name) else {
                    throw fail(path, nil, "'\(name)' is a built-in template; give yours another name")
                }
                config.templates.append(try located(path) { try TemplateSettings.template(named: name, settings: Self.settings(t)) })
            }
        }
        let knownTemplates = Set(TemplateSettings.builtInNames + config.templates.map(\.name))
        if let general = root["general"] {
            guard let table = general.table else { throw fail("", "general", "general must be a table") }
            config.general = try located("general") { try Self.general(Self.settings(table)) }
        }
        if let containers = root["containers"] {
            guard let table = containers.table else { throw fail("", "containers", "containers must be a table of tables") }
            let names = table.keys.sorted { (locator.headerLine("containers.\($0)") ?? 0) < (locator.headerLine("containers.\($1)") ?? 0) }
            for name in names {
                let path = "containers.\(name)"
                guard let t = table[name]?.table else { throw fail("containers", name, "containers.\(name) must be a table") }
                guard !name.isEmpty, name.count <= 64 else { throw fail(path, nil, "container names are 1 to 64 characters") }
                config.containers.append(try located(path) {
                    let settings = try Self.settings(t)
                    var spec = try ContainerSettings.container(named: name, settings: settings.filter { $0.0 != "template" },
                                                               base: builtInSettings[name])
                    if let value = settings.first(where: { $0.0 == "template" })?.1 {
                        spec.template = try TemplateSettings.name(value, key: "template", known: knownTemplates)
                    }
                    return spec
                })
            }
        }
        if let hooks = root["hooks"] {
            guard let table = hooks.table else { throw fail("", "hooks", "hooks must be a table of commands") }
            for name in table.keys {
                let argv = table[name]?.array?.compactMap { $0.string } ?? []
                guard !argv.isEmpty, argv.count == table[name]?.array?.count, !argv[0].isEmpty else {
                    throw fail("hooks", name, "hooks.\(name) must be a command as a non-empty array of strings, e.g. [\"paplay\", \"/usr/share/sounds/x.oga\"]")
                }
                config.hooks[name] = argv
            }
        }
        if let rules = root["rules"] {
            guard let array = rules.array else { throw fail("", "rules", "rules must be an array of tables ([[rules]])") }
            let known = builtInContainers.union(config.containers.map(\.configuration.name))
            for index in 0..<array.count {
                let path = "rules#\(index)"
                guard let t = array[index].table else { throw fail("", "rules", "rule \(index + 1) must be a table") }
                var rule = try located(path) { try Self.rule(Self.settings(t), knownContainers: known, knownTemplates: knownTemplates) }
                rule.line = locator.position(table: path, key: nil).line
                config.rules.append(rule)
            }
        }
        return config
    }

    static func display(_ table: String) -> String {
        if table.hasPrefix("rules#"), let n = Int(table.dropFirst(6)) { return "rules \(n + 1)" }
        return table
    }

    // MARK: Values

    static func settings(_ table: TOMLTable) throws -> [(String, SettingValue)] {
        try table.keys.map { key in (key, try value(table[key]!, key: key)) }
    }

    static func value(_ v: TOMLValueConvertible, key: String) throws -> SettingValue {
        switch v.type {
        case .string: return .string(v.string ?? "")
        case .int: return .integer(v.int ?? 0)
        case .double: return .double(v.double ?? 0)
        case .bool: return .bool(v.bool ?? false)
        case .array:
            let array = v.array!
            return .array(try (0..<array.count).map { try value(array[$0], key: key) })
        default: throw SettingError(key, "expected a string, number, boolean or array, got a \(v.type)")
        }
    }

    static func general(_ settings: [(String, SettingValue)]) throws -> GeneralSettings {
        var g = GeneralSettings()
        for (key, value) in settings {
            switch key {
            case "default-timeout": g.defaultTimeout = try value.number(key, in: 0...86_400)
            case "history-size": g.historySize = try value.integer(key, in: 0...10_000)
            case "modes":
                g.modes = try value.strings(key)
                for mode in g.modes {  // as `overlay-wl mode add` takes them
                    do { try ModeSet.validate(mode) } catch { throw SettingError(key, error.message) }
                }
            case "critical-bypasses-modes": g.criticalBypassesModes = try value.bool(key)
            case "link-opener":
                guard case .array = value, let argv = try? value.strings(key), argv.first?.isEmpty == false else {
                    throw SettingError(key, "expected a command as a non-empty array of strings, e.g. [\"xdg-open\"]")
                }
                g.linkOpener = argv
            case "link-schemes":
                g.linkSchemes = try value.strings(key).map { $0.lowercased() }
                if let bad = g.linkSchemes.first(where: { !Self.isScheme($0) }) {
                    throw SettingError(key, "'\(bad)' is not a URL scheme (letters, then letters, digits, + - .)")
                }
            case "speak": g.speak = try SpeakPolicy.parse(value, key: key)
            case "accessibility": g.accessibility = try AccessibilityPolicy.parse(value, key: key)
            default:
                if try g.appearance.read(key, value) { continue }
                throw SettingError(key, "unknown key (default-timeout, history-size, modes, critical-bypasses-modes, link-opener, link-schemes, color-scheme, contrast, reduced-motion, icon-theme, speak, accessibility)")
            }
        }
        return g
    }

    /// RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    public static func isScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    static func regex(_ value: SettingValue, key: String) throws -> Regex<AnyRegexOutput> {
        do { return try UserRegex.compile(try value.string(key)) } catch let refusal as UserRegex.Refusal {
            throw SettingError(key, refusal.description)
        }
    }

    static func rule(_ settings: [(String, SettingValue)], knownContainers: Set<String>,
                     knownTemplates: Set<String> = Set(TemplateSettings.builtInNames)) throws -> Rule {
        var rule = Rule()
        for (key, value) in settings {
            if try ViewSettings.apply(key, value, to: &rule.view) { continue }
            switch key {
            case "app-name": rule.appName = try regex(value, key: key)
            case "summary": rule.summary = try regex(value, key: key)
            case "body": rule.body = try regex(value, key: key)
            case "urgency":
                if case .integer = value { rule.urgency = try value.integer(key, in: 0...2) } else {
                    let text = try value.string(key)
                    guard let u = Rule.urgencies.firstIndex(of: text) else {
                        throw SettingError(key, "unknown urgency '\(text)' (low, normal, critical)")
                    }
                    rule.urgency = u
                }
            case "category": rule.category = try value.string(key)
            case "desktop-entry": rule.desktopEntry = try value.string(key)
            case "mode": rule.mode = try value.string(key)
            case "container":
                let name = try value.string(key)
                guard knownContainers.contains(name) else {
                    throw SettingError(key, "unknown container '\(name)' (declared: \(knownContainers.sorted().joined(separator: ", ")))")
                }
                rule.container = name
            case "hide": rule.hide = try value.bool(key)
            case "queue": rule.hold = try value.bool(key)
            case "emphasis":
                let text = try value.string(key)
                guard Rule.emphases.contains(text) else {
                    throw SettingError(key, "unknown emphasis '\(text)' (\(Rule.emphases.joined(separator: ", ")))")
                }
                rule.emphasis = text
            case "speak": rule.speak = try SpeakPolicy.parse(value, key: key)
            case "template": rule.template = try TemplateSettings.name(value, key: key, known: knownTemplates)
            default: throw SettingError(key, "unknown rule key (see docs/CONFIG.md)")
            }
        }
        return rule
    }
}
