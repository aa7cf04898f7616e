// Sway's `window` events: a change and the container it happened to.
import FoundationEssentials  // JSONDecoder without ICU

public struct WindowEvent: Equatable, Sendable {
    public enum Change: Equatable, Sendable {
        case new, close, focus, title, fullscreenMode, move, floating, urgent, mark
        case other(String)

        init(_ raw: String) {
            switch raw {
            case "new": self = .new
            case "close": self = .close
            case "focus": self = .focus
            case "title": self = .title
            case "fullscreen_mode": self = .fullscreenMode
            case "move": self = .move
            case "floating": self = .floating
            case "urgent": self = .urgent
            case "mark": self = .mark
            default: self = .other(raw)
            }
        }
    }

    public var change: Change
    /// The container as the event reports it: no output fields (query the tree for those).
    public var window: SwayWindow

    public init(change: Change, window: SwayWindow) { self.change = change; self.window = window }

    /// Parses one `window` event payload.
    public init(json: [UInt8]) throws {
        struct Raw: Decodable {
            var change: String
            var container: TreeNode
        }
        let raw: Raw
        do { raw = try JSONDecoder().decode(Raw.self, from: Data(json)) } catch {
            throw SwayIPCError.malformed("window event: \(error)")
        }
        change = Change(raw.change)
        window = raw.container.window(floating: false, output: nil, workspace: nil)
    }
}
