import CShims
import CWayland
import Glibc

/// One zwp_virtual_keyboard_v1 with a minimal hand-written xkb keymap (Escape, Tab, Return,
/// KP_Enter, Shift), sent through a memfd. Keys are evdev codes (linux/input-event-codes.h).
final class VirtualKeyboardDevice {
    private let proxy: OpaquePointer
    private var pressed: Set<UInt32> = []

    /// Evdev codes of the keys the `key` command knows.
    static let codes: [String: UInt32] = ["escape": 1, "tab": 15, "enter": 28, "shift": 42, "kpenter": 96,
                                          "home": 102, "up": 103, "pageup": 104, "end": 107, "down": 108,
                                          "pagedown": 109, "delete": 111]

    /// xkb keycodes are evdev codes + 8.
    static let keymap = """
        xkb_keymap {
            xkb_keycodes "overlay-wl-test" {
                minimum = 8; maximum = 255;
                <ESC> = 9; <TAB> = 23; <RTRN> = 36; <LFSH> = 50; <KPEN> = 104;
                <HOME> = 110; <UP> = 111; <PGUP> = 112; <END> = 115; <DOWN> = 116; <PGDN> = 117; <DELE> = 119;
            };
            xkb_types "overlay-wl-test" {
                virtual_modifiers NumLock;
                type "ONE_LEVEL" { modifiers = none; level_name[Level1] = "Any"; };
            };
            xkb_compatibility "overlay-wl-test" {
                interpret Any + AnyOf(all) { action = SetMods(modifiers=modMapMods,clearLocks); };
            };
            xkb_symbols "overlay-wl-test" {
                key <ESC> { [ Escape ] };
                key <TAB> { [ Tab ] };
                key <RTRN> { [ Return ] };
                key <KPEN> { [ KP_Enter ] };
                key <LFSH> { [ Shift_L ] };
                key <HOME> { [ Home ] };
                key <UP> { [ Up ] };
                key <PGUP> { [ Prior ] };
                key <END> { [ End ] };
                key <DOWN> { [ Down ] };
                key <PGDN> { [ Next ] };
                key <DELE> { [ Delete ] };
                modifier_map Shift { <LFSH> };
            };
        };
        """

    init(client: TestClient) throws {
        guard let manager = client.keyboardManager else {
            throw CommandError("the compositor does not offer zwp_virtual_keyboard_manager_v1")
        }
        proxy = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, client.seat)
        let fd = ow_memfd_create("overlay-wl-test-keymap")
        guard fd >= 0 else { throw CommandError("memfd_create: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes = Array(Self.keymap.utf8CString.map { UInt8(bitPattern: $0) })  // NUL-terminated
        guard write(fd, &bytes, bytes.count) == bytes.count else { throw CommandError("cannot write the keymap") }
        zwp_virtual_keyboard_v1_keymap(proxy, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, fd, UInt32(bytes.count))
    }

    deinit {
        for code in pressed { key(code, pressed: false) }
        zwp_virtual_keyboard_v1_destroy(proxy)
    }

    func key(_ code: UInt32, pressed down: Bool) {
        if down { pressed.insert(code) } else { pressed.remove(code) }
        let state = down ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        zwp_virtual_keyboard_v1_key(proxy, timestamp(), code, state.rawValue)
    }
}
