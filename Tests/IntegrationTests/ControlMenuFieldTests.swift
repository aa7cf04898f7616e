import Foundation
import XCTest

/// A text field in a control centre's menu on headless sway is one of the drawer's focus stops:
/// a click gives it the keyboard and the focus ring, Tab leaves it for the next stop keeping what
/// was typed, Enter (or a typed key) on the focused field starts typing again, and Enter sends
/// the text to the field's hook (checked in the file the hook writes).
final class ControlMenuFieldTests: RigTestCase {
    /// Top to bottom, left-aligned 20 pt from the panel's corner: a prominent button, a field
    /// 200 wide, a toggle.
    static let menu = """
        {"type": "vstack", "alignment": "leading", "spacing": 20, "modifiers": [{"padding": 20}],
         "children": [
           {"type": "button", "action": "hook:mark", "style": "prominent", "label": {"type": "text", "text": "Lock"}},
           {"type": "textField", "placeholder": "Note", "submitAction": "hook:note", "modifiers": [{"frame": {"width": 200}}]},
           {"type": "toggle", "action": "mode:do-not-disturb"}
         ]}
        """

    /// `ViewTreeLook`: a prominent button's background.
    static let prominent = RGBA(hex: 0x5E81AC)

    func config(menu: String, log: String) -> String {
        let script = #"printf '%s|%s|%s\n' "$OVERLAY_WL_ACTION" "$#" "$*" >> "# + log
        return """
            [hooks]
            mark = ["/bin/sh", "-c", '''\(script)''', "mark"]
            note = ["/bin/sh", "-c", '''\(script)''', "note"]

            [containers.controls]
            drawer = "right"
            notches = [0, 360]
            drawer-color = "#101820"
            view = "\(menu)"
            alignment = "top-leading"
            """
    }

    func testTheMenusTextFieldIsAFocusStop() throws {
        let tag = UUID().uuidString.prefix(8)
        let log = "\(rig.shotsDirectory)/menu-field-\(tag).log"
        _ = try rig.writeScratchFile("menu-field-\(tag).json", Data(Self.menu.utf8))
        _ = try startDaemon(config: config(menu: "menu-field-\(tag).json", log: log))
        let (pointer, button) = try openDrawer("controls", showing: Self.prominent)

        // The field starts 20 pt below the button; a click 8 pt into it gives it the keyboard.
        try pointer.click(button.x + 40, button.y + button.height + 20 + 8)
        try pointer.move(100, 700)
        try pointer.type("ab")
        XCTAssertEqual(try drawerFocusedAction("controls"), "hook:note", "the clicked field holds the focus ring")
        try pointer.key("tab")
        XCTAssertEqual(try drawerFocusedAction("controls"), "mode:do-not-disturb", "Tab leaves the field for the stop after it")
        XCTAssertEqual(lines(log, atLeast: 1, within: 0.5), [], "leaving the field sends nothing")

        try pointer.key("tab", shift: true)
        XCTAssertEqual(try drawerFocusedAction("controls"), "hook:note", "Shift+Tab comes back to the field")
        try pointer.key("enter")  // takes the keyboard again, with what was typed
        try pointer.type("c")
        try pointer.key("enter")
        XCTAssertEqual(lines(log, atLeast: 1), ["hook:note|1|abc"], "Enter sends the field's text to its hook")

        // A typed key on the focused field starts typing at once; the sent text stays in the field.
        for _ in 0..<3 { try pointer.key("tab") }
        XCTAssertEqual(try drawerFocusedAction("controls"), "hook:note", "Tab goes round the button, the field and the toggle")
        try pointer.type("d")
        try pointer.key("enter")
        XCTAssertEqual(lines(log, atLeast: 2), ["hook:note|1|abc", "hook:note|1|abcd"])
        try pointer.key("escape")
    }
}
