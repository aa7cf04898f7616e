import DBusService
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// org.freedesktop.Notifications: each notification is a view (a toast by default) in a container.
final class NotificationFrontend: NotificationServerDelegate {
    static let defaultTimeout = 5.0
    /// Advertised because each works end to end.
    static let capabilities = ["action-icons", "actions", "body", "body-hyperlinks", "body-images", "body-markup",
                               "icon-static", "persistence", "x-canonical-private-synchronous"]

    private unowned let service: OverlayService
    private var server: NotificationServer!
    private let defaultTimeout: Double
    /// Open notifications: each gets exactly one NotificationClosed.
    private var records: [UInt32: NotificationRecord] = [:]
    /// x-canonical-private-synchronous / stack tags → the open notification carrying it.
    private var tagged: [String: UInt32] = [:]
    /// The config's rules: may send a notification to another container or change its view settings.
    var route: (NotifyRequest, inout NotificationRouting) -> Void = { _, _ in }
    /// Shows notifications carrying the `x`/`y` hints as tips pointing at that point.
    weak var tips: TipsFrontend?
    /// Sounds are passed on, not played (a config hook runs a command).
    var onSound: (SoundRequest) -> Void = { _ in }
    /// Every closed notification, with its reason (history keeps the non-transient ones).
    var onClosed: (NotificationRecord, CloseReason) -> Void = { _, _ in }

    init(service: OverlayService, defaultTimeout: Double) throws {
        self.service = service
        self.defaultTimeout = defaultTimeout
        try service.presenter.register(BuiltInContainers.notifications, placement: BuiltInContainers.notificationsPlacement)
        server = try NotificationServer(
            bus: service.bus,
            info: ServerInformation(name: "overlay-wl", vendor: "overlay-wl", version: OverlayCommand.version, specVersion: "1.2"),
            capabilities: Self.capabilities, delegate: self)
        server.emitsClosedOnCloseNotification = false  // every close is reported once, from the engine's effect
        service.observeEffects { [unowned self] effect in self.handle(effect) }
        let previous = service.presenter.onViewClicked
        service.presenter.onViewClicked = { [unowned self] view, part in
            self.clicked(view, part) || previous(view, part)
        }
    }

    /// A click on an action button invokes it; a click on the toast invokes "default" when the
    /// sender offered it. Anything else is left to the view's gesture (a tap dismisses: reason 2).
    private func clicked(_ view: ViewID, _ part: ClickedPart) -> Bool {
        guard view.rawValue <= UInt64(UInt32.max), let record = records[UInt32(view.rawValue)] else { return false }
        let action: String
        switch part {
        case .action(let key) where record.hasAction(key): action = key
        case .body where record.hasAction("default"): action = "default"
        default: return false
        }
        // Invoking may dismiss the view: not while the presenter is still applying this click.
        service.presenter.afterInput { [weak self] in self?.invoke(id: record.id, action: action) }
        return true
    }

    /// Takes org.freedesktop.Notifications; throws `BusError.nameTaken` if another daemon has it.
    func requestName() throws { try service.bus.requestName(NotificationServer.busName) }

    func record(_ id: UInt32) -> NotificationRecord? { records[id] }

    // MARK: NotificationServerDelegate

    func notify(_ request: NotifyRequest) -> UInt32 {
        let id = idFor(request)
        var routing = NotificationRouting(id: id)
        routing.configuration.autoDismiss = NotificationRecord.autoDismiss(for: request, defaultTimeout: defaultTimeout)
        route(request, &routing)
        if routing.hidden || routing.held {  // config rules: hidden goes to history; held waits for a mode change
            if routing.held { records[id] = NotificationRecord(id: id, request: request) }
            return id
        }
        if let problem = request.imageDataProblem { log("notification \(id): image-data ignored: \(problem)") }
        do {
            if let point = request.tipPoint, let tips, routing.container == BuiltInContainers.notificationsName {
                // The `x`/`y` hints: a tip at that point (unless a rule sent it elsewhere).
                try tips.showNotificationTip(title: request.summary, body: NotificationTipText.plain(request.body),
                                             at: point, id: ViewID(UInt64(id)), configuration: routing.configuration)
            } else {
                try service.presenter.show(NotificationRecord.content(for: request), id: ViewID(UInt64(id)),
                                           in: routing.container, configuration: routing.configuration)
            }
        } catch {
            log("cannot show notification \(id): \(error)")
            return id
        }
        if let old = records[id]?.synchronousTag { tagged[old] = nil }
        let record = NotificationRecord(id: id, request: request)
        records[id] = record
        if let tag = record.synchronousTag { tagged[tag] = id }
        if !request.suppressSound, request.soundFile != nil || request.soundName != nil {
            onSound(SoundRequest(id: id, file: request.soundFile, name: request.soundName))
        }
        return id
    }

    func closeNotification(id: UInt32) -> Bool {
        guard records[id] != nil else { return false }
        return service.presenter.dismiss(ViewID(UInt64(id)), reason: .request)
    }

    /// Invokes an action ("default" is a click on the toast itself): ActivationToken, then
    /// ActionInvoked; the notification then closes as dismissed, unless it is resident.
    @discardableResult
    func invoke(id: UInt32, action: String) -> Bool {
        guard let record = records[id], action == "default" || record.hasAction(action) else { return false }
        service.presenter.display.requestActivationToken(appID: record.desktopEntry) { [weak self] token in
            guard let self else { return }
            if let token { self.server.emitActivationToken(id: id, token: token) }
            self.server.emitActionInvoked(id: id, actionKey: action)
            if !record.isResident { self.service.presenter.dismiss(ViewID(UInt64(id)), reason: .user) }
        }
        return true
    }

    /// replaces_id of an open notification, or the open notification with the same synchronous tag,
    /// keeps its id; anything else (including an unknown replaces_id) gets a new one.
    private func idFor(_ request: NotifyRequest) -> UInt32 {
        if request.replacesID != 0, records[request.replacesID] != nil { return request.replacesID }
        if let tag = request.synchronousTag, let id = tagged[tag], records[id] != nil { return id }
        return service.nextID()
    }

    // MARK: Effects

    private func handle(_ effect: EngineEffect) {
        guard case .dismissed(let viewID, _, let reason) = effect, viewID.rawValue <= UInt64(UInt32.max) else { return }
        let id = UInt32(viewID.rawValue)
        guard let record = records.removeValue(forKey: id) else { return }
        if let tag = record.synchronousTag, tagged[tag] == id { tagged[tag] = nil }
        let closeReason = Self.closeReason(reason)
        server.emitClosed(id: id, reason: closeReason)
        onClosed(record, closeReason)
    }

    static func closeReason(_ reason: DismissReason) -> CloseReason {
        switch reason {
        case .autoDismiss: .expired
        case .gesture, .user: .dismissed
        case .request: .closedByCall
        default: .undefined
        }
    }
}

/// Where a notification goes and how it looks, as decided by the config's rules.
struct NotificationRouting {
    var container = BuiltInContainers.notificationsName
    var configuration = ViewConfiguration()
    /// The notification's id (read-only for rules).
    var id: UInt32 = 0
    /// Not shown at all (a mode rule); the config keeps it in history.
    var hidden = false
    /// Kept open but not shown until re-routed with its id as replaces_id (a mode rule).
    var held = false
}
