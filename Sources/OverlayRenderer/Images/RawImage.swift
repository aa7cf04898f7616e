import CCairo

/// Raw pixels handed to the renderer (the freedesktop `image-data` hint's layout): rows of
/// straight (not premultiplied) RGB or RGBA bytes, 8 bits per sample.
public struct RawImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Bytes from one row to the next (at least `width * channels`).
    public var rowstride: Int
    public var hasAlpha: Bool
    /// 3 (RGB) or 4 (RGBA); must agree with `hasAlpha`.
    public var channels: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, rowstride: Int, hasAlpha: Bool, channels: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.rowstride = rowstride
        self.hasAlpha = hasAlpha
        self.channels = channels
        self.bytes = bytes
    }

    /// Largest side and area accepted (a 100000×100000 claim is refused before any allocation).
    public static let maxSide = 4096
    public static let maxPixels = 4096 * 4096

    /// What is wrong with raw pixels (`image-data`): their size, channels, row stride or length.
    public enum ValidationError: Error, Equatable, CustomStringConvertible {
        case emptySize(width: Int, height: Int)
        case tooLarge(width: Int, height: Int)
        case channelsMismatch(channels: Int, hasAlpha: Bool)
        case rowstrideTooSmall(rowstride: Int, needed: Int)
        case bufferTooShort(length: Int, needed: Int)

        public var description: String {
            switch self {
            case .emptySize(let w, let h): "\(w)×\(h) pixels: no picture"
            case .tooLarge(let w, let h): "\(w)×\(h) pixels: larger than \(RawImage.maxSide) a side or \(RawImage.maxPixels) in all"
            case .channelsMismatch(let channels, let hasAlpha):
                "\(channels) channels \(hasAlpha ? "with" : "without") alpha (expected \(hasAlpha ? 4 : 3))"
            case .rowstrideTooSmall(let rowstride, let needed): "rowstride \(rowstride) is less than a row's \(needed) bytes"
            case .bufferTooShort(let length, let needed): "\(length) bytes of pixels, \(needed) needed"
            }
        }
    }

    /// Checks the description against the buffer; nothing is read before this passes.
    public func validate() throws {
        guard width > 0, height > 0 else { throw ValidationError.emptySize(width: width, height: height) }
        guard width <= Self.maxSide, height <= Self.maxSide, width * height <= Self.maxPixels else {
            throw ValidationError.tooLarge(width: width, height: height)
        }
        guard channels == (hasAlpha ? 4 : 3) else { throw ValidationError.channelsMismatch(channels: channels, hasAlpha: hasAlpha) }
        let row = width * channels
        guard rowstride >= row else { throw ValidationError.rowstrideTooSmall(rowstride: rowstride, needed: row) }
        // The last row need not be padded to the full stride (gdk-pixbuf's convention). A stride
        // so large that this overflows needs more bytes than any buffer has.
        let (padded, overflow) = rowstride.multipliedReportingOverflow(by: height - 1)
        let needed = overflow || padded > Int.max - row ? Int.max : padded + row
        guard bytes.count >= needed else { throw ValidationError.bufferTooShort(length: bytes.count, needed: needed) }
    }

    /// A premultiplied ARGB32 cairo surface of the image at its own size; throws if invalid.
    /// The caller owns the surface (`cairo_surface_destroy`).
    func makeSurface() throws -> OpaquePointer {
        try validate()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        bytes.withUnsafeBufferPointer { src in
            for y in 0..<height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                var i = y * rowstride
                for x in 0..<width {
                    let r = UInt32(src[i]), g = UInt32(src[i + 1]), b = UInt32(src[i + 2])
                    let a = hasAlpha ? UInt32(src[i + 3]) : 255
                    func pm(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                    row[x] = a << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
                    i += channels
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
