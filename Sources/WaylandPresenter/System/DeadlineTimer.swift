import CShims
import Glibc

/// A timerfd on CLOCK_MONOTONIC armed at an absolute deadline, or disarmed.
final class DeadlineTimer {
    let descriptor: FileDescriptor
    private(set) var deadline: Double?

    init() throws {
        descriptor = FileDescriptor(try systemCall("timerfd_create") { ow_timerfd_create() })
    }

    /// Arms the timer at `deadline` (monotonic seconds); nil disarms it.
    func arm(at deadline: Double?) throws {
        guard deadline != self.deadline else { return }
        self.deadline = deadline
        var seconds: Int64 = 0, nanoseconds: Int64 = 0
        if let deadline {
            let at = max(deadline, 1e-6)  // 0/0 would disarm: a past deadline fires at once instead
            seconds = Int64(at.rounded(.down))
            nanoseconds = max(1, Int64((at - at.rounded(.down)) * 1e9))
        }
        try systemCall("timerfd_settime") { ow_timerfd_arm(descriptor.rawValue, seconds, nanoseconds) }
    }

    /// Consumes the expiration count after the fd became readable.
    func acknowledge() {
        var expirations: UInt64 = 0
        _ = read(descriptor.rawValue, &expirations, MemoryLayout<UInt64>.size)
        deadline = nil
    }
}
