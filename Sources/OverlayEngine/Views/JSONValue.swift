// A small JSON reader and writer (RFC 8259) for view trees, with no Foundation.

/// A parsed JSON value. Objects keep their keys in a dictionary; duplicate keys are an error.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `text`, nesting at most `maxNesting` arrays and objects deep.
    public static func parse(_ text: String, maxNesting: Int = 128) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: Array(text.utf8), maxNesting: maxNesting)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == reader.bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    /// Compact JSON text; object keys sorted so the output is stable.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.format(n)
        case .string(let s): Self.quote(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                Self.quote(key, to: &out)
                out += ":"
                members[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    /// Integers without a fraction; other numbers in Swift's shortest round-tripping form
    /// (non-finite ones, which JSON lacks, as `null`).
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    /// Appends `s` as a JSON string: quoted, with quotes, backslashes and control characters escaped.
    public static func quote(_ s: String, to out: inout String) {
        out += "\""
        // Most strings need no escape: appended whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// Malformed JSON: what was wrong and at which byte.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// Byte offset in the UTF-8 text.
    public var offset: Int
    public var message: String
    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

struct JSONReader {
    let bytes: [UInt8]
    let maxNesting: Int
    var position = 0

    init(bytes: [UInt8], maxNesting: Int) { self.bytes = bytes; self.maxNesting = maxNesting }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: position, message: message) }

    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard bytes.count - position >= w.count, Array(bytes[position..<position + w.count]) == w else {
            throw error("unexpected character")
        }
        position += w.count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxNesting else { throw error("nested deeper than \(maxNesting)") }
        position += 1
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object([:]) }
        // Read whole, then put in a table made once at its size (no growing, no rehashing).
        var read: [(key: String, offset: Int, value: JSONValue)] = []
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let keyStart = position
            let key = try string()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            skipSpace()
            read.append((key, keyStart, try value(depth: depth)))
            skipSpace()
            guard position < bytes.count else { throw error("unexpected end of text") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; break }
            throw error("expected ',' or '}'")
        }
        var members = [String: JSONValue](minimumCapacity: read.count)
        for member in read where members.updateValue(member.value, forKey: member.key) != nil {
            throw JSONSyntaxError(offset: member.offset, message: "duplicate key \"\(member.key)\"")
        }
        return .object(members)
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxNesting else { throw error("nested deeper than \(maxNesting)") }
        position += 1
        var items: [JSONValue] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            guard position < bytes.count else { throw error("unexpected end of text") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected a digit") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw JSONSyntaxError(offset: integerStart, message: "leading zero") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("expected a digit") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected a digit") }
        }
        if let exact = exactNumber(start..<position) { return exact }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let n = Double(text), n.isFinite else { throw JSONSyntaxError(offset: start, message: "number out of range") }
        return n
    }

    /// A number of at most 15 digits and 22 decimals, without an exponent, read without making a
    /// string: its digits and the power of ten are exact doubles, so their quotient is the
    /// correctly rounded value (as `Double(String)` gives). Nil for any other number.
    private func exactNumber(_ range: Range<Int>) -> Double? {
        var digits: Int64 = 0, count = 0, decimals = 0, negative = false, afterPoint = false
        for i in range {
            switch bytes[i] {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): afterPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits = digits * 10 + Int64(bytes[i] - UInt8(ascii: "0"))
                count += 1
                if afterPoint { decimals += 1 }
            default: return nil  // an exponent
            }
            if count > 15 || decimals > 22 { return nil }
        }
        let value = Double(digits) / Self.powersOfTen[decimals]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { x, _ in x * 10 } }

    private mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        // Most strings have no escape: one String straight from the bytes.
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: bytes[start..<position - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        var out = Array(bytes[start..<position])
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw error("unterminated string") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: String(try unicodeEscape()).utf8)
                default: throw error("unknown escape")
                }
            case 0..<0x20: throw error("control character in string")
            default: out.append(byte)
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - position >= 4,
              let v = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits") }
        position += 4
        return v
    }

    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate") }
            position += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else { throw error("unpaired surrogate") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw error("unpaired surrogate") }
        return scalar
    }
}
