import Glibc
import OverlayEngine
@testable import WaylandPresenter
import XCTest

/// Keys through a compositor-style keymap (xkbcommon): text under Shift, Control, a non-ASCII
/// keysym, and which keys edit the reply field.
final class KeymapTests: XCTestCase {
    /// evdev codes: A 30, V 47, Backspace 14, Left Shift 42, Left Control 29, F1 59, and 2 (code 3)
    /// typing é.
    static let keymapText = """
        xkb_keymap {
            xkb_keycodes "test" { minimum = 8; maximum = 255;
                <AC01> = 38; <AB04> = 55; <BKSP> = 22; <LFSH> = 50; <LCTL> = 37; <FK01> = 67; <AE02> = 11; };
            xkb_types "test" {
                virtual_modifiers NumLock;
                type "ONE_LEVEL" { modifiers = none; level_name[Level1] = "Any"; };
                type "ALPHABETIC" { modifiers = Shift; map[Shift] = Level2; level_name[Level1] = "Base"; level_name[Level2] = "Caps"; };
            };
            xkb_compatibility "test" { interpret Any + AnyOf(all) { action = SetMods(modifiers=modMapMods,clearLocks); }; };
            xkb_symbols "test" {
                key <AC01> { type = "ALPHABETIC", [ a, A ] };
                key <AB04> { type = "ALPHABETIC", [ v, V ] };
                key <BKSP> { [ BackSpace ] };
                key <LFSH> { [ Shift_L ] };
                key <LCTL> { [ Control_L ] };
                key <FK01> { [ F1 ] };
                key <AE02> { [ eacute ] };
                modifier_map Shift { <LFSH> };
                modifier_map Control { <LCTL> };
            };
        };
        """

    func loadedKeymap() throws -> Keymap {
        var path = Array("/tmp/overlay-wl-keymap-XXXXXX".utf8CString)
        let fd = mkstemp(&path)
        XCTAssertGreaterThanOrEqual(fd, 0)
        unlink(path)
        let bytes = Array(Self.keymapText.utf8) + [0]
        XCTAssertEqual(write(fd, bytes, bytes.count), bytes.count)
        let keymap = Keymap()
        keymap.replace(fd: fd, size: UInt32(bytes.count), format: 1)
        return keymap
    }

    func testKeysTypeTheirTextUnderTheModifiersInForce() throws {
        let keymap = try loadedKeymap()
        XCTAssertEqual(keymap.translate(30), TranslatedKey(keysym: 0x61, text: "a", control: false))
        XCTAssertEqual(keymap.translate(3)?.text, "é", "a Latin-1 keysym types its UTF-8")
        keymap.setModifiers(depressed: 1, latched: 0, locked: 0, group: 0)  // Shift
        XCTAssertEqual(keymap.translate(30)?.text, "A")
        keymap.setModifiers(depressed: 4, latched: 0, locked: 0, group: 0)  // Control
        XCTAssertEqual(keymap.translate(47)?.control, true)
        XCTAssertEqual(keymap.translate(47).flatMap(FieldKeyPress.init), .paste, "Ctrl+V pastes")
        XCTAssertEqual(keymap.translate(30).flatMap(FieldKeyPress.init), nil, "other Ctrl chords type nothing")
    }

    func testEditingKeysAndTextBecomeFieldKeys() throws {
        let keymap = try loadedKeymap()
        XCTAssertEqual(keymap.translate(14).flatMap(FieldKeyPress.init), .edit(.backspace))
        XCTAssertEqual(keymap.translate(30).flatMap(FieldKeyPress.init), .edit(.insert("a")))
        XCTAssertEqual(keymap.translate(47).flatMap(FieldKeyPress.init), .edit(.insert("v")), "v without Ctrl types itself")
        keymap.setModifiers(depressed: 1, latched: 0, locked: 0, group: 0)  // Shift
        XCTAssertEqual(keymap.translate(47).flatMap(FieldKeyPress.init), .edit(.insert("V")), "V without Ctrl types itself")
        keymap.setModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
        XCTAssertEqual(keymap.translate(59).flatMap(FieldKeyPress.init), nil, "F1 types nothing")
        XCTAssertEqual(keymap.translate(42).flatMap(FieldKeyPress.init), nil, "Shift alone types nothing")
        for (keysym, key) in [(0xff1b, EditableTextKey.cancel), (0xff0d, .submit), (0xff8d, .submit), (0xffff, .delete),
                              (0xff51, .left), (0xff53, .right), (0xff50, .home), (0xff57, .end)] as [(UInt32, EditableTextKey)] {
            XCTAssertEqual(FieldKeyPress(TranslatedKey(keysym: keysym, text: "", control: false)), .edit(key))
        }
    }

    func testWithoutAKeymapOnlyTheWaysOutWork() {
        let keymap = Keymap()
        XCTAssertNil(keymap.translate(30), "no keymap: no text")
        XCTAssertEqual(FieldKeyPress(evdevCode: 1), .edit(.cancel))
        XCTAssertEqual(FieldKeyPress(evdevCode: 28), .edit(.submit))
        XCTAssertNil(FieldKeyPress(evdevCode: 30))
    }

    func testABrokenKeymapIsRefusedNotACrash() throws {
        var path = Array("/tmp/overlay-wl-keymap-XXXXXX".utf8CString)
        let fd = mkstemp(&path)
        unlink(path)
        let bytes = Array("xkb_keymap { nonsense".utf8) + [0]
        XCTAssertEqual(write(fd, bytes, bytes.count), bytes.count)
        let keymap = Keymap()
        keymap.replace(fd: fd, size: UInt32(bytes.count), format: 1)
        XCTAssertNil(keymap.translate(30))
    }
}
