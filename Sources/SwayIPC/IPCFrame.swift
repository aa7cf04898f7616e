// The i3/sway IPC framing: "i3-ipc", payload length (u32), message type (u32), JSON payload.
// Integers are in the host's byte order (sockets are local).

public enum IPCMessageType: UInt32, Sendable {
    case runCommand = 0
    case getWorkspaces = 1
    case subscribe = 2
    case getOutputs = 3
    case getTree = 4
}

/// Event types carry the high bit in replies.
public enum IPCEventType: UInt32, Sendable {
    case workspace = 0x8000_0000
    case output = 0x8000_0001
    case window = 0x8000_0003
    case shutdown = 0x8000_0006
}

public enum IPCFrame {
    static let magic: [UInt8] = Array("i3-ipc".utf8)
    static let headerSize = 14
    /// Sway's own limit is far below this; anything bigger is a broken stream.
    static let maximumPayload = 64 << 20

    /// One request: header then payload.
    public static func encode(type: UInt32, payload: [UInt8]) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerSize + payload.count)
        withUnsafeBytes(of: UInt32(payload.count)) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: type) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: payload)
        return bytes
    }
}

/// Accumulates bytes read from the socket and cuts complete frames off its front.
public struct IPCFrameDecoder: Sendable {
    private var buffer: [UInt8] = []
    public init() {}

    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, nil when more bytes are needed; throws on a corrupt stream.
    public mutating func next() throws -> (type: UInt32, payload: [UInt8])? {
        guard buffer.count >= IPCFrame.headerSize else { return nil }
        guard buffer.prefix(6).elementsEqual(IPCFrame.magic) else {
            throw SwayIPCError.malformed("bad magic \(Array(buffer.prefix(6)))")
        }
        let length = Int(Self.u32(buffer, at: 6)), type = Self.u32(buffer, at: 10)
        guard length <= IPCFrame.maximumPayload else { throw SwayIPCError.malformed("payload of \(length) bytes") }
        guard buffer.count >= IPCFrame.headerSize + length else { return nil }
        let payload = Array(buffer[IPCFrame.headerSize..<IPCFrame.headerSize + length])
        buffer.removeFirst(IPCFrame.headerSize + length)
        return (type, payload)
    }

    private static func u32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) { raw in
            for i in 0..<4 { raw[i] = bytes[offset + i] }
        }
        return value
    }
}
