import CShims
import CWayland
import Glibc

/// One zwp_virtual_keyboard_v1 with a hand-written xkb keymap sent through a memfd: Escape, Tab,
/// Return, KP_Enter, Shift, Control, the editing keys, and one key per character of `typable`
/// (each types its character on its own, no modifier needed). Keys are evdev codes
/// (linux/input-event-codes.h).
final class VirtualKeyboardDevice {
    private let proxy: OpaquePointer
    private var pressed: Set<UInt32> = []

    /// Evdev codes of the keys the `key` command knows, with their xkb names and keysyms.
    static let keys: [(name: String, code: UInt32, xkbName: String, keysym: String)] = [
        ("escape", 1, "ESC", "Escape"), ("tab", 15, "TAB", "Tab"), ("enter", 28, "RTRN", "Return"),
        ("shift", 42, "LFSH", "Shift_L"), ("kpenter", 96, "KPEN", "KP_Enter"), ("ctrl", 29, "LCTL", "Control_L"),
        ("backspace", 14, "BKSP", "BackSpace"), ("delete", 111, "DELE", "Delete"), ("left", 105, "LEFT", "Left"),
        ("right", 106, "RGHT", "Right"), ("home", 102, "HOME", "Home"), ("end", 107, "END", "End"),
        ("v", 47, "AB04", "v"), ("up", 103, "UP", "Up"), ("pageup", 104, "PGUP", "Prior"),
        ("down", 108, "DOWN", "Down"), ("pagedown", 109, "PGDN", "Next"), ("space", 57, "SPCE", "space"),
        ("volumeup", 115, "VOLU", "XF86AudioRaiseVolume"), ("volumedown", 114, "VOLD", "XF86AudioLowerVolume"),
        ("mute", 113, "MUTE", "XF86AudioMute"), ("brightnessup", 225, "BRUP", "XF86MonBrightnessUp"),
        ("brightnessdown", 224, "BRDN", "XF86MonBrightnessDown"), ("micmute", 240, "MICM", "XF86AudioMicMute"),
    ]
    static let codes: [String: UInt32] = Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0.code) })

    /// What the `type` command can type: each character has a key of its own from evdev code 130 on.
    static let typable = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,!?:;-'éü✓")
    static let firstTypableCode: UInt32 = 130

    static func code(typing character: Character) -> UInt32? {
        typable.firstIndex(of: character).map { firstTypableCode + UInt32($0) }
    }

    /// xkb keycodes are evdev codes + 8.
    static let keymap: String = {
        var keycodes = keys.map { "<\($0.xkbName)> = \($0.code + 8);" }
        var symbols = keys.map { "key <\($0.xkbName)> { [ \($0.keysym) ] };" }
        for (i, character) in typable.enumerated() {
            let scalar = character.unicodeScalars.first!.value
            keycodes.append("<T\(i)> = \(firstTypableCode + UInt32(i) + 8);")
            symbols.append("key <T\(i)> { [ \(character == " " ? "space" : "U" + String(scalar, radix: 16, uppercase: true).leftPadded(to: 4)) ] };")
        }
        return """
            xkb_keymap {
                xkb_keycodes "overlay-wl-test" {
                    minimum = 8; maximum = 255;
                    \(keycodes.joined(separator: "\n        "))
                };
                xkb_types "overlay-wl-test" {
                    virtual_modifiers NumLock;
                    type "ONE_LEVEL" { modifiers = none; level_name[Level1] = "Any"; };
                };
                xkb_compatibility "overlay-wl-test" {
                    interpret Any + AnyOf(all) { action = SetMods(modifiers=modMapMods,clearLocks); };
                };
                xkb_symbols "overlay-wl-test" {
                    \(symbols.joined(separator: "\n        "))
                    modifier_map Shift { <LFSH> };
                    modifier_map Control { <LCTL> };
                };
            };
            """
    }()

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

    /// Control's bit in the keymap above (Shift 1, Lock 2, Control 4).
    func modifiers(control: Bool) {
        zwp_virtual_keyboard_v1_modifiers(proxy, control ? 4 : 0, 0, 0, 0)
    }

    func key(_ code: UInt32, pressed down: Bool) {
        if down { pressed.insert(code) } else { pressed.remove(code) }
        let state = down ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        zwp_virtual_keyboard_v1_key(proxy, timestamp(), code, state.rawValue)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
