import Glibc

/// Finds icon files by name through a freedesktop icon theme and its inheritance (ending in
/// `hicolor`), then `/usr/share/pixmaps`, following the spec's lookup:
///
/// 1. in each theme of the chain, a directory whose size rule matches the size AND scale
///    exactly — `@2x` folders (Scale=2) are only exact for scale 2, and Scalable folders match
///    any size in MinSize…MaxSize (the `scalable` case mako#383 missed);
/// 2. otherwise that theme's closest directory by device-pixel distance;
/// 3. otherwise the parent themes, in order.
///
/// Results (including misses) are cached per (name, size, scale).
public final class IconTheme {
    public let name: String
    public let searchPaths: [String]
    private var indexes: [String: IconThemeIndex?] = [:]
    private var cache: [String: String?] = [:]
    static let extensions = ["png", "svg", "xpm"]

    /// `$HOME/.icons`, `$XDG_DATA_HOME/icons`, each `$XDG_DATA_DIRS/icons`, `/usr/share/pixmaps`.
    public static func defaultSearchPaths() -> [String] {
        func env(_ key: String) -> String? { getenv(key).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        var paths: [String] = []
        if let home = env("HOME") { paths.append(home + "/.icons") }
        if let data = env("XDG_DATA_HOME") ?? env("HOME").map({ $0 + "/.local/share" }) { paths.append(data + "/icons") }
        let dirs = env("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share"
        paths += dirs.split(separator: ":").map { String($0) + "/icons" }
        paths.append("/usr/share/pixmaps")
        return paths
    }

    public init(name: String = "Adwaita", searchPaths: [String] = IconTheme.defaultSearchPaths()) {
        self.name = name
        self.searchPaths = searchPaths
    }

    /// The file for icon `iconName` at `size` logical pixels and integer `scale`, or nil.
    /// Names containing "/" are never looked up (that is a path, not a name).
    public func lookup(_ iconName: String, size: Int, scale: Int = 1) -> String? {
        guard !iconName.isEmpty, !iconName.contains("/"), iconName != ".", iconName != ".." else { return nil }
        let key = "\(iconName)\u{0}\(size)\u{0}\(scale)"
        if let hit = cache[key] { return hit }
        var found: String?
        var visited = Set<String>()
        var queue = [name]
        // Depth-first through Inherits, hicolor last (spec: hicolor is always the final fallback).
        while found == nil, !queue.isEmpty {
            let theme = queue.removeFirst()
            guard visited.insert(theme).inserted, visited.count < 32 else { continue }
            if let index = index(of: theme) {
                found = find(iconName, size: max(1, size), scale: max(1, scale), in: index)
                queue = index.inherits.filter { $0 != "hicolor" } + queue
            }
            if queue.isEmpty, !visited.contains("hicolor") { queue = ["hicolor"] }
        }
        if found == nil { found = unthemed(iconName) }
        cache[key] = found
        return found
    }

    private func find(_ icon: String, size: Int, scale: Int, in index: IconThemeIndex) -> String? {
        for directory in index.directories where directory.matches(size: size, scale: scale) {
            if let file = file(icon, theme: index.name, directory: directory.path) { return file }
        }
        var best: (distance: Int, file: String)?
        for directory in index.directories {
            let distance = directory.distance(size: size, scale: scale)
            if let current = best, distance >= current.distance { continue }
            if let file = file(icon, theme: index.name, directory: directory.path) { best = (distance, file) }
        }
        return best?.file
    }

    private func file(_ icon: String, theme: String, directory: String) -> String? {
        for base in searchPaths {
            for ext in Self.extensions {
                let path = "\(base)/\(theme)/\(directory)/\(icon).\(ext)"
                if access(path, R_OK) == 0 { return path }
            }
        }
        return nil
    }

    private func unthemed(_ icon: String) -> String? {
        for base in searchPaths {
            for ext in Self.extensions {
                let path = "\(base)/\(icon).\(ext)"
                if access(path, R_OK) == 0 { return path }
            }
        }
        return nil
    }

    private func index(of theme: String) -> IconThemeIndex? {
        if let cached = indexes[theme] { return cached }
        var result: IconThemeIndex?
        for base in searchPaths {
            if let text = readSmallFile("\(base)/\(theme)/index.theme") {
                result = IconThemeIndex(name: theme, text: text)
                break
            }
        }
        indexes[theme] = result
        return result
    }
}

/// Reads a regular file of at most 1 MiB as UTF-8 (lossy); nil otherwise.
func readSmallFile(_ path: String, limit: Int = 1 << 20) -> String? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit,
          let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    let n = fread(&bytes, 1, bytes.count, file)
    return String(decoding: bytes.prefix(n), as: UTF8.self)
}
