import OverlayEngine
import DBusService

/// What the daemon says on the bus: every signal, in one place.
enum DaemonSignal: Equatable {
    case notificationClosed(id: UInt32, reason: CloseReason)
    case actionInvoked(id: UInt32, action: String)
    case activationToken(id: UInt32, token: String)
    /// An inline reply, addressed to the notification's sender only (what the user typed is theirs).
    case notificationReplied(id: UInt32, text: String, sender: String?)
    /// org.overlaywl.Control1.ViewClosed: how (expired, dismissed, action, …) and the action.
    case viewClosed(id: UInt32, container: String, how: String, action: String)
    /// org.overlaywl.Control1.CenterChanged: the centre's status (counts, do-not-disturb, open).
    case centerChanged(json: String)
    /// A view tree's control acted (ViewAction).
    case viewAction(id: UInt32, action: String, value: ViewActionValue)
}

/// Where signals go: the session bus in the daemon, a list in tests.
protocol SignalSink: AnyObject {
    func emit(_ signal: DaemonSignal)
}
