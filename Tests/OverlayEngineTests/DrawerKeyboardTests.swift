import OverlayEngine
import Testing

/// The keyboard in a drawer holding a menu: Tab, the arrows, Enter and Space over its buttons,
/// toggles and sliders; Left and Right move a focused slider instead of the focus.
struct DrawerKeyboardTests {
    let button = DrawerButton(view: ViewID(1), action: "hook:lock", control: 2)
    let toggle = DrawerButton(view: ViewID(1), action: "mode:do-not-disturb", control: 4)
    let slider = DrawerButton(view: ViewID(1), action: "hook:volume", control: 5, isSlider: true)

    func drawer() -> DrawerInput {
        var input = DrawerInput()
        input.configure("controls", DrawerConfiguration(edge: .right, notches: [Notch(.points(0)), Notch(.points(360))]),
                        size: Size(width: 1280, height: 720))
        input.setButtons([button, toggle, slider], in: "controls")
        return input
    }

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
