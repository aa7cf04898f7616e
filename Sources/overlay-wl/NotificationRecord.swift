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
    /// Wall-clock seconds (Unix time) of the first Notify with this id, and of the latest.
    let created: Double
    let updated: Double

    /// The `urgency` hint, read once.
    let urgency: Urgency
    /// The `group-by` of the container it was routed to (`group`).
    var groupBy = GroupBy.app
    /// Bytes of the `image-data` pixels this record keeps (0 without one): what counts
    /// against `NotificationLimits.totalImageBytes`.
    let imageBytes: Int

    init(id: UInt32, request: consuming NotifyRequest, created: Double, updated: Double? = nil) {
        self.id = id
        self.created = created
        self.updated = updated ?? created
        urgency = request.urgency ?? .normal
        imageBytes = request.imageData?.data.count ?? 0
        self.request = request
    }

    var viewID: ViewID { ViewID(id) }
    var appName: String { request.appName }
    var summary: String { request.summary }
    var body: String { request.body }
    var actions: [NotificationAction] { request.actions }
    var isResident: Bool { request.isResident }
    var isTransient: Bool { request.isTransient }
    var synchronousTag: String? { request.synchronousTag }
    var desktopEntry: String? { request.desktopEntry }

    func hasAction(_ key: String) -> Bool { actions.contains { $0.key == key } }

    /// The auto-dismiss the sender asked for: -1 is the server's default (never for critical,
    /// `lowTimeoutShare` of it for low), 0 never.
    func autoDismiss(defaultTimeout: Double) -> Setting<Double> {
        switch request.expireTimeout {
        case 0: return .disabled
        case ..<0:
            switch urgency {
            case .critical: return .disabled
            case .low: return .value(defaultTimeout * Self.lowTimeoutShare)
            case .normal: return .value(defaultTimeout)
            }
        default: return .value(Double(request.expireTimeout) / 1000)
        }
    }

    /// A low-urgency notification stays 60 % of the default time (3 s of 5).
    static let lowTimeoutShare = 0.6

    /// How the toast shows its urgency.
    var emphasis: ToastEmphasis {
        switch urgency {
        case .low: .quiet
        case .normal: .normal
        case .critical: .urgent
        }
    }

    /// The toast's content: summary, body markup, progress from the `value` hint, buttons for
    /// actions (icons named by their keys with the `action-icons` hint).
    var toast: ToastContent {
        let progress = request.value.map { min(100, max(0, $0)) }
        let buttons = actions.filter { $0.key != "default" && $0.key != NotificationFrontend.inlineReplyAction }
            .map { (key: $0.key, label: $0.label) }
        return ToastContent(summary: summary, body: body, appName: appName, progress: progress, actions: buttons,
                            icon: icon, actionIcons: request.actionIcons, reply: replyField, emphasis: emphasis)
    }

    /// The inline-reply field (an `inline-reply` action) with KDE Plasma's hints: placeholder
    /// (else the action's label), submit button text and icon.
    var replyField: ReplyFieldContent? {
        guard let action = actions.first(where: { $0.key == NotificationFrontend.inlineReplyAction }) else { return nil }
        func hint(_ name: String) -> String? { request.hints[name]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        let label = action.label.isEmpty ? nil : action.label
        return ReplyFieldContent(placeholder: hint("x-kde-reply-placeholder-text") ?? label ?? ReplyFieldContent.defaultPlaceholder,
                                 submitLabel: hint("x-kde-reply-submit-button-text") ?? ReplyFieldContent.defaultSubmitLabel,
                                 submitIcon: hint("x-kde-reply-submit-button-icon-name"))
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

    /// Its group key under `groupBy` (`GroupBy.key(for:)`; by default the desktop entry, else
    /// the app name). A container that does not group puts each notification alone: its id.
    var group: String { groupKey ?? String(id) }

    /// The key its view is stacked by; nil when its container does not group.
    var groupKey: String? { groupBy.key(for: facts) }

    /// The body as plain text: tags dropped, the five XML entities decoded.
    var plainBody: String { NotificationTipText.plain(body) }

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

    var json: JSON { record.json(state: "history", container: nil, extra: [("reason", .string(reason))]) }
}

extension NotificationRecord {
    static let urgencyNames: [Urgency: String] = [.low: "low", .normal: "normal", .critical: "critical"]

    /// One notification for scripts (`list --json`, `history`): the schema documented with
    /// `overlay-wl list`. Keys keep this order.
    func json(state: String, container: String?, extra: [(String, JSON)] = []) -> JSON {
        .object([
            ("id", .int(Int(id))), ("app-name", .string(appName)), ("summary", .string(summary)),
            ("body", .string(plainBody)), ("desktop-entry", desktopEntry.map { .string($0) } ?? .null),
            ("urgency", .string(Self.urgencyNames[urgency] ?? "normal")),
            ("category", request.category.map { .string($0) } ?? .null), ("group", .string(group)),
            ("container", container.map { .string($0) } ?? .null), ("state", .string(state)),
            ("created", .number(created)), ("updated", .number(updated)),
            ("actions", .array(actions.map { .object([("key", .string($0.key)), ("label", .string($0.label))]) })),
        ] + extra)
    }
}
