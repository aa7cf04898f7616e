import DBusService
import Glibc
import WaylandPresenter

/// The session bus as one more source in the poll loop.
final class BusEventSource: EventSource {
    let bus: BusConnection
    init(bus: BusConnection) { self.bus = bus }

    var pollDescriptor: Int32 { bus.fileDescriptor }
    var pollEvents: Int16 { bus.pollEvents }
    var deadline: Double? { bus.timeoutMicroseconds.map { Double($0) / 1e6 } }

    /// Handles what is already buffered or arrived since `dispatch`, so poll only waits for new
    /// input (or for POLLOUT); true when there was some (the loop's pass then acts on it).
    func prepareToPoll() throws -> Bool { try bus.processPending() }

    func dispatch(events: Int16) throws {
        if events & Int16(POLLERR | POLLHUP) != 0 { throw BusEventSourceError.disconnected }
        try bus.processPending()
    }
}

enum BusEventSourceError: Error, CustomStringConvertible {
    case disconnected
    var description: String { "the session bus connection was closed" }
}
