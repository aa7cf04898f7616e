import CCairo
import CPixels
import Testing

/// `ow_blend_over` (AVX2 where the CPU has it) and its portable loop against cairo's
/// `cairo_paint_with_alpha` (pixman) on random premultiplied pixels: the same bits, for widths
/// that leave a remainder after the 8-pixel steps and for the edge alphas.
@Suite struct BlendTests {
    /// Random premultiplied ARGB32 (each colour ≤ alpha), deterministic.
    private func pixels(_ count: Int, seed: UInt64) -> [UInt32] {
        var state = seed
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            let a = next() % 256
            let (r, g, b) = (next() % (a + 1), next() % (a + 1), next() % (a + 1))
            return a << 24 | r << 16 | g << 8 | b
        }
    }

    /// `src` blended onto `dst` (both width × height) by cairo.
    private func viaCairo(_ src: [UInt32], onto dst: [UInt32], width: Int, height: Int, alpha: Double) -> [UInt32] {
        var src = src, out = dst
        let stride = Int32(width * 4)
        src.withUnsafeMutableBytes { s in
            out.withUnsafeMutableBytes { d in
                let source = cairo_image_surface_create_for_data(s.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                 CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), stride)
                let target = cairo_image_surface_create_for_data(d.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                 CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), stride)
                let cr = cairo_create(target)
                cairo_set_source_surface(cr, source, 0, 0)
                cairo_paint_with_alpha(cr, alpha)
                cairo_destroy(cr)
                cairo_surface_flush(target)
                cairo_surface_destroy(target)
                cairo_surface_destroy(source)
            }
        }
        return out
    }

    private func blended(_ blend: (UnsafeMutablePointer<UInt8>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32, UInt32) -> Void,
                         _ src: [UInt32], onto dst: [UInt32], width: Int, height: Int, alpha8: UInt32) -> [UInt32] {
        var out = dst
        src.withUnsafeBytes { s in
            out.withUnsafeMutableBytes { d in
                blend(d.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width * 4),
                      s.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width * 4), Int32(width), Int32(height), alpha8)
            }
        }
        return out
    }

    @Test(arguments: [(13, 0.5), (8, 1.0), (21, 0.02), (3, 0.999), (64, 0.7)])
    func blendsToCairosBits(width: Int, alpha: Double) {
        let height = 5
        let src = pixels(width * height, seed: UInt64(width)), dst = pixels(width * height, seed: UInt64(width) + 99)
        let expected = viaCairo(src, onto: dst, width: width, height: height, alpha: alpha)
        let alpha8 = UInt32((alpha * 65535 + 0.5).rounded(.down)) >> 8  // as CardImageCache converts
        #expect(blended(ow_blend_over, src, onto: dst, width: width, height: height, alpha8: alpha8) == expected)
        #expect(blended(ow_blend_over_portable, src, onto: dst, width: width, height: height, alpha8: alpha8) == expected)
        #expect(expected != dst, "the blend changes pixels")
    }

    @Test func zeroAlphaLeavesTheTargetAlone() {
        let src = pixels(40, seed: 1), dst = pixels(40, seed: 2)
        #expect(blended(ow_blend_over, src, onto: dst, width: 8, height: 5, alpha8: 0) == dst)
        #expect(blended(ow_blend_over_portable, src, onto: dst, width: 8, height: 5, alpha8: 0) == dst)
    }
}
