import CXKBCommon
import Glibc

/// A key press read through the compositor's keymap.
struct TranslatedKey: Equatable {
    var keysym: UInt32
    /// The UTF-8 text the key types under the modifiers in force ("" for none).
    var text: String
    var control: Bool
}

/// The compositor's keymap of one wl_keyboard. Only the fd is kept until something needs text:
/// the keymap is compiled with xkbcommon on the first translated key (most sessions never type
/// into the daemon), and again after the compositor sends a new one.
final class Keymap {
    private var fd: Int32 = -1
    private var size = 0
    private var context: OpaquePointer?
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private var modifiers: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) = (0, 0, 0, 0)
    /// A keymap that failed to compile is not tried again until the next one comes.
    private var failed = false

    deinit {
        drop()
        if let context { xkb_context_unref(context) }
    }

    /// Takes the fd of a new keymap (xkb v1 text); any other format is closed and ignored.
    func replace(fd newFD: Int32, size newSize: UInt32, format: UInt32) {
        drop()
        guard format == 1 /* WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 */, newSize > 0 else {
            close(newFD)
            return
        }
        fd = newFD
        size = Int(newSize)
    }

    func setModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        modifiers = (depressed, latched, locked, group)
        if let state { xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group) }
    }

    /// The keysym and text of an evdev key code; nil without a usable keymap.
    func translate(_ code: UInt32) -> TranslatedKey? {
        guard let state = compiledState() else { return nil }
        let keycode = code + 8
        let keysym = xkb_state_key_get_one_sym(state, keycode)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_state_key_get_utf8(state, keycode, &buffer, buffer.count)
        let text = length > 0 && Int(length) < buffer.count ? String(cString: buffer) : ""
        let control = xkb_state_mod_name_is_active(state, XKB_MOD_NAME_CTRL, XKB_STATE_MODS_EFFECTIVE) > 0
        return TranslatedKey(keysym: keysym, text: text, control: control)
    }

    private func compiledState() -> OpaquePointer? {
        if let state { return state }
        guard fd >= 0, !failed else { return nil }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            failed = true
            return nil
        }
        defer { munmap(mapped, size) }
        if context == nil { context = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES) }
        let bytes = mapped.assumingMemoryBound(to: CChar.self)
        let length = strnlen(bytes, size)
        keymap = xkb_keymap_new_from_buffer(context, bytes, length, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        guard let keymap, let made = xkb_state_new(keymap) else {
            failed = true
            return nil
        }
        state = made
        xkb_state_update_mask(made, modifiers.depressed, modifiers.latched, modifiers.locked, 0, 0, modifiers.group)
        return made
    }

    private func drop() {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        state = nil
        keymap = nil
        failed = false
        if fd >= 0 { close(fd) }
        fd = -1
    }
}
