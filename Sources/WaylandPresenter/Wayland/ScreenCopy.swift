import WaylandListeners
import CWayland
import OverlayRenderer

/// wlr-screencopy-unstable-v1: one-off captures of a rectangle of an output into shm, for
/// frosted backdrops. Asynchronous: the completion runs from the event loop.
final class ScreenCopy {
    private let manager: OpaquePointer
    private var pending: [ObjectIdentifier: ScreenCopyFrame] = [:]

    init(manager: OpaquePointer) { self.manager = manager }

    deinit {
        pending.removeAll()
        zwlr_screencopy_manager_v1_destroy(manager)
    }

    /// Captures the rectangle (`x`, `y`, `width`, `height`; the output's logical coordinates)
    /// of `output` without the cursor. `completion` gets the pixels, or nil when the compositor
    /// fails the capture or offers no xrgb8888/argb8888 shm buffer.
    func capture(output: OpaquePointer, x: Int32, y: Int32, width: Int32, height: Int32, shm: OpaquePointer,
                 completion: @escaping (CapturedBackdrop?) -> Void) {
        guard let proxy = zwlr_screencopy_manager_v1_capture_output_region(manager, 0, output, x, y, width, height)
        else { return completion(nil) }
        let frame = ScreenCopyFrame(proxy: proxy, shm: shm) { [weak self] frame, image in
            self?.pending[ObjectIdentifier(frame)] = nil
            completion(image)
        }
        pending[ObjectIdentifier(frame)] = frame
    }
}

/// One zwlr_screencopy_frame_v1: takes the first shm buffer type it can read, copies into it,
/// and reports once (ready or failed).
private final class ScreenCopyFrame {
    private let proxy: OpaquePointer
    private let shm: OpaquePointer
    private var offer: (format: UInt32, width: Int, height: Int, stride: Int)?
    private var buffer: ShmBuffer?
    private var flipped = false
    private var finished = false
    private let onDone: (ScreenCopyFrame, CapturedBackdrop?) -> Void
    private lazy var box = ListenerBox(self)

    static let argb = WL_SHM_FORMAT_ARGB8888.rawValue, xrgb = WL_SHM_FORMAT_XRGB8888.rawValue

    init(proxy: OpaquePointer, shm: OpaquePointer, onDone: @escaping (ScreenCopyFrame, CapturedBackdrop?) -> Void) {
        self.proxy = proxy
        self.shm = shm
        self.onDone = onDone
        zwlr_screencopy_frame_v1_add_listener(proxy, ScreenCopyFrame.listener, box.userdata)
    }

    deinit { zwlr_screencopy_frame_v1_destroy(proxy) }

    private func offered(format: UInt32, width: UInt32, height: UInt32, stride: UInt32) {
        guard offer == nil, format == Self.argb || format == Self.xrgb, width > 0, height > 0, width <= 16384,
              height <= 16384, stride >= 4 * width else { return }
        offer = (format, Int(width), Int(height), Int(stride))
        // Before version 3 there is no buffer_done: the buffer event is the whole offer.
        if zwlr_screencopy_frame_v1_get_version(proxy) < 3 { copy() }
    }

    private func copy() {
        guard !finished, buffer == nil else { return }
        guard let offer, let target = try? ShmBuffer(shm: shm, pixelWidth: offer.width, pixelHeight: offer.height,
                                                      format: offer.format, stride: offer.stride)
        else { return finish(nil) }
        buffer = target
        zwlr_screencopy_frame_v1_copy(proxy, target.wlBuffer)
    }

    private func ready() {
        guard let offer, let buffer else { return finish(nil) }
        finish(CapturedBackdrop(pixels: buffer.data, width: offer.width, height: offer.height, stride: buffer.stride,
                                flipped: flipped, opaque: offer.format == Self.xrgb))
    }

    private func finish(_ image: CapturedBackdrop?) {
        guard !finished else { return }
        finished = true
        onDone(self, image)
    }

    private static let listener = stableListener(zwlr_screencopy_frame_v1_listener(
        buffer: { data, _, format, width, height, stride in
            ListenerBox<ScreenCopyFrame>.owner(data)?.offered(format: format, width: width, height: height, stride: stride)
        },
        flags: { data, _, flags in
            ListenerBox<ScreenCopyFrame>.owner(data)?.flipped = flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT.rawValue != 0
        },
        ready: { data, _, _, _, _ in ListenerBox<ScreenCopyFrame>.owner(data)?.ready() },
        failed: { data, _ in ListenerBox<ScreenCopyFrame>.owner(data)?.finish(nil) },
        damage: { _, _, _, _, _, _ in },
        linux_dmabuf: { _, _, _, _, _ in },
        buffer_done: { data, _ in ListenerBox<ScreenCopyFrame>.owner(data)?.copy() }
    ))
}
