// A second connection subscribed to sway's events, read without blocking from a poll loop.
import Glibc

public final class SwayEventStream {
    private let socket: IPCSocket

    /// Connects (to `$SWAYSOCK` when `path` is nil) and subscribes to `events` (their IPC names:
    /// "window", "workspace", "output").
    public init(socketPath path: String? = nil, events: [String] = ["window"]) throws {
        guard let path = path ?? SwayClient.environmentSocket else { throw SwayIPCError.socketNotFound(nil) }
        socket = try IPCSocket(path: path)
        let names = events.map { "\"\($0)\"" }.joined(separator: ",")
        try socket.send(type: IPCMessageType.subscribe.rawValue, payload: "[\(names)]")
        let reply = try socket.receive()
        // `{"success": true}`, looked for in the bytes (String search would page in the regex
        // library, a lasting cost in a daemon that starts this at start-up).
        let yes = Array("true".utf8)
        guard reply.type == IPCMessageType.subscribe.rawValue,
              reply.payload.indices.contains(where: { reply.payload[$0...].starts(with: yes) }) else {
            throw SwayIPCError.malformed("subscribe refused: \(String(decoding: reply.payload, as: UTF8.self))")
        }
        socket.setNonBlocking()
    }

    /// Poll this for POLLIN.
    public var fileDescriptor: Int32 { socket.fd }

    /// The window events already received; empty when none are waiting. Throws `.disconnected`
    /// when sway has gone. Frames of other types and unparsable events are skipped.
    public func readEvents() throws -> [WindowEvent] {
        try socket.receiveAvailable().compactMap { frame in
            guard frame.type == IPCEventType.window.rawValue else { return nil }
            return try? WindowEvent(json: frame.payload)
        }
    }

    /// How many events of any subscribed type were waiting (their contents are not read).
    public func drainEvents() throws -> Int {
        try socket.receiveAvailable().count
    }
}
