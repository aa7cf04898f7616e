import CShims
import Glibc

/// Waits for a Wayland compositor: inotify on the runtime directory reports every entry created
/// or moved into it, and each `wayland-*` socket among them is handed to `onSocket`. One more
/// source in the poll loop: nothing polls and no timer runs while nothing happens.
public final class WaylandSocketWatch: EventSource {
    /// The directory watched (`$XDG_RUNTIME_DIR`).
    public let directory: String
    private let descriptor: FileDescriptor
    /// Told the name of each Wayland socket that appears (lock files are not sockets).
    public var onSocket: (String) -> Void = { _ in }

    public init(directory: String) throws {
        self.directory = directory
        descriptor = FileDescriptor(try systemCall("inotify_add_watch \(directory)") { ow_inotify_watch_directory(directory) })
    }

    /// True for a Wayland socket's name: `wayland-0`, `wayland-1`, … (not `wayland-1.lock`).
    public static func isSocketName(_ name: String) -> Bool {
        name.hasPrefix("wayland-") && !name.hasSuffix(".lock")
    }

    /// True when `name` (relative to the directory, or absolute) is a socket now.
    public func socketExists(_ name: String) -> Bool {
        var info = stat()
        let path = name.hasPrefix("/") ? name : "\(directory)/\(name)"
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    /// The Wayland sockets in the directory now, in name order.
    public func existingSockets() -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if Self.isSocketName(name), socketExists(name) { names.append(name) }
        }
        return names.sorted()
    }

    // MARK: EventSource

    public var pollDescriptor: Int32 { descriptor.rawValue }
    public var pollEvents: Int16 { Int16(POLLIN) }

    public func dispatch(events: Int16) throws {
        guard events & Int16(POLLIN) != 0 else { return }
        final class Found { var names: [String] = [] }
        let found = Found()
        _ = try withExtendedLifetime(found) {
            try systemCall("read inotify") {
                ow_inotify_read_names(descriptor.rawValue, Unmanaged.passUnretained(found).toOpaque()) { context, name in
                    Unmanaged<Found>.fromOpaque(context!).takeUnretainedValue().names.append(String(cString: name!))
                }
            }
        }
        for name in found.names where Self.isSocketName(name) { onSocket(name) }
    }
}
