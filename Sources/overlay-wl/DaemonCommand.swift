import ArgumentParser
import DBusService
import WaylandPresenter

struct DaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run the notification and overlay service (org.freedesktop.Notifications) on this Wayland session."
    )

    @Option(help: "Seconds a notification stays when its sender leaves the timeout to the server.")
    var defaultTimeout: Double = NotificationDaemon.defaultTimeout

    func run() throws {
        let daemon: NotificationDaemon
        do {
            daemon = try NotificationDaemon(defaultTimeout: defaultTimeout)
        } catch {
            throw fail("\(error)")
        }
        do {
            try daemon.run()
        } catch {
            throw fail("\(error)")
        }
    }
}
