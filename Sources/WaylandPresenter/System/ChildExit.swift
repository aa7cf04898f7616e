import CShims
import Glibc

/// Reports once when a child process has exited: its pidfd in the poll loop (Linux 5.3 and
/// later). The kernel reaps children by itself (`ow_reap_children_automatically`), so this only
/// watches; nothing waits or polls.
public final class ChildExit: EventSource {
    private let descriptor: FileDescriptor
    private let onExit: () -> Void
    private var reported = false
    /// The loop removes this source after it has reported.
    private weak var loop: EventLoop?

    /// Watches `pid` in `loop`; throws when the process has already gone (ESRCH) or the kernel
    /// has no pidfds (ENOSYS): the caller then takes it as exited.
    public static func watch(pid: Int32, in loop: EventLoop, onExit: @escaping () -> Void) throws -> ChildExit {
        let fd = try systemCall("pidfd_open \(pid)") { ow_pidfd_open(pid) }
        let watch = ChildExit(descriptor: FileDescriptor(fd), loop: loop, onExit: onExit)
        loop.add(watch)
        return watch
    }

    private init(descriptor: FileDescriptor, loop: EventLoop, onExit: @escaping () -> Void) {
        self.descriptor = descriptor
        self.loop = loop
        self.onExit = onExit
    }

    public var pollDescriptor: Int32 { descriptor.rawValue }
    public var pollEvents: Int16 { Int16(POLLIN) }

    public func dispatch(events: Int16) throws {
        guard events & Int16(POLLIN | POLLHUP | POLLERR) != 0, !reported else { return }
        reported = true
        loop?.remove(self)
        onExit()
    }
}
