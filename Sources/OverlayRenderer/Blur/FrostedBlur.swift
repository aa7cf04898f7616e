import CCairo

/// Large-area blur for frosted backdrops: shrink by `GaussianBlur.downsampleFactor`, blur with
/// the fast pass count, scale back up bilinearly. Cost falls as the radius grows.
public enum FrostedBlur {
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
            let target = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self),
                                                             CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
            let source = cairo_image_surface_create_for_data(raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                             CAIRO_FORMAT_ARGB32, Int32(sw), Int32(sh), Int32(4 * sw))
            let cr = cairo_create(target)!
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_scale(cr, Double(f), Double(f))
            cairo_set_source_surface(cr, source, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(source)
            cairo_surface_flush(target)
            cairo_surface_destroy(target)
        }
    }

    /// Box-averages `factor`×`factor` blocks (partial blocks at the edges average what they
    /// have). Channels are summed two at a time in 16-bit halves of a UInt32 (exact while
    /// factor² · 255 < 65536, hence the factor cap of 16).
    private static func shrink(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                               factor f: Int, into small: inout [UInt32], sw: Int) {
        var evens = [UInt32](repeating: 0, count: sw), odds = [UInt32](repeating: 0, count: sw)
        small.withUnsafeMutableBufferPointer { out in
            evens.withUnsafeMutableBufferPointer { ev in
                odds.withUnsafeMutableBufferPointer { od in
                    for sy in 0..<((height + f - 1) / f) {
                        for i in 0..<sw { ev[i] = 0; od[i] = 0 }
                        let y1 = min(height, sy * f + f)
                        for y in (sy * f)..<y1 {
                            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                            var x = 0
                            for sx in 0..<sw {
                                let end = min(width, x + f)
                                var e: UInt32 = 0, o: UInt32 = 0
                                while x < end {
                                    let w = row[x]
                                    e &+= w & 0x00FF_00FF
                                    o &+= (w >> 8) & 0x00FF_00FF
                                    x += 1
                                }
                                ev[sx] &+= e
                                od[sx] &+= o
                            }
                        }
                        let rows = UInt32(y1 - sy * f)
                        for sx in 0..<sw {
                            let n = rows * UInt32(min(width, sx * f + f) - sx * f), half = n / 2
                            let b = ((ev[sx] & 0xFFFF) + half) / n, r = ((ev[sx] >> 16) + half) / n
                            let g = ((od[sx] & 0xFFFF) + half) / n, a = ((od[sx] >> 16) + half) / n
                            out[sy * sw + sx] = a << 24 | r << 16 | g << 8 | b
                        }
                    }
                }
            }
        }
    }
}
