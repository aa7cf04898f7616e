import OverlayConfig
import OverlayEngine
import WaylandPresenter

/// The containers overlay-wl has with no configuration.
enum BuiltInContainers {
    static let notificationsName = "notifications"
    /// Toast width and the gap to the output's edges, in logical pixels.
    static let toastWidth: UInt32 = 360
    static let edgeMargin: Int32 = 12

    /// A top-right column of toasts, newest on top, fading in and out.
    static var notifications: ContainerConfiguration {
        var container = ContainerConfiguration(name: notificationsName, displayType: .vertical, queueType: .multiple)
        container.spacing = 10
        container.displayOrder = .newestOnTop
        // Five at once, like mako; the rest wait, and their timeouts run while they wait, so a
        // flood drains in the background instead of holding the screen for minutes.
        container.maximumVisible = 5
        container.expiresWhileWaiting = true
        container.defaults.alignment = .topTrailing
        container.defaults.transition = .opacity
        container.defaults.animation = .easeOut(duration: 0.15)
        container.defaults.autoDismiss = .value(NotificationFrontend.defaultTimeout)
        // A click on a toast dismisses it (NotificationClosed reason 2) unless the frontend claims it.
        container.defaults.dismissGesture = .value(.tap)
        return container
    }

    /// The built-in container as config settings: what a `[containers.notifications]` table
    /// changes (`SurfacePlacement`'s defaults are this column's placement).
    static var notificationsSpec: ContainerSpec {
        ContainerSpec(configuration: notifications, placement: SurfacePlacement())
    }

    /// Anchored top, right and bottom: the full height to the right of the output, input only where drawn.
    static let notificationsPlacement = LayerPlacement(
        layer: .overlay, anchor: [.top, .right, .bottom],
        margins: (top: edgeMargin, right: edgeMargin, bottom: 0, left: 0),
        width: toastWidth, height: 0)
}
