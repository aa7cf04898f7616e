import DBusService
import Glibc
import WaylandPresenter

/// The session bus as one more source in the poll loop.
final class BusEventSource: EventSource {
    let bus: BusConnection
    init(bus: BusConnection) { self.bus = bus }

    /// Messages handled at most each time the source is called, so twice this between two passes
    /// of the loop. A client sending faster than the daemon handles them (a pipelined flood) then
    /// waits in the bus, not in the daemon: what the messages asked for is shown, expired and
    /// drawn by the pass after them, and the daemon holds at most these many more views than its
    /// queues' bounds. Unbounded, one call read the flood for as long as it kept coming.
    static let messagesPerCall = 64

    var pollDescriptor: Int32 { bus.fileDescriptor }
    var pollEvents: Int16 { bus.pollEvents }
    var deadline: Double? { bus.timeoutMicroseconds.map { Double($0) / 1e6 } }

    /// Handles what is already buffered (the last round stopped at its limit, a blocking call
    /// read it) or a timeout due, so poll only waits for new input (or for POLLOUT); true when
    /// there was some (the loop's pass then acts on it).
    func prepareToPoll() throws -> Bool {
        guard bus.hasWorkDue else { return false }
        return try bus.processPending(limit: Self.messagesPerCall)
    }

    func dispatch(events: Int16) throws {
        if events & Int16(POLLERR | POLLHUP) != 0 { throw BusEventSourceError.disconnected }
        // A round another source woke (a frame callback, a timer) finds nothing here.
        guard events != 0 || bus.hasWorkDue else { return }
        try bus.processPending(limit: Self.messagesPerCall)
    }
}

enum BusEventSourceError: Error, CustomStringConvertible {
    case disconnected
    var description: String { "the session bus connection was closed" }
}
