import ArgumentParser
import DBusService
import WaylandPresenter

struct DaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run the notification and overlay service (org.freedesktop.Notifications) on this Wayland session."
    )

    @Option(help: "Seconds a notification stays when its sender leaves the timeout to the server (default: the config's, else 5).")
    var defaultTimeout: Double?

    @Option(help: "Config file (default: $XDG_CONFIG_HOME/overlay-wl/config.toml when it exists).", completion: .file(extensions: ["toml"]))
    var config: String?

    func run() throws { try Self.run(DaemonOptions(config: config, defaultTimeout: defaultTimeout)) }

    static func run(_ options: DaemonOptions) throws {
        do {
            let configPath = ConfigRuntime.resolvePath(explicit: options.config)
            let settings = try ConfigRuntime.load(configPath)
            let loop = try EventLoop()
            let bus = try BusConnection()
            let presenter = OverlayPresenter(display: nil)
            presenter.eventLoop = loop  // pastes into the reply field are read in the loop
            let compositor = try CompositorLink(presenter: presenter, loop: loop)
            let daemon = try Daemon(presenter: presenter, signals: BusSignals(bus: bus), configPath: configPath,
                                    config: settings, defaultTimeout: options.defaultTimeout,
                                    historyPath: HistoryStore.defaultPath())
            presenter.onImageError = { error in log("image not shown: \(error)") }
            daemon.center.senderConnected = { name in
                let reply = try? bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                          interface: "org.freedesktop.DBus", member: "NameHasOwner", arguments: [.string(name)])
                return reply?.first?.boolValue ?? false
            }
            let server = try NotificationServer(
                bus: bus,
                info: ServerInformation(name: "overlay-wl", vendor: "overlay-wl", version: OverlayCommand.version, specVersion: "1.2"),
                capabilities: NotificationFrontend.capabilities, delegate: daemon.notifications)
            try bus.export(path: ControlFrontend.path, interface: daemon.control.interface)
            let portal = SettingsPortal(bus: bus) { daemon.appearance.desktopChanged($0) }
            do { try portal.start() } catch { log("cannot ask the settings portal: \(error)") }
            loop.add(BusEventSource(bus: bus))
            daemon.hooks.watchExits(in: loop)
            loop.add(daemon.tips.events)
            loop.add(daemon.config.focus)
            loop.add(daemon.speech)
            let accessibility = AccessibilityBridge(session: bus, policy: settings.general.accessibility)
            daemon.attach(accessibility)
            accessibility.start()
            loop.add(accessibility)
            if let store = daemon.notifications.historyStore { loop.add(store) }
            loop.afterDispatch = { try presenter.update() }
            loop.onSignal = { [unowned loop] signal in daemon.handle(signal: signal, loop: loop) }
            try bus.requestName(ControlFrontend.busName)
            try bus.requestName(NotificationServer.busName)
            compositor.start()  // connects, or waits for a compositor with the bus names taken
            StartupPages.release()   // idle memory: what only starting needed goes back to the page cache
            IdlePages.record()       // what drawing maps later goes back once the screen is empty
            try loop.run()
            daemon.notifications.historyStore?.flush()
            withExtendedLifetime((server, compositor, portal)) {}
        } catch {
            throw fail("\(error)")
        }
    }
}
