import CShims
import Glibc

/// SIGINT/SIGTERM (and friends) delivered through a signalfd, so the poll loop sees them.
final class SignalSource {
    let descriptor: FileDescriptor

    init(signals: [Int32]) throws {
        let list = signals + [0]
        descriptor = FileDescriptor(try systemCall("signalfd") { list.withUnsafeBufferPointer { ow_signalfd_for($0.baseAddress) } })
    }

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
