import ArgumentParser
import DBusService
import WaylandPresenter

struct DaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run the notification and overlay service (org.freedesktop.Notifications) on this Wayland session."
    )

    @Option(help: "Seconds a notification stays when its sender leaves the timeout to the server.")
    var defaultTimeout: Double = NotificationFrontend.defaultTimeout

    func run() throws {
        do {
            let service = try OverlayService()
            let notifications = try NotificationFrontend(service: service, defaultTimeout: defaultTimeout)
            try notifications.requestName()
            try service.run()
        } catch {
            throw fail("\(error)")
        }
    }
}
