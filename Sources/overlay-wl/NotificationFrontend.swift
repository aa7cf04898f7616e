import DBusService
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// org.freedesktop.Notifications: each notification is a toast in the `notifications` container.
final class NotificationFrontend: NotificationServerDelegate {
    static let defaultTimeout = 5.0
    static let capabilities = ["body", "body-markup", "persistence"]

    private unowned let service: OverlayService
    private var server: NotificationServer!
    private let defaultTimeout: Double
    /// Notification ids handed out and not yet closed: each gets exactly one NotificationClosed.
    private var open: Set<UInt32> = []
    /// The config's rules: may send a notification to another container, change its view
    /// settings, or hide it. The default shows every notification as a toast.
    var route: (NotifyRequest, inout NotificationRouting) -> Void = { _, _ in }

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
    }

    /// Takes org.freedesktop.Notifications; throws `BusError.nameTaken` if another daemon has it.
    func requestName() throws { try service.bus.requestName(NotificationServer.busName) }

    // MARK: NotificationServerDelegate

    func notify(_ request: NotifyRequest) -> UInt32 {
        let id = request.replacesID != 0 && open.contains(request.replacesID) ? request.replacesID : service.nextID()
        var routing = NotificationRouting()
        switch request.expireTimeout {
        case 0: routing.configuration.autoDismiss = .disabled
        case ..<0: routing.configuration.autoDismiss = .value(defaultTimeout)
        default: routing.configuration.autoDismiss = .value(Double(request.expireTimeout) / 1000)
        }
        route(request, &routing)
        let content = ToastContent(summary: request.summary, body: request.body, appName: request.appName)
        do {
            try service.presenter.show(content, id: ViewID(UInt64(id)), in: routing.container,
                                       configuration: routing.configuration)
            open.insert(id)
        } catch {
            log("cannot show notification \(id): \(error)")
        }
        return id
    }

    func closeNotification(id: UInt32) -> Bool {
        guard open.contains(id) else { return false }
        return service.presenter.dismiss(ViewID(UInt64(id)), reason: .request)
    }

    // MARK: Effects

    private func handle(_ effect: EngineEffect) {
        guard case .dismissed(let viewID, _, let reason) = effect, viewID.rawValue <= UInt64(UInt32.max) else { return }
        let id = UInt32(viewID.rawValue)
        guard open.remove(id) != nil else { return }
        server.emitClosed(id: id, reason: Self.closeReason(reason))
    }

    static func closeReason(_ reason: DismissReason) -> CloseReason {
        switch reason {
        case .autoDismiss: .expired
        case .gesture: .dismissed
        case .request: .closedByCall
        default: .undefined
        }
    }
}

/// Where a notification goes and how it looks, as decided by the config's rules.
struct NotificationRouting {
    var container = BuiltInContainers.notificationsName
    var configuration = ViewConfiguration()
}
