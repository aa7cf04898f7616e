import DBusService
import Glibc
import OverlayConfig
import OverlayEngine
import WaylandPresenter

/// The daemon's one wiring point. The presenter draws, the registry keeps one record per view,
/// and the frontends (notifications, control, tips, hooks, links) act on them. Every engine
/// effect, every click and every signal is routed here, each in one `switch`, after the
/// engine has finished changing.
final class Daemon: OverlayPresenterDelegate {
    let presenter: OverlayPresenter
    let registry = ViewRegistry()
    let config: ConfigRuntime
    let notifications: NotificationFrontend
    let control: ControlFrontend
    let tips: TipsFrontend
    let hooks: HookRunner
    let links: LinkOpener
    let center: CenterFrontend
    /// The view files of drawers (`view = "menu.json"`) and their bound controls.
    let menus: DrawerMenus
    let appearance: AppearanceRuntime
    /// speech-dispatcher, for notifications read aloud (`speak`).
    let speech = SpeechClient()
    /// Notifications for screen readers (AT-SPI); nil without a session bus (tests).
    private(set) var accessibility: AccessibilityBridge?

    /// `presenter` may have no display (tests); signals go to `signals`.
    init(presenter: OverlayPresenter, signals: SignalSink, configPath: String?, config settings: OverlayConfiguration,
         defaultTimeout: Double? = nil, wallClock: @escaping () -> Double = wallClockNow,
         historyPath: String? = nil) throws {
        self.presenter = presenter
        presenter.maximumID = UInt64(UInt32.max)  // notification ids are UInt32 on the bus
        config = try ConfigRuntime(screen: presenter, path: configPath, config: settings)
        let appearance = AppearanceRuntime(screen: presenter, settings: settings.general.appearance)
        config.onApply = { appearance.configChanged($0.general.appearance) }
        self.appearance = appearance
        tips = try TipsFrontend(screen: presenter, registry: registry)
        hooks = HookRunner(config: config, registry: registry)
        links = LinkOpener(config: config)
        let timeout = defaultTimeout ?? settings.general.defaultTimeout ?? NotificationFrontend.defaultTimeout
        notifications = NotificationFrontend(screen: presenter, registry: registry, signals: signals, config: config,
                                             hooks: hooks, tips: tips, defaultTimeout: timeout, wallClock: wallClock,
                                             historyStore: historyPath.map { HistoryStore(path: $0, clock: presenter.clock) })
        control = ControlFrontend(screen: presenter, registry: registry, signals: signals, notifications: notifications,
                                  config: config, tips: tips)
        center = CenterFrontend(screen: presenter, registry: registry, notifications: notifications, config: config,
                                signals: signals, wallClock: wallClock)
        control.center = center
        menus = DrawerMenus(screen: presenter, registry: registry, config: config, hooks: hooks,
                            notifications: notifications, control: control)
        notifications.speech = speech
        presenter.delegate = self
        menus.load(settings)
        let previous = config.onApply
        config.onApply = { [weak menus] in previous?($0); menus?.load($0) }  // menus hold the config
    }

    // MARK: Effects

    func presenter(_ presenter: OverlayPresenter, didApply effect: EngineEffect) {
        presenter.invalidateCenter()
        switch effect {
        case .appeared(let id, _):
            if let accessibility, accessibility.isConnected, let record = registry[id], !record.isHeld,
               let notification = record.notification {
                accessibility.show(notification)
            }
        case .removed:
            break
        case .hook(let name, let id, let container):
            hooks.runViewHook(name, id: id, container: container)
        case .dismissed(let id, let container, let reason):
            // A view moved to another container under the same id lives on.
            guard !(reason == .replaced && presenter.holds(id)) else { return }
            guard let record = registry[id] else { return }
            // Off screen, closed or held by a mode: no longer for screen readers either.
            if let accessibility, accessibility.isConnected, record.notification != nil { accessibility.remove(id.busID) }
            guard !record.isHeld else { return }
            registry.remove(id)
            if let tip = record.tip {
                tips.dismissed(tip, reason: reason)
                tips.stopFollowingIfIdle()
            }
            switch record.kind {
            case .notification(let notification):
                notifications.closed(notification, NotificationFrontend.closeReason(reason))
            case .control(let view):
                control.closed(id, view, container: container, reason: reason)
            }
        }
    }

    /// Puts the notifications showing on the accessibility bus through `bridge`, following the
    /// config's `accessibility` across reloads.
    func attach(_ bridge: AccessibilityBridge) {
        accessibility = bridge
        notifications.accessibility = bridge
        bridge.showing = { [unowned self] in
            registry.records.compactMap { id, record in
                record.isHeld || !presenter.holds(id) ? nil : record.notification.map(AccessibilityBridge.node)
            }.sorted { $0.id < $1.id }
        }
        let previous = config.onApply
        config.onApply = { settings in
            previous?(settings)
            bridge.setPolicy(settings.general.accessibility)
        }
    }

    // MARK: Clicks

    /// Links open; the close button closes (reason 2); buttons and the body go to the view's
    /// frontend. Anything not taken is the view's dismiss gesture.
    func presenter(_ presenter: OverlayPresenter, clicked click: ViewClick) {
        if center.clicked(click) || menus.clicked(click) { return }
        let record = registry[click.view]
        let taken: Bool
        switch (click.part, record?.kind) {
        case (.link(let url), _):
            links.open(url)
            taken = true
        case (.closeButton, _) where click.view.isGroupHeader:
            taken = !presenter.dismissGroup(header: click.view, reason: .user).isEmpty
        case (_, nil) where click.view.isGroupHeader:
            taken = presenter.toggleGroup(header: click.view)
        case (.body, _) where presenter.manager.stackHeader(coveringPeek: click.view) != nil:
            // A card peeking out of a closed stack opens the stack, as the header does.
            taken = presenter.toggleGroup(header: presenter.manager.stackHeader(coveringPeek: click.view)!)
        case (.closeButton, _):
            taken = presenter.dismiss(click.view, reason: .user)
        case (.overflowIndicator, _):
            // The column's pill opens the centre, which lists what it counts; elsewhere it pages.
            if let container = presenter.overflowContainer(at: click.point),
               container != BuiltInContainers.notificationsName {
                presenter.pageForward(in: container)
            } else {
                presenter.openCenter(true)
            }
            taken = true
        case (_, .notification(let notification)?):
            taken = notifications.clicked(notification, click.part)
        case (_, .control(let view)?):
            taken = control.clicked(click.view, view, click.part)
        case (_, nil):
            taken = false
        }
        if !taken { presenter.applyTap(click) }
    }

    /// After every update pass: the centre's status may have changed.
    func presenterDidUpdate(_ presenter: OverlayPresenter) {
        center.updated()
        menus.updated()
    }

    func presenterWillTrimHeap(_ presenter: OverlayPresenter) { notifications.compactHistory() }

    // MARK: Signals

    /// SIGHUP reloads the config; SIGINT and SIGTERM stop the loop.
    func handle(signal: Int32, loop: EventLoop) {
        switch signal {
        case SIGHUP:
            do { try config.reload() } catch { log("reload rejected, the old configuration stays: \(error)") }
        default:
            loop.stop()
        }
    }
}

/// The session bus as the daemon's signal sink.
final class BusSignals: SignalSink {
    private let bus: BusConnection
    init(bus: BusConnection) { self.bus = bus }

    func emit(_ signal: DaemonSignal) {
        let (path, interface, member, arguments): (String, String, String, [BusValue])
        var destination: String?
        switch signal {
        case .notificationClosed(let id, let reason):
            (path, interface, member, arguments) = (NotificationServer.objectPath, NotificationServer.interfaceName,
                                                    "NotificationClosed", [.uint32(id), .uint32(reason.rawValue)])
        case .actionInvoked(let id, let action):
            (path, interface, member, arguments) = (NotificationServer.objectPath, NotificationServer.interfaceName,
                                                    "ActionInvoked", [.uint32(id), .string(action)])
        case .activationToken(let id, let token):
            (path, interface, member, arguments) = (NotificationServer.objectPath, NotificationServer.interfaceName,
                                                    "ActivationToken", [.uint32(id), .string(token)])
        case .notificationReplied(let id, let text, let sender):
            (path, interface, member, arguments) = (NotificationServer.objectPath, NotificationServer.interfaceName,
                                                    "NotificationReplied", [.uint32(id), .string(text)])
            destination = sender
        case .viewClosed(let id, let container, let how, let action):
            (path, interface, member, arguments) = (ControlFrontend.path, ControlFrontend.interfaceName, "ViewClosed",
                                                    [.uint32(id), .string(container), .string(how), .string(action)])
        case .centerChanged(let json):
            (path, interface, member, arguments) = (ControlFrontend.path, ControlFrontend.interfaceName, "CenterChanged", [.string(json)])
        case .viewAction(let id, let action, let value):
            (path, interface, member, arguments) = (ControlFrontend.path, ControlFrontend.interfaceName, "ViewAction",
                                                    [.uint32(id), .string(action), value.busValue])
        }
        do {
            try bus.emitSignal(path: path, interface: interface, member: member, arguments: arguments, destination: destination)
        } catch {
            log("cannot emit \(member): \(error)")
        }
    }
}

func log(_ message: String) {
    var stderr = StandardError()
    print("overlay-wl: \(message)", to: &stderr)
}

/// Unix time in seconds (CLOCK_REALTIME).
func wallClockNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_REALTIME, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
