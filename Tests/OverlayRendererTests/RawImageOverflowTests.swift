import OverlayRenderer
import Testing

/// A library user's `RawImage` with a row stride so large that the bytes it needs overflow
/// (found by the image-data fuzz target: a rowstride near 2^62 times the rows of an RGBA image
/// trapped in `validate`). It is too short a buffer, like any other.
@Suite struct RawImageOverflowTests {
    @Test(arguments: [0x4001_0000_0000_0000, Int.max, Int.max / 2 + 1])
    func hugeRowstridesAreTooShortBuffers(rowstride: Int) {
        let image = RawImage(width: 2, height: 3, rowstride: rowstride, hasAlpha: true, channels: 4,
                             bytes: [UInt8](repeating: 0, count: 200))
        #expect(throws: RawImage.ValidationError.bufferTooShort(length: 200, needed: Int.max)) { try image.validate() }
        #expect(throws: ImageLoadError.self) { try ImageLoader.load(raw: image) }
    }

    @Test func aStrideJustLargeEnoughStillLoads() throws {
        let image = RawImage(width: 2, height: 2, rowstride: 100, hasAlpha: true, channels: 4,
                             bytes: [UInt8](repeating: 255, count: 108))
        let loaded = try ImageLoader.load(raw: image)
        #expect(loaded.pixelWidth == 2 && loaded.pixelHeight == 2)
    }
}
