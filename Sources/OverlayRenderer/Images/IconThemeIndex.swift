import Glibc
import OverlayEngine

/// One theme's `index.theme`: its parents and its icon directories with their size rules
/// (freedesktop Icon Theme Specification).
struct IconThemeIndex {
    struct Directory {
        enum Kind { case fixed, scalable, threshold }
        let path: String
        let size: Int
        let scale: Int
        let kind: Kind
        let minSize: Int
        let maxSize: Int
        let threshold: Int

        /// DirectoryMatchesSize from the spec.
        func matches(size wanted: Int, scale wantedScale: Int) -> Bool {
            guard scale == wantedScale else { return false }
            switch kind {
            case .fixed: return size == wanted
            case .scalable: return minSize <= wanted && wanted <= maxSize
            case .threshold: return size - threshold <= wanted && wanted <= size + threshold
            }
        }

        /// DirectorySizeDistance from the spec (in device pixels).
        func distance(size wanted: Int, scale wantedScale: Int) -> Int {
            let target = wanted * wantedScale
            switch kind {
            case .fixed: return abs(size * scale - target)
            case .scalable:
                if target < minSize * scale { return minSize * scale - target }
                if target > maxSize * scale { return target - maxSize * scale }
                return 0
            case .threshold:
                if target < (size - threshold) * scale { return (size - threshold) * scale - target }
                if target > (size + threshold) * scale { return target - (size + threshold) * scale }
                return 0
            }
        }
    }

    let name: String
    let inherits: [String]
    let directories: [Directory]

    /// Parses the index file's text. Unknown keys and malformed lines are ignored.
    init(name: String, text: String) {
        self.name = name
        let sections = KeyFile(text).sections
        let head = sections["Icon Theme"] ?? [:]
        func list(_ key: String) -> [String] {
            (head[key] ?? "").split(separator: ",").map { $0.trimmed(" \t") }.filter { !$0.isEmpty }
        }
        inherits = list("Inherits")
        // ScaledDirectories (older themes) lists the @2 folders separately; both count.
        var seen = Set<String>()
        directories = (list("Directories") + list("ScaledDirectories")).compactMap { path in
            guard seen.insert(path).inserted, let keys = sections[path], let size = keys["Size"].flatMap({ Int($0) }),
                  size > 0 else { return nil }
            let kind: Directory.Kind = switch keys["Type"]?.lowercased() {
            case "fixed": .fixed
            case "scalable": .scalable
            default: .threshold
            }
            return Directory(path: path, size: size, scale: max(1, keys["Scale"].flatMap { Int($0) } ?? 1),
                             kind: kind, minSize: keys["MinSize"].flatMap { Int($0) } ?? size,
                             maxSize: keys["MaxSize"].flatMap { Int($0) } ?? size,
                             threshold: keys["Threshold"].flatMap { Int($0) } ?? 2)
        }
    }
}
