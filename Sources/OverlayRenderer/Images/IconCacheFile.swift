import Glibc

/// A theme folder's `icon-theme.cache`, the index GTK's `gtk-update-icon-cache` writes and
/// distributions rebuild whenever a package adds icons: which of the folder's directories hold
/// an icon, and with which extensions. Checked whole when opened, then read a few bytes a lookup
/// with `pread`, so it costs no memory of the daemon's, and a file cut short while open (which
/// would kill a process that mapped it with SIGBUS) only makes its lookups find nothing. Every
/// read is bounds-checked. Big-endian throughout (GTK's docs/iconcache.txt). Holds one file
/// descriptor while it lives.
final class IconCacheFile {
    /// The extensions an image of the cache has (GTK's `IconSuffix` bits).
    struct Extensions: OptionSet {
        let rawValue: UInt16
        static let xpm = Extensions(rawValue: 1 << 0)
        static let svg = Extensions(rawValue: 1 << 1)
        static let png = Extensions(rawValue: 1 << 2)
    }

    /// Largest cache read (the Adwaita theme's is about 120 KiB); read whole only while opened.
    static let maximumSize = 16 << 20
    /// The offset that ends a hash chain (and marks an empty bucket).
    private static let end = 0xFFFF_FFFF

    private let file: CacheFileBytes
    private let bucketCount: Int
    private let bucketsOffset: Int
    private let directories: [String]

    /// `folder/icon-theme.cache`, if it exists, is well-formed and is current: not older than
    /// the folder (a cache older than its folder misses what was added since, and GTK ignores it).
    init?(folder: String) {
        var folderInfo = stat(), info = stat()
        guard stat(folder, &folderInfo) == 0 else { return nil }
        let fd = open(folder + "/icon-theme.cache", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        file = CacheFileBytes(fd: fd, size: 0)  // closes it if what follows fails
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 12,
              info.st_size <= Self.maximumSize, info.st_mtim.tv_sec >= folderInfo.st_mtim.tv_sec else { return nil }
        var whole = [UInt8](repeating: 0, count: Int(info.st_size))
        guard file.read(into: &whole, at: 0), let (buckets, offset, names) = Self.header(whole) else { return nil }
        file.size = whole.count
        (bucketCount, bucketsOffset, directories) = (buckets, offset, names)
    }

    /// The hash table's size and place and the directory list, once every chain, name and image
    /// list of the file has been checked to lie within it (as GTK validates a cache before use);
    /// nil when any does not.
    private static func header(_ bytes: [UInt8]) -> (Int, Int, [String])? {
        guard bytes.u16(0) == 1, let hash = bytes.u32(4), let list = bytes.u32(8), let count = bytes.u32(list),
              count <= 0xFFFF, let buckets = bytes.u32(hash), buckets > 0,
              hash + 4 + buckets * 4 <= bytes.size else { return nil }
        var names: [String] = []
        for i in 0..<count {
            guard let offset = bytes.u32(list + 4 + i * 4), let name = bytes.string(offset) else { return nil }
            names.append(name)
        }
        // An entry takes 12 bytes: a file cannot hold more, so more steps mean a chain loops.
        var entries = 0
        for bucket in 0..<buckets {
            var entry = bytes.u32(hash + 4 + bucket * 4)
            while let at = entry, at != Self.end {
                entries += 1
                guard entries <= bytes.size / 12, let name = bytes.u32(at + 4), bytes.string(name) != nil,
                      let images = bytes.u32(at + 8), let n = bytes.u32(images), images + 4 + n * 8 <= bytes.size
                else { return nil }
                for i in 0..<n {
                    guard let index = bytes.u16(images + 4 + i * 8), Int(index) < count || index == 0xFFFF else { return nil }
                }
                entry = bytes.u32(at)
            }
            if entry == nil { return nil }
        }
        return (buckets, hash + 4, names)
    }

    /// The directories (relative to the folder) holding `icon`, each with its extensions; empty
    /// when the cache does not list it. Bounded as the check was, should the file have changed.
    func directories(of icon: String) -> [(directory: String, extensions: Extensions)] {
        var offset = file.u32(bucketsOffset + Int(Self.hash(icon) % UInt32(bucketCount)) * 4)
        var steps = 0
        while let entry = offset, entry != Self.end, steps <= file.size / 12 {
            steps += 1
            guard let nameOffset = file.u32(entry + 4), file.matches(icon, at: nameOffset) else {
                offset = file.u32(entry)
                continue
            }
            guard let list = file.u32(entry + 8), let count = file.u32(list), count <= file.size / 8 else { return [] }
            return file.withBytes(at: list + 4, count: count * 8) { images in
                stride(from: 0, to: images.count, by: 8).compactMap { at in
                    let index = Int(images[at]) << 8 | Int(images[at + 1])
                    let bits = UInt16(images[at + 2]) << 8 | UInt16(images[at + 3])
                    return index < directories.count ? (directories[index], Extensions(rawValue: bits)) : nil
                }
            } ?? []
        }
        return []
    }

    /// GTK's icon name hash (`icon_name_hash`, over signed chars).
    static func hash(_ name: String) -> UInt32 {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next() else { return 0 }
        var h = UInt32(bitPattern: Int32(Int8(bitPattern: first)))
        while let byte = bytes.next() {
            h = (h << 5) &- h &+ UInt32(bitPattern: Int32(Int8(bitPattern: byte)))
        }
        return h
    }
}

/// Reads of a cache's bytes, big-endian, nil past its end: the whole file while it is checked,
/// a few bytes a lookup afterwards.
private protocol CacheBytes {
    var size: Int { get }
    /// The `count` bytes at `offset` passed to `body`; nil when they are not all there.
    func withBytes<T>(at offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T?
}

extension CacheBytes {
    func u16(_ offset: Int) -> UInt16? {
        withBytes(at: offset, count: 2) { UInt16($0[0]) << 8 | UInt16($0[1]) }
    }

    func u32(_ offset: Int) -> Int? {
        withBytes(at: offset, count: 4) { Int($0[0]) << 24 | Int($0[1]) << 16 | Int($0[2]) << 8 | Int($0[3]) }
    }

    /// The zero-terminated string at `offset` (nil when it runs past the end or past
    /// `maximumLength`, longer than any icon or directory name).
    func string(_ offset: Int, maximumLength: Int = 4096) -> String? {
        var text: [UInt8] = []
        var at = offset
        while text.count < maximumLength {
            let chunk = Swift.min(64, size - at)
            guard chunk > 0, let done = withBytes(at: at, count: chunk, { bytes -> Bool in
                let terminator = bytes.firstIndex(of: 0)
                text.append(contentsOf: bytes[..<(terminator ?? bytes.count)])
                return terminator != nil
            }) else { return nil }
            if done { return String(decoding: text, as: UTF8.self) }
            at += chunk
        }
        return nil
    }

    /// Whether the zero-terminated string at `offset` is `name` (not empty).
    func matches(_ name: String, at offset: Int) -> Bool {
        let wanted = Array(name.utf8)
        return withBytes(at: offset, count: wanted.count + 1) { $0.last == 0 && $0.dropLast().elementsEqual(wanted) } ?? false
    }
}

extension Array: CacheBytes where Element == UInt8 {
    var size: Int { count }

    func withBytes<T>(at offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        guard offset >= 0, count >= 0, offset <= self.count - count else { return nil }
        return withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
    }
}

/// The open cache file, read with `pread`: a file changed since it was checked reads short (nil:
/// nothing found) or reads other bytes (at worst a path that does not exist, which then fails to
/// load as any missing icon does).
private final class CacheFileBytes: CacheBytes {
    let fd: Int32
    var size: Int

    init(fd: Int32, size: Int) { (self.fd, self.size) = (fd, size) }
    deinit { close(fd) }

    /// Fills `buffer` from `offset`; false when the file ends first or the read fails.
    func read(into buffer: inout [UInt8], at offset: Int) -> Bool {
        buffer.withUnsafeMutableBytes { all in
            var done = 0
            while done < all.count {
                let n = pread(fd, all.baseAddress! + done, all.count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    func withBytes<T>(at offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        guard offset >= 0, count >= 0, offset <= size - count else { return nil }
        var buffer = [UInt8](repeating: 0, count: count)
        guard read(into: &buffer, at: offset) else { return nil }
        return buffer.withUnsafeBytes(body)
    }
}
