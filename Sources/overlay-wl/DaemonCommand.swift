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
            let service = try OverlayService()
            let timeout = options.defaultTimeout ?? settings.general.defaultTimeout ?? NotificationFrontend.defaultTimeout
            let notifications = try NotificationFrontend(service: service, defaultTimeout: timeout)
            let runtime = try ConfigRuntime(service: service, notifications: notifications, path: configPath, config: settings)
            let control = try ControlFrontend(service: service, notifications: notifications, config: runtime)
            control.tips = try TipsFrontend(service: service)
            notifications.tips = control.tips   // the `x`/`y` hints show notifications as tips
            let hooks = HookRunner(service: service, notifications: notifications) { runtime.config.hooks }
            let links = LinkOpener(service: service) { runtime.config.general }
            service.presenter.onImageError = { error in log("image not shown: \(error)") }
            try control.requestName()
            try notifications.requestName()
            StartupPages.release()   // idle memory: what only starting needed goes back to the page cache
            try service.run()
            withExtendedLifetime((hooks, links)) {}
        } catch {
            throw fail("\(error)")
        }
    }
}
