import OverlayEngine
import XCTest
import CCairo
@testable import OverlayRenderer

/// The blur kernel against a direct Gaussian convolution (the reference), in 8-bit channels.
final class BlurTests: XCTestCase {
    /// A transparent canvas with an opaque coloured rounded rect and a 1-px line: hard edges, a
    /// corner and an impulse-like feature, the worst cases for a box approximation.
    /// `margin` transparent pixels surround the features, as around a shadow's shape.
    private func shape(width: Int = 120, height: Int = 90, margin: Double = 0) -> [UInt32] {
        let canvas = Canvas(pixelWidth: width, pixelHeight: height, scale: 1)
        Paths.fill(canvas.context, Rect(x: margin + 30, y: margin + 25, width: 60, height: 40), radius: 8,
                   color: Color(hex: 0xFF8020))
        cairo_set_source_rgba(canvas.context, 0.2, 0.4, 1, 1)
        cairo_rectangle(canvas.context, margin + 10, margin + 5, 1, 80)
        cairo_fill(canvas.context)
        canvas.flush()
        var words = [UInt32](repeating: 0, count: width * height)
        let data = cairo_image_surface_get_data(canvas.surface)!
        for y in 0..<height {
            for x in 0..<width {
                words[y * width + x] = UnsafeRawPointer(data).load(fromByteOffset: y * canvas.stride + 4 * x, as: UInt32.self)
            }
        }
        return words
    }

    /// Separable Gaussian convolution with a sampled kernel over ±5σ, zero outside the image.
    private func reference(_ words: [UInt32], width: Int, height: Int, sigma: Double) -> [SIMD4<Double>] {
        let r = Int((5 * sigma).rounded(.up))
        var kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let input = words.map { SIMD4<Double>(GaussianBlur.unpack($0)) }
        var rows = [SIMD4<Double>](repeating: .zero, count: input.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = SIMD4<Double>.zero
                for k in -r...r where x + k >= 0 && x + k < width { sum += input[y * width + x + k] * kernel[k + r] }
                rows[y * width + x] = sum
            }
        }
        var out = rows
        for y in 0..<height {
            for x in 0..<width {
                var sum = SIMD4<Double>.zero
                for k in -r...r where y + k >= 0 && y + k < height { sum += rows[(y + k) * width + x] * kernel[k + r] }
                out[y * width + x] = sum
            }
        }
        return out
    }

    /// Largest per-channel difference (in 1/255 steps) between our blur and the reference.
    /// The shape gets a 3σ + 1 margin, as ShadowPainter gives it.
    private func maxError(sigma: Double, passes: Int) -> Double {
        let margin = (3 * sigma).rounded(.up) + 1
        let (w, h) = (120 + 2 * Int(margin), 90 + 2 * Int(margin))
        var words = shape(width: w, height: h, margin: margin)
        let expected = reference(words, width: w, height: h, sigma: sigma)
        words.withUnsafeMutableBytes { GaussianBlur.blur($0.baseAddress!, width: w, height: h, stride: 4 * w,
                                                         sigma: sigma, passes: passes) }
        var worst = 0.0
        for i in words.indices {
            let got = SIMD4<Double>(GaussianBlur.unpack(words[i]))
            let diff = got - expected[i]
            worst = max(worst, abs(diff[0]), abs(diff[1]), abs(diff[2]), abs(diff[3]))
        }
        return worst
    }

    /// The shadow kernel (8 extended boxes) is a real Gaussian: within 2/255 per channel of the
    /// direct convolution at small, medium and large σ. (Plain integer boxes ×3 miss by 2.5–15; 5 extended boxes by 2.5 at corners.)
    func testAccurateBlurMatchesReferenceGaussianWithin2() {
        for sigma in [1.5, 4.0, 12.0] {
            let error = maxError(sigma: sigma, passes: GaussianBlur.accuratePasses)
            print("blur σ = \(sigma): max channel error \(error)/255")
            XCTAssertLessThanOrEqual(error, 2.0, "σ = \(sigma): max channel error \(error)/255")
        }
    }

    /// The fast (3-pass) kernel for backdrops stays close too, just not within 2.
    func testFastBlurIsCloseToGaussian() {
        for sigma in [2.0, 6.0] {
            let error = maxError(sigma: sigma, passes: GaussianBlur.fastPasses)
            XCTAssertLessThanOrEqual(error, 4.0, "σ = \(sigma): \(error)")
        }
    }

    /// The extended box reproduces the Gaussian's variance exactly for any σ and pass count.
    func testExtendedBoxVarianceIsExact() {
        for sigma in [0.8, 1.5, 3.3, 10, 47.5] {
            for passes in [3, 5] {
                let box = ExtendedBox(sigma: sigma, passes: passes)
                let r = Double(box.radius), a = Double(box.edge)
                let variance = (r * (r + 1) * (2 * r + 1) / 3 + 2 * a * (r + 1) * (r + 1)) / (2 * r + 1 + 2 * a)
                XCTAssertEqual(variance * Double(passes), sigma * sigma, accuracy: 1e-6 * sigma * sigma)
            }
        }
    }

    /// Premultiplied output stays valid (no channel above alpha) and a flat image stays flat.
    func testFlatImageStaysFlatAndPremultipliedStaysValid() {
        var flat = [UInt32](repeating: 0x80402010, count: 64 * 32)
        flat.withUnsafeMutableBytes { GaussianBlur.blur($0.baseAddress!, width: 64, height: 32, stride: 256, sigma: 6) }
        XCTAssertTrue(flat.allSatisfy { $0 == 0x80402010 })
        var words = shape()
        words.withUnsafeMutableBytes { GaussianBlur.blur($0.baseAddress!, width: 120, height: 90, stride: 480, sigma: 3) }
        for w in words {
            let c = GaussianBlur.unpack(w)
            XCTAssertTrue(c[0] <= c[3] && c[1] <= c[3] && c[2] <= c[3], "channel above alpha: \(String(w, radix: 16))")
        }
    }

    /// The downsampled frosted blur of a large σ stays near the full-resolution Gaussian.
    func testFrostedBlurNearReference() {
        let (w, h) = (120, 90)
        var words = shape(width: w, height: h)
        let expected = reference(words, width: w, height: h, sigma: 10)
        words.withUnsafeMutableBytes { FrostedBlur.blur($0.baseAddress!, width: w, height: h, stride: 4 * w, radius: 20) }
        var worst = 0.0
        for i in words.indices {
            let d = SIMD4<Double>(GaussianBlur.unpack(words[i])) - expected[i]
            worst = max(worst, abs(d[0]), abs(d[1]), abs(d[2]), abs(d[3]))
        }
        XCTAssertLessThanOrEqual(worst, 8, "downsampled blur error \(worst)/255")
    }
}
