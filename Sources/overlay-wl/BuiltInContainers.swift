import OverlayConfig
import OverlayEngine

/// The containers overlay-wl has with no configuration, defined once: the daemon registers
/// them, and a `[containers.NAME]` table of the same name changes only the keys it sets.
enum BuiltInContainers {
    static let notificationsName = "notifications"

    /// A top-right column of toasts, newest on top, fading in and out: the newest five show,
    /// older ones wait hidden (their timeouts running) and come back when there is room.
    static var notifications: ContainerConfiguration {
        var container = ContainerConfiguration(name: notificationsName, displayType: .vertical, queueType: .multiple)
        container.spacing = 10
        container.displayOrder = .newestOnTop
        // Five at once, like mako, the newest of them; the rest are hidden with their timeouts
        // running, so a flood drains in the background instead of holding the screen.
        container.maximumVisible = 5
        container.overflow = .newest
        container.swapDelay = 0.05  // a burst changes the column once, just after it
        // Three or more from one app stack into one card (one slot of the five) under a header.
        container.groupThreshold = 3
        container.expiresWhileWaiting = true
        container.defaults.alignment = .topTrailing
        container.defaults.transition = .opacity
        container.defaults.animation = .easeOut(duration: 0.15)
        container.defaults.autoDismiss = .value(NotificationFrontend.defaultTimeout)
        // A click on a toast dismisses it (NotificationClosed reason 2) unless the frontend claims it.
        container.defaults.dismissGesture = .value(.tap)
        return container
    }

    /// Every built-in container with its placement (the column's is `SurfacePlacement()`'s
    /// defaults: top right, 12 points from the edges, 360 wide, following the focused output).
    static var specs: [ContainerSpec] {
        var column = ContainerSpec(configuration: notifications, placement: SurfacePlacement())
        column.followsFocus = true  // the column goes where the user is looking
        return [column, center, OSD.container]
    }

    static let centerName = "center"

    /// The notification centre: a drawer on the right edge listing every notification, open
    /// and in history (`CenterFrontend`); closed at start.
    static var center: ContainerSpec {
        var container = ContainerConfiguration(name: centerName, displayType: .vertical, queueType: .multiple)
        container.defaults.autoDismiss = .disabled
        var spec = ContainerSpec(configuration: container, placement: DrawerSettings.placement)
        spec.drawer = DrawerConfiguration(edge: .right, notches: [Notch(.points(0)), Notch(.points(420))],
                                          initialNotch: 0, backdropOpacity: 0.3)
        return spec
    }
}

/// Rules overlay-wl has with no configuration; the file's rules come after them (the last
/// match wins, so the file can change what they do).
enum BuiltInRules {
    static let doNotDisturb = "do-not-disturb"

    /// In do-not-disturb only critical notifications pop up: the rest wait, with their ids, until
    /// the mode ends (`general.critical-bypasses-modes` lets critical ones through).
    static var rules: [Rule] {
        var quiet = Rule()
        quiet.mode = doNotDisturb
        quiet.hold = true
        return [quiet]
    }
}
