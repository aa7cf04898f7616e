import WaylandListeners
import CShims
import CWayland
import Glibc

/// A plain xdg-shell window filled with one colour, for pass-through tests: it prints
/// `click X Y` (surface-local) on stdout whenever it gets a button press, and `keyboard enter` /
/// `keyboard leave` when it gains or loses the keyboard.
final class TestWindow {
    private let client: TestClient
    private let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var pointerPosition = (x: 0.0, y: 0.0)
    private var pointerInside = false
    private var size: (width: Int32, height: Int32)
    private var buffer: (proxy: OpaquePointer, data: UnsafeMutableRawPointer, bytes: Int)?
    private(set) var isMapped = false
    private let stripes: Bool
    private lazy var box = ListenerBox(self)

    init(client: TestClient, appID: String, width: Int, height: Int, stripes: Bool = false) throws {
        guard let compositor = client.compositor, let wmBase = client.wmBase, client.shm != nil else {
            throw CommandError("window: the compositor lacks wl_compositor, wl_shm or xdg_wm_base")
        }
        self.client = client
        self.stripes = stripes
        size = (Int32(width), Int32(height))
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_surface_add_listener(xdgSurface, TestWindow.xdgSurfaceListener, box.userdata)
        xdg_toplevel_add_listener(toplevel, TestWindow.toplevelListener, box.userdata)
        xdg_toplevel_set_app_id(toplevel, appID)
        xdg_toplevel_set_title(toplevel, appID)
        wl_surface_commit(surface)
        bindPointer(client.seatCapabilities)
    }

    /// Binds or releases wl_pointer and wl_keyboard as the seat's capabilities change.
    func bindPointer(_ capabilities: UInt32) {
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasKeyboard, keyboard == nil, let seat = client.seat {
            keyboard = wl_seat_get_keyboard(seat)
            wl_keyboard_add_listener(keyboard, TestWindow.keyboardListener, box.userdata)
        } else if !hasKeyboard, let keyboard {
            wl_keyboard_release(keyboard)
            self.keyboard = nil
        }
        let has = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        if has, pointer == nil, let seat = client.seat {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, TestWindow.pointerListener, box.userdata)
        } else if !has, let pointer {
            wl_pointer_release(pointer)
            self.pointer = nil
        }
    }

    private func configured(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        if buffer == nil || !isMapped { try? draw() }
    }

    /// A solid dark-green buffer (0xFF204020), so screenshots can tell the window apart; or
    /// 8-px black and white vertical stripes (a high-contrast pattern to blur).
    private func draw() throws {
        let stride = Int(size.width) * 4, bytes = stride * Int(size.height)
        let fd = ow_memfd_create("overlay-wl-test-window")
        guard fd >= 0 else { throw CommandError("window: memfd_create failed") }
        defer { close(fd) }
        guard ftruncate(fd, off_t(bytes)) == 0,
              let data = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), data != MAP_FAILED
        else { throw CommandError("window: cannot map a buffer") }
        let pixels = data.bindMemory(to: UInt32.self, capacity: bytes / 4)
        let width = Int(size.width)
        for i in 0..<(bytes / 4) {
            pixels[i] = !stripes ? 0xFF20_4020 : (i % width) / 8 % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000
        }
        let pool = wl_shm_create_pool(client.shm, fd, Int32(bytes))
        let proxy = wl_shm_pool_create_buffer(pool, 0, size.width, size.height, Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue)!
        wl_shm_pool_destroy(pool)
        if let old = buffer { wl_buffer_destroy(old.proxy); munmap(old.data, old.bytes) }
        buffer = (proxy, data, bytes)
        wl_surface_attach(surface, proxy, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, size.width, size.height)
        wl_surface_commit(surface)
        isMapped = true
    }

    private func pressed() {
        print("click \(Int(pointerPosition.x)) \(Int(pointerPosition.y))")
        fflush(stdout)
    }

    private func keyboardFocus(_ entered: Bool, surface: OpaquePointer?) {
        guard surface == self.surface else { return }
        print(entered ? "keyboard enter" : "keyboard leave")
        fflush(stdout)
    }

    private static let keyboardListener = stableListener(wl_keyboard_listener(
        keymap: { _, _, _, fd, _ in close(fd) },
        enter: { data, _, _, surface, _ in ListenerBox<TestWindow>.owner(data)?.keyboardFocus(true, surface: surface) },
        leave: { data, _, _, surface in ListenerBox<TestWindow>.owner(data)?.keyboardFocus(false, surface: surface) },
        key: { _, _, _, _, _, _ in },
        modifiers: { _, _, _, _, _, _, _ in },
        repeat_info: { _, _, _, _ in }
    ))

    private static let xdgSurfaceListener = stableListener(xdg_surface_listener(
        configure: { data, _, serial in ListenerBox<TestWindow>.owner(data)?.configured(serial: serial) }
    ))

    private static let toplevelListener = stableListener(xdg_toplevel_listener(
        configure: { data, _, width, height, _ in
            guard let window = ListenerBox<TestWindow>.owner(data), width > 0, height > 0 else { return }
            if (width, height) != window.size { window.size = (width, height); window.isMapped = false }
        },
        close: { _, _ in },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }
    ))

    private static let pointerListener = stableListener(wl_pointer_listener(
        enter: { data, _, _, surface, x, y in
            guard let window = ListenerBox<TestWindow>.owner(data) else { return }
            window.pointerInside = surface == window.surface
            window.pointerPosition = (wl_fixed_to_double(x), wl_fixed_to_double(y))
        },
        leave: { data, _, _, _ in ListenerBox<TestWindow>.owner(data)?.pointerInside = false },
        motion: { data, _, _, x, y in
            ListenerBox<TestWindow>.owner(data)?.pointerPosition = (wl_fixed_to_double(x), wl_fixed_to_double(y))
        },
        button: { data, _, _, _, _, state in
            guard let window = ListenerBox<TestWindow>.owner(data), window.pointerInside,
                  state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue else { return }
            window.pressed()
        },
        axis: { _, _, _, _, _ in },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }
    ))
}
