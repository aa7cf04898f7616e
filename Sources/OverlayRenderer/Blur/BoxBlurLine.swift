// One dimension of the blur: repeated "extended" box filters over a padded line of pixels.

/// An extended box filter (Gwosdek et al., "Theoretical foundations of Gaussian convolution by
/// extended box filtering", 2011): a box of radius `r` plus a fractional weight `edge` on the two
/// taps just outside it, chosen so that `passes` boxes have exactly the variance σ² of the
/// Gaussian. Unlike plain integer boxes the variance never drifts; the remaining error is the
/// shape's, about 12/255 ÷ passes on a hard edge (8 passes: within 2/255 in 2-D at any σ ≥ 1.5).
struct ExtendedBox: Equatable {
    let radius: Int
    /// Weight of the taps at ±(radius + 1), in 0..<1 before normalising.
    let edge: Float
    /// 1 / (2r + 1 + 2·edge): the inner taps' normalised weight.
    let inner: Float
    /// edge / (2r + 1 + 2·edge).
    let outer: Float

    init(sigma: Double, passes: Int) {
        let variance = sigma * sigma / Double(max(1, passes))
        let r = max(0, Int((0.5 * (12 * variance + 1).squareRoot() - 0.5).rounded(.down)))
        let rr = Double(r)
        let boxSum = rr * (rr + 1) * (2 * rr + 1) / 3  // Σ j² for j in -r...r
        let a = max(0, min(1, (variance * (2 * rr + 1) - boxSum) / (2 * (rr + 1) * (rr + 1) - 2 * variance)))
        radius = r
        edge = Float(a)
        let norm = Float(2 * rr + 1 + 2 * a)
        inner = 1 / norm
        outer = Float(a) / norm
    }

    /// Taps on each side that read outside the line.
    var reach: Int { radius + 1 }
}

/// Line buffers for the box passes: `lines` lines of up to `capacity` pixels, each with `pad`
/// clamped copies of its end pixels on both sides, so the box loop reads outside the line
/// without a branch. Raw memory, so the inner loop is plain SIMD loads and stores.
final class LineBuffers {
    let pad: Int
    let capacity: Int
    let lines: Int
    private let a: UnsafeMutablePointer<SIMD4<Float>>
    private let b: UnsafeMutablePointer<SIMD4<Float>>
    private var span: Int { capacity + 2 * pad }

    init(lines: Int, capacity: Int, pad: Int) {
        self.lines = lines
        self.capacity = capacity
        self.pad = pad
        let count = lines * (capacity + 2 * pad)
        a = .allocate(capacity: count)
        a.initialize(repeating: .zero, count: count)
        b = .allocate(capacity: count)
        b.initialize(repeating: .zero, count: count)
    }

    deinit {
        a.deallocate()
        b.deallocate()
    }

    /// Pixel 0 of line `index` in the input buffer (write the line here, then call `blur`).
    func input(_ index: Int) -> UnsafeMutablePointer<SIMD4<Float>> { a + index * span + pad }

    /// Runs `passes` box passes over the first `count` pixels of line `index`; returns pixel 0
    /// of the result (valid until the next call for that line).
    func blur(_ index: Int, count: Int, box: ExtendedBox, passes: Int) -> UnsafePointer<SIMD4<Float>> {
        var src = a + index * span + pad, dst = b + index * span + pad
        Self.extendEdges(src, count: count, pad: pad)
        for _ in 0..<max(1, passes) {
            Self.boxPass(src, dst, count: count, box: box)
            Self.extendEdges(dst, count: count, pad: pad)
            swap(&src, &dst)
        }
        return UnsafePointer(src)
    }

    @inline(__always)
    static func extendEdges(_ line: UnsafeMutablePointer<SIMD4<Float>>, count: Int, pad: Int) {
        let first = line[0], last = line[count - 1]
        for i in 1...pad {
            line[-i] = first
            line[count - 1 + i] = last
        }
    }

    @inline(__always)
    static func boxPass(_ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                        count n: Int, box: ExtendedBox) {
        let r = box.radius
        let inner = SIMD4<Float>(repeating: box.inner), outer = SIMD4<Float>(repeating: box.outer)
        var sum = SIMD4<Float>.zero
        for j in -r...r { sum += src[j] }
        var lead = src + r + 1, trail = src - r, edgeLow = src - r - 1
        for i in 0..<n {
            dst[i] = sum * inner + (edgeLow.pointee + lead.pointee) * outer
            sum += lead.pointee - trail.pointee
            lead += 1
            trail += 1
            edgeLow += 1
        }
    }
}
