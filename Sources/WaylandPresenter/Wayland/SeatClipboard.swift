import WaylandListeners
import CWayland
import Glibc

/// A seat's wl_data_device: keeps the selection (clipboard) offer the compositor sends while one
/// of our surfaces has the keyboard, with the types it offers, so Ctrl+V in the reply field can
/// read its text. Drag-and-drop offers are refused (destroyed when the drag leaves).
final class SeatClipboard {
    /// Text types, best first.
    static let textTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "STRING", "TEXT"]
    /// Types kept per offer (an offer of hundreds of types keeps the first ones).
    static let maximumTypes = 64

    private let device: OpaquePointer
    /// Offers announced and not yet taken or destroyed, with their types.
    private var offers: [OpaquePointer: [String]] = [:]
    private var selection: OpaquePointer?
    private var dragOffer: OpaquePointer?
    private lazy var box = ListenerBox(self)

    init(manager: OpaquePointer, seat: OpaquePointer) {
        device = wl_data_device_manager_get_data_device(manager, seat)
        wl_data_device_add_listener(device, SeatClipboard.deviceListener, box.userdata)
    }

    deinit {
        for offer in offers.keys { wl_data_offer_destroy(offer) }
        if wl_data_device_get_version(device) >= 2 { wl_data_device_release(device) } else { wl_data_device_destroy(device) }
    }

    /// Asks the selection's owner for its text: the read end of a pipe it writes to (non-blocking,
    /// close-on-exec), nil when there is no selection or it offers no text.
    func requestText() -> Int32? {
        guard let selection, let types = offers[selection],
              let type = Self.textTypes.first(where: types.contains) else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        wl_data_offer_receive(selection, type, ends[1])
        close(ends[1])
        return ends[0]
    }

    private func announced(_ offer: OpaquePointer) {
        offers[offer] = []
        wl_data_offer_add_listener(offer, SeatClipboard.offerListener, box.userdata)
    }

    private func offered(_ type: String, by offer: OpaquePointer) {
        guard var types = offers[offer], types.count < Self.maximumTypes else { return }
        types.append(type)
        offers[offer] = types
    }

    private func drop(_ offer: OpaquePointer?) {
        guard let offer, offers.removeValue(forKey: offer) != nil else { return }
        wl_data_offer_destroy(offer)
    }

    private func selectionChanged(_ offer: OpaquePointer?) {
        if selection != offer { drop(selection) }
        selection = offer
    }

    private func dragEntered(_ offer: OpaquePointer?) {
        drop(dragOffer)
        dragOffer = offer
    }

    private func dragEnded() {
        drop(dragOffer)
        dragOffer = nil
    }

    private static let deviceListener = stableListener(wl_data_device_listener(
        data_offer: { data, _, offer in
            guard let offer else { return }
            ListenerBox<SeatClipboard>.owner(data)?.announced(offer)
        },
        enter: { data, _, _, _, _, _, offer in ListenerBox<SeatClipboard>.owner(data)?.dragEntered(offer) },
        leave: { data, _ in ListenerBox<SeatClipboard>.owner(data)?.dragEnded() },
        motion: { _, _, _, _, _ in },
        drop: { data, _ in ListenerBox<SeatClipboard>.owner(data)?.dragEnded() },
        selection: { data, _, offer in ListenerBox<SeatClipboard>.owner(data)?.selectionChanged(offer) }
    ))

    private static let offerListener = stableListener(wl_data_offer_listener(
        offer: { data, offer, type in
            guard let offer, let type else { return }
            ListenerBox<SeatClipboard>.owner(data)?.offered(String(cString: type), by: offer)
        },
        source_actions: { _, _, _ in },
        action: { _, _, _ in }
    ))
}

/// Reads pasted text from the pipe `SeatClipboard.requestText` returned, in the poll loop, up to
/// `limit` bytes or `timeout` seconds, then hands it over (nil: nothing arrived in time) once.
public final class PasteReader: EventSource {
    private var fd: Int32
    private var bytes: [UInt8] = []
    private let limit: Int
    public let deadline: Double?
    private let finish: (String?) -> Void
    private var finished = false

    init(fd: Int32, limit: Int, until deadline: Double, finish: @escaping (String?) -> Void) {
        self.fd = fd
        self.limit = limit
        self.deadline = deadline
        self.finish = finish
    }

    deinit { if fd >= 0 { close(fd) } }

    public var pollDescriptor: Int32 { fd }
    public var pollEvents: Int16 { Int16(POLLIN) }
    public var isFinished: Bool { finished }

    public func dispatch(events: Int16) throws {
        guard !finished else { return }
        if events != 0 {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while bytes.count < limit {
                let n = read(fd, &chunk, chunk.count)
                if n > 0 {
                    bytes += chunk.prefix(n)
                    continue
                }
                if n < 0 && (errno == EAGAIN || errno == EINTR) { return }  // more later
                break  // end of file, or an error: what came is all there is
            }
            complete(String(decoding: bytes.prefix(limit), as: UTF8.self))
        } else if let deadline, monotonicNow() >= deadline {
            complete(bytes.isEmpty ? nil : String(decoding: bytes.prefix(limit), as: UTF8.self))
        }
    }

    /// Stops reading (the field stopped taking keys); nothing is handed over.
    public func cancel() {
        finished = true
        close(fd)
        fd = -1
    }

    private func complete(_ text: String?) {
        finished = true
        close(fd)
        fd = -1
        finish(text)
    }
}
