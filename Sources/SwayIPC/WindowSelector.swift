// `--window` selectors: app_id=ID, title=TEXT (substring), title~=REGEX, con_id=N, focused.
import UserRegex

public enum WindowSelector: Equatable, Sendable, CustomStringConvertible {
    case appID(String)
    case titleContains(String)
    case titleMatches(String)
    case conID(Int)
    case focused

    /// Parses a selector; throws `.badRegex` for a regex `UserRegex` refuses, `.badSelector` for
    /// anything else (an empty value, an unknown key).
    public init(parsing text: String) throws {
        if text == "focused" { self = .focused; return }
        func value(after prefix: String) -> String? {
            text.hasPrefix(prefix) && text.count > prefix.count ? String(text.dropFirst(prefix.count)) : nil
        }
        if let v = value(after: "app_id=") {
            self = .appID(v)
        } else if let v = value(after: "title~=") {
            do { _ = try UserRegex.compile(v) } catch { throw SwayIPCError.badRegex(selector: text, reason: error.description) }
            self = .titleMatches(v)
        } else if let v = value(after: "title=") {
            self = .titleContains(v)
        } else if let v = value(after: "con_id="), let id = Int(v), id >= 0 {
            self = .conID(id)
        } else {
            throw SwayIPCError.badSelector(text)
        }
    }

    public var description: String {
        switch self {
        case .appID(let v): "app_id=\(v)"
        case .titleContains(let v): "title=\(v)"
        case .titleMatches(let v): "title~=\(v)"
        case .conID(let v): "con_id=\(v)"
        case .focused: "focused"
        }
    }

    public func matches(_ window: SwayWindow) -> Bool { matcher()(window) }

    /// The matching window: the focused one if several match, else the first in tree order.
    public func select(in windows: [SwayWindow]) -> SwayWindow? {
        let all = windows.filter(matcher())
        return all.first(where: \.focused) ?? all.first
    }

    /// The test a window passes, a `title~=` regex compiled once for all the windows it checks.
    private func matcher() -> (SwayWindow) -> Bool {
        switch self {
        case .appID(let id): return { $0.appID == id }
        case .titleContains(let text): return { $0.title.contains(text) }
        case .titleMatches(let pattern):
            guard let regex = try? UserRegex.compile(pattern) else { return { _ in false } }
            return { $0.title.contains(regex) }
        case .conID(let id): return { $0.conID == id }
        case .focused: return { $0.focused }
        }
    }
}
