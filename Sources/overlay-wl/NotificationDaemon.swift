import DBusService
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// org.freedesktop.Notifications on the session bus, shown as toasts in the `notifications` container.
final class NotificationDaemon: NotificationServerDelegate {
    static let defaultTimeout = 5.0
    static let capabilities = ["body", "body-markup", "persistence"]

    private let loop: EventLoop
    private let presenter: OverlayPresenter
    private let bus: BusConnection
    private var server: NotificationServer!
    private let defaultTimeout: Double
    /// Ids handed out and not yet closed: each gets exactly one NotificationClosed.
    private var open: Set<UInt32> = []
    private var lastID: UInt32 = 0

    init(defaultTimeout: Double) throws {
        self.defaultTimeout = defaultTimeout
        let display = try WaylandDisplay()
        loop = try EventLoop()
        presenter = OverlayPresenter(display: display)
        try presenter.register(BuiltInContainers.notifications, placement: BuiltInContainers.notificationsPlacement)
        bus = try BusConnection()
        server = try NotificationServer(
            bus: bus,
            info: ServerInformation(name: "overlay-wl", vendor: "overlay-wl", version: OverlayCommand.version, specVersion: "1.2"),
            capabilities: Self.capabilities, delegate: self)
        server.emitsClosedOnCloseNotification = false  // every close is reported once, from the engine's effect
        try bus.requestName("org.freedesktop.Notifications")
        presenter.onEffect = { [unowned self] effect in self.handle(effect) }
        loop.add(display)
        loop.add(BusEventSource(bus: bus))
        loop.afterDispatch = { [unowned self] in try self.presenter.update() }
    }

    func run() throws { try loop.run() }

    // MARK: NotificationServerDelegate

    func notify(_ request: NotifyRequest) -> UInt32 {
        let id = request.replacesID != 0 && open.contains(request.replacesID) ? request.replacesID : nextID()
        var configuration = ViewConfiguration()
        switch request.expireTimeout {
        case 0: configuration.autoDismiss = .disabled
        case ..<0: configuration.autoDismiss = .value(defaultTimeout)
        default: configuration.autoDismiss = .value(Double(request.expireTimeout) / 1000)
        }
        let content = ToastContent(summary: request.summary, body: request.body, appName: request.appName)
        do {
            try presenter.show(content, id: ViewID(UInt64(id)), in: BuiltInContainers.notificationsName,
                               configuration: configuration)
            open.insert(id)
        } catch {
            log("cannot show notification \(id): \(error)")
        }
        return id
    }

    func closeNotification(id: UInt32) -> Bool {
        guard open.contains(id) else { return false }
        return presenter.dismiss(ViewID(UInt64(id)), reason: .request)
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

    /// Ids are never 0 and never reused in a session.
    private func nextID() -> UInt32 {
        lastID = lastID == UInt32.max ? 1 : lastID + 1
        return lastID
    }
}

func log(_ message: String) {
    var stderr = StandardError()
    print("overlay-wl: \(message)", to: &stderr)
}
