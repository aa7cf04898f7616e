import OverlayEngine
import CCairo
import Glibc

/// Errors from canvas I/O.
public enum CanvasError: Error, Equatable, CustomStringConvertible {
    /// `cairo_surface_write_to_png` failed; the payload is cairo's status description.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

/// A cairo image surface (CAIRO_FORMAT_ARGB32: premultiplied, native-endian 32-bit words, which on
/// little-endian machines is exactly wl_shm's ARGB8888) plus a drawing context.
///
/// The context is scaled by `scale`, so all drawing is in logical points. It works the same on
/// memory the caller owns (an mmapped wl_shm pool) and on memory the canvas owns (headless
/// rendering to PNG, tests).
public final class Canvas {
    /// The cairo_t. Its user space is logical points; save/restore around your own changes.
    public let context: OpaquePointer
    /// The cairo_surface_t.
    public let surface: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Bytes per row.
    public let stride: Int
    /// Device pixels per logical point (the Wayland buffer scale, 1 or 2).
    public let scale: Double
    private let data: UnsafeMutableRawPointer?

    /// Wraps caller memory of at least `stride * pixelHeight` bytes, which must outlive the canvas.
    /// `stride` must be valid for ARGB32 (a multiple of 4, at least `4 * pixelWidth`); otherwise
    /// cairo yields an error surface on which drawing does nothing (see `isValid`).
    public init(data: UnsafeMutableRawPointer, pixelWidth: Int, pixelHeight: Int, stride: Int, scale: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.stride = stride
        self.scale = scale
        self.data = data
        surface = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(clamping: pixelWidth), Int32(clamping: pixelHeight), Int32(clamping: stride))
        context = cairo_create(surface)
        cairo_scale(context, scale, scale)
    }

    /// A canvas that owns its (zeroed, i.e. transparent) pixels.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
                                             Int32(clamping: pixelWidth), Int32(clamping: pixelHeight))
        stride = Int(cairo_image_surface_get_stride(surface))
        data = cairo_image_surface_get_data(surface).map { UnsafeMutableRawPointer($0) }
        context = cairo_create(surface)
        cairo_scale(context, scale, scale)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// False when cairo rejected the surface (bad size or stride) or the context is in error.
    public var isValid: Bool {
        cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS && cairo_status(context) == CAIRO_STATUS_SUCCESS
    }

    /// Logical size in points.
    public var logicalWidth: Double { Double(pixelWidth) / scale }
    public var logicalHeight: Double { Double(pixelHeight) / scale }

    /// Makes the whole surface fully transparent (ignores the current clip).
    public func clear() {
        cairo_save(context)
        cairo_reset_clip(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Makes `rect` (logical points) fully transparent. Edges that are not on device pixels are
    /// cleared partially (antialiased).
    public func clear(rect: Rect) {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
        cairo_restore(context)
    }

    /// Makes the device pixels of `rects` within `bounds` (logical points, all on whole device
    /// pixels) fully transparent, written directly: what `clear(rect: bounds)` clipped to `rects`
    /// does, without cairo's path, clip and fill for a few rows. False, with nothing cleared,
    /// when a rectangle or `bounds` is not on whole device pixels.
    public func clear(_ rects: [Rect], within bounds: Rect) -> Bool {
        guard let limit = devicePixels(bounds) else { return false }
        var boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        for rect in rects {
            guard let box = devicePixels(rect) else { return false }
            boxes.append((max(box.x0, limit.x0), max(box.y0, limit.y0), min(box.x1, limit.x1), min(box.y1, limit.y1)))
        }
        return write(0, into: boxes)
    }

    /// Sets the device pixels of `boxes` (clipped to the canvas) to `color`, written directly:
    /// what cairo's SOURCE fill of those rectangles gives (the colour premultiplied and rounded
    /// as cairo rounds it), without its path, clip and compositor for a few small rectangles.
    func copy(_ color: Color, into boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)]) -> Bool {
        write(color.cairoPixel, into: boxes)
    }

    /// Sets the device pixels of `boxes` (clipped to the canvas) to `pixel`; false without pixels.
    private func write(_ pixel: UInt32, into boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)]) -> Bool {
        guard let data else { return false }
        cairo_surface_flush(surface)
        // A pixel of four equal bytes (clear, opaque white) is written a byte at a time: memset's
        // wide stores, a few instructions a row where a pixel at a time is a few a pixel.
        let byte = UInt8(truncatingIfNeeded: pixel), bytewise = pixel == UInt32(byte) &* 0x0101_0101
        for box in boxes {
            let x0 = max(box.x0, 0), y0 = max(box.y0, 0), x1 = min(box.x1, pixelWidth), y1 = min(box.y1, pixelHeight)
            guard x1 > x0 else { continue }
            for row in y0..<max(y0, y1) {
                let start = data + row * stride + x0 * 4
                if bytewise {
                    start.initializeMemory(as: UInt8.self, repeating: byte, count: (x1 - x0) * 4)
                } else {
                    start.bindMemory(to: UInt32.self, capacity: x1 - x0).update(repeating: pixel, count: x1 - x0)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return true
    }

    /// `rect`'s device pixels, when its edges lie on them (within rounding).
    private func devicePixels(_ rect: Rect) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        Self.deviceBox(rect, cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: 0, y0: 0))
    }

    /// `rect` (user space under `m`, a scale and a translation) in device pixels, when every
    /// edge lies on one (within rounding); else nil.
    static func deviceBox(_ rect: Rect, _ m: cairo_matrix_t) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        func pixel(_ v: Double, _ scale: Double, _ offset: Double) -> Int? {
            let d = v * scale + offset, r = d.rounded()
            return abs(r) < 1e9 && abs(d - r) < 1e-6 ? Int(r) : nil
        }
        guard let x0 = pixel(rect.minX, m.xx, m.x0), let y0 = pixel(rect.minY, m.yy, m.y0),
              let x1 = pixel(rect.maxX, m.xx, m.x0), let y1 = pixel(rect.maxY, m.yy, m.y0) else { return nil }
        return (x0, y0, x1, y1)
    }

    /// Restricts all further drawing to the union of `rects` (logical points); an empty list
    /// clips everything away. Undo with `resetClip()`.
    public func clip(to rects: [Rect]) {
        cairo_new_path(context)
        for rect in rects { cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height) }
        cairo_clip(context)
    }

    public func resetClip() { cairo_reset_clip(context) }

    /// Finishes pending drawing so the memory holds the pixels (call before attaching the buffer).
    public func flush() {
        cairo_surface_flush(surface)
    }

    /// Runs `draw` with the context's state (clip, source, matrix) restored after it, and the
    /// surface flushed: a canvas kept for many frames starts each one as it was made.
    public func frame<R>(_ draw: () throws -> R) rethrows -> R {
        cairo_save(context)
        defer {
            cairo_restore(context)
            flush()
        }
        return try draw()
    }

    /// Writes the surface as a PNG (premultiplied alpha is undone by cairo).
    public func writePNG(to path: String) throws {
        flush()
        errno = 0
        let status = cairo_surface_write_to_png(surface, path)
        if status != CAIRO_STATUS_SUCCESS {
            // Cairo opens the file with fopen: the system's reason (a missing folder) says more.
            let system = errno
            let reason = status == CAIRO_STATUS_WRITE_ERROR && system != 0 ? String(cString: strerror(system))
                : String(cString: cairo_status_to_string(status))
            throw CanvasError.writeFailed(path: path, reason: reason)
        }
    }

    /// The device pixel at (`x`, `y`), un-premultiplied. Out of bounds reads as transparent.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard let data, isValid, x >= 0, y >= 0, x < pixelWidth, y < pixelHeight else { return (0, 0, 0, 0) }
        flush()
        let word = data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        let a = UInt32(word >> 24)
        guard a > 0 else { return (0, 0, 0, 0) }
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = (word >> shift) & 0xFF
            return UInt8(min(255, (premultiplied * 255 + a / 2) / a))
        }
        return (channel(16), channel(8), channel(0), UInt8(a))
    }
}

extension Color {
    /// The premultiplied ARGB32 pixel cairo makes of this colour as a solid source: each channel
    /// to 16 bits, rounded, then its high 8.
    var cairoPixel: UInt32 {
        func channel(_ value: Double) -> UInt32 { UInt32(min(1, max(0, value)) * 65535 + 0.5) >> 8 }
        let a = min(1, max(0, alpha))
        return channel(a) << 24 | channel(red * a) << 16 | channel(green * a) << 8 | channel(blue * a)
    }
}
