import CCairo

/// Large-area blur for frosted backdrops: shrink by `GaussianBlur.downsampleFactor`, blur with
/// the fast pass count, scale back up bilinearly (`BilinearEnlarge`). Cost falls as the radius grows.
public enum FrostedBlur {
    /// Paints a blurred copy of `canvas`'s device-pixel rectangle back through `cr` with `alpha`
    /// (a fade between the sharp and the blurred picture).
    public static func paintBlurredCopy(of canvas: Canvas, x: Int, y: Int, width: Int, height: Int,
                                        radius: Double, alpha: Double, into cr: OpaquePointer) {
        let copy = Canvas(pixelWidth: max(1, width), pixelHeight: max(1, height), scale: 1)
        canvas.flush()
        cairo_set_source_surface(copy.context, canvas.surface, Double(-x), Double(-y))
        cairo_paint(copy.context)
        blur(copy, x: 0, y: 0, width: width, height: height, radius: radius)
        copy.flush()
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, copy.surface, Double(x), Double(y))
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// Blurs the device-pixel rectangle (`x`, `y`, `width`, `height`) of `canvas` in place.
    public static func blur(_ canvas: Canvas, x: Int, y: Int, width: Int, height: Int, radius: Double) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(canvas.pixelWidth, x + width), y1 = min(canvas.pixelHeight, y + height)
        guard x1 > x0, y1 > y0, canvas.isValid else { return }
        canvas.flush()
        guard let data = cairo_image_surface_get_data(canvas.surface) else { return }
        blur(UnsafeMutableRawPointer(data) + y0 * canvas.stride + 4 * x0, width: x1 - x0, height: y1 - y0,
             stride: canvas.stride, radius: radius)
        cairo_surface_mark_dirty(canvas.surface)
    }

    /// Blurs raw ARGB32 memory in place (see `blur(_:x:y:width:height:radius:)`).
    public static func blur(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, radius: Double) {
        let sigma = GaussianBlur.sigma(radius: radius)
        let f = GaussianBlur.downsampleFactor(sigma: sigma)
        guard f > 1 else {
            GaussianBlur.blur(pixels, width: width, height: height, stride: stride, sigma: sigma,
                              passes: GaussianBlur.fastPasses)
            return
        }
        let sw = (width + f - 1) / f, sh = (height + f - 1) / f
        var small = [UInt32](repeating: 0, count: sw * sh)
        shrink(pixels, width: width, height: height, stride: stride, factor: f, into: &small, sw: sw)
        small.withUnsafeMutableBytes { raw in
            GaussianBlur.blur(raw.baseAddress!, width: sw, height: sh, stride: 4 * sw, sigma: sigma / Double(f),
                              passes: GaussianBlur.fastPasses)
            BilinearEnlarge.enlarge(raw.baseAddress!.assumingMemoryBound(to: UInt32.self), sw: sw, sh: sh, factor: f,
                                    into: pixels, width: width, height: height, stride: stride)
        }
    }

    /// Box-averages `factor`×`factor` blocks (partial blocks at the edges average what they
    /// have). Channels are summed two at a time in 16-bit halves of a UInt32 (exact while
    /// factor² · 255 < 65536, hence the factor cap of 16). The rows of a block are summed into
    /// column totals 8 pixels at a time (SIMD8), then each block's columns are added up.
    private static func shrink(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                               factor f: Int, into small: inout [UInt32], sw: Int) {
        let evens = UnsafeMutablePointer<UInt32>.allocate(capacity: width), odds = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { evens.deallocate(); odds.deallocate() }
        let mask = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        let vectorEnd = width - width % 8
        small.withUnsafeMutableBufferPointer { out in
            for sy in 0..<((height + f - 1) / f) {
                evens.update(repeating: 0, count: width)
                odds.update(repeating: 0, count: width)
                let y1 = min(height, sy * f + f)
                for y in (sy * f)..<y1 {
                    let row = UnsafeRawPointer(pixels + y * stride)
                    var x = 0
                    while x < vectorEnd {
                        let w = row.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                        let e = UnsafeRawPointer(evens + x).loadUnaligned(as: SIMD8<UInt32>.self)
                        let o = UnsafeRawPointer(odds + x).loadUnaligned(as: SIMD8<UInt32>.self)
                        UnsafeMutableRawPointer(evens + x).storeBytes(of: e &+ (w & mask), as: SIMD8<UInt32>.self)
                        UnsafeMutableRawPointer(odds + x).storeBytes(of: o &+ ((w &>> 8) & mask), as: SIMD8<UInt32>.self)
                        x += 8
                    }
                    let words = row.assumingMemoryBound(to: UInt32.self)
                    while x < width {
                        evens[x] &+= words[x] & 0x00FF_00FF
                        odds[x] &+= (words[x] >> 8) & 0x00FF_00FF
                        x += 1
                    }
                }
                let rows = UInt32(y1 - sy * f)
                for sx in 0..<sw {
                    let x0 = sx * f, x1 = min(width, x0 + f)
                    var e: UInt32 = 0, o: UInt32 = 0
                    for x in x0..<x1 {
                        e &+= evens[x]
                        o &+= odds[x]
                    }
                    let n = rows * UInt32(x1 - x0), half = n / 2
                    let b = ((e & 0xFFFF) + half) / n, r = ((e >> 16) + half) / n
                    let g = ((o & 0xFFFF) + half) / n, a = ((o >> 16) + half) / n
                    out[sy * sw + sx] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
    }
}
