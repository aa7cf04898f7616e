import OverlayEngine
import XCTest
@testable import OverlayRenderer

/// A fading toast is composited from its cached image (toast over shadow): every pixel must match
/// drawing the shadow and then the toast through a group, at 1× and 2×, within 2/255 per channel
/// (where the toast's antialiased edge meets its shadow the two orders round differently), and
/// the image goes once the toast is opaque again.
final class FadeImageTests: XCTestCase {
    let style = Fixtures.style

    private func pixels(_ canvas: Canvas) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<canvas.pixelHeight {
            for x in 0..<canvas.pixelWidth {
                let p = canvas.pixel(x: x, y: y)
                out += [p.r, p.g, p.b, p.a]
            }
        }
        return out
    }

    /// Largest difference of any channel of any pixel.
    private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return .max }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    private func draw(_ renderer: ToastRenderer, scale: Double, opacity: Double, x: Double) -> Canvas {
        let height = renderer.measure(Fixtures.simple, style: style).height
        let canvas = Canvas(pixelWidth: Int((style.width + 40) * scale), pixelHeight: Int((height + 40) * scale), scale: scale)
        canvas.fill(Color(hex: 0x336699))
        renderer.draw(Fixtures.simple, style: style, on: canvas, x: x, y: 12, opacity: opacity, shadow: style.shadow)
        return canvas
    }

    func testTheCachedImageDrawsExactlyWhatTheGroupDraws() {
        for scale in [1.0, 2.0] {
            for opacity in [0.1, 0.5, 0.93] {
                let cached = ToastRenderer(), drawn = ToastRenderer()
                drawn.usesFadeImages = false
                let a = draw(cached, scale: scale, opacity: opacity, x: 17)
                XCTAssertEqual(cached.fadeImageCount, 1, "the fade used an image at \(scale)×")
                let b = draw(drawn, scale: scale, opacity: opacity, x: 17)
                XCTAssertEqual(drawn.fadeImageCount, 0)
                XCTAssertLessThanOrEqual(maxDifference(pixels(a), pixels(b)), 2, "at \(scale)×, opacity \(opacity)")
                XCTAssertFalse(pixels(a) == pixels(draw(drawn, scale: scale, opacity: opacity * 0.5, x: 17)),
                               "the comparison sees the alpha")
                // A second frame reuses the image and still matches.
                XCTAssertLessThanOrEqual(maxDifference(pixels(draw(cached, scale: scale, opacity: opacity, x: 17)), pixels(b)), 2)
            }
        }
    }

    func testAFadingToastOffThePixelGridIsDrawnOnItAndOpaqueDropsTheImage() {
        let renderer = ToastRenderer(), drawn = ToastRenderer()
        drawn.usesFadeImages = false
        // Half a pixel off: the fade goes to the nearest whole pixel (an image would otherwise
        // have to be resampled), which is where the group path draws when given that position.
        XCTAssertLessThanOrEqual(maxDifference(pixels(draw(renderer, scale: 1, opacity: 0.5, x: 17.4)),
                                               pixels(draw(drawn, scale: 1, opacity: 0.5, x: 17))), 2)
        XCTAssertEqual(renderer.fadeImageCount, 1)
        // The fade's last frame (opaque) still uses the image, and matches drawing directly.
        XCTAssertLessThanOrEqual(maxDifference(pixels(draw(renderer, scale: 1, opacity: 1, x: 17)),
                                               pixels(draw(drawn, scale: 1, opacity: 1, x: 17))), 2)
        XCTAssertEqual(renderer.fadeImageCount, 0, "the fade is over: the image is dropped")
    }
}

extension FadeImageTests {
    func testAToastThatStopsBeingDrawnLosesItsImageAfterAFewFrames() {
        let renderer = ToastRenderer()
        _ = draw(renderer, scale: 1, opacity: 0.3, x: 17)   // fading out, then removed
        renderer.endFrame()
        XCTAssertEqual(renderer.fadeImageCount, 1)
        for _ in 0..<FadeImageCache.framesKept { renderer.endFrame() }
        XCTAssertEqual(renderer.fadeImageCount, 1, "kept while other outputs' surfaces take their turns")
        renderer.endFrame()
        XCTAssertEqual(renderer.fadeImageCount, 0, "gone once no frame draws it")
    }
}

/// Inside a clip of whole pixels (what a daemon frame always has) the image is blended straight
/// into the canvas's pixels: the same bits cairo_paint_with_alpha gives, and nothing outside the clip.
extension FadeImageTests {
    private func clippedDraw(_ renderer: ToastRenderer, scale: Double, opacity: Double, clip: [Rect]) -> Canvas {
        let height = renderer.measure(Fixtures.simple, style: style).height
        let canvas = Canvas(pixelWidth: Int((style.width + 40) * scale), pixelHeight: Int((height + 40) * scale), scale: scale)
        canvas.fill(Color(hex: 0x336699))
        canvas.clip(to: clip)
        renderer.draw(Fixtures.simple, style: style, on: canvas, x: 17, y: 12, opacity: opacity, shadow: style.shadow)
        return canvas
    }

    func testInsideAWholePixelClipTheImageIsBlendedDirectlyToTheSameBitsAsCairo() {
        // Two overlapping bands that cut through the toast and its shadow, on whole pixels at both scales.
        let clip = [Rect(x: 0, y: 0, width: 120, height: 30), Rect(x: 100, y: 20, width: 200, height: 40)]
        for scale in [1.0, 2.0] {
            for opacity in [0.2, 0.7, 1.0] {
                let direct = ToastRenderer(), viaCairo = ToastRenderer()
                viaCairo.blendsFadeImagesDirectly = false
                _ = clippedDraw(direct, scale: scale, opacity: 0.5, clip: clip)   // makes the image
                _ = clippedDraw(viaCairo, scale: scale, opacity: 0.5, clip: clip)
                XCTAssertEqual(direct.directFadeComposites, 1)
                XCTAssertEqual(viaCairo.directFadeComposites, 0)
                let a = clippedDraw(direct, scale: scale, opacity: opacity, clip: clip)
                let b = clippedDraw(viaCairo, scale: scale, opacity: opacity, clip: clip)
                XCTAssertEqual(direct.directFadeComposites, 2)
                XCTAssertEqual(pixels(a), pixels(b), "at \(scale)×, opacity \(opacity): bit for bit")
                // The clip holds: a pixel inside the toast but outside both bands keeps the fill.
                let outside = a.pixel(x: Int(40 * scale), y: Int(70 * scale))
                XCTAssertEqual([outside.r, outside.g, outside.b, outside.a], [0x33, 0x66, 0x99, 255])
                let inside = a.pixel(x: Int(40 * scale), y: Int(25 * scale))
                XCTAssertNotEqual([inside.r, inside.g, inside.b], [0x33, 0x66, 0x99], "the toast shows inside the clip")
            }
        }
    }

    func testAFractionalClipFallsBackToCairo() {
        let renderer = ToastRenderer()
        _ = clippedDraw(renderer, scale: 1, opacity: 0.5, clip: [Rect(x: 0.5, y: 0, width: 200.25, height: 50)])
        XCTAssertEqual(renderer.fadeImageCount, 1)
        XCTAssertEqual(renderer.directFadeComposites, 0, "a clip that is not whole pixels needs cairo's coverage")
        // Unclipped, the clip is the whole canvas: direct.
        _ = draw(renderer, scale: 1, opacity: 0.5, x: 17)
        XCTAssertEqual(renderer.directFadeComposites, 1)
    }
}

/// A dropped image's memory is kept for the next fade (toasts come in bursts of one size): the
/// next image is made in it, zeroed first, so it draws exactly what fresh memory gives.
extension FadeImageTests {
    private func drawFading(_ content: ToastContent, _ renderer: ToastRenderer, opacity: Double) -> Canvas {
        let canvas = Canvas(pixelWidth: Int(style.width + 40), pixelHeight: 200, scale: 1)
        canvas.fill(Color(hex: 0x336699))
        renderer.draw(content, style: style, on: canvas, x: 17, y: 12, opacity: opacity, shadow: style.shadow)
        return canvas
    }

    func testADroppedImagesMemoryIsReusedZeroedAndReleasedOnRequest() {
        let second = ToastContent(summary: "Second", body: "Short")
        let reusing = ToastRenderer(), fresh = ToastRenderer()
        _ = drawFading(Fixtures.simple, reusing, opacity: 0.5)
        _ = drawFading(Fixtures.simple, reusing, opacity: 1)    // the fade is over: its image is dropped
        XCTAssertEqual(reusing.fadeImageCount, 0)
        XCTAssertTrue(reusing.holdsSpareMemory)

        let a = drawFading(second, reusing, opacity: 0.6)
        XCTAssertEqual(reusing.reusedFadeImageMemory, 1, "the smaller toast's image went into the spare memory")
        XCTAssertFalse(reusing.holdsSpareMemory)
        let b = drawFading(second, fresh, opacity: 0.6)
        XCTAssertEqual(fresh.reusedFadeImageMemory, 0)
        // Unzeroed, the first toast's text and shadow would show around the second, shorter one.
        XCTAssertTrue(pixels(a) == pixels(b), "drawn in reused memory: the same pixels as in fresh memory")

        _ = drawFading(second, reusing, opacity: 1)
        XCTAssertTrue(reusing.holdsSpareMemory)
        reusing.releaseSpareMemory()
        XCTAssertFalse(reusing.holdsSpareMemory)
    }
}

/// Fade images are bounded in bytes: past the budget a fading toast is drawn through a group,
/// to the same pixels, and no more memory is mapped.
extension FadeImageTests {
    func testPastItsByteBudgetAFadeIsDrawnWithoutAnImage() {
        let probe = ToastRenderer()
        _ = drawFading(Fixtures.simple, probe, opacity: 0.5)
        let oneImage = probe.fadeImageBytes
        XCTAssertGreaterThan(oneImage, 0)

        let bounded = ToastRenderer(), drawn = ToastRenderer()
        bounded.fadeImageBudget = oneImage + oneImage / 2
        drawn.usesFadeImages = false
        let second = ToastContent(summary: "Second", body: "Another toast fading at the same time")
        let canvas = Canvas(pixelWidth: Int(style.width + 40), pixelHeight: 400, scale: 1), reference = Canvas(pixelWidth: Int(style.width + 40), pixelHeight: 400, scale: 1)
        for (renderer, target) in [(bounded, canvas), (drawn, reference)] {
            target.fill(Color(hex: 0x336699))
            renderer.draw(Fixtures.simple, style: style, on: target, x: 17, y: 12, opacity: 0.5, shadow: style.shadow)
            renderer.draw(second, style: style, on: target, x: 17, y: 200, opacity: 0.5, shadow: style.shadow)
        }
        XCTAssertEqual(bounded.fadeImageCount, 1, "the second fade found no room for an image")
        XCTAssertLessThanOrEqual(bounded.fadeImageBytes, bounded.fadeImageBudget)
        XCTAssertLessThanOrEqual(maxDifference(pixels(canvas), pixels(reference)), 2, "both toasts drawn as without images")
    }
}
