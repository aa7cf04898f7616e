import DBusService
import OverlayEngine
import OverlayRenderer

/// What the daemon keeps of an open notification: what it needs for actions, replacement and closing.
struct NotificationRecord {
    let id: UInt32
    let appName: String
    let summary: String
    let body: String
    let actions: [NotificationAction]
    let urgency: Urgency
    let isResident: Bool
    let isTransient: Bool
    let synchronousTag: String?
    let desktopEntry: String?

    init(id: UInt32, request: NotifyRequest) {
        self.id = id
        appName = request.appName
        summary = request.summary
        body = request.body
        actions = request.actions
        urgency = request.urgency ?? .normal
        isResident = request.isResident
        isTransient = request.isTransient
        synchronousTag = request.synchronousTag
        desktopEntry = request.desktopEntry
    }

    func hasAction(_ key: String) -> Bool { actions.contains { $0.key == key } }

    /// The auto-dismiss the sender asked for: -1 is the server's default (never for critical), 0 never.
    static func autoDismiss(for request: NotifyRequest, defaultTimeout: Double) -> Setting<Double> {
        switch request.expireTimeout {
        case 0: return .disabled
        case ..<0: return request.urgency == .critical ? .disabled : .value(defaultTimeout)
        default: return .value(Double(request.expireTimeout) / 1000)
        }
    }

    /// The toast's content: summary, body markup, progress from the `value` hint, buttons for
    /// actions (icons named by their keys with the `action-icons` hint).
    static func content(for request: NotifyRequest) -> ToastContent {
        let progress = request.value.map { min(100, max(0, $0)) }
        let buttons = request.actions.filter { $0.key != "default" }.map { (key: $0.key, label: $0.label) }
        return ToastContent(summary: request.summary, body: request.body, appName: request.appName,
                            progress: progress, actions: buttons, icon: icon(for: request),
                            actionIcons: request.actionIcons)
    }

    /// The spec's order: image-data (and its aliases), then image-path, then app_icon.
    static func icon(for request: NotifyRequest) -> ImageSource? {
        if let image = request.imageData {
            return .raw(RawImage(width: image.width, height: image.height, rowstride: image.rowstride,
                                 hasAlpha: image.hasAlpha, channels: image.channels, bytes: image.data))
        }
        return request.imagePath.flatMap(ImageSource.init(notificationIcon:))
            ?? ImageSource(notificationIcon: request.appIcon)
    }
}

/// A sound a notification asked for; handed to a hook (the config's command), never played here.
struct SoundRequest {
    let id: UInt32
    let file: String?
    let name: String?
}
