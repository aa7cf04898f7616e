import OverlayEngine

/// A tiny JSON writer for the control interface's answers, keys in the order given (strings and
/// numbers are written as the engine's `JSONValue` writes them; no Foundation in the daemon).
indirect enum JSON {
    case string(String)
    case number(Double)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSON])
    /// Keys in the order given.
    case object([(String, JSON)])

    static func strings(_ items: [String]) -> JSON { .array(items.map { .string($0) }) }
    static func ids(_ items: [UInt32]) -> JSON { .array(items.map { .int(Int($0)) }) }

    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .string(let s): JSONValue.quote(s, to: &out)
        case .number(let d): out += JSONValue.format(d)
        case .int(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSONValue.quote(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }
}
