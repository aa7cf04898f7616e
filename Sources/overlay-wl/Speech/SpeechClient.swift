import Glibc
import WaylandPresenter

/// A speech-dispatcher connection (SSIP over its Unix socket) as one more poll source. It sends
/// one command at a time and waits for its reply; it never blocks and has no timers. It connects
/// when the first utterance comes and again on the next one after the socket went away; without
/// speech-dispatcher the utterance is dropped with one warning.
final class SpeechClient: EventSource {
    /// Utterances waiting to be sent; past this the oldest `message` one is dropped.
    static let queueLimit = 16
    /// Bytes of an unfinished reply line kept; a longer one ends the connection.
    static let replyLimit = 4096

    /// The socket, or nil for the default (`$SPEECHD_ADDRESS`, else under `$XDG_RUNTIME_DIR`).
    var socketPath: String?
    private(set) var queue: [Utterance] = []
    private var fd: Int32 = -1
    /// Commands of the utterance being sent, after the one in `outbox`.
    private var commands: [String] = []
    private var outbox: [UInt8] = []
    private var awaitingReply = false
    private var inbox: [UInt8] = []
    private var warned = false

    init(socketPath: String? = nil) { self.socketPath = socketPath }
    deinit { if fd >= 0 { close(fd) } }

    var isConnected: Bool { fd >= 0 }

    /// Queues `utterance`, connecting first when there is no connection.
    func speak(_ utterance: Utterance) {
        if queue.count >= Self.queueLimit {
            queue.remove(at: queue.firstIndex { $0.priority == .message } ?? 0)
        }
        queue.append(utterance)
        if fd < 0 { connect() }
        advance()
        flush()
        if fd < 0, !queue.isEmpty {  // the socket had gone away unnoticed: once more, on a new one
            connect()
            advance()
            flush()
        }
    }

    // MARK: EventSource

    var pollDescriptor: Int32 { fd }
    var pollEvents: Int16 { Int16(outbox.isEmpty ? POLLIN : POLLIN | POLLOUT) }

    func dispatch(events: Int16) throws {
        guard fd >= 0, events != 0 else { return }
        if events & Int16(POLLIN) != 0 { receive() }
        if fd >= 0, events & Int16(POLLERR | POLLHUP) != 0 { disconnect("the connection was closed") }
        flush()
    }

    // MARK: Connection

    static func defaultSocketPath() -> String? {
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        if let address = env("SPEECHD_ADDRESS") {
            return address.hasPrefix("unix_socket:") ? String(address.dropFirst("unix_socket:".count)) : nil
        }
        return env("XDG_RUNTIME_DIR").map { $0 + "/speech-dispatcher/speechd.sock" }
    }

    private func connect() {
        guard let path = socketPath ?? Self.defaultSocketPath() else {
            return fail("no speech-dispatcher socket (only unix_socket: addresses are supported)")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return fail("\(path): path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socketFD >= 0 else { return fail("socket: \(String(cString: strerror(errno)))") }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let message = String(cString: strerror(errno))
            close(socketFD)
            return fail("\(path): \(message)")
        }
        fd = socketFD
        warned = false
        commands = [SSIP.clientName]
    }

    /// Drops what is queued; warns once until a connection succeeds again.
    private func fail(_ reason: String) {
        queue.removeAll()
        guard !warned else { return }
        warned = true
        log("speech-dispatcher not reachable, notifications are not read aloud: \(reason)")
    }

    private func disconnect(_ reason: String) {
        close(fd)
        fd = -1
        commands.removeAll()
        outbox.removeAll()
        inbox.removeAll()
        awaitingReply = false
        log("speech-dispatcher: \(reason); reconnecting on the next notification read aloud")
    }

    // MARK: Commands and replies

    /// Puts the next command in the outbox when the last one was answered.
    private func advance() {
        guard fd >= 0, outbox.isEmpty, !awaitingReply else { return }
        if commands.isEmpty, !queue.isEmpty { commands = SSIP.commands(for: queue.removeFirst()) }
        guard !commands.isEmpty else { return }
        outbox = Array(commands.removeFirst().utf8)
    }

    private func flush() {
        while fd >= 0, !outbox.isEmpty {
            let sent = outbox.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                return disconnect("send: \(String(cString: strerror(errno)))")
            }
            outbox.removeFirst(sent)
            if outbox.isEmpty { awaitingReply = true }
        }
    }

    private func receive() {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while fd >= 0 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0, errno == EAGAIN || errno == EINTR { return }
            guard count > 0 else { return disconnect(count == 0 ? "the connection was closed" : "recv: \(String(cString: strerror(errno)))") }
            inbox += buffer[0..<count]
            while let end = inbox.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: inbox[..<end], as: UTF8.self).trimmingSuffix("\r")
                inbox.removeSubrange(...end)
                replied(line)
            }
            if inbox.count > Self.replyLimit { return disconnect("reply line longer than \(Self.replyLimit) bytes") }
        }
    }

    private func replied(_ line: Substring) {
        guard awaitingReply, let code = SSIP.finalCode(line) else { return }
        awaitingReply = false
        if code >= 300 {
            log("speech-dispatcher refused a command: \(line)")
            commands.removeAll()  // the rest of that utterance
        }
        advance()
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> Substring { hasSuffix(suffix) ? dropLast(suffix.count) : self[...] }
}
