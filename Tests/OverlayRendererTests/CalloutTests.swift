import XCTest
import OverlayEngine
@testable import OverlayRenderer

/// Help tips drawn through the tip template (`TipView`) at a `TipPlacer` placement on a
/// transparent 400×300 canvas.
///
/// The target is the rectangle (150, 120) 100×60 in the middle; the bubble is 120×60 with an
/// 18×10 arrow, corner radius 8 and a 2 px border drawn inside the outline. Without a shadow
/// everything outside the outline must stay transparent.
final class CalloutTests: XCTestCase {
    let renderer = TipDrawing()
    let target = Rect(x: 150, y: 120, width: 100, height: 60)
    let bubble = Size(width: 120, height: 60)
    let canvasArea = Rect(x: 0, y: 0, width: 400, height: 300)

    var plain: CalloutStyle {
        var style = CalloutStyle()
        style.shadow = nil
        style.background = Color(hex: 0x204080)
        style.border = Color(hex: 0xF0C040)
        return style
    }

    func render(_ side: TipSide, style: CalloutStyle? = nil, scale: Double = 1,
                content: CalloutContent = .init()) -> (Canvas, TipPlacement) {
        let style = style ?? plain
        let placement = TipPlacer.place(.rect(target), size: bubble, in: canvasArea, metrics: style.metrics, sides: [side])
        let canvas = Canvas(pixelWidth: Int(400 * scale), pixelHeight: Int(300 * scale), scale: scale)
        renderer.draw(content, style: style, placement: placement, on: canvas)
        return (canvas, placement)
    }

    /// The tip's pixel: walking from the bubble toward the target along the arrow's axis (through
    /// the tip's column or row), the last pixel with at least 25 % coverage. Returned as the
    /// coordinate of that pixel's edge nearest the target.
    func tipEdge(_ canvas: Canvas, _ p: TipPlacement, scale: Double = 1) -> Double? {
        let tip = (x: Int((p.arrowTip.x * scale).rounded(.down)), y: Int((p.arrowTip.y * scale).rounded(.down)))
        func covered(_ x: Int, _ y: Int) -> Bool {
            // Either of the two pixels straddling the tip's line counts.
            switch p.side {
            case .top, .bottom: max(canvas.pixel(x: x - 1, y: y).a, canvas.pixel(x: x, y: y).a) >= 64
            case .leading, .trailing: max(canvas.pixel(x: x, y: y - 1).a, canvas.pixel(x: x, y: y).a) >= 64
            }
        }
        let reach = Int(30 * scale)
        switch p.side {
        case .top: return (tip.y - reach...tip.y + 3).last { covered(tip.x, $0) }.map { Double($0 + 1) / scale }
        case .bottom: return (tip.y - 3...tip.y + reach).first { covered(tip.x, $0) }.map { Double($0) / scale }
        case .leading: return (tip.x - reach...tip.x + 3).last { covered($0, tip.y) }.map { Double($0 + 1) / scale }
        case .trailing: return (tip.x - 3...tip.x + reach).first { covered($0, tip.y) }.map { Double($0) / scale }
        }
    }

    func testArrowTipPixelIsAtThePlacementsTipOnEachSide() throws {
        for side in TipSide.allCases {
            let (canvas, p) = render(side)
            XCTAssertEqual(p.side, side)
            let edge = try XCTUnwrap(tipEdge(canvas, p), "\(side): no arrow pixels")
            let tip = side == .top || side == .bottom ? p.arrowTip.y : p.arrowTip.x
            XCTAssertLessThanOrEqual(abs(edge - tip), 1, "\(side): arrow ends at \(edge), tip is \(tip)")
            // Half-way along the arrow, on its axis: opaque (the arrow is really drawn there).
            let mid = Point(x: (p.arrowTip.x + (p.arrowBaseStart.x + p.arrowBaseEnd.x) / 2) / 2,
                            y: (p.arrowTip.y + (p.arrowBaseStart.y + p.arrowBaseEnd.y) / 2) / 2)
            XCTAssertEqual(canvas.pixel(x: Int(mid.x), y: Int(mid.y)).a, 255, "\(side): arrow middle at \(mid)")
            // Two pixels past the tip, inside the target: nothing drawn.
            let past: (Int, Int) = switch side {
            case .top: (Int(p.arrowTip.x), Int(p.arrowTip.y) + 2)
            case .bottom: (Int(p.arrowTip.x), Int(p.arrowTip.y) - 3)
            case .leading: (Int(p.arrowTip.x) + 2, Int(p.arrowTip.y))
            case .trailing: (Int(p.arrowTip.x) - 3, Int(p.arrowTip.y))
            }
            XCTAssertEqual(canvas.pixel(x: past.0, y: past.1).a, 0, "\(side): drawn past the tip at \(past)")
        }
    }

    func testTipPixelAtScaleTwo() throws {
        for side in [TipSide.top, .trailing] {
            let (canvas, p) = render(side, scale: 2)
            let edge = try XCTUnwrap(tipEdge(canvas, p, scale: 2))
            let tip = side == .top ? p.arrowTip.y : p.arrowTip.x
            XCTAssertLessThanOrEqual(abs(edge - tip), 0.5, "\(side) at scale 2: arrow ends at \(edge), tip \(tip)")
        }
    }

    func testInteriorBorderAndTransparentOutside() {
        let (canvas, p) = render(.top)
        let b = p.bubble    // (140, 50) 120×60 above the target
        let bytes = plain.background.bytes, border = plain.border.bytes
        let centre = canvas.pixel(x: Int(b.midX), y: Int(b.midY))
        XCTAssertEqual([centre.r, centre.g, centre.b, centre.a], [bytes.r, bytes.g, bytes.b, 255], "interior")
        let edge = canvas.pixel(x: Int(b.midX), y: Int(b.minY))      // first row: the border
        XCTAssertEqual([edge.r, edge.g, edge.b, edge.a], [border.r, border.g, border.b, 255], "border")
        XCTAssertEqual(canvas.pixel(x: Int(b.minX), y: Int(b.minY)).a, 0, "outside the rounded corner")
        XCTAssertEqual(canvas.pixel(x: Int(b.minX) - 1, y: Int(b.midY)).a, 0, "left of the bubble")
        XCTAssertEqual(canvas.pixel(x: Int(b.minX) + 20, y: Int(b.maxY) + 2).a, 0, "below the bubble, beside the arrow")
        XCTAssertEqual(canvas.pixel(x: 5, y: 5).a, 0)
        XCTAssertEqual(canvas.pixel(x: Int(target.midX), y: Int(target.midY)).a, 0, "the target is not covered")
    }

    func testShadowFollowsTheArrow() {
        var style = plain
        style.shadow = Shadow(color: Color(r: 0, g: 0, b: 0, a: 0.6), radius: 8)
        let (canvas, p) = render(.top, style: style)
        // Both points are 13 px below the bubble's bottom edge: one just past the arrow's tip,
        // one far from the arrow. A rounded-rectangle shadow would leave both clear.
        let pastTip = canvas.pixel(x: Int(p.arrowTip.x), y: Int(p.arrowTip.y) + 2).a
        let beside = canvas.pixel(x: Int(p.bubble.minX) + 20, y: Int(p.bubble.maxY) + 12).a
        XCTAssertGreaterThan(Int(pastTip), Int(beside) + 5, "shadow past the tip \(pastTip), beside \(beside)")
        XCTAssertLessThan(beside, 3)
        XCTAssertGreaterThan(canvas.pixel(x: Int(p.bubble.midX), y: Int(p.bubble.minY) - 3).a, 0, "shadow above the bubble")
        XCTAssertEqual(canvas.pixel(x: Int(p.bubble.midX), y: Int(p.bubble.minY) - 40).a, 0, "no shadow far away")
        let centre = canvas.pixel(x: Int(p.bubble.midX), y: Int(p.bubble.midY))
        XCTAssertEqual([centre.r, centre.g, centre.b], [style.background.bytes.r, style.background.bytes.g, style.background.bytes.b])
    }

    func testTextIsMeasuredAndDrawnInsideTheBubble() {
        let content = CalloutContent(title: "New: Super+Tab", body: "Switch windows with Super+Tab. It works everywhere, try it now.")
        let size = renderer.measure(content, style: plain)
        XCTAssertLessThanOrEqual(size.width, plain.maxWidth)
        XCTAssertGreaterThan(size.height, 50, "title and wrapped body")
        XCTAssertLessThan(renderer.measure(CalloutContent(title: "Hi"), style: plain).width, size.width)
        let placement = TipPlacer.place(.rect(target), size: size, in: canvasArea, metrics: plain.metrics)
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 300, scale: 1)
        renderer.draw(content, style: plain, placement: placement, on: canvas)
        let bg = plain.background.bytes, b = placement.bubble
        var textPixels = 0
        for y in Int(b.minY + 14)..<Int(b.maxY - 14) {
            for x in Int(b.minX + 14)..<Int(b.maxX - 14) {
                let px = canvas.pixel(x: x, y: y)
                if abs(Int(px.r) - Int(bg.r)) + abs(Int(px.g) - Int(bg.g)) + abs(Int(px.b) - Int(bg.b)) > 60 { textPixels += 1 }
            }
        }
        XCTAssertGreaterThan(textPixels, 100, "the title and body are drawn")
    }

    /// A "Got it" button: a row below the text inside the bubble, in the toast buttons' colours,
    /// its frame reported (the "default" action is the bubble itself, not a button).
    func testActionButtonIsDrawnInsideTheBubbleAndItsFrameReported() throws {
        let text = CalloutContent(title: "Hi", body: "Press Super+Tab")
        var content = text
        content.actions = [CalloutAction(key: "default", label: "Open"), CalloutAction(key: "got-it", label: "Got it, thanks")]
        let plainSize = renderer.measure(text, style: plain), size = renderer.measure(content, style: plain)
        let frames = renderer.actionFrames(content, style: plain)
        XCTAssertEqual(frames.map(\.key), ["got-it"])
        let f = try XCTUnwrap(frames.first?.frame)
        // Below the text (which ends where the plain bubble's inset begins), inside the insets.
        XCTAssertGreaterThanOrEqual(f.y, plainSize.height - plain.inset + plain.actions.spacing - 0.001)
        XCTAssertEqual(f.x, plain.inset)
        XCTAssertEqual(f.x + f.width, size.width - plain.inset, accuracy: 0.001)
        XCTAssertEqual(f.y + f.height, size.height - plain.inset, accuracy: 0.001)
        XCTAssertEqual(size.height, plainSize.height + plain.actions.spacing + f.height, accuracy: 0.001)
        XCTAssertGreaterThan(f.width, 2 * plain.actions.paddingX + 40, "as wide as its label needs")

        let placement = TipPlacer.place(.rect(target), size: size, in: canvasArea, metrics: plain.metrics, sides: [.top])
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 300, scale: 1)
        renderer.draw(content, style: plain, placement: placement, on: canvas)
        let b = placement.bubble, button = (x: Int(b.minX + f.x), y: Int(b.minY + f.y))
        func colour(_ x: Int, _ y: Int) -> [UInt8] { let p = canvas.pixel(x: x, y: y); return [p.r, p.g, p.b, p.a] }
        let fill = plain.actions.background.bytes, bg = plain.background.bytes
        // The button's fill just inside its rounded corner and at its left edge's middle.
        XCTAssertEqual(colour(button.x + 2, button.y + 2), [fill.r, fill.g, fill.b, 255], "button fill")
        XCTAssertEqual(colour(button.x + 1, button.y + Int(f.height / 2)), [fill.r, fill.g, fill.b, 255], "button fill")
        // Between the text and the button, and left of the button: the bubble's background.
        XCTAssertEqual(colour(button.x + 10, button.y - 3), [bg.r, bg.g, bg.b, 255], "gap above the button")
        XCTAssertEqual(colour(button.x - 3, button.y + 4), [bg.r, bg.g, bg.b, 255], "inset left of the button")
        // The label: light pixels inside the button.
        let label = plain.actions.textColor.bytes
        var labelPixels = 0
        for y in button.y..<(button.y + Int(f.height)) {
            for x in button.x..<(button.x + Int(f.width)) {
                let p = canvas.pixel(x: x, y: y)
                if abs(Int(p.r) - Int(label.r)) + abs(Int(p.g) - Int(label.g)) + abs(Int(p.b) - Int(label.b)) < 80 { labelPixels += 1 }
            }
        }
        XCTAssertGreaterThan(labelPixels, 20, "the label is drawn on the button")

        // In the view's own coordinates (its frame at the placement's), a click on the button
        // hits it, and one on the text does not.
        let tree = renderer.trees.layoutTip(content, style: plain, placement: placement.inOwnFrame)
        let offset = b.origin - placement.frame.origin
        let hit = tree.layout.control(at: Point(x: offset.x + f.midX, y: offset.y + f.midY))
        XCTAssertEqual(hit?.part, .node(.button(action: "got-it", style: .plain)))
        XCTAssertNil(tree.layout.control(at: Point(x: offset.x + f.midX, y: offset.y + plain.inset + 2)))
    }

    /// A target covering the canvas: the bubble inside, the arrow from its top edge up to the
    /// middle of the target's top edge (200, 0); nothing leaves the bubble's bottom edge.
    func testFullCanvasTargetPointsUpFromInsideTheBubble() throws {
        let full = TipPlacer.place(.rect(canvasArea), size: bubble, in: canvasArea, metrics: plain.metrics)
        XCTAssertTrue(!full.fits && full.side == .bottom && full.arrowTip == Point(x: 200, y: 0), "\(full)")
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 300, scale: 1)
        renderer.draw(.init(title: "Title", body: "Body"), style: plain, placement: full, on: canvas)
        let edge = try XCTUnwrap(tipEdge(canvas, full), "no arrow pixels")
        XCTAssertLessThanOrEqual(abs(edge - 0), 1, "arrow ends at \(edge)")
        XCTAssertEqual(canvas.pixel(x: 200, y: Int(full.bubble.minY) - 4).a, 255, "arrow above the bubble")
        for y in Int(full.bubble.maxY)..<300 {
            XCTAssertEqual(canvas.pixel(x: 200, y: y).a, 0, "nothing below the bubble at y \(y)")
        }
    }

    /// No side of the anchor has room (a 300×250 bubble around the canvas's middle): the bubble
    /// is drawn alone, without an arrow. Just outside each edge's middle stays transparent.
    func testWithoutRoomBesideTheAnchorNoArrowIsDrawn() {
        let p = TipPlacer.place(.point(Point(x: 200, y: 150)), size: Size(width: 300, height: 250), in: canvasArea,
                                metrics: plain.metrics)
        XCTAssertFalse(p.hasArrow)
        XCTAssertEqual(p.bubble, Rect(x: 50, y: 25, width: 300, height: 250))
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 300, scale: 1)
        renderer.draw(.init(title: "Big"), style: plain, placement: p, on: canvas)
        XCTAssertEqual(canvas.pixel(x: 200, y: 150).a, 255, "the bubble")
        for (x, y) in [(200, 22), (200, 277), (47, 150), (352, 150)] {
            XCTAssertEqual(canvas.pixel(x: x, y: y).a, 0, "nothing outside the bubble at (\(x), \(y))")
        }
    }

    func testOpacityScalesEverything() {
        var style = plain
        style.borderWidth = 0
        let placement = TipPlacer.place(.rect(target), size: bubble, in: canvasArea, metrics: style.metrics, sides: [.top])
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 300, scale: 1)
        renderer.draw(.init(), style: style, placement: placement, on: canvas, opacity: 0.5)
        let centre = canvas.pixel(x: Int(placement.bubble.midX), y: Int(placement.bubble.midY))
        XCTAssertEqual(Int(centre.a), 128, accuracy: 2)
    }
}

/// Tips drawn through the tip template, queried as the tests need: the bubble's size, its
/// buttons' frames (relative to the bubble's top-left corner), and drawing at a placement.
final class TipDrawing {
    let trees = ViewTreeRenderer()

    func measure(_ content: CalloutContent, style: CalloutStyle) -> Size { trees.tipSize(content, style: style) }

    func actionFrames(_ content: CalloutContent, style: CalloutStyle) -> [(key: String, frame: Rect)] {
        trees.layout(TipView.bubble(content, style: style, measuring: trees.measurer)).layout.placed.compactMap { part in
            if case .node(.button(let key, _)) = part.part { return (key, part.frame) }
            return nil
        }
    }

    func draw(_ content: CalloutContent, style: CalloutStyle, placement: TipPlacement, on canvas: Canvas, opacity: Double = 1) {
        trees.draw(trees.layoutTip(content, style: style, placement: placement.inOwnFrame), on: canvas, at: placement.frame.origin,
                   opacity: opacity)
    }
}
