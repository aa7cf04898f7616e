import FoundationEssentials
import Glibc

/// "Don't show again" keys of help tips the user has dismissed, one per line in
/// `$XDG_STATE_HOME/overlay-wl/tips-seen` (default `~/.local/state/overlay-wl/tips-seen`).
final class SeenTips {
    let path: String
    private var keys: Set<String>?

    /// `environment` nil reads the process's (getenv: no Foundation start-up work in the daemon).
    init(environment: [String: String]? = nil) {
        let variable = { (name: String) in environment.map { $0[name] } ?? getenv(name).map { String(cString: $0) } }
        let state = variable("XDG_STATE_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? "\(variable("HOME") ?? "/tmp")/.local/state"
        path = "\(state)/overlay-wl/tips-seen"
    }

    func contains(_ key: String) -> Bool { load().contains(key) }

    /// Adds `key` (appended to the file; a write error is logged, the key is still kept in memory).
    func remember(_ key: String) {
        guard !load().contains(key) else { return }
        keys!.insert(key)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            log("tips: cannot create \(directory): \(error)")
            return
        }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { log("tips: cannot open \(path): \(String(cString: strerror(errno)))"); return }
        defer { close(fd) }
        let line = Array((key + "\n").utf8)
        if write(fd, line, line.count) != line.count {
            log("tips: cannot remember \"\(key)\" in \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Keys are single lines: no newlines, not empty, at most 200 bytes.
    static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= 200 && !key.contains(where: \.isNewline)
    }

    private func load() -> Set<String> {
        if let keys { return keys }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let loaded = Set(text.split(whereSeparator: \.isNewline).map(String.init))
        keys = loaded
        return loaded
    }
}
