import Glibc
import WaylandPresenter

/// Whose history the store writes.
protocol HistoryOwner: AnyObject {
    var historyEntries: [HistoryEntry] { get }
}

/// The history file, `$XDG_STATE_HOME/overlay-wl/history` (default
/// `~/.local/state/overlay-wl/history`): read once at start, written atomically (a temporary
/// file renamed over it) a second after the history changes and at exit. A file that cannot be
/// read is moved aside with a warning; the daemon starts with an empty history.
final class HistoryStore: EventSource {
    /// Seconds between a change and the write (a flood of closes is written once).
    static let writeDelay = 1.0
    /// Files larger than this are not read (64 MiB: 50 entries with large images stay far below).
    static let maximumFileSize = 64 << 20

    let path: String
    weak var owner: HistoryOwner?
    private let clock: () -> Double
    /// When the pending write is due (monotonic seconds); nil when the file is current.
    private(set) var writeDue: Double?

    init(path: String, clock: @escaping () -> Double) {
        self.path = path
        self.clock = clock
    }

    /// `$XDG_STATE_HOME/overlay-wl/history`, else under `$HOME/.local/state`.
    static func defaultPath(environment: [String: String]? = nil) -> String {
        let variable = { (name: String) in environment.map { $0[name] } ?? getenv(name).map { String(cString: $0) } }
        let state = variable("XDG_STATE_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? "\(variable("HOME") ?? "/tmp")/.local/state"
        return "\(state)/overlay-wl/history"
    }

    /// The entries in the file, oldest first; empty when there is none. An unreadable file is
    /// renamed to `history.unreadable` and reported through `log`.
    func load() -> [HistoryEntry] {
        guard let bytes = readFile() else { return [] }
        do {
            return try HistoryCodec.decode(bytes)
        } catch {
            let aside = path + ".unreadable"
            rename(path, aside)
            log("history: \(path) cannot be read (\(error)); moved to \(aside), starting with an empty history")
            return []
        }
    }

    /// The history changed: write it soon.
    func changed() {
        if writeDue == nil { writeDue = clock() + Self.writeDelay }
    }

    /// Writes now if a write is pending (at exit).
    func flush() {
        guard writeDue != nil else { return }
        writeDue = nil
        guard let owner else { return }
        write(HistoryCodec.encode(owner.historyEntries))
    }

    // MARK: EventSource (no descriptor: only a deadline)

    var pollDescriptor: Int32 { -1 }
    var pollEvents: Int16 { 0 }
    var deadline: Double? { writeDue }

    func dispatch(events: Int16) throws {
        if let due = writeDue, clock() >= due { flush() }
    }

    // MARK: Files

    private func readFile() -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno != ENOENT { log("history: cannot open \(path): \(String(cString: strerror(errno)))") }
            return nil
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
            if bytes.count > Self.maximumFileSize {
                log("history: \(path) is larger than \(Self.maximumFileSize >> 20) MiB; not read")
                return nil
            }
        }
        return bytes
    }

    /// Writes to a temporary file beside the history, flushes it to disk, then renames it over.
    private func write(_ bytes: [UInt8]) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty { makeDirectories(directory) }
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return log("history: cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            return log("history: cannot save \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func makeDirectories(_ directory: String) {
        var prefix = ""
        for part in directory.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return }
        }
    }
}
