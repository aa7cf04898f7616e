import Glibc

/// A theme folder's `icon-theme.cache`, the index GTK's `gtk-update-icon-cache` writes and
/// distributions rebuild whenever a package adds icons: which of the folder's directories hold
/// an icon, and with which extensions. Mapped read-only, so it costs page cache, not the
/// daemon's memory. Every read is bounds-checked, and a file with any offset outside it is not
/// used. Big-endian throughout (GTK's docs/iconcache.txt).
final class IconCacheFile {
    /// The extensions an image of the cache has (GTK's `IconSuffix` bits).
    struct Extensions: OptionSet {
        let rawValue: UInt16
        static let xpm = Extensions(rawValue: 1 << 0)
        static let svg = Extensions(rawValue: 1 << 1)
        static let png = Extensions(rawValue: 1 << 2)
    }

    /// Largest cache mapped (the Adwaita theme's is about 120 KiB).
    static let maximumSize = 16 << 20
    /// The offset that ends a hash chain (and marks an empty bucket).
    private static let end = 0xFFFF_FFFF

    private let bytes: MappedBytes
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
        defer { close(fd) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 12,
              info.st_size <= Self.maximumSize, info.st_mtim.tv_sec >= folderInfo.st_mtim.tv_sec,
              let mapped = mmap(nil, Int(info.st_size), PROT_READ, MAP_SHARED, fd, 0), mapped != MAP_FAILED
        else { return nil }
        bytes = MappedBytes(base: UnsafeRawPointer(mapped), size: Int(info.st_size))
        guard let (buckets, offset, names) = Self.header(bytes) else {
            munmap(mapped, Int(info.st_size))  // deinit does not run for an object never made
            return nil
        }
        (bucketCount, bucketsOffset, directories) = (buckets, offset, names)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.base), bytes.size) }

    /// The hash table's size and place and the directory list, once every chain, name and image
    /// list of the file has been checked to lie within it (as GTK validates a cache before use);
    /// nil when any does not.
    private static func header(_ bytes: MappedBytes) -> (Int, Int, [String])? {
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
    /// when the cache does not list it.
    func directories(of icon: String) -> [(directory: String, extensions: Extensions)] {
        var offset = bytes.u32(bucketsOffset + Int(Self.hash(icon) % UInt32(bucketCount)) * 4)
        while let entry = offset, entry != Self.end {
            guard let nameOffset = bytes.u32(entry + 4), bytes.matches(icon, at: nameOffset) else {
                offset = bytes.u32(entry)
                continue
            }
            guard let list = bytes.u32(entry + 8), let count = bytes.u32(list) else { return [] }
            var found: [(String, Extensions)] = []
            for i in 0..<count {
                guard let index = bytes.u16(list + 4 + i * 8), let bits = bytes.u16(list + 6 + i * 8) else { break }
                if Int(index) < directories.count { found.append((directories[Int(index)], Extensions(rawValue: bits))) }
            }
            return found
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

/// A read-only mapping read big-endian, every read checked against its size.
private struct MappedBytes {
    let base: UnsafeRawPointer
    let size: Int

    func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= size else { return nil }
        return UInt16(base.load(fromByteOffset: offset, as: UInt8.self)) << 8 | UInt16(base.load(fromByteOffset: offset + 1, as: UInt8.self))
    }

    func u32(_ offset: Int) -> Int? {
        guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
        return Int(high) << 16 | Int(low)
    }

    /// The zero-terminated string at `offset` (nil when it runs past the end).
    func string(_ offset: Int) -> String? {
        guard offset >= 0, offset < size, let end = memchr(base + offset, 0, size - offset) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: base + offset, count: UnsafeRawPointer(end) - (base + offset)),
                      as: UTF8.self)
    }

    /// Whether the zero-terminated string at `offset` is `name` (not empty).
    func matches(_ name: String, at offset: Int) -> Bool {
        var name = name
        return name.withUTF8 { wanted in
            guard let start = wanted.baseAddress, offset >= 0, offset + wanted.count < size else { return false }
            return memcmp(base + offset, start, wanted.count) == 0 && base.load(fromByteOffset: offset + wanted.count, as: UInt8.self) == 0
        }
    }
}
