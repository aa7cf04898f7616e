// What can go wrong talking to sway.
import Glibc

public enum SwayIPCError: Error, Equatable, CustomStringConvertible {
    /// `$SWAYSOCK` unset, or nothing listening at it.
    case socketNotFound(String?)
    case connectFailed(path: String, errno: Int32)
    case io(String, errno: Int32)
    /// The connection closed (sway exited).
    case disconnected
    /// A reply that is not the i3-ipc framing or not the JSON we expect.
    case malformed(String)
    /// A `--window` selector that cannot be parsed.
    case badSelector(String)
    /// A `title~=REGEX` selector whose regex `UserRegex` refuses, and why.
    case badRegex(selector: String, reason: String)
    /// No window matches the selector.
    case noMatch(String)

    public var description: String {
        switch self {
        case .socketNotFound(let path):
            let at = path.map { " (SWAYSOCK=\($0))" } ?? " ($SWAYSOCK is not set)"
            return "sway IPC socket not found\(at): window targets need sway; point targets still work"
        case .connectFailed(let path, let e):
            return "cannot connect to sway IPC socket \(path): \(errnoText(e)); window targets need sway; point targets still work"
        case .io(let what, let e): return "sway IPC \(what) failed: \(errnoText(e))"
        case .disconnected: return "sway IPC connection closed"
        case .malformed(let what): return "malformed sway IPC message: \(what)"
        case .badSelector(let text):
            return "bad window selector \"\(text)\": use app_id=ID, title=TEXT, title~=REGEX, con_id=N or focused"
        case .badRegex(let text, let reason): return "bad window selector \"\(text)\": \(reason)"
        case .noMatch(let selector): return "no window matches \(selector)"
        }
    }
}

func errnoText(_ e: Int32) -> String { String(cString: strerror(e)) }
