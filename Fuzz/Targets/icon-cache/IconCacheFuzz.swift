import Glibc
import OverlayRenderer

// A theme folder's `icon-theme.cache` (GTK's format): the input is written as the cache of a
// small theme whose folder is older than any cache, so every input is read as current, and
// names are looked up through a new `IconTheme`: the one the input's first bytes spell, and two
// the theme has. Whatever the cache holds, a lookup finds nothing or a file of the theme's.

let folder: String = {
    let root = "/tmp/overlay-wl-fuzz-icon-cache-\(getpid())"
    for path in [root, "\(root)/T", "\(root)/T/48x48", "\(root)/T/48x48/apps", "\(root)/T/scalable", "\(root)/T/scalable/apps"] {
        mkdir(path, 0o755)
    }
    write("\(root)/T/index.theme", Array("""
        [Icon Theme]
        Name=T
        Directories=48x48/apps,scalable/apps
        [48x48/apps]
        Size=48
        Type=Fixed
        [scalable/apps]
        Size=64
        MinSize=8
        MaxSize=512
        Type=Scalable

        """.utf8))
    write("\(root)/T/48x48/apps/badge.png", [])
    write("\(root)/T/scalable/apps/vector.svg", [])
    var old = [timespec(tv_sec: 0, tv_nsec: 0), timespec(tv_sec: 0, tv_nsec: 0)]
    utimensat(AT_FDCWD, "\(root)/T", &old, 0)
    return root
}()

func write(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot write \(path)")
    _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIconCache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    write("\(folder)/T/icon-theme.cache", bytes)  // in place: the folder's time stays old
    let spelled = String(decoding: bytes.prefix(16).filter { $0 >= 0x61 && $0 <= 0x7A }, as: UTF8.self)
    let theme = IconTheme(name: "T", searchPaths: [folder])
    for name in [spelled, "badge", "vector"] where !name.isEmpty {
        for (size, scale) in [(48, 1), (64, 2)] {
            guard let path = theme.lookup(name, size: size, scale: scale) else { continue }
            let file = ["png", "svg", "xpm"].contains { path.hasSuffix("/\(name).\($0)") }
            precondition(path.hasPrefix("\(folder)/T/") && file, "a lookup of \(name) gave \(path)")
        }
    }
    return 0
}
