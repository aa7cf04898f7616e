import CWayland

/// Pointer and touch input through KWin's org_kde_kwin_fake_input, for compositors without
/// zwlr_virtual_pointer_v1. KWin accepts it only with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 (the
/// rig sets it). Positions are global logical coordinates: the rig's one output starts at (0, 0).
final class FakeInputPointerDevice: PointerInjecting {
    private let proxy: OpaquePointer
    private var pressed: Set<UInt32> = []

    init(client: TestClient) throws {
        guard let proxy = client.fakeInput else {
            throw CommandError("the compositor offers neither zwlr_virtual_pointer_manager_v1 nor org_kde_kwin_fake_input v3")
        }
        self.proxy = proxy
        org_kde_kwin_fake_input_authenticate(proxy, "overlay-wl-test-input", "end-to-end tests")
    }

    deinit {
        for code in pressed { org_kde_kwin_fake_input_button(proxy, code, WL_POINTER_BUTTON_STATE_RELEASED.rawValue) }
    }

    func move(to x: Double, _ y: Double) {
        org_kde_kwin_fake_input_pointer_motion_absolute(proxy, wl_fixed_from_double(max(0, x)), wl_fixed_from_double(max(0, y)))
    }

    func button(_ button: Command.Button, pressed down: Bool) {
        let code = VirtualPointerDevice.code(button)
        if down { pressed.insert(code) } else { pressed.remove(code) }
        let state = down ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        org_kde_kwin_fake_input_button(proxy, code, state.rawValue)
    }

    enum TouchPhase { case down, motion, up }

    /// One finger (touch point 0) at a global logical position, each event its own frame.
    func touch(_ phase: TouchPhase, at x: Double, _ y: Double) {
        let fx = wl_fixed_from_double(max(0, x)), fy = wl_fixed_from_double(max(0, y))
        switch phase {
        case .down: org_kde_kwin_fake_input_touch_down(proxy, 0, fx, fy)
        case .motion: org_kde_kwin_fake_input_touch_motion(proxy, 0, fx, fy)
        case .up: org_kde_kwin_fake_input_touch_up(proxy, 0)
        }
        org_kde_kwin_fake_input_touch_frame(proxy)
    }

    func scroll(_ axis: Command.Axis, by amount: Double) {
        let wlAxis = axis == .vertical ? WL_POINTER_AXIS_VERTICAL_SCROLL : WL_POINTER_AXIS_HORIZONTAL_SCROLL
        org_kde_kwin_fake_input_axis(proxy, wlAxis.rawValue, wl_fixed_from_double(amount))
    }
}

/// What the command loop needs of a pointer: the wlr virtual pointer or KWin's fake input.
protocol PointerInjecting: AnyObject {
    func move(to x: Double, _ y: Double)
    func button(_ button: Command.Button, pressed down: Bool)
    func scroll(_ axis: Command.Axis, by amount: Double)
}

extension VirtualPointerDevice: PointerInjecting {}
