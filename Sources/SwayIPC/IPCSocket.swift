// A connected AF_UNIX stream socket to sway: blocking request/reply, or non-blocking event reads.
import Glibc

final class IPCSocket {
    let fd: Int32
    private var decoder = IPCFrameDecoder()

    /// Connects to `path`; `socketNotFound` when there is no socket file, `connectFailed` otherwise.
    init(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw SwayIPCError.socketNotFound(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw SwayIPCError.connectFailed(path: path, errno: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SwayIPCError.io("socket", errno: errno) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let e = errno
            close(fd)
            throw SwayIPCError.connectFailed(path: path, errno: e)
        }
        self.fd = fd
    }

    deinit { close(fd) }

    func setNonBlocking() {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    func send(type: UInt32, payload: String) throws {
        let bytes = IPCFrame.encode(type: type, payload: Array(payload.utf8))
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SwayIPCError.io("send", errno: errno)
            }
            sent += n
        }
    }

    /// Blocks until a frame arrives (request/reply sockets only).
    func receive() throws -> (type: UInt32, payload: [UInt8]) {
        while true {
            if let frame = try decoder.next() { return frame }
            guard try fill() else { throw SwayIPCError.disconnected }
        }
    }

    /// Every complete frame already readable, without blocking (socket must be non-blocking).
    /// Throws `.disconnected` at end of stream, after returning nothing more.
    func receiveAvailable() throws -> [(type: UInt32, payload: [UInt8])] {
        var frames: [(type: UInt32, payload: [UInt8])] = []
        var open = true
        while open {
            do { open = try fill() } catch SwayIPCError.io(_, let e) where e == EAGAIN || e == EWOULDBLOCK { break }
            while let frame = try decoder.next() { frames.append(frame) }
        }
        if !open && frames.isEmpty { throw SwayIPCError.disconnected }
        return frames
    }

    /// Reads once into the decoder; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { decoder.append(chunk[..<n]); return true }
            if n == 0 { return false }
            if errno == EINTR { continue }
            throw SwayIPCError.io("recv", errno: errno)
        }
    }
}
