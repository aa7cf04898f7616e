import Glibc
import SwayIPC
import WaylandPresenter

/// Sway's workspace events as a poll-loop source: when the focus moves to another output,
/// containers that follow the focus (`follow = "focus"`) move there. Sway sends these events
/// only when the user changes workspace or output, so an idle desktop wakes nothing. Without
/// sway (another compositor, or none yet) nothing follows: surfaces go where the compositor
/// puts them.
final class FocusFollower: EventSource {
    private unowned let config: ConfigRuntime
    private var stream: SwayEventStream?
    private var client: SwayClient?
    /// `$SWAYSOCK` override (tests); nil reads the environment.
    var socketPath: String?

    init(config: ConfigRuntime) { self.config = config }

    var pollDescriptor: Int32 { stream?.fileDescriptor ?? -1 }
    var pollEvents: Int16 { Int16(POLLIN) }

    /// Subscribes when some container follows the focus and sway answers; unsubscribes otherwise.
    /// Called at start-up and after each reload.
    func start() {
        guard config.followsFocus else {
            stream = nil
            client = nil
            return
        }
        guard stream == nil else { return }
        do {
            // Until the focus first moves, the compositor's choice is the focused output: nothing
            // is asked (or decoded) at start-up.
            stream = try SwayEventStream(socketPath: socketPath, events: ["workspace"])
        } catch {
            stream = nil   // no sway: nothing to follow
            client = nil
        }
    }

    func dispatch(events: Int16) throws {
        guard let stream, events != 0 else { return }
        do {
            if try stream.drainEvents() > 0 { refresh() }
        } catch {
            self.stream = nil   // sway went away
            client = nil
        }
    }

    /// Asks sway which output has the focus now.
    private func refresh() {
        if client == nil { client = try? SwayClient(socketPath: socketPath) }
        guard let client, let outputs = try? client.outputs() else { return }
        config.focusMoved(to: outputs.first { $0.focused && $0.active }?.name)
    }
}
