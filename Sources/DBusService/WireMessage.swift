import CSDBus
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One D-Bus message read from its wire bytes, exactly as the daemon reads a message from a
/// client: sd-bus parses it (an anonymous sd-bus server on one end of a socket pair, since sd-bus
/// has no public call that parses a buffer) and the reader turns it into values. Used by the
/// tests and the fuzz targets to feed raw, possibly hostile, bytes to the reader.
public enum WireMessage {
    /// What the message held: a `Notify` call's arguments (read as the server reads them), or
    /// the generic values of any other message.
    public enum Contents: Equatable, Sendable {
        case notify(NotifyRequest)
        case values([BusValue])
    }

    /// Longer inputs are refused: they would not fit the socket pair's buffer in one write.
    public static let maximumBytes = 64 * 1024

    /// The client's side of the handshake: the initial nul byte, anonymous authentication, BEGIN.
    static let handshake = Array("\0AUTH ANONYMOUS\r\nBEGIN\r\n".utf8)

    /// Reads the first message in `bytes`; throws a `BusError` for anything sd-bus or the reader
    /// rejects (a truncated or malformed message, an unsupported type).
    public static func read(_ bytes: [UInt8]) throws -> Contents {
        guard bytes.count <= maximumBytes else {
            throw BusError.invalidValue("\(bytes.count) bytes is more than \(maximumBytes)")
        }
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw BusError.failed(operation: "socketpair", code: -errno)
        }
        defer { close(fds[1]) }
        var handle: OpaquePointer?
        do {
            try BusError.check(sd_bus_new(&handle), "sd_bus_new")
        } catch {
            close(fds[0])
            throw error
        }
        guard let bus = handle else { close(fds[0]); throw BusError.failed(operation: "sd_bus_new", code: -ENOMEM) }
        defer { sd_bus_close_unref(bus) }
        // The bus owns fds[0] from here on and closes it.
        try BusError.check(sd_bus_set_fd(bus, fds[0], fds[0]), "sd_bus_set_fd")
        var serverID = sd_id128_t()
        serverID.bytes.0 = 1
        try BusError.check(sd_bus_set_server(bus, 1, serverID), "sd_bus_set_server")
        try BusError.check(sd_bus_set_anonymous(bus, 1), "sd_bus_set_anonymous")
        try BusError.check(sd_bus_start(bus), "sd_bus_start")

        let wire = handshake + bytes
        let written = wire.withUnsafeBytes { send(fds[1], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written == wire.count else { throw BusError.failed(operation: "send", code: -errno) }
        shutdown(fds[1], Int32(SHUT_WR))

        // Each round reads and handles what arrived; the input is finite, so this ends with a
        // message, an error or no progress.
        for _ in 0..<64 {
            var message: OpaquePointer?
            let r = try BusError.check(sd_bus_process(bus, &message), "sd_bus_process")
            if let message {
                defer { sd_bus_message_unref(message) }
                // At the end of the input sd-bus hands out its own Disconnected signal instead.
                if sd_bus_message_is_signal(message, "org.freedesktop.DBus.Local", "Disconnected") > 0 { break }
                return try contents(of: message)
            }
            if r == 0 { break }
        }
        throw BusError.invalidValue("no complete message")
    }

    private static func contents(of message: OpaquePointer) throws -> Contents {
        let reader = BusMessageReader(message: message)
        if sd_bus_message_is_method_call(message, nil, "Notify") > 0,
           sd_bus_message_has_signature(message, NotificationServer.notifySignature) > 0 {
            return .notify(try NotifyRequest(reading: reader, sender: nil))
        }
        return .values(try reader.readAll())
    }
}
