import WaylandListeners
import CWayland
import Glibc

/// The test tool's Wayland connection: the globals it needs, the seat's capabilities and the
/// output whose extent absolute motion is measured in.
final class TestClient {
    let display: OpaquePointer
    private var registry: OpaquePointer!
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var pointerManager: OpaquePointer?
    private(set) var pointerManagerVersion: UInt32 = 0
    private(set) var keyboardManager: OpaquePointer?
    /// KWin's first output device and its output configuration (`scale` command).
    private(set) var outputDevice: OpaquePointer?
    private(set) var outputManagement: OpaquePointer?
    /// KWin's org_kde_kwin_fake_input (v3+: absolute motion), where there is no virtual pointer.
    private(set) var fakeInput: OpaquePointer?
    private(set) var seat: OpaquePointer?
    private(set) var seatCapabilities: UInt32 = 0
    /// Outputs by name with their mode (pixels) and scale.
    private(set) var outputs: [(proxy: OpaquePointer, name: String, width: Int32, height: Int32, scale: Int32)] = []
    /// Called when the seat's capabilities change (the test window binds wl_pointer then).
    var onCapabilities: (UInt32) -> Void = { _ in }
    private lazy var box = ListenerBox(self)

    init() throws {
        guard let display = wl_display_connect(nil) else { throw CommandError("cannot connect to the Wayland display") }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, TestClient.registryListener, box.userdata)
        try roundtrip()
        try roundtrip()  // output names, modes and the seat's capabilities
    }

    func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 { throw CommandError("lost the Wayland connection") }
    }

    func flush() { _ = wl_display_flush(display) }

    var hasPointerCapability: Bool { seatCapabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0 }

    /// Logical size of the output named `name` (or the first output).
    func outputExtent(named name: String?) -> (proxy: OpaquePointer, width: UInt32, height: UInt32)? {
        guard let o = outputs.first(where: { name == nil || $0.name == name }) else { return nil }
        let scale = max(1, o.scale)
        return (o.proxy, UInt32(max(1, o.width / scale)), UInt32(max(1, o.height / scale)))
    }

    /// Dispatches Wayland events for up to `seconds` (or until `done` holds).
    func pump(for seconds: Double, until done: () -> Bool = { false }) throws {
        let deadline = now() + seconds
        while !done() {
            let left = deadline - now()
            if left <= 0 { return }
            try dispatchOnce(timeoutMilliseconds: Int32(max(1, left * 1000)))
        }
    }

    /// One poll on the Wayland fd with the prepare_read protocol; dispatches what arrived.
    @discardableResult
    func dispatchOnce(timeoutMilliseconds: Int32, extraFD: Int32 = -1) throws -> Bool {
        while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
        flush()
        var fds = [pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: extraFD, events: Int16(POLLIN), revents: 0)]
        let n = poll(&fds, extraFD >= 0 ? 2 : 1, timeoutMilliseconds)
        if n > 0 && fds[0].revents & Int16(POLLIN) != 0 {
            if wl_display_read_events(display) < 0 { throw CommandError("lost the Wayland connection") }
        } else {
            wl_display_cancel_read(display)
        }
        if fds[0].revents & Int16(POLLERR | POLLHUP) != 0 { throw CommandError("the compositor hung up") }
        if wl_display_dispatch_pending(display) < 0 { throw CommandError("lost the Wayland connection") }
        return extraFD >= 0 && fds[1].revents != 0
    }

    private func bind(_ name: UInt32, _ interface: String, _ version: UInt32) -> OpaquePointer? {
        OpaquePointer(cwl_registry_bind(registry, name, interface, version))
    }

    private func global(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor": compositor = bind(name, interface, min(version, 4))
        case "wl_shm": shm = bind(name, interface, 1)
        case "xdg_wm_base":
            wmBase = bind(name, interface, 1)
            xdg_wm_base_add_listener(wmBase, TestClient.wmListener, nil)
        case "zwlr_virtual_pointer_manager_v1":
            pointerManagerVersion = min(version, 2)
            pointerManager = bind(name, interface, pointerManagerVersion)
        case "zwp_virtual_keyboard_manager_v1": keyboardManager = bind(name, interface, 1)
        case "kde_output_device_v2" where outputDevice == nil: outputDevice = bind(name, interface, min(version, 2))
        case "kde_output_management_v2": outputManagement = bind(name, interface, min(version, 3))
        case "org_kde_kwin_fake_input" where version >= 3: fakeInput = bind(name, interface, min(version, 4))
        case "wl_seat" where seat == nil:
            seat = bind(name, interface, min(version, 5))
            wl_seat_add_listener(seat, TestClient.seatListener, box.userdata)
        case "wl_output":
            guard let proxy = bind(name, interface, min(version, 4)) else { return }
            outputs.append((proxy, "", 0, 0, 1))
            wl_output_add_listener(proxy, TestClient.outputListener, box.userdata)
        default: break
        }
    }

    private func updateOutput(_ proxy: OpaquePointer?, _ change: (inout (proxy: OpaquePointer, name: String, width: Int32, height: Int32, scale: Int32)) -> Void) {
        guard let i = outputs.firstIndex(where: { $0.proxy == proxy }) else { return }
        change(&outputs[i])
    }

    private static let registryListener = stableListener(wl_registry_listener(
        global: { data, _, name, interface, version in
            ListenerBox<TestClient>.owner(data)?.global(name: name, interface: String(cString: interface!), version: version)
        },
        global_remove: { _, _, _ in }
    ))

    private static let seatListener = stableListener(wl_seat_listener(
        capabilities: { data, _, caps in
            guard let client = ListenerBox<TestClient>.owner(data) else { return }
            client.seatCapabilities = caps
            client.onCapabilities(caps)
        },
        name: { _, _, _ in }
    ))

    private static let wmListener = stableListener(xdg_wm_base_listener(
        ping: { _, base, serial in xdg_wm_base_pong(base, serial) }
    ))

    private static let outputListener = stableListener(wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { data, proxy, flags, width, height, _ in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            ListenerBox<TestClient>.owner(data)?.updateOutput(proxy) { $0.width = width; $0.height = height }
        },
        done: { _, _ in },
        scale: { data, proxy, factor in ListenerBox<TestClient>.owner(data)?.updateOutput(proxy) { $0.scale = factor } },
        name: { data, proxy, name in
            let text = name.map { String(cString: $0) } ?? ""
            ListenerBox<TestClient>.owner(data)?.updateOutput(proxy) { $0.name = text }
        },
        description: { _, _, _ in }
    ))
}

/// Seconds on CLOCK_MONOTONIC.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Milliseconds on CLOCK_MONOTONIC, as event timestamps.
func timestamp() -> UInt32 { UInt32(truncatingIfNeeded: Int64(now() * 1000)) }
