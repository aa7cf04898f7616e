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
/// Results (including misses) are remembered per (name, size, scale), at most `lookupCapacity`.
/// A theme folder's current `icon-theme.cache` (GTK's) answers which of its directories hold
/// a name; a folder without one is probed file by file, only in its directories that exist.
public final class IconTheme {
    public let name: String
    public let searchPaths: [String]
    private var indexes: [String: IconThemeIndex?] = [:]
    private var folders: [String: (seen: [FolderStamp?], folders: [ThemeFolder])] = [:]
    private var cache: [String: String?] = [:]
    /// False: every folder is probed, as without caches (tests compare the two).
    let usesCaches: Bool
    static let extensions = ["png", "svg", "xpm"]
    /// Lookups remembered; past it all are forgotten (each costs a few hash probes again).
    static let lookupCapacity = 1024

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

    public convenience init(name: String = "Adwaita", searchPaths: [String] = IconTheme.defaultSearchPaths()) {
        self.init(name: name, searchPaths: searchPaths, usesCaches: true)
    }

    init(name: String, searchPaths: [String], usesCaches: Bool) {
        self.name = name
        self.searchPaths = searchPaths
        self.usesCaches = usesCaches
    }

    /// True when a theme named `name` (its `index.theme`) is under one of `searchPaths`.
    public static func isInstalled(_ name: String, searchPaths: [String] = defaultSearchPaths()) -> Bool {
        searchPaths.contains { access("\($0)/\(name)/index.theme", R_OK) == 0 }
    }

    /// Lookups remembered now (tests).
    var rememberedLookups: Int { cache.count }

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
        if cache.count >= Self.lookupCapacity { cache.removeAll(keepingCapacity: true) }
        cache[key] = found
        return found
    }

    private func find(_ icon: String, size: Int, scale: Int, in index: IconThemeIndex) -> String? {
        // Per folder: the directories its cache lists the icon in, or nil to probe.
        let places = themeFolders(index).map { folder in
            (folder, folder.cache.map { Dictionary($0.directories(of: icon), uniquingKeysWith: { first, _ in first }) })
        }
        if places.allSatisfy({ $0.1?.isEmpty == true }) { return nil }
        func file(in directory: String) -> String? {
            for (folder, listed) in places {
                if let listed {
                    guard let extensions = listed[directory] else { continue }
                    let ext = extensions.contains(.png) ? "png" : extensions.contains(.svg) ? "svg" : extensions.contains(.xpm) ? "xpm" : nil
                    if let ext { return "\(folder.path)/\(directory)/\(icon).\(ext)" }
                } else if folder.directories.contains(directory) {
                    for ext in Self.extensions {
                        let path = "\(folder.path)/\(directory)/\(icon).\(ext)"
                        if access(path, R_OK) == 0 { return path }
                    }
                }
            }
            return nil
        }
        for directory in index.directories where directory.matches(size: size, scale: scale) {
            if let found = file(in: directory.path) { return found }
        }
        var best: (distance: Int, file: String)?
        for directory in index.directories where !directory.matches(size: size, scale: scale) {
            let distance = directory.distance(size: size, scale: scale)
            if let current = best, distance >= current.distance { continue }
            if let found = file(in: directory.path) { best = (distance, found) }
        }
        return best?.file
    }

    /// The theme's folder under each search path that has one, read again when one appeared,
    /// went or changed since (a package's icons installed: its trigger rebuilds the cache, which
    /// changes the folder).
    private func themeFolders(_ index: IconThemeIndex) -> [ThemeFolder] {
        let stamps = searchPaths.map { FolderStamp("\($0)/\(index.name)") }
        if let known = folders[index.name], known.seen == stamps { return known.folders }
        let found = zip(searchPaths, stamps).compactMap { base, stamp in
            stamp.map { _ in ThemeFolder(path: "\(base)/\(index.name)", directories: index.directories.map(\.path), usesCache: usesCaches) }
        }
        folders[index.name] = (stamps, found)
        return found
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

/// A theme's folder under one search path: its current GTK cache, or else which of the index's
/// directories exist in it (the others are never probed).
private struct ThemeFolder {
    let path: String
    let cache: IconCacheFile?
    let directories: Set<String>

    init(path: String, directories: [String], usesCache: Bool) {
        self.path = path
        cache = usesCache ? IconCacheFile(folder: path) : nil
        self.directories = cache == nil ? Set(directories.filter { FolderStamp("\(path)/\($0)") != nil }) : []
    }
}

/// A folder's modification time, nil when it is not a folder.
private struct FolderStamp: Equatable {
    let seconds: Int
    let nanoseconds: Int

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
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
