import WaylandListeners
import CWayland
import OverlayEngine

/// A seat's wl_touch: records each touch point's surface and position, forwards events.
final class TouchDevice {
    enum Event: Equatable {
        case down(Int32)
        case motion(Int32)
        case up(Int32)
        /// The compositor took over every touch point of this seat.
        case cancel
        /// The capability went away: every touch point is gone.
        case removed
    }

    let proxy: OpaquePointer
    let seat: UInt32
    let seatProxy: OpaquePointer
    weak var sink: SeatInputSink?
    /// Touch points down now: the surface each went down on and its latest surface-local position.
    private(set) var points: [Int32: (surface: OpaquePointer?, position: Point)] = [:]
    private(set) var lastSerial: UInt32 = 0
    private lazy var box = ListenerBox(self)

    init(seatProxy: OpaquePointer, seat: UInt32) {
        proxy = wl_seat_get_touch(seatProxy)
        self.seat = seat
        self.seatProxy = seatProxy
        wl_touch_add_listener(proxy, TouchDevice.listener, box.userdata)
    }

    deinit {
        if wl_touch_get_version(proxy) >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
    }

    func remove() {
        points.removeAll()
        sink?.touchEvent(.removed, from: self)
    }

    private func send(_ event: Event) { sink?.touchEvent(event, from: self) }

    private static let listener = stableListener(wl_touch_listener(
        down: { data, _, serial, _, surface, id, x, y in
            guard let device = ListenerBox<TouchDevice>.owner(data) else { return }
            device.lastSerial = serial
            device.points[id] = (surface, Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
            device.send(.down(id))
        },
        up: { data, _, serial, _, id in
            guard let device = ListenerBox<TouchDevice>.owner(data) else { return }
            device.lastSerial = serial
            device.send(.up(id))
            device.points[id] = nil
        },
        motion: { data, _, _, id, x, y in
            guard let device = ListenerBox<TouchDevice>.owner(data), device.points[id] != nil else { return }
            device.points[id]!.position = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            device.send(.motion(id))
        },
        frame: { _, _ in },
        cancel: { data, _ in
            guard let device = ListenerBox<TouchDevice>.owner(data) else { return }
            device.points.removeAll()
            device.send(.cancel)
        },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }
    ))
}
