import CWayland

/// One zwlr_virtual_pointer_v1, kept alive for the whole session (sway drops a new pointer's
/// first events, so the tool never recreates it). Positions are output-logical coordinates.
final class VirtualPointerDevice {
    private let proxy: OpaquePointer
    private let extent: (width: UInt32, height: UInt32)
    private var pressed: Set<UInt32> = []

    /// Linux input event codes (linux/input-event-codes.h).
    static func code(_ button: Command.Button) -> UInt32 {
        switch button {
        case .left: 0x110
        case .right: 0x111
        case .middle: 0x112
        }
    }

    init(client: TestClient, outputName: String?) throws {
        guard let manager = client.pointerManager else {
            throw CommandError("the compositor does not offer zwlr_virtual_pointer_manager_v1")
        }
        guard let output = client.outputExtent(named: outputName) else {
            throw CommandError("no output \(outputName ?? "at all")")
        }
        extent = (output.width, output.height)
        if client.pointerManagerVersion >= 2 {
            proxy = zwlr_virtual_pointer_manager_v1_create_virtual_pointer_with_output(manager, client.seat, output.proxy)
        } else {
            proxy = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, client.seat)
        }
    }

    deinit {
        for code in pressed { zwlr_virtual_pointer_v1_button(proxy, timestamp(), code, WL_POINTER_BUTTON_STATE_RELEASED.rawValue) }
        zwlr_virtual_pointer_v1_destroy(proxy)
    }

    /// Absolute motion to (x, y), clamped to the output.
    func move(to x: Double, _ y: Double) {
        let cx = UInt32(min(max(0, x.rounded()), Double(extent.width - 1)))
        let cy = UInt32(min(max(0, y.rounded()), Double(extent.height - 1)))
        zwlr_virtual_pointer_v1_motion_absolute(proxy, timestamp(), cx, cy, extent.width, extent.height)
        zwlr_virtual_pointer_v1_frame(proxy)
    }

    func button(_ button: Command.Button, pressed down: Bool) {
        let code = Self.code(button)
        if down { pressed.insert(code) } else { pressed.remove(code) }
        let state = down ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        zwlr_virtual_pointer_v1_button(proxy, timestamp(), code, state.rawValue)
        zwlr_virtual_pointer_v1_frame(proxy)
    }

    /// One wheel scroll; axis_source goes with every axis event (sway 1.7 crashes otherwise).
    func scroll(_ axis: Command.Axis, by amount: Double) {
        let wlAxis = axis == .vertical ? WL_POINTER_AXIS_VERTICAL_SCROLL : WL_POINTER_AXIS_HORIZONTAL_SCROLL
        zwlr_virtual_pointer_v1_axis_source(proxy, WL_POINTER_AXIS_SOURCE_WHEEL.rawValue)
        zwlr_virtual_pointer_v1_axis(proxy, timestamp(), wlAxis.rawValue, wl_fixed_from_double(amount))
        zwlr_virtual_pointer_v1_frame(proxy)
    }
}
