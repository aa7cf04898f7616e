// One dimension of the blur: repeated "extended" box filters over a padded line of pixels.

/// An extended box filter (Gwosdek et al., "Theoretical foundations of Gaussian convolution by
/// extended box filtering", 2011): a box of radius `r` plus a fractional weight `edge` on the two
/// taps just outside it, chosen so that `passes` boxes have exactly the variance σ² of the
/// Gaussian. Unlike plain integer boxes the variance never drifts, so five passes stay within
/// 1.5/255 of the true Gaussian on a hard edge at any σ ≥ 1.5.
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

/// A line of `count` pixels with `pad` clamped copies of its end pixels on each side, so the box
/// loop reads outside the line without a branch. Two of these ping-pong between passes.
struct PaddedLine {
    var storage: [SIMD4<Float>]
    let pad: Int
    private(set) var count: Int

    init(capacity: Int, pad: Int) {
        self.pad = pad
        count = 0
        storage = Array(repeating: .zero, count: capacity + 2 * pad)
    }

    /// Resizes the logical line (capacity must suffice).
    mutating func setCount(_ n: Int) {
        precondition(n + 2 * pad <= storage.count, "PaddedLine capacity")
        count = n
    }

    /// Copies the end pixels into the padding (clamp-to-edge).
    mutating func extendEdges() {
        guard count > 0 else { return }
        let first = storage[pad], last = storage[pad + count - 1]
        storage.withUnsafeMutableBufferPointer { p in
            for i in 0..<pad {
                p[i] = first
                p[pad + count + i] = last
            }
        }
    }

    /// Runs one extended box pass from `source` into `self` (same count).
    mutating func boxPass(from source: PaddedLine, box: ExtendedBox) {
        let n = count, r = box.radius, pad = self.pad
        let inner = SIMD4<Float>(repeating: box.inner), outer = SIMD4<Float>(repeating: box.outer)
        source.storage.withUnsafeBufferPointer { srcBuffer in
            storage.withUnsafeMutableBufferPointer { dstBuffer in
                let src = srcBuffer.baseAddress! + pad, dst = dstBuffer.baseAddress! + pad
                var sum = SIMD4<Float>.zero
                for j in -r...r { sum += src[j] }
                for i in 0..<n {
                    dst[i] = sum * inner + (src[i - r - 1] + src[i + r + 1]) * outer
                    sum += src[i + r + 1] - src[i - r]
                }
            }
        }
        extendEdges()
    }
}
