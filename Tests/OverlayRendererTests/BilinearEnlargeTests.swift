import XCTest
@testable import OverlayRenderer

/// The frosted blur's own enlargement (it replaced Cairo's bilinear filter for speed) against an
/// exact floating-point bilinear with pad extension, sampling at (x + ½) / f − ½ like Cairo: within
/// 1.5/255 per channel (its 8-bit weights and a rounding after each of its two passes). Cairo's
/// own filter (7-bit weights, 16.16 positions) differed from this one by up to 3/255 on this image.
final class BilinearEnlargeTests: XCTestCase {
    func testMatchesExactBilinearWithinOneAndAHalf() {
        let (sw, sh, f) = (13, 7, 5)
        let (width, height) = (62, 33)  // partial last blocks, as after shrinking 1920×1080 by 7
        var state: UInt32 = 12345
        var small = (0..<(sw * sh)).map { _ -> UInt32 in
            state = state &* 1_664_525 &+ 1_013_904_223
            let a = state >> 24, c = min(a, (state >> 8) & 0xFF)  // premultiplied: channels ≤ alpha
            return a << 24 | c << 16 | (c / 2) << 8 | (a - c / 3)
        }
        var ours = [UInt32](repeating: 0, count: width * height)
        small.withUnsafeMutableBufferPointer { s in
            ours.withUnsafeMutableBytes {
                BilinearEnlarge.enlarge(s.baseAddress!, sw: sw, sh: sh, factor: f, into: $0.baseAddress!,
                                        width: width, height: height, stride: 4 * width)
            }
        }
        func channel(_ x: Int, _ y: Int, _ shift: UInt32) -> Double {
            Double((small[min(max(y, 0), sh - 1) * sw + min(max(x, 0), sw - 1)] >> shift) & 0xFF)
        }
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let sx = (Double(x) + 0.5) / Double(f) - 0.5, sy = (Double(y) + 0.5) / Double(f) - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0), fy = sy - Double(y0)
                for shift in [0, 8, 16, 24] as [UInt32] {
                    let top = channel(x0, y0, shift) * (1 - fx) + channel(x0 + 1, y0, shift) * fx
                    let bottom = channel(x0, y0 + 1, shift) * (1 - fx) + channel(x0 + 1, y0 + 1, shift) * fx
                    let exact = top * (1 - fy) + bottom * fy
                    worst = max(worst, abs(Double((ours[y * width + x] >> shift) & 0xFF) - exact))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1.5, "largest channel difference from the exact bilinear: \(worst)/255")
    }
}
