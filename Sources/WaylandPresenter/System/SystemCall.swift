import Glibc

/// A failed system call: its name and errno, printed as one line.
public struct SystemError: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// The one wrapper every syscall goes through: retries on EINTR, throws on -1.
@discardableResult
func systemCall<T: BinaryInteger>(_ name: String, _ body: () -> T) throws -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        if errno == EINTR { continue }
        throw SystemError(call: name, code: errno)
    }
}

/// An owned file descriptor, closed on deinit.
final class FileDescriptor {
    let rawValue: Int32
    init(_ rawValue: Int32) { self.rawValue = rawValue }
    deinit { Glibc.close(rawValue) }
}

/// Seconds on CLOCK_MONOTONIC: the clock every engine time is measured on.
public func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
