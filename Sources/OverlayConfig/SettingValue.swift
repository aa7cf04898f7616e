/// A loosely typed setting as it arrives from TOML, a D-Bus `a{sv}` or the command line.
public enum SettingValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case array([SettingValue])

    public var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .double: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        }
    }
}

/// A setting that could not be used; `key` names it, `message` says why.
public struct SettingError: Error, Equatable, CustomStringConvertible {
    public var key: String
    public var message: String
    public init(_ key: String, _ message: String) { self.key = key; self.message = message }
    public var description: String { "\(key): \(message)" }
}

/// Typed reads of one setting with clear errors.
extension SettingValue {
    public func string(_ key: String) throws -> String {
        if case .string(let s) = self { return s }
        throw SettingError(key, "expected a string, got \(typeName)")
    }

    public func bool(_ key: String) throws -> Bool {
        if case .bool(let b) = self { return b }
        throw SettingError(key, "expected true or false, got \(typeName)")
    }

    public func number(_ key: String) throws -> Double {
        switch self {
        case .integer(let i): return Double(i)
        case .double(let d) where d.isFinite: return d
        case .double: throw SettingError(key, "expected a finite number")
        default: throw SettingError(key, "expected a number, got \(typeName)")
        }
    }

    public func integer(_ key: String) throws -> Int {
        switch self {
        case .integer(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: throw SettingError(key, "expected an integer, got \(typeName)")
        }
    }

    /// A number within `range`.
    public func number(_ key: String, in range: ClosedRange<Double>) throws -> Double {
        let value = try number(key)
        guard range.contains(value) else {
            throw SettingError(key, "\(Self.format(value)) is out of range \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))")
        }
        return value
    }

    public func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int {
        let value = try integer(key)
        guard range.contains(value) else { throw SettingError(key, "\(value) is out of range \(range.lowerBound)...\(range.upperBound)") }
        return value
    }

    /// A string or an array of strings.
    public func strings(_ key: String) throws -> [String] {
        switch self {
        case .string(let s): return [s]
        case .array(let items): return try items.map { try $0.string(key) }
        default: throw SettingError(key, "expected a string or an array of strings, got \(typeName)")
        }
    }

    static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
