import CShims
import Glibc

/// SIGINT/SIGTERM (and friends) delivered through a signalfd, so the poll loop sees them.
final class SignalSource {
    let descriptor: FileDescriptor
    private let list: [Int32]

    /// Blocks `signals` for this thread (so only the signalfd sees them) until deinit.
    init(signals: [Int32]) throws {
        let list = signals + [0]
        self.list = list
        descriptor = FileDescriptor(try systemCall("signalfd") { list.withUnsafeBufferPointer { ow_signalfd_for($0.baseAddress) } })
    }

    /// Unblocks the signals again: a blocked mask would be inherited by every child process.
    deinit { _ = list.withUnsafeBufferPointer { ow_signals_unblock($0.baseAddress) } }

    /// The signals received since the last call.
    func drain() -> [Int32] {
        var received: [Int32] = []
        while true {
            let signal = ow_signalfd_read(descriptor.rawValue)
            if signal < 0 { return received }
            received.append(signal)
        }
    }
}
