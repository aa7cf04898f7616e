// Tip placement examples: each side, flips at each edge, shifts, and the fallbacks.
import Testing
@testable import OverlayEngine

/// 1000×600 output with a 30 px exclusive bar on top: usable y 30...600.
let tipArea = Rect(x: 0, y: 30, width: 1000, height: 570)
let bubble = Size(width: 200, height: 80)
/// Arrow 16 wide, 10 long; corner radius 8; margin 8.
let tipMetrics = TipMetrics()

func place(_ target: TipTarget, sides: [TipSide] = TipPlacer.defaultSides,
           size: Size = bubble, area: Rect = tipArea) -> TipPlacement {
    TipPlacer.place(target, size: size, in: area, metrics: tipMetrics, sides: sides)
}

@Suite struct TipPlacementTests {
    let window = Rect(x: 400, y: 250, width: 200, height: 100)

    @Test func topCentresTheBubbleOverTheTarget() {
        let p = place(.rect(window))
        #expect(p.side == .top && p.fits && !p.targetOffArea)
        #expect(p.arrowTip == Point(x: 500, y: 250))                 // middle of the top edge
        #expect(p.bubble == Rect(x: 400, y: 160, width: 200, height: 80)) // 10 px arrow above it
        #expect(p.arrowBaseStart == Point(x: 492, y: 240) && p.arrowBaseEnd == Point(x: 508, y: 240))
    }

    @Test func eachPreferredSideTouchesItsEdge() {
        let bottom = place(.rect(window), sides: [.bottom])
        #expect(bottom.side == .bottom && bottom.arrowTip == Point(x: 500, y: 350))
        #expect(bottom.bubble.minY == 360)
        let leading = place(.rect(window), sides: [.leading])
        #expect(leading.side == .leading && leading.arrowTip == Point(x: 400, y: 300))
        #expect(leading.bubble.maxX == 390 && leading.bubble.midY == 300)
        #expect(leading.arrowBaseStart == Point(x: 390, y: 292))
        let trailing = place(.rect(window), sides: [.trailing])
        #expect(trailing.side == .trailing && trailing.arrowTip == Point(x: 600, y: 300))
        #expect(trailing.bubble.minX == 610 && trailing.arrowBaseEnd == Point(x: 610, y: 308))
    }

    @Test func flipsAtEachEdge() {
        // Near the exclusive bar: no room above (needs 30 + 8 + 80 + 10), so it flips below.
        let nearTop = place(.point(Point(x: 500, y: 100)), sides: TipSide.flipOrder(preferring: .top))
        #expect(nearTop.side == .bottom && nearTop.fits && nearTop.bubble.minY == 110)
        let nearBottom = place(.point(Point(x: 500, y: 560)), sides: TipSide.flipOrder(preferring: .bottom))
        #expect(nearBottom.side == .top && nearBottom.bubble.maxY == 550)
        let nearLeft = place(.point(Point(x: 100, y: 300)), sides: TipSide.flipOrder(preferring: .leading))
        #expect(nearLeft.side == .trailing && nearLeft.bubble.minX == 110)
        let nearRight = place(.point(Point(x: 950, y: 300)), sides: TipSide.flipOrder(preferring: .trailing))
        #expect(nearRight.side == .leading && nearRight.bubble.maxX == 940)
    }

    @Test func shiftsAlongTheEdgeToStayInside() {
        // Target near the left edge: the bubble cannot centre on it, so it shifts right to the
        // margin and the arrow stays on the target.
        let p = place(.point(Point(x: 40, y: 300)))
        #expect(p.side == .top && p.bubble.minX == 8)
        #expect(p.arrowTip == Point(x: 40, y: 300) && p.arrowBaseStart.x == 32)
        let right = place(.point(Point(x: 970, y: 300)))
        #expect(right.side == .top && right.bubble.maxX == 992 && right.arrowTip.x == 970)
        // 980 is too close for the arrow to clear the corner (992 − 8 − 8 = 976): it goes leading.
        #expect(place(.point(Point(x: 980, y: 300))).side == .leading)
    }

    @Test func arrowStaysClearOfTheCornerWhenTheTargetIsAtTheEdge() {
        // A point 10 px from the left: the arrow's base must start at bubble.minX + radius,
        // which needs the tip at x ≥ 8 + 8 + 8 = 24, so top and bottom do not fit; it goes trailing.
        let p = place(.point(Point(x: 10, y: 300)))
        #expect(p.side == .trailing && p.fits && p.arrowTip == Point(x: 10, y: 300))
        // A wide target reaching the edge: the tip moves along it to the reachable part.
        let wide = place(.rect(Rect(x: 0, y: 300, width: 100, height: 20)))
        #expect(wide.side == .top && wide.arrowTip == Point(x: 50, y: 300))
        let edge = place(.rect(Rect(x: 0, y: 300, width: 30, height: 20)))
        #expect(edge.side == .top && edge.arrowTip == Point(x: 24, y: 300) && edge.bubble.minX == 8)
    }

    @Test func zeroSizeRectIsAPoint() {
        let rect = place(.rect(Rect(x: 300, y: 300, width: 0, height: 0)))
        let point = place(.point(Point(x: 300, y: 300)))
        #expect(rect == point && rect.arrowTip == Point(x: 300, y: 300))
        let negative = place(.rect(Rect(x: 600, y: 350, width: -200, height: -100)))
        #expect(negative == place(.rect(window)))
    }

    @Test func targetOutsideTheAreaIsClampedAndFlagged() {
        let p = place(.point(Point(x: 2000, y: 300)))
        #expect(p.targetOffArea && p.target == Rect(x: 1000, y: 300, width: 0, height: 0))
        #expect(p.side == .leading && p.fits && p.bubble.maxX == 990)
        let above = place(.point(Point(x: 500, y: 5)))     // under the exclusive bar
        #expect(above.targetOffArea && above.arrowTip == Point(x: 500, y: 30) && above.side == .bottom)
        let nan = place(.point(Point(x: .nan, y: 1)))
        #expect(nan.targetOffArea && nan.arrowTip == Point(x: 500, y: 315))
    }

    @Test func fullAreaWindowGetsTheBubbleInsideBelowItsTopEdge() {
        // A fullscreen window under the 30 px bar: no side has room, so the bubble goes inside,
        // 10 px (the arrow) below the middle of the window's top edge within the usable area.
        let p = place(.rect(Rect(x: 0, y: 0, width: 1000, height: 600)))
        #expect(!p.fits && p.hasArrow && p.side == .bottom)
        #expect(p.arrowTip == Point(x: 500, y: 30))
        #expect(p.bubble == Rect(x: 400, y: 40, width: 200, height: 80))
        #expect(p.arrowBaseStart == Point(x: 492, y: 40) && p.arrowBaseEnd == Point(x: 508, y: 40))
        // A tiled window with 5 px gaps: the margin (8) keeps the bubble off its top edge.
        let tiled = place(.rect(Rect(x: 5, y: 35, width: 990, height: 560)))
        #expect(!tiled.fits && tiled.arrowTip == Point(x: 500, y: 35) && tiled.bubble.minY == 45)
        let nearEdge = place(.rect(Rect(x: 5, y: 31, width: 990, height: 564)))
        #expect(nearEdge.bubble.minY == 41 && nearEdge.arrowTip.y == 31)
    }

    @Test func insideTheTargetTheArrowShortensBeforeTheSideChanges() {
        // A 200×100 target in a 220×120 area: the bubble (200×80) is kept inside the target by
        // the margin (184 wide inside) so it goes anywhere in the area, flush with its margin.
        let small = Rect(x: 0, y: 0, width: 220, height: 120)
        let p = place(.rect(Rect(x: 10, y: 10, width: 200, height: 100)), size: Size(width: 200, height: 80), area: small)
        #expect(!p.fits && p.side == .bottom && p.arrowTip == Point(x: 110, y: 10))
        #expect(p.bubble == Rect(x: 10, y: 20, width: 200, height: 80))
        // 17 px less height: the arrow shortens to 5 px (half its length) to keep the bubble below.
        let short = place(.rect(Rect(x: 10, y: 10, width: 200, height: 100)), size: Size(width: 200, height: 80),
                          area: Rect(x: 0, y: 0, width: 220, height: 103))
        #expect(short.side == .bottom && short.bubble.minY == 15 && short.arrowTip.y == 10)
    }

    @Test func noRoomBesideTheAnchorDropsTheArrow() {
        let huge = place(.point(Point(x: 500, y: 300)), size: Size(width: 900, height: 500))
        #expect(!huge.fits && !huge.hasArrow)
        #expect(huge.bubble == Rect(x: 50, y: 50, width: 900, height: 500))
        let tooBig = place(.point(Point(x: 500, y: 300)), size: Size(width: 2000, height: 2000))
        #expect(!tooBig.fits && !tooBig.hasArrow && tooBig.bubble.origin == Point(x: 8, y: 38))
    }

    @Test func pointInTheCornerGetsASkewedArrow() {
        // The area's top-left corner: no straight arrow clears the bubble's corners, so the
        // bubble sits at the margins and the arrow leans from its top edge to the point.
        let p = place(.point(Point(x: 0, y: 30)))
        #expect(!p.fits && p.hasArrow && p.side == .bottom)
        #expect(p.arrowTip == Point(x: 0, y: 30) && p.arrowStaysOutsideBubble)
        #expect(p.bubble.minX == 8 && p.bubble.minY == 40 && p.arrowBaseStart == Point(x: 16, y: 40))
    }

    @Test func smallBubbleShrinksItsCornersForTheArrow() {
        let p = place(.rect(window), size: Size(width: 20, height: 30))
        #expect(p.cornerRadius == 2)     // (20 − 16) / 2
        #expect(p.arrowBaseStart.x == p.bubble.minX + 2 && p.arrowBaseEnd.x == p.bubble.maxX - 2)
        let tiny = place(.rect(window), size: Size(width: 10, height: 10))
        #expect(tiny.cornerRadius == 0 && tiny.arrowBaseEnd.x - tiny.arrowBaseStart.x == 10)
    }

    @Test func frameCoversBubbleAndArrow() {
        let p = place(.rect(window))
        #expect(p.frame == Rect(x: 400, y: 160, width: 200, height: 90))
    }

    @Test func flipOrder() {
        #expect(TipSide.flipOrder(preferring: .leading) == [.leading, .trailing, .top, .bottom])
        #expect(TipSide.flipOrder(preferring: .bottom) == [.bottom, .top, .leading, .trailing])
    }
}

/// Positioned views in a stacking container: how the presenter shows a tip at its placement.
@Suite struct TipLayoutTests {
    @Test func positionOverridesAlignmentInStacking() throws {
        var manager = makeManager(display: .stacking)
        var tip = ViewConfiguration()
        tip.position = Point(x: 300, y: 40)
        tip.alignment = .bottomTrailing
        manager.put(1, tip, size: Size(width: 120, height: 70))
        manager.put(2, size: Size(width: 100, height: 40))
        manager.advance(to: 10)
        let list = manager.renderList(for: "c", size: Size(width: 1000, height: 600), now: 10)
        #expect(list.items.map(\.frame) == [Rect(x: 300, y: 40, width: 120, height: 70),
                                            Rect(x: 450, y: 280, width: 100, height: 40)])
    }

    @Test func groupsIgnorePosition() {
        var manager = makeManager(display: .vertical)
        var tip = ViewConfiguration()
        tip.position = Point(x: 300, y: 40)
        manager.put(1, tip)
        manager.advance(to: 10)
        let frame = manager.renderList(for: "c", size: Size(width: 1000, height: 600), now: 10).items.first?.frame
        #expect(frame != nil && frame!.origin != Point(x: 300, y: 40))
    }
}
