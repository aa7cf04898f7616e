import OverlayEngine

/// What a key press does to the inline-reply field.
enum FieldKeyPress: Equatable {
    case edit(EditableTextKey)
    /// Ctrl+V: insert the selection's text.
    case paste
}

extension FieldKeyPress {
    /// Editing keys by keysym (main and keypad), Ctrl+V, else the text the key types; nil for
    /// keys that do nothing to a field (modifiers, function keys, other Ctrl chords).
    init?(_ key: TranslatedKey) {
        switch key.keysym {
        case 0xff08: self = .edit(.backspace)                    // BackSpace
        case 0xffff, 0xff9f: self = .edit(.delete)               // Delete, KP_Delete
        case 0xff51, 0xff96: self = .edit(.left)                 // Left, KP_Left
        case 0xff53, 0xff98: self = .edit(.right)                // Right, KP_Right
        case 0xff50, 0xff95: self = .edit(.home)                 // Home, KP_Home
        case 0xff57, 0xff9c: self = .edit(.end)                  // End, KP_End
        case 0xff0d, 0xff8d: self = .edit(.submit)               // Return, KP_Enter
        case 0xff1b: self = .edit(.cancel)                       // Escape
        case 0x76 where key.control, 0x56 where key.control: self = .paste  // Ctrl+v, Ctrl+V
        default:
            guard !key.control, !key.text.isEmpty,
                  key.text.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) else { return nil }
            self = .edit(.insert(key.text))
        }
    }

    /// Without a keymap: Escape, Enter and Backspace by evdev code, so the field can still be left.
    init?(evdevCode code: UInt32) {
        switch code {
        case 1: self = .edit(.cancel)
        case 28, 96: self = .edit(.submit)
        case 14: self = .edit(.backspace)
        default: return nil
        }
    }
}
