import CCairo
import CPixels
import Glibc
import Testing
@testable import OverlayRenderer

/// A scaled picture composited by `ScaledPicture` (`ow_scale_over`) against cairo's own scaled
/// composite (pixman's bilinear filter) of the same picture onto the same pixels: within 2/255
/// in every channel, and the same bits in all but a few pixels (under 0.5 %, where a sample
/// position rounds across a weight step the other way), at a stack's peeking scales, a fade's
/// opacity, a spring's overshoot past 1 and fractional offsets. The AVX2 and portable sampling
/// give the same bits; the clip holds; a shrink under ¾ is left to cairo (a box filter).
@Suite struct ScaledPictureTests {
    private struct Random {
        var state: UInt64
        mutating func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        /// Premultiplied ARGB32: each colour ≤ alpha.
        mutating func pixel(opaque: Bool = false) -> UInt32 {
            let a = opaque ? 255 : next() % 256
            return a << 24 | (next() % (a + 1)) << 16 | (next() % (a + 1)) << 8 | next() % (a + 1)
        }
    }

    /// A card-like picture: a transparent margin, an opaque card with random text-like pixels.
    private func picture(width: Int, height: Int, seed: UInt64) -> Canvas {
        let canvas = Canvas(pixelWidth: width, pixelHeight: height, scale: 1)
        var random = Random(state: seed)
        let data = cairo_image_surface_get_data(canvas.surface)!
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * canvas.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let inCard = x >= 3 && y >= 3 && x < width - 3 && y < height - 3
                row[x] = inCard ? random.pixel(opaque: random.next() % 3 == 0) : (x == 0 || y == 0 ? 0 : random.pixel())
            }
        }
        cairo_surface_mark_dirty(canvas.surface)
        return canvas
    }

    private func backdrop(width: Int, height: Int, seed: UInt64) -> Canvas {
        let canvas = Canvas(pixelWidth: width, pixelHeight: height, scale: 1)
        var random = Random(state: seed)
        let data = cairo_image_surface_get_data(canvas.surface)!
        for i in 0..<(canvas.stride / 4 * height) {
            UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)[i] = random.pixel()
        }
        cairo_surface_mark_dirty(canvas.surface)
        return canvas
    }

    private func words(_ canvas: Canvas) -> [UInt32] {
        canvas.flush()
        let data = UnsafeRawPointer(cairo_image_surface_get_data(canvas.surface)!).assumingMemoryBound(to: UInt32.self)
        return Array(UnsafeBufferPointer(start: data, count: canvas.stride / 4 * canvas.pixelHeight))
    }

    /// `picture` drawn at `scale` with its top-left at (`x`, `y`) on `target`, clipped to
    /// `clip`, by cairo or by `ScaledPicture`; whether `ScaledPicture` drew it.
    @discardableResult
    private func draw(_ picture: Canvas, on target: Canvas, scale: Double, x: Double, y: Double, opacity: Double,
                      clip: (Double, Double, Double, Double)? = nil, cairo: Bool) -> Bool {
        let cr = target.context
        cairo_save(cr)
        if let clip {
            cairo_rectangle(cr, clip.0, clip.1, clip.2, clip.3)
            cairo_clip(cr)
        }
        cairo_translate(cr, x, y)
        cairo_scale(cr, scale, scale)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        var drew = false
        if cairo {
            cairo_set_source_surface(cr, picture.surface, 0, 0)
            cairo_paint_with_alpha(cr, opacity)
        } else {
            drew = ScaledPicture.composite(picture, matrix: matrix, on: cr, opacity: opacity)
        }
        cairo_restore(cr)
        target.flush()
        return drew
    }

    @Test(arguments: [(0.92, 1.0), (0.96, 1.0), (0.96, 0.35), (0.8, 0.6), (1.04, 1.0)])
    func matchesCairosBilinearComposite(scale: Double, opacity: Double) {
        let picture = picture(width: 157, height: 61, seed: 7)
        for (x, y) in [(9.0, 11.0), (20.37, 5.61), (0.5, 0.25)] {
            let ours = backdrop(width: 190, height: 80, seed: 3), theirs = backdrop(width: 190, height: 80, seed: 3)
            #expect(draw(picture, on: ours, scale: scale, x: x, y: y, opacity: opacity, cairo: false))
            draw(picture, on: theirs, scale: scale, x: x, y: y, opacity: opacity, cairo: true)
            let a = words(ours), b = words(theirs)
            var worst = 0, differing = 0
            for (p, q) in zip(a, b) where p != q {
                differing += 1
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
            }
            #expect(worst <= 2, "scale \(scale) at (\(x), \(y)), opacity \(opacity): a channel \(worst)/255 off cairo's")
            #expect(differing * 200 <= a.count, "scale \(scale) at (\(x), \(y)): \(differing) of \(a.count) pixels differ")
            #expect(a != words(backdrop(width: 190, height: 80, seed: 3)), "nothing was drawn")
        }
    }

    @Test func theClipHolds() {
        let picture = picture(width: 120, height: 50, seed: 11)
        let target = backdrop(width: 150, height: 70, seed: 5), before = words(target)
        #expect(draw(picture, on: target, scale: 0.92, x: 4.3, y: 6.7, opacity: 1, clip: (30, 10, 40, 20), cairo: false))
        let after = words(target), row = target.stride / 4
        for y in 0..<70 {
            for x in 0..<150 where !(30..<70).contains(x) || !(10..<30).contains(y) {
                #expect(after[y * row + x] == before[y * row + x], "pixel (\(x), \(y)) outside the clip changed")
            }
        }
        #expect(after != before)
    }

    @Test func aShrinkUnderThreeQuartersIsLeftToCairo() {
        let picture = picture(width: 40, height: 20, seed: 1)
        let target = backdrop(width: 50, height: 30, seed: 2), before = words(target)
        #expect(!draw(picture, on: target, scale: 0.7, x: 1, y: 1, opacity: 1, cairo: false))
        #expect(words(target) == before)
    }

    /// Onto random pixels with a clear band (a new image is clear: copied onto, not blended).
    @Test(arguments: [0.92, 0.96, 1.04], [200, 255] as [UInt32])
    func avx2AndPortableSamplingAgree(scale: Double, alpha: UInt32) {
        let picture = picture(width: 93, height: 29, seed: 5)
        let source = cairo_image_surface_get_data(picture.surface)!
        var transform = ow_scale_transform(scale_x: Int64((65536 / scale).rounded()), offset_x: -40_000,
                                           scale_y: Int64((65536 / scale).rounded()), offset_y: 12_345)
        var results: [[UInt32]] = []
        for portable in [false, true] {
            let target = backdrop(width: 101, height: 35, seed: 9)
            let data = cairo_image_surface_get_data(target.surface)!
            for y in 10..<25 { memset(data + y * target.stride + 20 * 4, 0, 50 * 4) }
            let draw = portable ? ow_scale_over_portable : ow_scale_over
            #expect(draw(data + 2 * target.stride + 3 * 4, Int32(target.stride), 3, 2, 95, 31, source, Int32(picture.stride),
                         93, 29, &transform, alpha) == 1)
            cairo_surface_mark_dirty(target.surface)
            results.append(words(target))
        }
        #expect(results[0] == results[1])
        #expect(results[0] != words(backdrop(width: 101, height: 35, seed: 9)))
    }
}
