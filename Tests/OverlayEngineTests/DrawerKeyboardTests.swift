import OverlayEngine
import Testing

/// A right-edge drawer named "controls" whose focus stops are `buttons`.
func menuDrawer(_ buttons: [DrawerButton]) -> DrawerInput {
    var input = DrawerInput()
    input.configure("controls", DrawerConfiguration(edge: .right, notches: [Notch(.points(0)), Notch(.points(360))]),
                    size: Size(width: 1280, height: 720))
    input.setButtons(buttons, in: "controls")
    return input
}

/// The keyboard in a drawer holding a menu: Tab, the arrows, Enter and Space over its buttons,
/// toggles and sliders; Left and Right move a focused slider instead of the focus.
struct DrawerKeyboardTests {
    let button = DrawerButton(view: ViewID(1), action: "hook:lock", control: 2)
    let toggle = DrawerButton(view: ViewID(1), action: "mode:do-not-disturb", control: 4)
    let slider = DrawerButton(view: ViewID(1), action: "hook:volume", control: 5, kind: .slider)

    func drawer() -> DrawerInput { menuDrawer([button, toggle, slider]) }

    @Test(arguments: [(105 as UInt32, DrawerKey.left), (106, .right), (103, .up), (108, .down), (57, .space)])
    func evdevCodes(_ code: UInt32, _ key: DrawerKey) {
        #expect(DrawerKey(evdevCode: code, shift: false) == key)
    }

    @Test func arrowsMoveTheFocusAndSpacePresses() {
        var input = drawer()
        #expect(input.keyPressed(.down, in: "controls", time: 0) == nil)
        #expect(input.focus["controls"] == button)
        _ = input.keyPressed(.right, in: "controls", time: 0)
        #expect(input.focus["controls"] == toggle, "Right moves on from a control that is not a slider")
        #expect(input.keyPressed(.space, in: "controls", time: 0) == .invoke(toggle))
        #expect(input.keyPressed(.enter, in: "controls", time: 0) == .invoke(toggle))
        _ = input.keyPressed(.up, in: "controls", time: 0)
        #expect(input.focus["controls"] == button)
        _ = input.keyPressed(.left, in: "controls", time: 0)
        #expect(input.focus["controls"] == slider, "Left from the first wraps to the last")
    }

    @Test func leftAndRightMoveAFocusedSlider() {
        var input = drawer()
        _ = input.keyPressed(.backTab, in: "controls", time: 0)
        #expect(input.focus["controls"] == slider)
        #expect(input.keyPressed(.right, in: "controls", time: 0) == .adjust(slider, by: 1))
        #expect(input.keyPressed(.left, in: "controls", time: 0) == .adjust(slider, by: -1))
        #expect(input.focus["controls"] == slider, "the focus stays")
        _ = input.keyPressed(.tab, in: "controls", time: 0)
        #expect(input.focus["controls"] == button, "Tab still leaves it")
    }
}

/// A text field in a drawer's menu is a focus stop: Enter and Space give it the keyboard, a
/// typing key starts typing into it, and the navigation keys still move past it.
struct DrawerTextFieldKeyboardTests {
    let button = DrawerButton(view: ViewID(1), action: "hook:lock", control: 2)
    let field = DrawerButton(view: ViewID(1), action: "hook:search", control: 3, kind: .textField)

    func drawer() -> DrawerInput { menuDrawer([button, field]) }

    @Test func theFieldIsAStopThatTakesTyping() {
        var input = drawer()
        _ = input.keyPressed(.tab, in: "controls", time: 0)
        _ = input.keyPressed(.tab, in: "controls", time: 0)
        #expect(input.focus["controls"] == field, "Tab reaches the field")
        #expect(input.keyPressed(.character, in: "controls", time: 0) == .type(into: field))
        #expect(input.keyPressed(.enter, in: "controls", time: 0) == .invoke(field))
        #expect(input.keyPressed(.space, in: "controls", time: 0) == .invoke(field))
        _ = input.keyPressed(.right, in: "controls", time: 0)
        #expect(input.focus["controls"] == button, "Right moves on from a field that is not being typed into")
    }

    @Test func typingWithoutAFocusedFieldDoesNothing() {
        var input = drawer()
        #expect(input.keyPressed(.character, in: "controls", time: 0) == nil)
        _ = input.keyPressed(.tab, in: "controls", time: 0)
        #expect(input.focus["controls"] == button)
        #expect(input.keyPressed(.character, in: "controls", time: 0) == nil, "a button takes no typing")
    }

    @Test func aControlTakenWithThePointerTakesTheFocus() {
        var input = drawer()
        input.focus(field, in: "controls")
        #expect(input.focus["controls"] == field)
        _ = input.keyPressed(.tab, in: "controls", time: 0)
        #expect(input.focus["controls"] == button, "Tab goes on from it")
        input.focus(DrawerButton(view: ViewID(9), action: "gone", control: 1), in: "controls")
        #expect(input.focus["controls"] == button, "a stop the drawer does not have is refused")
    }
}
