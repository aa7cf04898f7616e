/// One D-Bus value of any complete type.
///
/// `ay` is always read as `.bytes` (one buffer, not one enum per byte); the writer accepts
/// both `.bytes` and `.array(_, elementSignature: "y")`.
public enum BusValue: Equatable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// `ay`.
    case bytes([UInt8])
    /// `a<elementSignature>`; the element signature is kept so that empty arrays stay typed.
    case array([BusValue], elementSignature: String)
    /// `a{<keySignature><valueSignature>}`, entries in message order.
    case dict([BusDictEntry], keySignature: String, valueSignature: String)
    /// `(...)`.
    case structure([BusValue])
    /// `v`.
    indirect case variant(BusValue)

    /// The D-Bus signature of this value (one complete type).
    public var signature: String {
        switch self {
        case .byte: return "y"
        case .bool: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .bytes: return "ay"
        case .array(_, let element): return "a" + element
        case .dict(_, let key, let value): return "a{" + key + value + "}"
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .variant: return "v"
        }
    }

    /// `as` from Swift strings.
    public static func stringArray(_ strings: [String]) -> BusValue {
        .array(strings.map { .string($0) }, elementSignature: "s")
    }

}

public struct BusDictEntry: Equatable, Sendable {
    public var key: BusValue
    public var value: BusValue

    public init(key: BusValue, value: BusValue) {
        self.key = key
        self.value = value
    }
}

// MARK: - Lenient typed access (for hints and other loosely typed data)

extension BusValue {
    /// The value with any number of variant wrappers removed.
    public var unwrapped: BusValue {
        var value = self
        while case .variant(let inner) = value { value = inner }
        return value
    }

    public var stringValue: String? {
        if case .string(let s) = unwrapped { return s }
        return nil
    }

    /// Any integer type, as `Int` (nil for non-integers and for `uint64` beyond `Int.max`).
    public var integerValue: Int? {
        switch unwrapped {
        case .byte(let v): return Int(v)
        case .int16(let v): return Int(v)
        case .uint16(let v): return Int(v)
        case .int32(let v): return Int(v)
        case .uint32(let v): return Int(v)
        case .int64(let v): return Int(exactly: v)
        case .uint64(let v): return Int(exactly: v)
        default: return nil
        }
    }

    /// `b`, or an integer (non-zero is true), which some clients send for boolean hints.
    public var boolValue: Bool? {
        if case .bool(let b) = unwrapped { return b }
        return integerValue.map { $0 != 0 }
    }

    /// `ay` in either representation.
    public var bytesValue: [UInt8]? {
        switch unwrapped {
        case .bytes(let b): return b
        case .array(let items, "y"):
            var out: [UInt8] = []
            out.reserveCapacity(items.count)
            for item in items {
                guard case .byte(let b) = item else { return nil }
                out.append(b)
            }
            return out
        default: return nil
        }
    }
}

// MARK: - Signatures

public enum BusSignature {
    /// Splits a signature into its complete types ("sa{sv}i" → ["s", "a{sv}", "i"]).
    /// Returns nil for a malformed signature.
    public static func split(_ signature: String) -> [String]? {
        let chars = Array(signature.utf8)
        var index = 0
        var result: [String] = []
        while index < chars.count {
            let start = index
            guard completeType(chars, &index, depth: 0) else { return nil }
            result.append(String(decoding: chars[start..<index], as: UTF8.self))
        }
        return result
    }

    private static func completeType(_ c: [UInt8], _ i: inout Int, depth: Int) -> Bool {
        guard i < c.count, depth < 64 else { return false }
        let ch = c[i]
        i += 1
        switch ch {
        case UInt8(ascii: "a"):
            if i < c.count, c[i] == UInt8(ascii: "{") {
                i += 1
                guard i < c.count, basicTypes.contains(c[i]) else { return false }
                i += 1
                guard completeType(c, &i, depth: depth + 1), i < c.count, c[i] == UInt8(ascii: "}")
                else { return false }
                i += 1
                return true
            }
            return completeType(c, &i, depth: depth + 1)
        case UInt8(ascii: "("):
            var fields = 0
            while i < c.count, c[i] != UInt8(ascii: ")") {
                guard completeType(c, &i, depth: depth + 1) else { return false }
                fields += 1
            }
            guard i < c.count, fields > 0 else { return false }
            i += 1
            return true
        case UInt8(ascii: "v"):
            return true
        default:
            return basicTypes.contains(ch)
        }
    }

    private static let basicTypes: Set<UInt8> = Set("ybnqiuxtdsogh".utf8)
}
