#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Errors of the bus layer itself (connecting, owning names, encoding values).
public enum BusError: Error, Equatable, CustomStringConvertible {
    /// `requestName` found the name owned by another connection.
    case nameTaken(String)
    /// The connection to the bus is gone (the daemon should shut down or reconnect).
    case disconnected
    /// An sd-bus call failed; `code` is the negative errno it returned.
    case failed(operation: String, code: Int32)
    /// A message carried a type this layer does not read (unix file descriptors).
    case unsupportedType(String)
    /// A value could not be encoded or decoded as asked.
    case invalidValue(String)

    public var description: String {
        switch self {
        case .nameTaken(let name):
            return "\(name) is already owned by another process (is another notification daemon running?)"
        case .disconnected:
            return "the D-Bus connection was closed"
        case .failed(let operation, let code):
            return "\(operation) failed: \(String(cString: strerror(-code)))"
        case .unsupportedType(let type):
            return "unsupported D-Bus type '\(type)'"
        case .invalidValue(let what):
            return "invalid D-Bus value: \(what)"
        }
    }

    /// Throws `.failed` (or `.disconnected`) when an sd-bus return value is negative.
    @discardableResult
    static func check(_ result: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
        if result >= 0 { return result }
        if result == -ECONNRESET || result == -ENOTCONN || result == -EPIPE { throw BusError.disconnected }
        throw BusError.failed(operation: operation(), code: result)
    }
}

/// Thrown by a `BusInterface` handler to answer a call with a D-Bus error reply.
public struct BusMethodError: Error, Equatable, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    public static func failed(_ message: String) -> BusMethodError {
        BusMethodError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }

    public static func invalidArgs(_ message: String) -> BusMethodError {
        BusMethodError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    public static func unknownMethod(_ message: String) -> BusMethodError {
        BusMethodError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }

    public static func unknownInterface(_ message: String) -> BusMethodError {
        BusMethodError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: message)
    }
}
