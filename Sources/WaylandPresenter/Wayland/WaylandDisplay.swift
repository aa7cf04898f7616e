import WaylandListeners
import CWayland
import Glibc

/// Why the Wayland connection failed: no display, no connection, a missing global (layer shell…), or lost.
public enum WaylandError: Error, CustomStringConvertible {
    case noDisplay
    case connectFailed(String)
    case missingGlobal(String)
    case connectionLost(Int32)

    public var description: String {
        switch self {
        case .noDisplay: "WAYLAND_DISPLAY is not set: there is no Wayland session to show overlays on"
        case .connectFailed(let name): "cannot connect to the Wayland display \(name)"
        case .missingGlobal(let interface): "the compositor does not offer \(interface)"
        case .connectionLost(let code): "lost the Wayland connection: \(String(cString: strerror(code)))"
        }
    }
}

/// The connection, its registry and the globals overlay-wl binds.
public final class WaylandDisplay: EventSource {
    let display: OpaquePointer
    private var registry: OpaquePointer!
    private(set) var compositor: OpaquePointer!
    private(set) var shm: OpaquePointer!
    private(set) var layerShell: OpaquePointer!
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private var activation: ActivationTokens?
    /// wlr-screencopy, when offered: frosted backdrops capture what is under a container.
    private(set) var screenCopy: ScreenCopy?
    /// ext-background-effect-v1 or org_kde_kwin_blur, when offered: the compositor blurs for us.
    private var backgroundEffect: CompositorBlurManager?, kwinBlur: CompositorBlurManager?
    /// cursor-shape-v1, when offered: the compositor draws named cursor shapes.
    private(set) var cursorShapeManager: OpaquePointer?
    /// wl_data_device_manager: each seat's clipboard, for pasting into the reply field.
    private var dataDeviceManager: OpaquePointer?
    public private(set) var outputs: [Output] = []
    public private(set) var seats: [Seat] = []
    /// Called when outputs come, go or change.
    public var onOutputsChanged: () -> Void = {}
    private lazy var box = ListenerBox(self)

    /// Connects to `name` (a socket in `$XDG_RUNTIME_DIR`, or a path), by default
    /// `$WAYLAND_DISPLAY` (or `$WAYLAND_SOCKET`), and binds the globals; throws one clear error
    /// otherwise.
    public init(name explicitName: String? = nil) throws {
        let name = explicitName ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        guard name != nil || getenv("WAYLAND_SOCKET") != nil else { throw WaylandError.noDisplay }
        guard let display = wl_display_connect(explicitName) else { throw WaylandError.connectFailed(name ?? "(socket)") }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, WaylandDisplay.registryListener, box.userdata)
        try roundtrip()  // globals
        if compositor == nil { throw WaylandError.missingGlobal("wl_compositor") }
        if shm == nil { throw WaylandError.missingGlobal("wl_shm") }
        if layerShell == nil { throw WaylandError.missingGlobal("zwlr_layer_shell_v1") }
        try roundtrip()  // output names, modes and scales
    }

    deinit {
        activation = nil
        screenCopy = nil
        backgroundEffect = nil
        kwinBlur = nil
        outputs.removeAll()
        seats.removeAll()
        if let dataDeviceManager { wl_data_device_manager_destroy(dataDeviceManager) }
        if let cursorShapeManager { wp_cursor_shape_manager_v1_destroy(cursorShapeManager) }
        // The remaining proxies, freed on this side only (a request would be sent after the
        // connection is gone anyway): disconnecting does not free them.
        for proxy in [compositor, shm, layerShell, viewporter, fractionalScaleManager, registry] {
            if let proxy { wl_proxy_destroy(proxy) }
        }
        wl_display_disconnect(display)
    }

    public func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw WaylandError.connectionLost(wl_display_get_error(display)) }
    }

    public func flush() { _ = wl_display_flush(display) }

    /// After the connection failed: makes sure libwayland has marked it dead (it reads to the
    /// end of what the compositor sent), so the requests that destroy what was made on it are
    /// dropped instead of written to a closed socket. Call with no read prepared.
    public func settleAfterLoss() {
        guard wl_display_get_error(display) == 0 else { return }
        _ = wl_display_roundtrip(display)
    }

    // MARK: EventSource: the libwayland prepare_read / read_events protocol.

    public var pollDescriptor: Int32 { wl_display_get_fd(display) }
    public var pollEvents: Int16 { Int16(POLLIN) }

    public func prepareToPoll() throws -> Bool {
        var dispatched = false
        while wl_display_prepare_read(display) != 0 {
            let count = wl_display_dispatch_pending(display)
            if count < 0 { throw WaylandError.connectionLost(wl_display_get_error(display)) }
            dispatched = dispatched || count > 0
        }
        if wl_display_flush(display) < 0 && errno != EAGAIN {
            wl_display_cancel_read(display)
            throw WaylandError.connectionLost(errno)
        }
        return dispatched
    }

    public func dispatch(events: Int16) throws {
        if events & Int16(POLLIN) != 0 {
            if wl_display_read_events(display) < 0 { throw WaylandError.connectionLost(wl_display_get_error(display)) }
        } else {
            wl_display_cancel_read(display)
        }
        if events & Int16(POLLERR | POLLHUP) != 0 { throw WaylandError.connectionLost(EPIPE) }
        if wl_display_dispatch_pending(display) < 0 { throw WaylandError.connectionLost(wl_display_get_error(display)) }
    }

    public func output(named name: String) -> Output? { outputs.first { $0.name == name } }

    /// An xdg-activation token for `appID`, delivered from the event loop; nil at once when the
    /// compositor offers no xdg-activation.
    public func requestActivationToken(appID: String?, completion: @escaping (String?) -> Void) {
        guard let activation else { return completion(nil) }
        activation.request(appID: appID, surface: nil) { completion($0) }
        flush()
    }

    /// The compositor's background blur, when it blurs now: ext-background-effect-v1 (with the
    /// blur capability) first, else org_kde_kwin_blur.
    var compositorBlur: CompositorBlurManager? {
        if let backgroundEffect, backgroundEffect.blurs { return backgroundEffect }
        return kwinBlur
    }

    // MARK: Registry

    private func bind(_ name: UInt32, _ interface: String, _ version: UInt32, _ wanted: UInt32) -> OpaquePointer? {
        OpaquePointer(cwl_registry_bind(registry, name, interface, min(version, wanted)))
    }

    private func global(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor": compositor = bind(name, "wl_compositor", version, 4)
        case "wl_shm": shm = bind(name, "wl_shm", version, 1)
        case "zwlr_layer_shell_v1": layerShell = bind(name, "zwlr_layer_shell_v1", version, 4)
        case "wp_viewporter": viewporter = bind(name, "wp_viewporter", version, 1)
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = bind(name, "wp_fractional_scale_manager_v1", version, 1)
        case "xdg_activation_v1":
            activation = bind(name, "xdg_activation_v1", version, 1).map(ActivationTokens.init(manager:))
        case "wp_cursor_shape_manager_v1":
            cursorShapeManager = bind(name, "wp_cursor_shape_manager_v1", version, 1)
        case "zwlr_screencopy_manager_v1":
            screenCopy = bind(name, "zwlr_screencopy_manager_v1", version, 3).map(ScreenCopy.init(manager:))
        case "ext_background_effect_manager_v1":
            backgroundEffect = bind(name, "ext_background_effect_manager_v1", version, 1)
                .map(CompositorBlurManager.init(effectManager:))
        case "org_kde_kwin_blur_manager":
            kwinBlur = bind(name, "org_kde_kwin_blur_manager", version, 1).map(CompositorBlurManager.init(kwinManager:))
        case "wl_output":
            guard let proxy = bind(name, "wl_output", version, 4) else { return }
            let output = Output(proxy: proxy, globalName: name)
            output.onChange = { [unowned self] in self.onOutputsChanged() }
            outputs.append(output)
        case "wl_seat":
            guard let proxy = bind(name, "wl_seat", version, 7) else { return }
            let seat = Seat(proxy: proxy, globalName: name)
            if let dataDeviceManager { seat.attachClipboard(dataDeviceManager) }
            seats.append(seat)
        case "wl_data_device_manager":
            guard let manager = bind(name, "wl_data_device_manager", version, 3) else { return }
            dataDeviceManager = manager
            for seat in seats { seat.attachClipboard(manager) }
        default: break
        }
    }

    private func globalRemoved(name: UInt32) {
        if let index = outputs.firstIndex(where: { $0.globalName == name }) {
            outputs.remove(at: index)
            onOutputsChanged()
        }
        seats.removeAll { $0.globalName == name }
    }

    private static let registryListener = stableListener(wl_registry_listener(
        global: { data, _, name, interface, version in
            ListenerBox<WaylandDisplay>.owner(data)?.global(name: name, interface: string(interface), version: version)
        },
        global_remove: { data, _, name in ListenerBox<WaylandDisplay>.owner(data)?.globalRemoved(name: name) }
    ))
}
