import Glibc
import OverlayConfig

/// Why text could not be read: "cannot read: …", "not a regular file", "larger than 4 MiB".
struct TextReadError: Error, CustomStringConvertible {
    let description: String
}

/// Bytes read at a time (64 KiB).
let textChunkBytes = 65_536

/// All of `fd` as UTF-8 (invalid bytes replaced), read a chunk at a time and refused as soon as
/// it passes `limit` bytes, so an endless stream never costs more than `limit` and one chunk.
func readText(_ fd: Int32, limit: Int) throws(TextReadError) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: textChunkBytes)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n == 0 { break }
        if n < 0 {
            if errno == EINTR { continue }
            throw TextReadError(description: "cannot read: \(String(cString: strerror(errno)))")
        }
        guard bytes.count + n <= limit else {
            let cap = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
            throw TextReadError(description: "larger than \(cap)")
        }
        // Grown by doubling, but never past `limit`.
        if bytes.count + n > bytes.capacity { bytes.reserveCapacity(min(limit, max(bytes.count + n, 2 * bytes.capacity))) }
        bytes.append(contentsOf: chunk[..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Reads a whole regular file, at most 4 MiB, as UTF-8 (config, view, template and tour files).
/// Anything else (a FIFO, a device, a directory) is refused without blocking: opened with
/// O_NONBLOCK, so a FIFO does not wait for a writer, and checked once open.
func readTextFile(_ path: String) throws(ConfigError) -> String {
    func failure(_ reason: String) -> ConfigError { ConfigError(file: path, line: 0, column: 0, reason: reason) }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw failure("cannot read: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure("cannot read: \(String(cString: strerror(errno)))") }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw failure("not a regular file") }
    do { return try readText(fd, limit: 4 << 20) } catch { throw failure(error.description) }
}
