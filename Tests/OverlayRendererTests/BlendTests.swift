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

    /// A colour through an A8 mask (a text's glyph image) by cairo's `cairo_mask_surface`.
    private func maskedViaCairo(_ mask: [UInt8], stride maskStride: Int, color: (r: Double, g: Double, b: Double, a: Double),
                                onto dst: [UInt32], width: Int, height: Int) -> [UInt32] {
        var mask = mask, out = dst
        mask.withUnsafeMutableBytes { m in
            out.withUnsafeMutableBytes { d in
                let source = cairo_image_surface_create_for_data(m.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                 CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(maskStride))
                let target = cairo_image_surface_create_for_data(d.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                 CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
                let cr = cairo_create(target)
                cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
                cairo_mask_surface(cr, source, 0, 0)
                cairo_destroy(cr)
                cairo_surface_flush(target)
                cairo_surface_destroy(target)
                cairo_surface_destroy(source)
            }
        }
        return out
    }

    /// `ow_mask_over` (AVX2 where the CPU has it) and its portable loop give cairo's bits, with
    /// rows of uncovered, partly and wholly covered pixels and widths past the 8-pixel steps.
    @Test(arguments: [(13, 1.0), (16, 0.6), (37, 0.02), (5, 1.0)])
    func masksToCairosBits(width: Int, alpha: Double) {
        let height = 6
        let dst = pixels(width * height, seed: UInt64(width) + 7)
        let stride = (width + 3) / 4 * 4  // cairo's A8 rows
        var coverage = pixels(stride * height, seed: UInt64(width) + 3).map { UInt8($0 >> 24) }
        for x in 0..<width { coverage[x] = 0; coverage[stride + x] = 255 }  // a row uncovered, one covered
        for x in 0..<min(8, width) { coverage[2 * stride + x] = 0 }  // 8 uncovered pixels in a row
        let color = (r: 0.18, g: 0.2, b: 0.25, a: alpha)
        let expected = maskedViaCairo(coverage, stride: stride, color: color, onto: dst, width: width, height: height)
        let pixel = (0..<4).reduce(UInt32(0)) { word, i in
            let value = [color.a, color.r * color.a, color.g * color.a, color.b * color.a][i]
            return word | (UInt32(value * 65535 + 0.5) >> 8) << UInt32(24 - 8 * i)
        }
        for mask in [ow_mask_over, ow_mask_over_portable] {
            var out = dst
            coverage.withUnsafeBytes { m in
                out.withUnsafeMutableBytes { d in
                    mask(d.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width * 4),
                         m.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(stride), Int32(width), Int32(height), pixel)
                }
            }
            #expect(out == expected)
        }
        #expect(expected != dst, "the mask changes pixels")
    }
}
