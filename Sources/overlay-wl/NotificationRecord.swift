import DBusService
import OverlayEngine
import OverlayConfig
import OverlayRenderer

/// One notification, from Notify through showing, history and restore: the whole request as
/// the sender gave it (hints, icon and image included), so nothing is lost on the way.
struct NotificationRecord {
    let id: UInt32
    /// As sent; `replacesID` is the sender's, not an instruction to anyone later.
    let request: NotifyRequest

    init(id: UInt32, request: NotifyRequest) {
        self.id = id
        self.request = request
    }

    var viewID: ViewID { ViewID(id) }
    var appName: String { request.appName }
    var summary: String { request.summary }
    var body: String { request.body }
    var actions: [NotificationAction] { request.actions }
    var urgency: Urgency { request.urgency ?? .normal }
    var isResident: Bool { request.isResident }
    var isTransient: Bool { request.isTransient }
    var synchronousTag: String? { request.synchronousTag }
    var desktopEntry: String? { request.desktopEntry }

    func hasAction(_ key: String) -> Bool { actions.contains { $0.key == key } }

    /// The auto-dismiss the sender asked for: -1 is the server's default (never for critical), 0 never.
    func autoDismiss(defaultTimeout: Double) -> Setting<Double> {
        switch request.expireTimeout {
        case 0: return .disabled
        case ..<0: return urgency == .critical ? .disabled : .value(defaultTimeout)
        default: return .value(Double(request.expireTimeout) / 1000)
        }
    }

    /// The toast's content: summary, body markup, progress from the `value` hint, buttons for
    /// actions (icons named by their keys with the `action-icons` hint).
    var toast: ToastContent {
        let progress = request.value.map { min(100, max(0, $0)) }
        let buttons = actions.filter { $0.key != "default" }.map { (key: $0.key, label: $0.label) }
        return ToastContent(summary: summary, body: body, appName: appName, progress: progress, actions: buttons,
                            icon: icon, actionIcons: request.actionIcons)
    }

    /// The spec's order: image-data (and its aliases), then image-path, then app_icon.
    var icon: ImageSource? {
        if let image = request.imageData {
            return .raw(RawImage(width: image.width, height: image.height, rowstride: image.rowstride,
                                 hasAlpha: image.hasAlpha, channels: image.channels, bytes: image.data))
        }
        return request.imagePath.flatMap(ImageSource.init(notificationIcon:))
            ?? ImageSource(notificationIcon: request.appIcon)
    }

    /// The facts rules match on.
    var facts: NotificationFacts {
        NotificationFacts(appName: appName, summary: summary, body: body, urgency: Int(urgency.rawValue),
                          category: request.category, desktopEntry: desktopEntry)
    }
}

/// A closed (or hidden) notification kept for `overlay-wl history` and `restore`.
struct HistoryEntry {
    let record: NotificationRecord
    /// expired, dismissed, closed, undefined, or hidden (a rule kept it off screen).
    let reason: String

    static func reasonName(_ reason: CloseReason) -> String {
        switch reason {
        case .expired: "expired"
        case .dismissed: "dismissed"
        case .closedByCall: "closed"
        case .undefined: "undefined"
        }
    }

    var json: JSON {
        .object([("id", .int(Int(record.id))), ("app-name", .string(record.appName)), ("summary", .string(record.summary)),
                 ("body", .string(record.body)), ("reason", .string(reason))])
    }
}
