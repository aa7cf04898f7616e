import DBusService
import OverlayRenderer

// The image-data hint `(iiibiiay)`: the first 25 bytes are the header (width, height, rowstride,
// has-alpha, bits per sample, channels), the rest the pixels. Decoded and validated as the daemon
// does (ImageData.parse), then turned into a cairo surface (ImageLoader.load(raw:)). An input whose
// first byte is odd also goes straight to RawImage with 64-bit header fields, as a library user may.

func int32(_ bytes: ArraySlice<UInt8>, _ at: Int) -> Int32 {
    var value: UInt32 = 0
    for i in 0..<4 { value |= UInt32(bytes[bytes.startIndex + at + i]) << (8 * i) }
    return Int32(bitPattern: value)
}

func int64(_ bytes: ArraySlice<UInt8>, _ at: Int) -> Int {
    var value: UInt64 = 0
    for i in 0..<8 { value |= UInt64(bytes[bytes.startIndex + at + i]) << (8 * i) }
    return Int(Int64(bitPattern: value))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 26 else { return 0 }
    let header = bytes[1..<26]
    let hint = BusValue.structure([
        .int32(int32(header, 0)), .int32(int32(header, 4)), .int32(int32(header, 8)), .bool(header[header.startIndex + 12] & 1 == 1),
        .int32(int32(header, 13)), .int32(int32(header, 17)), .bytes(Array(bytes[26...])),
    ])
    // The hint as clients send it: in a variant, under any of its names.
    let request = NotifyRequest(summary: "image", hints: ["image-data": .variant(hint)])
    if case .success(let image) = ImageData.parse(hint) {
        precondition(request.imageData == image && request.imageDataProblem == nil)
        let raw = RawImage(width: image.width, height: image.height, rowstride: image.rowstride,
                           hasAlpha: image.hasAlpha, channels: image.channels, bytes: image.data)
        let loaded = try? ImageLoader.load(raw: raw)
        if let loaded { precondition(loaded.pixelWidth == image.width && loaded.pixelHeight == image.height) }
    } else {
        precondition(request.imageData == nil)
    }

    if bytes[0] & 1 == 1, bytes.count >= 1 + 25 + 8 {
        let wide = bytes[1...]
        let raw = RawImage(width: int64(wide, 0), height: int64(wide, 8), rowstride: int64(wide, 16),
                           hasAlpha: wide[wide.startIndex + 24] & 1 == 1, channels: int64(wide, 25),
                           bytes: Array(bytes[34...]))
        _ = try? ImageLoader.load(raw: raw)
    }
    return 0
}
