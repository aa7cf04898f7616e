import CCairo
import OverlayEngine
import XCTest
@testable import OverlayRenderer

/// Cards repainted with the look they had are composited from a finished image: the pixels must
/// be those of painting them (within 2/255 where antialiased edges meet the shadow, 4/255 for a
/// translucent scaled card), at 1× and
/// 2×, opaque and translucent, moved by whole pixels; a change of look is painted afresh.
final class CardImageTests: XCTestCase {
    let style = Fixtures.style
    let container = Rect(x: 0, y: 0, width: 400, height: 180)

    private func item(_ id: UInt64 = 1, y: Double = 30, opacity: Double = 1, scale: Double = 1, height: Double) -> RenderItem {
        RenderItem(id: ViewID(id), frame: Rect(x: 20, y: y, width: style.width, height: height), opacity: opacity,
                   scale: scale, z: Int(id), backgroundOpacity: 0)
    }

    /// One frame of `items` on a fresh canvas over a coloured backdrop.
    private func frame(_ painter: RenderListPainter, _ items: [RenderItem], scale: Double = 1,
                       content: ToastContent = Fixtures.simple) -> [UInt8] {
        let canvas = Canvas(pixelWidth: Int(container.width * scale), pixelHeight: Int(container.height * scale), scale: scale)
        canvas.fill(Color(hex: 0x336699))
        let view = Fixtures.toast(content, style: style)
        painter.paint(RenderList(items: items, isAnimating: true), container: container, on: canvas) { _ in view }
        canvas.flush()  // premultiplied bytes, read at once
        guard let data = cairo_image_surface_get_data(canvas.surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: canvas.stride * canvas.pixelHeight))
    }

    private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return .max }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    private func direct() -> RenderListPainter {
        let painter = RenderListPainter()
        painter.reusesCardImages = false
        return painter
    }

    private var height: Double { Fixtures.toast(Fixtures.simple, style: style).tree.size.height }

    func testARepeatedCardIsCompositedAndMatchesPaintingIt() {
        for scale in [1.0, 2.0] {
            for (opacity, cardScale) in [(1.0, 1.0), (1.0, 0.96), (0.4, 0.92), (0.7, 1.0)] {
                let cached = RenderListPainter()
                let card = item(opacity: opacity, scale: cardScale, height: height)
                let first = frame(cached, [card], scale: scale)
                // A fade (translucent, at its own size or peeking scaled) has more frames coming: composited at once.
                let fades = opacity < 1
                XCTAssertEqual(cached.cards.composites, fades ? 1 : 0, "a card seen once is painted, unless it fades")
                let expected = frame(direct(), [card], scale: scale)
                // Translucent and scaled, the antialiased edge over the shadow rounds in two orders.
                let tolerance = opacity < 1 && cardScale != 1 ? 4 : 2
                if fades { XCTAssertLessThanOrEqual(maxDifference(first, expected), tolerance) } else { XCTAssertEqual(first, expected) }
                let second = frame(cached, [card], scale: scale), third = frame(cached, [card], scale: scale)
                XCTAssertEqual(cached.cards.composites, fades ? 3 : 2, "at \(scale)×, opacity \(opacity), scale \(cardScale)")
                XCTAssertEqual(cached.cards.directComposites, cached.cards.composites, "straight into the canvas's pixels")
                XCTAssertLessThanOrEqual(maxDifference(second, expected), tolerance,
                                         "at \(scale)×, opacity \(opacity), scale \(cardScale)")
                XCTAssertLessThanOrEqual(maxDifference(third, expected), tolerance)
                XCTAssertNotEqual(frame(direct(), [item(opacity: opacity * 0.5, scale: cardScale, height: height)], scale: scale),
                                  expected, "the comparison sees the opacity")
            }
        }
    }

    func testACardMovedByWholePixelsReusesItsImageAndLandsWhereItIsPainted() {
        let cached = RenderListPainter()
        _ = frame(cached, [item(y: 30, height: height)])
        _ = frame(cached, [item(y: 30, height: height)])
        let moved = frame(cached, [item(y: 47, height: height)])
        XCTAssertEqual(cached.cards.composites, 2)
        XCTAssertLessThanOrEqual(maxDifference(moved, frame(direct(), [item(y: 47, height: height)])), 2)
    }

    func testAChangeOfContentScaleOrPhaseIsPaintedAfresh() {
        let cached = RenderListPainter()
        _ = frame(cached, [item(height: height)])
        _ = frame(cached, [item(height: height)])
        XCTAssertEqual(cached.cards.composites, 1)
        // New text under the same id: never the old image.
        var other = Fixtures.simple
        other.summary = "Something else entirely"
        let changed = frame(cached, [item(height: height)], content: other)
        XCTAssertEqual(cached.cards.composites, 1, "a new look is painted")
        XCTAssertEqual(changed, frame(direct(), [item(height: height)], content: other))
        XCTAssertNotEqual(changed, frame(direct(), [item(height: height)]), "the two contents differ on screen")
        // Half a pixel off the old phase, and another scale: painted, not resampled.
        _ = frame(cached, [item(y: 30, height: height)])
        _ = frame(cached, [item(y: 30, height: height)])
        let composites = cached.cards.composites
        XCTAssertEqual(frame(cached, [item(y: 30.5, height: height)]), frame(direct(), [item(y: 30.5, height: height)]))
        XCTAssertEqual(frame(cached, [item(y: 30.5, scale: 0.96, height: height)]),
                       frame(direct(), [item(y: 30.5, scale: 0.96, height: height)]))
        XCTAssertEqual(cached.cards.composites, composites)
    }

    func testImagesGoWhenNothingAnimatesAndStayBounded() {
        let crowd = RenderListPainter()
        let many = (1...(CardImageCache.limit + 4)).map { item(UInt64($0), y: Double($0), height: height) }
        _ = frame(crowd, many)
        _ = frame(crowd, many)
        XCTAssertLessThanOrEqual(crowd.cards.imageCount, CardImageCache.limit)
        let painter = RenderListPainter()
        let items = (1...3).map { item(UInt64($0), y: Double($0 * 10), height: height) }
        _ = frame(painter, items)
        _ = frame(painter, items)
        XCTAssertEqual(painter.cards.imageCount, 3)
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 180, scale: 1)
        let view = Fixtures.toast(Fixtures.simple, style: style)
        painter.paint(RenderList(items: items, isAnimating: false), container: container, on: canvas) { _ in view }
        XCTAssertEqual(painter.cards.imageCount, 0, "no frame follows a still one: its images go")
    }

    /// Images are bounded in bytes too: with room for two, the third card's image pushes out the
    /// least recently painted, and every card still draws as painted.
    func testImagesStayWithinTheirByteBudget() {
        let probe = RenderListPainter()
        let one = [item(1, y: 10, height: height)]
        _ = frame(probe, one)
        _ = frame(probe, one)
        let oneImage = probe.cards.heldBytes
        XCTAssertGreaterThan(oneImage, 0)

        let bounded = RenderListPainter()
        bounded.cards.byteBudget = 2 * oneImage + oneImage / 2
        let three = (1...3).map { item(UInt64($0), y: Double($0 * 10), height: height) }
        _ = frame(bounded, three)
        let composited = frame(bounded, three)
        XCTAssertLessThanOrEqual(bounded.cards.heldBytes, bounded.cards.byteBudget)
        XCTAssertLessThanOrEqual(bounded.cards.imageCount, 2)
        XCTAssertLessThanOrEqual(maxDifference(composited, frame(direct(), three)), 2)
    }

    /// A card whose look changes while it fades (a new image every frame) gives the image of its
    /// old look back: 200 frames of a changing, fading card leave one image, not 200.
    func testACardsOldImageGoesWhenItsLookChanges() {
        let cached = RenderListPainter()
        for n in 0..<200 {
            var content = Fixtures.simple
            content.summary = "Frame \(n)"
            _ = frame(cached, [item(opacity: 0.5, height: height)], content: content)
        }
        XCTAssertEqual(cached.cards.composites, 200, "each frame's fading card is composited from its own new image")
        XCTAssertEqual(cached.cards.imageCount, 1)
        XCTAssertEqual(cached.cards.imagesAlive, 1, "the images of the old looks were destroyed")
    }
}
