/// One `[templates.NAME]` table: a notification template (a view tree with slots, docs/VIEWS.md)
/// read from `file` (relative to the config file's folder) or written inline as `view`.
public struct TemplateSpec: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// A path as written (relative ones are resolved against the config file's folder).
        case file(String)
        /// The JSON text itself.
        case inline(String)
    }

    public var name: String
    public var source: Source

    public init(name: String, source: Source) { self.name = name; self.source = source }
}

public enum TemplateSettings {
    /// Templates that ship inside the binary (`OverlayRenderer.BuiltInTemplates`); a table may
    /// not redeclare them.
    public static let builtInNames = ["default", "compact", "hero"]

    static func template(named name: String, settings: [(String, SettingValue)]) throws -> TemplateSpec {
        var source: TemplateSpec.Source?
        for (key, value) in settings {
            switch key {
            case "file", "view":
                guard source == nil else { throw SettingError(key, "give either file or view, not both") }
                let text = try value.string(key)
                guard !text.isEmpty else { throw SettingError(key, "must not be empty") }
                source = key == "file" ? .file(text) : .inline(text)
            default:
                throw SettingError(key, "unknown template key (file, view)")
            }
        }
        guard let source else { throw SettingError("file", "a template needs file = \"PATH.json\" or view = '''JSON'''") }
        return TemplateSpec(name: name, source: source)
    }

    /// `template = NAME` of a rule or a container: a built-in or a declared template.
    static func name(_ value: SettingValue, key: String, known: Set<String>) throws -> String {
        let name = try value.string(key)
        guard known.contains(name) else {
            throw SettingError(key, "unknown template '\(name)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        return name
    }
}
