/// Bilinear enlargement by an integer factor, for the frosted blur's way back up: samples like
/// Cairo's bilinear filter with pad extension (output pixel x reads source (x + ½) / f − ½), at
/// half pixman's cost. Each small row is widened once (scalar); each output row is then one
/// lerp of two widened rows with a single weight, 8 pixels at a time in 16-bit lanes.
enum BilinearEnlarge {
    /// Enlarges `small` (`sw`×`sh` ARGB32 words) by `f` into `width`×`height` pixels at `pixels`
    /// (rows `stride` bytes apart; width ≤ sw·f, height ≤ sh·f).
    static func enlarge(_ small: UnsafePointer<UInt32>, sw: Int, sh: Int, factor f: Int,
                        into pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        guard sw > 0, sh > 0, f > 0, width > 0, height > 0 else { return }
        let xs = (0..<width).map { taps($0, factor: f, count: sw) }
        let wide = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * width)
        defer { wide.deallocate() }
        var held = (-1, -1)  // the small rows widened into wide[0..<width] and wide[width...]
        func widened(_ row: Int, keeping other: Int) -> UnsafeMutablePointer<UInt32> {
            if held.0 == row { return wide }
            if held.1 == row { return wide + width }
            let intoFirst = held.0 != other
            let slot = intoFirst ? wide : wide + width
            let source = small + row * sw
            for x in 0..<width {
                let t = xs[x]
                slot[x] = lerp(source[t.low], source[t.high], t.weight)
            }
            if intoFirst { held.0 = row } else { held.1 = row }
            return slot
        }
        let mask = SIMD8<UInt32>(repeating: 0x00FF_00FF), round = SIMD16<UInt16>(repeating: 0x80)
        let vectorEnd = width - width % 8
        for y in 0..<height {
            let t = taps(y, factor: f, count: sh)
            let a = widened(t.low, keeping: t.high), b = widened(t.high, keeping: t.low)
            let out = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            let wb = SIMD16<UInt16>(repeating: UInt16(t.weight)), wa = SIMD16<UInt16>(repeating: UInt16(256 - t.weight))
            var x = 0
            while x < vectorEnd {
                let pa = UnsafeRawPointer(a + x).loadUnaligned(as: SIMD8<UInt32>.self)
                let pb = UnsafeRawPointer(b + x).loadUnaligned(as: SIMD8<UInt32>.self)
                // Blue/red and green/alpha in alternate 16-bit lanes: 255 · 256 + 128 < 2¹⁶.
                let ae = unsafeBitCast(pa & mask, to: SIMD16<UInt16>.self)
                let be = unsafeBitCast(pb & mask, to: SIMD16<UInt16>.self)
                let ao = unsafeBitCast((pa &>> 8) & mask, to: SIMD16<UInt16>.self)
                let bo = unsafeBitCast((pb &>> 8) & mask, to: SIMD16<UInt16>.self)
                let e = unsafeBitCast(ae &* wa &+ be &* wb &+ round, to: SIMD8<UInt32>.self)
                let o = unsafeBitCast(ao &* wa &+ bo &* wb &+ round, to: SIMD8<UInt32>.self)
                UnsafeMutableRawPointer(out + x).storeBytes(of: ((e &>> 8) & mask) | (o & ~mask), as: SIMD8<UInt32>.self)
                x += 8
            }
            while x < width {
                out[x] = lerp(a[x], b[x], t.weight)
                x += 1
            }
        }
    }

    /// The two source pixels output pixel `i` reads (clamped: pad extension) and the second's
    /// weight in 0...256.
    @inline(__always)
    static func taps(_ i: Int, factor f: Int, count n: Int) -> (low: Int, high: Int, weight: UInt32) {
        let t = 2 * i + 1 - f, d = 2 * f  // the source position is t / d
        let i0 = t >= 0 ? t / d : -((d - 1 - t) / d)
        let weight = UInt32(((t - i0 * d) * 256 + f) / d)
        return (min(max(i0, 0), n - 1), min(max(i0 + 1, 0), n - 1), weight)
    }

    /// a·(256 − w) + b·w over 256, per channel, two channels per multiply.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let v = 256 - w
        let e = ((a & 0x00FF_00FF) &* v &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let o = (((a >> 8) & 0x00FF_00FF) &* v &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
        return e | o
    }
}
