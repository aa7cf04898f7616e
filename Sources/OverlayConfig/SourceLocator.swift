import OverlayEngine

/// Finds where a key was written in TOML text, so errors found after parsing (a bad regex, an
/// unknown queue type) still name a line and column. TOMLKit keeps no source positions.
struct SourceLocator {
    struct Position: Equatable { var line: Int; var column: Int }

    /// "containers.toasts", "rules#0" (the first `[[rules]]`), "" for the top level.
    private var headers: [String: Position] = [:]
    private var keys: [String: Position] = [:]

    init(text: String) {
        var table = ""
        var arrayCounts: [String: Int] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let indent = rawLine.prefix { $0 == " " || $0 == "\t" }.count
            let content = rawLine.dropFirst(indent)
            if content.hasPrefix("[[") {
                let name = Self.headerName(content.dropFirst(2))
                let n = arrayCounts[name, default: 0]
                arrayCounts[name] = n + 1
                table = "\(name)#\(n)"
                headers[table] = Position(line: line, column: indent + 1)
            } else if content.hasPrefix("[") {
                table = Self.headerName(content.dropFirst())
                headers[table] = Position(line: line, column: indent + 1)
            } else if let equals = content.firstIndex(of: "="), !content.hasPrefix("#") {
                let key = Self.unquote(content[..<equals].trimmed(" \t"))
                let afterEquals = content[content.index(after: equals)...]
                let spaces = afterEquals.prefix { $0 == " " || $0 == "\t" }.count
                let column = indent + content.distance(from: content.startIndex, to: equals) + 2 + spaces
                let path = table.isEmpty ? key : "\(table).\(key)"
                if keys[path] == nil { keys[path] = Position(line: line, column: column) }
            }
        }
    }

    /// Where `key` of `table` was written; else the table's header; else line 1.
    func position(table: String, key: String?) -> Position {
        if let key, let p = keys[table.isEmpty ? key : "\(table).\(key)"] { return p }
        return headers[table] ?? Position(line: 1, column: 1)
    }

    /// Tables in the order they appear ("containers.a", "containers.b", …).
    func headerLine(_ table: String) -> Int? { headers[table]?.line }

    private static func headerName(_ rest: Substring) -> String {
        let name = rest.prefix { $0 != "]" }
        return name.split(separator: ".").map { unquote($0.trimmed(" \t")) }.joined(separator: ".")
    }

    private static func unquote(_ s: String) -> String {
        if s.count >= 2, let f = s.first, f == "\"" || f == "'", s.last == f { return String(s.dropFirst().dropLast()) }
        return s
    }
}
