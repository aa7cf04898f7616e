/// Raw pixels from an "image-data" hint, `(iiibiiay)`: rows of `rowstride` bytes, RGB or
/// RGBA (`channels`), 8 bits per sample, not premultiplied.
public struct ImageData: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var rowstride: Int
    public var hasAlpha: Bool
    public var bitsPerSample: Int
    public var channels: Int
    public var data: [UInt8]

    public static let maximumSide = 4096
    /// Pixels one image may have (2048 × 2048): decoded, it is at most 16 MiB.
    public static let maximumPixels = 2048 * 2048

    public init(width: Int, height: Int, rowstride: Int, hasAlpha: Bool, bitsPerSample: Int,
                channels: Int, data: [UInt8]) {
        self.width = width
        self.height = height
        self.rowstride = rowstride
        self.hasAlpha = hasAlpha
        self.bitsPerSample = bitsPerSample
        self.channels = channels
        self.data = data
    }

    public struct Problem: Error, Equatable, Sendable {
        public var reason: String
    }

    /// The image as an `(iiibiiay)` hint value.
    public var busValue: BusValue {
        .structure([.int32(Int32(width)), .int32(Int32(height)), .int32(Int32(rowstride)), .bool(hasAlpha),
                    .int32(Int32(bitsPerSample)), .int32(Int32(channels)), .bytes(data)])
    }

    /// Decodes and validates: sides in 1...4096, 3 or 4 channels, 8 bits per sample,
    /// rowstride ≥ width*channels, and enough bytes for the last row.
    public static func parse(_ value: BusValue) -> Result<ImageData, Problem> {
        guard case .structure(let f) = value.unwrapped, f.count == 7 else {
            return .failure(Problem(reason: "expected (iiibiiay), got \(value.unwrapped.signature)"))
        }
        guard case .int32(let w) = f[0], case .int32(let h) = f[1], case .int32(let stride) = f[2],
              case .bool(let alpha) = f[3], case .int32(let bps) = f[4], case .int32(let ch) = f[5],
              let data = f[6].bytesValue
        else {
            return .failure(Problem(reason: "expected (iiibiiay), got \(value.unwrapped.signature)"))
        }
        let width = Int(w), height = Int(h), rowstride = Int(stride), channels = Int(ch)
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            return .failure(Problem(reason: "size \(width)x\(height) outside 1...\(maximumSide)"))
        }
        guard width * height <= maximumPixels else {
            return .failure(Problem(reason: "\(width)x\(height) is more than \(maximumPixels) pixels"))
        }
        guard channels == 3 || channels == 4 else {
            return .failure(Problem(reason: "\(channels) channels (expected 3 or 4)"))
        }
        guard bps == 8 else { return .failure(Problem(reason: "\(bps) bits per sample (expected 8)")) }
        guard rowstride >= width * channels else {
            return .failure(Problem(reason: "rowstride \(rowstride) < width*channels \(width * channels)"))
        }
        let needed = rowstride * (height - 1) + width * channels
        guard data.count >= needed else {
            return .failure(Problem(reason: "\(data.count) bytes of pixel data, \(needed) needed"))
        }
        return .success(ImageData(width: width, height: height, rowstride: rowstride, hasAlpha: alpha,
                                  bitsPerSample: Int(bps), channels: channels, data: data))
    }
}
