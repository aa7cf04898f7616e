import OverlayEngine

/// A freedesktop key file (an icon theme's `index.theme`, GTK's `settings.ini`, Plasma's
/// `kdeglobals`): `[Section]` headers and `key = value` lines, trimmed; comments, blank and
/// malformed lines are ignored, and a key given twice in a section keeps its last value.
public struct KeyFile {
    public let sections: [String: [String: String]]

    public init(_ text: String) {
        var sections: [String: [String: String]] = [:]
        var current = ""
        for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = raw.trimmed(" \t")
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast())
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmed(" \t")
            let value = line[line.index(after: eq)...].trimmed(" \t")
            sections[current, default: [:]][key] = value
        }
        self.sections = sections
    }

    /// The value of `key` in `section`, nil when either is missing.
    public subscript(section: String, key: String) -> String? { sections[section]?[key] }
}
