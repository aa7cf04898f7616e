import WaylandListeners
import CWayland

/// A wl_seat and the input capabilities it currently offers. Binds wl_pointer, wl_touch and wl_keyboard
/// while the seat has them (capabilities may change at runtime) and hands their events to
/// `inputSink`.
public final class Seat {
    let proxy: OpaquePointer
    let globalName: UInt32
    public private(set) var name = ""
    public private(set) var capabilities: UInt32 = 0
    private(set) var pointer: PointerDevice?
    private(set) var touch: TouchDevice?
    private(set) var keyboard: KeyboardDevice?
    /// The seat's clipboard (nil until the compositor's wl_data_device_manager is bound).
    private(set) var clipboard: SeatClipboard?
    weak var inputSink: SeatInputSink? {
        didSet { pointer?.sink = inputSink; touch?.sink = inputSink; keyboard?.sink = inputSink }
    }
    private lazy var box = ListenerBox(self)

    init(proxy: OpaquePointer, globalName: UInt32) {
        self.proxy = proxy
        self.globalName = globalName
        wl_seat_add_listener(proxy, Seat.listener, box.userdata)
    }

    deinit {
        clipboard = nil
        follow(&pointer, present: false)
        follow(&touch, present: false)
        follow(&keyboard, present: false)
        if wl_seat_get_version(proxy) >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    func attachClipboard(_ manager: OpaquePointer) {
        if clipboard == nil { clipboard = SeatClipboard(manager: manager, seat: proxy) }
    }

    public var hasPointer: Bool { capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0 }
    public var hasTouch: Bool { capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0 }
    public var hasKeyboard: Bool { capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 }

    /// Binds devices for new capabilities and releases those whose capability went away.
    private func capabilitiesChanged(_ caps: UInt32) {
        capabilities = caps
        follow(&pointer, present: hasPointer)
        follow(&touch, present: hasTouch)
        follow(&keyboard, present: hasKeyboard)
    }

    /// Binds `device` while its capability is `present`, and releases it once it is not.
    private func follow<Device: SeatDevice>(_ device: inout Device?, present: Bool) {
        if present, device == nil {
            device = Device(seatProxy: proxy, seat: globalName)
            device?.sink = inputSink
        } else if !present, let old = device {
            old.remove()
            device = nil
        }
    }

    private static let listener = stableListener(wl_seat_listener(
        capabilities: { data, _, caps in ListenerBox<Seat>.owner(data)?.capabilitiesChanged(caps) },
        name: { data, _, name in ListenerBox<Seat>.owner(data)?.name = string(name) }
    ))
}
