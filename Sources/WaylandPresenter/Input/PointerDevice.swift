import WaylandListeners
import CWayland
import OverlayEngine

/// A seat's wl_pointer: records focus and position, forwards each event to the seat's sink.
final class PointerDevice {
    enum Event: Equatable {
        /// Entered `focus` (position is set).
        case enter
        case leave
        case motion
        /// A Linux button code (BTN_LEFT = 0x110) pressed or released.
        case button(UInt32, pressed: Bool)
        case axis(vertical: Bool, value: Double)
        /// The capability went away: the device is being released.
        case removed
    }

    static let leftButton: UInt32 = 0x110, rightButton: UInt32 = 0x111, middleButton: UInt32 = 0x112

    /// The bindable button of a Linux button code (nil: side buttons and others).
    static func trigger(of code: UInt32) -> PointerTrigger? {
        switch code {
        case leftButton: .left
        case middleButton: .middle
        case rightButton: .right
        default: nil
        }
    }

    let proxy: OpaquePointer
    let seat: UInt32
    let seatProxy: OpaquePointer
    weak var sink: SeatInputSink?
    /// The wl_surface under the pointer (any client surface of ours), nil outside.
    private(set) var focus: OpaquePointer?
    /// Surface-local position of the last enter or motion.
    private(set) var position = Point.zero
    /// Serial of the last enter (for wl_pointer.set_cursor) and of the last button.
    private(set) var enterSerial: UInt32 = 0
    private(set) var lastSerial: UInt32 = 0
    private lazy var box = ListenerBox(self)
    /// This pointer's wp_cursor_shape_device_v1, made on first use.
    private var shapeDevice: OpaquePointer?

    init(seatProxy: OpaquePointer, seat: UInt32) {
        proxy = wl_seat_get_pointer(seatProxy)
        self.seat = seat
        self.seatProxy = seatProxy
        wl_pointer_add_listener(proxy, PointerDevice.listener, box.userdata)
    }

    deinit {
        if let shapeDevice { wp_cursor_shape_device_v1_destroy(shapeDevice) }
        if wl_pointer_get_version(proxy) >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    /// Lets the compositor draw `shape` (cursor-shape-v1) while the pointer is over our surfaces.
    func setShape(_ shape: CursorShape, manager: OpaquePointer) {
        if shapeDevice == nil { shapeDevice = wp_cursor_shape_manager_v1_get_pointer(manager, proxy) }
        if let shapeDevice { wp_cursor_shape_device_v1_set_shape(shapeDevice, enterSerial, shape.protocolValue) }
    }

    /// Tells the sink the pointer is gone (before release).
    func remove() {
        focus = nil
        sink?.pointerEvent(.removed, from: self)
    }

    private func send(_ event: Event) { sink?.pointerEvent(event, from: self) }

    private static let listener = stableListener(wl_pointer_listener(
        enter: { data, _, serial, surface, x, y in
            guard let device = ListenerBox<PointerDevice>.owner(data) else { return }
            device.focus = surface
            device.enterSerial = serial
            device.position = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            device.send(.enter)
        },
        leave: { data, _, _, _ in
            guard let device = ListenerBox<PointerDevice>.owner(data) else { return }
            device.focus = nil
            device.send(.leave)
        },
        motion: { data, _, _, x, y in
            guard let device = ListenerBox<PointerDevice>.owner(data) else { return }
            device.position = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            device.send(.motion)
        },
        button: { data, _, serial, _, button, state in
            guard let device = ListenerBox<PointerDevice>.owner(data) else { return }
            device.lastSerial = serial
            device.send(.button(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
        },
        axis: { data, _, _, axis, value in
            ListenerBox<PointerDevice>.owner(data)?.send(
                .axis(vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, value: wl_fixed_to_double(value)))
        },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }
    ))
}
