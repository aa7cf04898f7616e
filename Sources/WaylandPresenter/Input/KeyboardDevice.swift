import WaylandListeners
import CWayland
import Glibc

/// A seat's wl_keyboard: records which of our surfaces has keyboard focus and whether Shift is
/// held, forwards key presses to the seat's sink. Keys are evdev codes; `keymap` turns them into
/// keysyms and text for the inline-reply field (compiled on first use).
final class KeyboardDevice {
    enum Event: Equatable {
        /// An evdev key code went down (`pressed`) or up.
        case key(UInt32, pressed: Bool)
        /// Focus left our surface, or the capability went away.
        case leave
    }

    static let leftShift: UInt32 = 42, rightShift: UInt32 = 54

    let proxy: OpaquePointer
    let seat: UInt32
    weak var sink: SeatInputSink?
    /// The wl_surface with keyboard focus (any of ours), nil when none has it.
    private(set) var focus: OpaquePointer?
    /// Shift keys held now (tracked from key events, so any keymap works).
    private var shiftsDown: Set<UInt32> = []
    private lazy var box = ListenerBox(self)
    /// The compositor's keymap and modifier state.
    let keymap = Keymap()
    /// Key repeat as the compositor asks (repeat_info): per second (0: none), and the delay in ms.
    private(set) var repeatRate: Int32 = 25
    private(set) var repeatDelay: Int32 = 600

    var isShiftHeld: Bool { !shiftsDown.isEmpty }

    init(seatProxy: OpaquePointer, seat: UInt32) {
        proxy = wl_seat_get_keyboard(seatProxy)
        self.seat = seat
        wl_keyboard_add_listener(proxy, KeyboardDevice.listener, box.userdata)
    }

    deinit {
        if wl_keyboard_get_version(proxy) >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    func remove() {
        focus = nil
        shiftsDown.removeAll()
        sink?.keyboardEvent(.leave, from: self)
    }

    private func key(_ code: UInt32, pressed: Bool) {
        if code == Self.leftShift || code == Self.rightShift {
            if pressed { shiftsDown.insert(code) } else { shiftsDown.remove(code) }
        }
        sink?.keyboardEvent(.key(code, pressed: pressed), from: self)
    }

    private static let listener = stableListener(wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            guard let device = ListenerBox<KeyboardDevice>.owner(data) else { _ = close(fd); return }
            device.keymap.replace(fd: fd, size: size, format: format)
        },
        enter: { data, _, _, surface, _ in
            guard let device = ListenerBox<KeyboardDevice>.owner(data) else { return }
            device.focus = surface
            device.shiftsDown.removeAll()
        },
        leave: { data, _, _, _ in
            guard let device = ListenerBox<KeyboardDevice>.owner(data) else { return }
            device.focus = nil
            device.shiftsDown.removeAll()
            device.sink?.keyboardEvent(.leave, from: device)
        },
        key: { data, _, _, _, key, state in
            ListenerBox<KeyboardDevice>.owner(data)?.key(key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            ListenerBox<KeyboardDevice>.owner(data)?.keymap.setModifiers(depressed: depressed, latched: latched,
                                                                          locked: locked, group: group)
        },
        repeat_info: { data, _, rate, delay in
            guard let device = ListenerBox<KeyboardDevice>.owner(data) else { return }
            device.repeatRate = max(0, rate)
            device.repeatDelay = max(0, delay)
        }
    ))
}
