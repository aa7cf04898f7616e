import DBusService
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// The running daemon: one poll loop, the presenter, the session bus, and the frontends that
/// feed views in (notifications, control interface). Ids are shared by all frontends.
final class OverlayService {
    let loop: EventLoop
    let presenter: OverlayPresenter
    let bus: BusConnection
    private var lastID: UInt32 = 0
    /// Called for every engine effect (dismissals, removals, hooks), after the presenter.
    private var effectObservers: [(EngineEffect) -> Void] = []

    init() throws {
        let display = try WaylandDisplay()
        loop = try EventLoop()
        presenter = OverlayPresenter(display: display)
        bus = try BusConnection()
        presenter.onEffect = { [unowned self] effect in self.effectObservers.forEach { $0(effect) } }
        loop.add(display)
        loop.add(BusEventSource(bus: bus))
        loop.afterDispatch = { [unowned self] in try self.presenter.update() }
    }

    func observeEffects(_ observer: @escaping (EngineEffect) -> Void) { effectObservers.append(observer) }

    /// A fresh view id: never 0, never reused in this session, shared by every frontend.
    func nextID() -> UInt32 {
        repeat { lastID = lastID == UInt32.max ? 1 : lastID + 1 } while presenter.manager.contains(ViewID(UInt64(lastID)))
        return lastID
    }

    func run() throws { try loop.run() }
}

func log(_ message: String) {
    var stderr = StandardError()
    print("overlay-wl: \(message)", to: &stderr)
}
