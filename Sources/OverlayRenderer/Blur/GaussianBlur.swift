import CCairo

/// Our own separable Gaussian blur of premultiplied ARGB32 pixels.
///
/// Each dimension runs `passes` extended box filters (see `ExtendedBox`) over one line at a time
/// in `SIMD4<Float>` (all four channels in one vector, no rounding between passes), so the cost
/// per pixel does not depend on the radius. Rows are blurred first and written transposed, so
/// the column pass also walks contiguous memory; the columns are written back in place.
///
/// Radius convention (CSS's): a blur radius `r` is a Gaussian with σ = r / 2.
public enum GaussianBlur {
    /// Passes for shadows: within 2/255 of the exact Gaussian (see BlurTests).
    public static let accuratePasses = 5
    /// Passes for frosted backdrops, where speed matters more than the last 1/255.
    public static let fastPasses = 3

    /// σ for a CSS-style blur radius.
    public static func sigma(radius: Double) -> Double { max(0, radius) / 2 }

    /// Blurs `width`×`height` pixels at `pixels` (rows `stride` bytes apart) in place, clamping
    /// at the edges (transparent surroundings stay transparent). σ below 0.5 is a no-op.
    public static func blur(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                            sigma: Double, passes: Int = accuratePasses) {
        guard width > 0, height > 0, stride >= 4 * width, sigma.isFinite, sigma >= 0.5 else { return }
        let box = ExtendedBox(sigma: sigma, passes: passes)
        let pad = box.reach + 1
        var a = PaddedLine(capacity: max(width, height), pad: pad)
        var b = a
        var transposed = [SIMD4<Float>](repeating: .zero, count: width * height)

        transposed.withUnsafeMutableBufferPointer { t in
            // Rows → transposed.
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                a.setCount(width)
                b.setCount(width)
                a.storage.withUnsafeMutableBufferPointer { line in
                    for x in 0..<width { line[pad + x] = unpack(row[x]) }
                }
                a.extendEdges()
                let result = runPasses(&a, &b, box: box, passes: passes)
                result.storage.withUnsafeBufferPointer { line in
                    for x in 0..<width { t[x * height + y] = line[pad + x] }
                }
            }
            // Columns (rows of the transposed image) → pixels.
            for x in 0..<width {
                a.setCount(height)
                b.setCount(height)
                a.storage.withUnsafeMutableBufferPointer { line in
                    for y in 0..<height { line[pad + y] = t[x * height + y] }
                }
                a.extendEdges()
                let result = runPasses(&a, &b, box: box, passes: passes)
                result.storage.withUnsafeBufferPointer { line in
                    for y in 0..<height {
                        (pixels + y * stride + 4 * x).storeBytes(of: pack(line[pad + y]), as: UInt32.self)
                    }
                }
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

    /// The factor a large blur may shrink the image by first: the shrunk σ stays ≥ 2.5 px, where
    /// shrinking, blurring and bilinear scaling back is indistinguishable from blurring in full.
    public static func downsampleFactor(sigma: Double) -> Int { max(1, Int(sigma / 2.5)) }

    /// Runs the passes, ping-ponging between the lines; returns the one holding the result.
    private static func runPasses(_ a: inout PaddedLine, _ b: inout PaddedLine, box: ExtendedBox,
                                  passes: Int) -> PaddedLine {
        for pass in 0..<max(1, passes) {
            if pass % 2 == 0 { b.boxPass(from: a, box: box) } else { a.boxPass(from: b, box: box) }
        }
        return max(1, passes) % 2 == 1 ? b : a
    }

    @inline(__always)
    static func unpack(_ word: UInt32) -> SIMD4<Float> {
        let shifted = SIMD4<UInt32>(repeating: word) &>> SIMD4<UInt32>(0, 8, 16, 24)
        return SIMD4<Float>(shifted & 0xFF)
    }

    @inline(__always)
    static func pack(_ v: SIMD4<Float>) -> UInt32 {
        let c = SIMD4<UInt32>((v + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)))
        return c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24
    }
}
