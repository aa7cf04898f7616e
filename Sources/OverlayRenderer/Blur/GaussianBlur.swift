import CCairo
import OverlayEngine

/// Our own separable Gaussian blur of premultiplied ARGB32 pixels.
///
/// Each dimension runs `passes` extended box filters (see `ExtendedBox`) over one line at a time
/// in `SIMD4<Float>` (all four channels in one vector, no rounding between passes), so the cost
/// per pixel does not depend on the radius. Rows are blurred first, eight at a time, and written
/// transposed in 8-pixel runs, so the column pass also reads contiguous memory; columns are
/// blurred eight at a time too and written back in 8-pixel runs.
///
/// Radius convention (CSS's): a blur radius `r` is a Gaussian with σ = r / 2.
public enum GaussianBlur {
    /// Passes for shadows: within 2/255 of the exact Gaussian (see BlurTests).
    public static let accuratePasses = 8
    /// Passes for frosted backdrops, where speed matters more than the last 1/255.
    public static let fastPasses = 3
    static let block = 8

    /// The largest blur radius drawn, a shadow's (`Shadow.maximumRadius`); a larger one is drawn
    /// at this one, and one that is not a finite number as no blur.
    public static let maximumRadius = Shadow.maximumRadius

    /// σ for a CSS-style blur radius, within 0…`maximumRadius` / 2: a library caller's shadow of
    /// any radius costs a bounded surface and cannot trap converting its margin to pixels.
    public static func sigma(radius: Double) -> Double { radius.isFinite ? min(max(0, radius), maximumRadius) / 2 : 0 }

    /// Blurs `width`×`height` pixels at `pixels` (rows `stride` bytes apart) in place, clamping
    /// at the edges (transparent surroundings stay transparent). σ below 0.5 is a no-op.
    public static func blur(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                            sigma: Double, passes: Int = accuratePasses) {
        guard width > 0, height > 0, stride >= 4 * width, sigma.isFinite, sigma >= 0.5 else { return }
        let box = ExtendedBox(sigma: sigma, passes: passes)
        let lines = LineBuffers(lines: block, capacity: max(width, height), pad: box.reach + 1)
        let transposed = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width * height)
        defer { transposed.deallocate() }

        // Rows → transposed (t[x * height + y]).
        for y0 in Swift.stride(from: 0, to: height, by: block) {
            let rows = min(block, height - y0)
            var results: [UnsafePointer<SIMD4<Float>>] = []
            results.reserveCapacity(rows)
            for k in 0..<rows {
                let row = (pixels + (y0 + k) * stride).assumingMemoryBound(to: UInt32.self)
                let line = lines.input(k)
                for x in 0..<width { line[x] = unpack(row[x]) }
                results.append(lines.blur(k, count: width, box: box, passes: passes))
            }
            for x in 0..<width {
                let out = transposed + x * height + y0
                for k in 0..<rows { out[k] = results[k][x] }
            }
        }
        // Columns (rows of the transposed image) → pixels.
        for x0 in Swift.stride(from: 0, to: width, by: block) {
            let columns = min(block, width - x0)
            var results: [UnsafePointer<SIMD4<Float>>] = []
            results.reserveCapacity(columns)
            for k in 0..<columns {
                lines.input(k).update(from: transposed + (x0 + k) * height, count: height)
                results.append(lines.blur(k, count: height, box: box, passes: passes))
            }
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self) + x0
                for k in 0..<columns { row[k] = pack(results[k][y]) }
            }
        }
    }

    /// Blurs a whole cairo image surface (ARGB32) in place.
    public static func blur(surface: OpaquePointer, sigma: Double, passes: Int = accuratePasses) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        blur(UnsafeMutableRawPointer(data), width: Int(cairo_image_surface_get_width(surface)),
             height: Int(cairo_image_surface_get_height(surface)),
             stride: Int(cairo_image_surface_get_stride(surface)), sigma: sigma, passes: passes)
        cairo_surface_mark_dirty(surface)
    }

    /// The factor a large blur may shrink the image by first: the shrunk σ stays ≥ 2 px, where
    /// shrinking, blurring and bilinear scaling back stays within a few 1/255 of blurring in
    /// full (BlurTests). At most 16 (the shrink's 16-bit channel sums).
    public static func downsampleFactor(sigma: Double) -> Int { max(1, min(16, Int(sigma / 2))) }

    /// 2²³: adding it to a Float in 0..<2²³ puts the rounded integer in the low mantissa bits.
    /// Conversions go through this bit trick because Swift's SIMD int↔float initialisers are
    /// not vectorised (they were 35 % of the blur's time).
    static let magic = SIMD4<Float>(repeating: 8_388_608)

    @inline(__always)
    static func unpack(_ word: UInt32) -> SIMD4<Float> {
        let bytes = (SIMD4<UInt32>(repeating: word) &>> SIMD4<UInt32>(0, 8, 16, 24)) & 0xFF
        return unsafeBitCast(bytes | 0x4B00_0000, to: SIMD4<Float>.self) - magic
    }

    @inline(__always)
    static func pack(_ v: SIMD4<Float>) -> UInt32 {
        let clamped = v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let c = unsafeBitCast(clamped + magic, to: SIMD4<UInt32>.self) & 0xFF
        return c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24
    }
}
