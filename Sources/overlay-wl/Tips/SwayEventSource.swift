import Glibc
import SwayIPC
import WaylandPresenter

/// Sway's window events as one more source in the poll loop. It is added at startup but
/// subscribes only while window-targeted tips exist (`connect`/`disconnect`), so an idle daemon
/// gets no wakeups; a poll entry with fd -1 is ignored by poll(2).
final class SwayEventSource: EventSource {
    private var stream: SwayEventStream?
    var onEvents: ([WindowEvent]) -> Void = { _ in }
    /// Sway went away while subscribed.
    var onClosed: () -> Void = {}

    var isConnected: Bool { stream != nil }
    var pollDescriptor: Int32 { stream?.fileDescriptor ?? -1 }
    var pollEvents: Int16 { Int16(POLLIN) }

    /// Subscribes to window events (once); throws the clear socket error when sway is not there.
    func connect(socketPath: String?) throws {
        guard stream == nil else { return }
        stream = try SwayEventStream(socketPath: socketPath)
    }

    func disconnect() { stream = nil }

    func dispatch(events: Int16) throws {
        guard let stream, events != 0 else { return }
        do {
            let batch = try stream.readEvents()
            if !batch.isEmpty { onEvents(batch) }
        } catch {
            self.stream = nil
            onClosed()
        }
    }
}
