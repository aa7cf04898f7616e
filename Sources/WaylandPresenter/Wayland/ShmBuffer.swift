import WaylandListeners
import CShims
import CWayland
import Glibc
import OverlayRenderer

/// One wl_shm buffer in its own memfd: ARGB8888 (Cairo's ARGB32) unless told otherwise.
final class ShmBuffer {
    let pixelWidth: Int
    let pixelHeight: Int
    let stride: Int
    let data: UnsafeMutableRawPointer
    private let byteCount: Int
    private let proxy: OpaquePointer
    /// True from attach+commit until the compositor sends release.
    private(set) var isBusy = false
    /// Never drawn: a new memfd reads as zeros, i.e. fully transparent ARGB, so there is nothing
    /// to clear (clearing would fault in every page of it).
    var isBlank = true
    /// Rows that may hold pixels (drawn since the buffer was last blank), so that a buffer kept
    /// for reuse is blanked by clearing only memory that is already resident.
    var drawnRows: Range<Int>?
    var onRelease: () -> Void = {}
    private lazy var box = ListenerBox(self)
    /// The canvas over its pixels at the scale drawn last (a cairo surface and context made once,
    /// not every frame).
    private var kept: Canvas?

    /// A canvas over the buffer's pixels, its user space `scale` points to a pixel.
    func canvas(scale: Double) -> Canvas {
        if let kept, kept.scale == scale { return kept }
        let canvas = Canvas(data: data, pixelWidth: pixelWidth, pixelHeight: pixelHeight, stride: stride, scale: scale)
        kept = canvas
        return canvas
    }

    var wlBuffer: OpaquePointer { proxy }

    /// `format` and `stride`: a screencopy target takes the compositor's (32-bit formats only).
    init(shm: OpaquePointer, pixelWidth: Int, pixelHeight: Int,
         format: UInt32 = WL_SHM_FORMAT_ARGB8888.rawValue, stride: Int? = nil) throws {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.stride = max(pixelWidth * 4, stride ?? 0)
        let byteCount = self.stride * pixelHeight
        self.byteCount = byteCount
        let fd = try systemCall("memfd_create") { ow_memfd_create("overlay-wl-buffer") }
        defer { close(fd) }
        try systemCall("ftruncate") { ftruncate(fd, off_t(byteCount)) }
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw SystemError(call: "mmap", code: errno)
        }
        data = mapped
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        proxy = wl_shm_pool_create_buffer(pool, 0, Int32(pixelWidth), Int32(pixelHeight), Int32(self.stride), format)
        wl_shm_pool_destroy(pool)
        wl_buffer_add_listener(proxy, ShmBuffer.listener, box.userdata)
    }

    deinit {
        kept = nil  // before the pixels it draws on
        wl_buffer_destroy(proxy)
        munmap(data, byteCount)
    }

    func markBusy() { isBusy = true }

    /// Notes that `rows` (clamped to the buffer) may now hold pixels.
    func noteDrawn(rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<pixelHeight)
        guard !rows.isEmpty else { return }
        drawnRows = drawnRows.map { min($0.lowerBound, rows.lowerBound)..<max($0.upperBound, rows.upperBound) } ?? rows
    }

    /// Copies the device-pixel rectangles `rects` (clamped to both buffers) from `other`, a
    /// buffer of the same format; notes their rows drawn.
    func copy(_ rects: [(x: Int32, y: Int32, width: Int32, height: Int32)], from other: ShmBuffer) {
        let width = min(pixelWidth, other.pixelWidth), height = min(pixelHeight, other.pixelHeight)
        for r in rects {
            let x0 = max(0, Int(r.x)), x1 = min(width, Int(r.x) + Int(r.width))
            let y0 = max(0, Int(r.y)), y1 = min(height, Int(r.y) + Int(r.height))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                memcpy(data + y * stride + x0 * 4, other.data + y * other.stride + x0 * 4, (x1 - x0) * 4)
            }
            noteDrawn(rows: y0..<y1)
        }
    }

    /// Fully transparent again, touching only the rows drawn since it last was.
    func blank() {
        if let rows = drawnRows { memset(data + rows.lowerBound * stride, 0, rows.count * stride) }
        drawnRows = nil
        isBlank = true
    }

    private static let listener = stableListener(wl_buffer_listener(
        release: { data, _ in
            guard let buffer = ListenerBox<ShmBuffer>.owner(data) else { return }
            buffer.isBusy = false
            buffer.onRelease()
        }
    ))
}

/// Two buffers used in turn: draw into whichever the compositor is not reading.
/// They can outlive their surface and serve the next one (`reclaim`): a new buffer's pages
/// are allocated and zeroed by the kernel one fault at a time, which costs more than a burst
/// of notifications does to draw.
final class BufferPair {
    private var buffers: [ShmBuffer] = []
    private let shm: OpaquePointer
    var onRelease: () -> Void = {}

    init(shm: OpaquePointer) { self.shm = shm }

    /// False while both buffers are with the compositor: `nextBuffer` would return nil.
    var hasFree: Bool { buffers.count < 2 || buffers.contains { !$0.isBusy } }

    /// Ready for a new surface: buffers the compositor still holds are dropped, the rest blanked.
    func reclaim() {
        buffers.removeAll { $0.isBusy }
        for buffer in buffers { buffer.blank() }
    }

    /// The buffer other than `buffer`, if there is one.
    func other(than buffer: ShmBuffer) -> ShmBuffer? { buffers.first { $0 !== buffer } }

    /// A free buffer of this size, reusing one when possible; nil while both are busy.
    func nextBuffer(pixelWidth: Int, pixelHeight: Int) throws -> ShmBuffer? {
        buffers.removeAll { !$0.isBusy && ($0.pixelWidth != pixelWidth || $0.pixelHeight != pixelHeight) }
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        guard buffers.count < 2 else { return nil }
        let buffer = try ShmBuffer(shm: shm, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        buffer.onRelease = { [unowned self] in self.onRelease() }
        buffers.append(buffer)
        return buffer
    }
}
