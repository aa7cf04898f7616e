import WaylandListeners
import CWayland
import OverlayEngine

/// A wl_surface with the layer-shell role. Listeners only record; the presenter draws after dispatch.
final class LayerSurface {
    private let surface: OpaquePointer
    private var layerSurface: OpaquePointer?
    private var frameCallback: OpaquePointer?
    private(set) var phase: SurfacePhase = .awaitingConfigure
    /// The size the compositor granted, in surface-local (logical) units.
    private(set) var size: (width: Int, height: Int) = (0, 0)
    private var pendingSerial: UInt32?
    /// Outputs the surface is on; its buffer scale follows the largest of their scales.
    private(set) var enteredOutputs: [OpaquePointer] = []
    let placement: SurfacePlacement
    var onStateChange: () -> Void = {}
    private lazy var box = ListenerBox(self)

    /// `output` nil lets the compositor choose (the focused output).
    init(display: WaylandDisplay, placement: SurfacePlacement, output: Output?, namespace: String) {
        self.placement = placement
        surface = wl_compositor_create_surface(display.compositor)
        wl_surface_add_listener(surface, LayerSurface.surfaceListener, box.userdata)
        layerSurface = zwlr_layer_shell_v1_get_layer_surface(display.layerShell, surface, output?.proxy,
                                                             placement.layer.protocolValue, namespace)
        zwlr_layer_surface_v1_add_listener(layerSurface, LayerSurface.layerListener, box.userdata)
        zwlr_layer_surface_v1_set_anchor(layerSurface, placement.anchor.rawValue)
        let m = placement.margins
        zwlr_layer_surface_v1_set_margin(layerSurface, m.top, m.right, m.bottom, m.left)
        zwlr_layer_surface_v1_set_size(layerSurface, placement.width, placement.height)
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, placement.exclusiveZone)
        setInputRegion([], compositor: display.compositor)
        wl_surface_commit(surface)
    }

    deinit {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        wl_surface_destroy(surface)
    }

    /// The wl_surface, to match input focus against.
    var wlSurface: OpaquePointer { surface }

    /// Asks for a draw: now if idle, after the outstanding frame otherwise.
    func requestRedraw() { phase.requestRedraw() }
    /// The frame that would be drawn is the one presented last (see `SurfacePhase.unchanged`).
    func unchanged() { phase.unchanged() }

    /// Attaches a drawn buffer with its damage (buffer pixels), asks for the next frame, commits.
    func present(_ buffer: ShmBuffer, scale: Int32, damage: [(x: Int32, y: Int32, width: Int32, height: Int32)]) {
        if let serial = pendingSerial, let layerSurface {
            zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
            pendingSerial = nil
        }
        if scale != sentBufferScale {
            wl_surface_set_buffer_scale(surface, scale)
            sentBufferScale = scale
        }
        wl_surface_attach(surface, buffer.wlBuffer, 0, 0)
        for rect in damage { wl_surface_damage_buffer(surface, rect.x, rect.y, rect.width, rect.height) }
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, LayerSurface.frameListener, box.userdata)
        buffer.markBusy()
        wl_surface_commit(surface)
        phase.presented()
    }

    /// How the surface takes the keyboard: none, on demand (a drawer while open, a reply field
    /// being typed into) or exclusively (the column while `overlay-wl focus` holds it: on sway an
    /// on-demand surface gets the keyboard only when clicked). Sent now, in force from the next commit.
    enum KeyboardMode { case none, onDemand, exclusive }

    var keyboardMode = KeyboardMode.none {
        didSet {
            guard keyboardMode != oldValue, let layerSurface else { return }
            // on_demand is layer-shell v4; older compositors get exclusive focus instead.
            let onDemand = zwlr_layer_surface_v1_get_version(layerSurface) >= 4
            let mode: zwlr_layer_surface_v1_keyboard_interactivity = switch keyboardMode {
            case .none: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE
            case .onDemand where onDemand: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND
            case .onDemand, .exclusive: ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE
            }
            zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, mode.rawValue)
        }
    }

    /// On-demand keyboard focus or none.
    var keyboardInteractive: Bool {
        get { keyboardMode != .none }
        set { keyboardMode = newValue ? .onDemand : .none }
    }

    /// The compositor can give the keyboard on demand (layer-shell v4), not only exclusively.
    var offersOnDemandKeyboard: Bool { layerSurface.map { zwlr_layer_surface_v1_get_version($0) >= 4 } ?? false }

    private var sentInputRegion: [(x: Int32, y: Int32, width: Int32, height: Int32)]?
    /// The buffer scale in force (sent again only when it changes).
    private var sentBufferScale: Int32?

    /// Limits input to these surface-local rectangles (empty: all input passes through).
    func setInputRegion(_ rects: [(x: Int32, y: Int32, width: Int32, height: Int32)], compositor: OpaquePointer) {
        // Unchanged (most frames of a fade): the region in force stays.
        if let sent = sentInputRegion, sent.count == rects.count, zip(sent, rects).allSatisfy({ $0 == $1 }) { return }
        sentInputRegion = rects
        let region = wl_compositor_create_region(compositor)
        for rect in rects { wl_region_add(region, rect.x, rect.y, rect.width, rect.height) }
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }

    // MARK: Events (recorded only)

    private func configured(serial: UInt32, width: UInt32, height: UInt32) {
        pendingSerial = serial
        // Take whatever size is granted; never ask again in reply (that could loop).
        size = (Int(width == 0 ? placement.width : width), Int(height == 0 ? placement.height : height))
        phase.configured()
        onStateChange()
    }

    private func frameDone() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        phase.frameDone()
        onStateChange()
    }

    private func closedByCompositor() {
        phase.closed()
        onStateChange()
    }

    private static let layerListener = stableListener(zwlr_layer_surface_v1_listener(
        configure: { data, _, serial, width, height in
            ListenerBox<LayerSurface>.owner(data)?.configured(serial: serial, width: width, height: height)
        },
        closed: { data, _ in ListenerBox<LayerSurface>.owner(data)?.closedByCompositor() }
    ))

    private static let frameListener = stableListener(wl_callback_listener(
        done: { data, _, _ in ListenerBox<LayerSurface>.owner(data)?.frameDone() }
    ))

    private static let surfaceListener = stableListener(wl_surface_listener(
        enter: { data, _, output in
            guard let surface = ListenerBox<LayerSurface>.owner(data), let output else { return }
            surface.enteredOutputs.append(output)
            surface.requestRedraw()
            surface.onStateChange()
        },
        leave: { data, _, output in
            guard let surface = ListenerBox<LayerSurface>.owner(data) else { return }
            surface.enteredOutputs.removeAll { $0 == output }
            surface.requestRedraw()
            surface.onStateChange()
        }
    ))
}
