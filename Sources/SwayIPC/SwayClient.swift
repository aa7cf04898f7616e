// Request/reply connection to sway: the tree, the outputs, window lookups.
import Glibc

public final class SwayClient {
    private let socket: IPCSocket
    public let socketPath: String

    /// Connects to `path`, or to `$SWAYSOCK` when nil. Throws `.socketNotFound` with the
    /// message window targets report when sway is not there.
    public init(socketPath path: String? = nil) throws {
        guard let path = path ?? Self.environmentSocket else { throw SwayIPCError.socketNotFound(nil) }
        socketPath = path
        socket = try IPCSocket(path: path)
    }

    static var environmentSocket: String? {
        guard let raw = getenv("SWAYSOCK") else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }

    /// Sends one request and returns its reply's payload.
    public func request(_ type: IPCMessageType, _ payload: String = "") throws -> [UInt8] {
        try socket.send(type: type.rawValue, payload: payload)
        while true {
            let frame = try socket.receive()
            if frame.type == type.rawValue { return frame.payload }
            // Events only arrive on subscribed sockets; skip anything else defensively.
        }
    }

    public func windows() throws -> [SwayWindow] {
        try SwayTree.windows(fromTree: request(.getTree))
    }

    public func outputs() throws -> [SwayOutput] {
        try SwayTree.outputs(from: request(.getOutputs))
    }

    public func workspaces() throws -> [SwayWorkspace] {
        try SwayTree.workspaces(from: request(.getWorkspaces))
    }

    /// The usable area of `output` (its visible workspace's rect) in output-local coordinates,
    /// and the output's size; nil when there is no such active output.
    public func usableArea(of output: String) throws -> (area: SwayRect, size: SwayRect)? {
        guard let rect = try outputs().first(where: { $0.name == output && $0.active })?.rect else { return nil }
        let workspace = try workspaces().first { $0.output == output && $0.visible }
        return ((workspace?.rect ?? rect).relative(to: rect), rect.relative(to: rect))
    }

    /// The window `selector` picks; `.noMatch` when there is none.
    public func window(_ selector: WindowSelector) throws -> SwayWindow {
        guard let window = selector.select(in: try windows()) else {
            throw SwayIPCError.noMatch(selector.description)
        }
        return window
    }

    /// The window with this con_id now, or nil when it has gone.
    public func window(conID: Int) throws -> SwayWindow? {
        try windows().first { $0.conID == conID }
    }
}
