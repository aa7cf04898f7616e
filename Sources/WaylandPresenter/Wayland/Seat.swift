import CWayland

/// A wl_seat and the input capabilities it currently offers.
public final class Seat {
    let proxy: OpaquePointer
    let globalName: UInt32
    public private(set) var name = ""
    public private(set) var capabilities: UInt32 = 0
    private lazy var box = ListenerBox(self)

    init(proxy: OpaquePointer, globalName: UInt32) {
        self.proxy = proxy
        self.globalName = globalName
        wl_seat_add_listener(proxy, Seat.listener, box.userdata)
    }

    deinit {
        if wl_seat_get_version(proxy) >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    public var hasPointer: Bool { capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0 }
    public var hasTouch: Bool { capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0 }

    private static let listener = stableListener(wl_seat_listener(
        capabilities: { data, _, caps in ListenerBox<Seat>.owner(data)?.capabilities = caps },
        name: { data, _, name in ListenerBox<Seat>.owner(data)?.name = string(name) }
    ))
}
