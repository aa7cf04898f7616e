// Tip placement over random outputs, exclusive zones, targets and bubble sizes.
import Testing
import PropertyBased
@testable import OverlayEngine

/// One random case: an output with a bar on one edge, a target and a bubble.
struct TipCase: CustomStringConvertible {
    var area: Rect
    var target: TipTarget
    var size: Size
    var sides: [TipSide]
    let metrics = TipMetrics(arrowWidth: 18, arrowLength: 12, cornerRadius: 10, margin: 6)

    init(output: (Int, Int, Int, Int), target t: (Double, Double, Int, Int), bubble: (Int, Int), side: Int) {
        let (w, h, barEdge, bar) = (Double(output.0), Double(output.1), output.2, Double(output.3))
        switch barEdge {   // the exclusive zone
        case 0: area = Rect(x: 0, y: bar, width: w, height: h - bar)
        case 1: area = Rect(x: 0, y: 0, width: w, height: h - bar)
        case 2: area = Rect(x: bar, y: 0, width: w - bar, height: h)
        default: area = Rect(x: 0, y: 0, width: w - bar, height: h)
        }
        // Targets from 20 % beyond the output on every side; negative sizes become points.
        let x = (t.0 * w).rounded(), y = (t.1 * h).rounded()
        target = t.2 <= 0 && t.3 <= 0 ? .point(Point(x: x, y: y))
            : .rect(Rect(x: x, y: y, width: Double(max(0, t.2)), height: Double(max(0, t.3))))
        size = Size(width: Double(bubble.0), height: Double(bubble.1))
        sides = TipSide.flipOrder(preferring: TipSide.allCases[side])
    }

    /// A target covering the area, or nearly: the area grown or shrunk by up to 24 px per edge.
    init(output: (Int, Int, Int, Int), cover: (Int, Int, Int, Int), bubble: (Int, Int), side: Int) {
        self.init(output: output, target: (0, 0, 0, 0), bubble: bubble, side: side)
        let a = area
        let x0 = a.minX - Double(cover.0), y0 = a.minY - Double(cover.1)
        target = .rect(Rect(x: x0, y: y0, width: max(0, a.maxX + Double(cover.2) - x0),
                            height: max(0, a.maxY + Double(cover.3) - y0)))
    }

    var description: String { "area \(area) target \(target) bubble \(size) sides \(sides)" }
    var placement: TipPlacement { TipPlacer.place(target, size: size, in: area, metrics: metrics, sides: sides) }
    var inner: Rect { area.insetBy(dx: metrics.margin, dy: metrics.margin) }

    /// A tip with no side of room: its arrow within 1 px of the anchor (the middle of the top
    /// edge of the target's part in the area, or the point), leaving the bubble from the edge
    /// facing the anchor (base on that edge, tip beyond it), the bubble inside the area less the
    /// margin. Without an arrow, no side of the anchor has room for the bubble.
    func checkInside(_ p: TipPlacement, sourceLocation: SourceLocation = #_sourceLocation) {
        let t = p.target
        let x0 = max(t.minX, area.minX), x1 = min(t.maxX, area.maxX)
        let anchor = Point(x: (x0 + max(x0, x1)) / 2, y: max(t.minY, area.minY))
        #expect(p.arrowStaysOutsideBubble, "arrow crosses the bubble: \(p) \(self)", sourceLocation: sourceLocation)
        guard p.hasArrow else {
            let shortest = metrics.arrowLength / 2
            let below = inner.maxY - max(inner.minY, anchor.y + shortest), above = min(inner.maxY, anchor.y - shortest) - inner.minY
            let right = inner.maxX - max(inner.minX, anchor.x + shortest), left = min(inner.maxX, anchor.x - shortest) - inner.minX
            let roomy = (size.width <= inner.width && max(below, above) >= size.height)
                || (size.height <= inner.height && max(left, right) >= size.width)
            #expect(!roomy, "arrow dropped though the anchor \(anchor) has room: \(p) \(self)", sourceLocation: sourceLocation)
            return
        }
        let tip = p.arrowTip
        #expect(abs(tip.x - anchor.x) <= 1 && abs(tip.y - anchor.y) <= 1, "tip \(tip) not at \(anchor): \(self)",
                sourceLocation: sourceLocation)
        let b = p.bubble
        let (a, z) = (p.arrowBaseStart, p.arrowBaseEnd)
        let onEdge: Bool = switch p.side {
        case .top: a.y == b.maxY && z.y == b.maxY && tip.y > b.maxY
        case .bottom: a.y == b.minY && z.y == b.minY && tip.y < b.minY
        case .leading: a.x == b.maxX && z.x == b.maxX && tip.x > b.maxX
        case .trailing: a.x == b.minX && z.x == b.minX && tip.x < b.minX
        }
        let along = p.side == .top || p.side == .bottom
            ? a.x >= b.minX && z.x <= b.maxX && a.x < z.x : a.y >= b.minY && z.y <= b.maxY && a.y < z.y
        #expect(onEdge && along, "arrow base \(a)–\(z) not on the \(p.side) edge facing \(tip): \(p) \(self)",
                sourceLocation: sourceLocation)
        #expect(within(b, inner), "bubble \(b) leaves \(inner): \(self)", sourceLocation: sourceLocation)
    }

    /// Independent check by sampling: some tip position on the target's edge and some bubble
    /// position keeping the arrow base clear of the corners put the bubble inside the area.
    func sampledFit(_ side: TipSide, target t: Rect) -> Bool {
        let v = side == .top || side == .bottom
        let bc = v ? size.width : size.height, bm = v ? size.height : size.width
        var r = min(metrics.cornerRadius, bc / 2, bm / 2), aw = metrics.arrowWidth
        if bc - 2 * r < aw { r = max(0, (bc - aw) / 2); aw = min(aw, bc) }
        let (c0, c1) = v ? (t.minX, t.maxX) : (t.minY, t.maxY)
        for i in 0...32 {
            let tip = c0 + (c1 - c0) * Double(i) / 32
            let lo = tip + r + aw / 2 - bc, hi = tip - r - aw / 2
            for j in 0...32 {
                let start = lo + (hi - lo) * Double(j) / 32
                let bubble: Rect = switch side {
                case .top: Rect(x: start, y: t.minY - metrics.arrowLength - bm, width: bc, height: bm)
                case .bottom: Rect(x: start, y: t.maxY + metrics.arrowLength, width: bc, height: bm)
                case .leading: Rect(x: t.minX - metrics.arrowLength - bm, y: start, width: bm, height: bc)
                case .trailing: Rect(x: t.maxX + metrics.arrowLength, y: start, width: bm, height: bc)
                }
                if within(bubble, inner) { return true }
            }
        }
        return false
    }
}

func within(_ r: Rect, _ bounds: Rect, tolerance e: Double = 1e-6) -> Bool {
    r.minX >= bounds.minX - e && r.maxX <= bounds.maxX + e && r.minY >= bounds.minY - e && r.maxY <= bounds.maxY + e
}

@Suite struct TipPlacementPropertyTests {
    static let output = zip(Gen.int(in: 120...2600), Gen.int(in: 120...1600), Gen.int(in: 0...3), Gen.int(in: 0...60))
    static let target = zip(Gen.double(in: -0.2...1.2), Gen.double(in: -0.2...1.2),
                            Gen.int(in: -60...500), Gen.int(in: -60...400))
    static let bubble = zip(Gen.int(in: 8...700), Gen.int(in: 8...400))

    @Test func bubbleStaysInsideWhileASideFits() async {
        await propertyCheck(count: 2000, input: Self.output, Self.target, Self.bubble, Gen.int(in: 0...3)) { o, t, b, s in
            let c = TipCase(output: o, target: t, bubble: b, side: s)
            let p = c.placement
            let anySide = TipSide.allCases.contains { c.sampledFit($0, target: p.target) }
            if anySide { #expect(p.fits, "a side has room but none was taken: \(c)") }
            if p.fits {
                #expect(within(p.bubble, c.inner), "bubble \(p.bubble) leaves \(c.inner): \(c)")
                #expect(!p.bubble.intersects(p.target), "bubble covers the target: \(c)")
                // The first fitting side in the caller's order wins.
                for earlier in c.sides.prefix(while: { $0 != p.side }) {
                    #expect(!c.sampledFit(earlier, target: p.target), "\(earlier) had room before \(p.side): \(c)")
                }
            } else if p.hasArrow || (c.size.width <= c.inner.width && c.size.height <= c.inner.height) {
                #expect(within(p.bubble, c.inner), "inside bubble \(p.bubble) leaves \(c.inner): \(c)")
            }
        }
    }

    @Test func arrowTipTouchesTheTargetEdge() async {
        await propertyCheck(count: 2000, input: Self.output, Self.target, Self.bubble, Gen.int(in: 0...3)) { o, t, b, s in
            let c = TipCase(output: o, target: t, bubble: b, side: s)
            let p = c.placement, r = p.target, tip = p.arrowTip
            if !p.fits {
                c.checkInside(p)
                return
            }
            switch p.side {
            case .top: #expect(tip.y == r.minY && tip.x >= r.minX && tip.x <= r.maxX, "\(p) \(c)")
            case .bottom: #expect(tip.y == r.maxY && tip.x >= r.minX && tip.x <= r.maxX, "\(p) \(c)")
            case .leading: #expect(tip.x == r.minX && tip.y >= r.minY && tip.y <= r.maxY, "\(p) \(c)")
            case .trailing: #expect(tip.x == r.maxX && tip.y >= r.minY && tip.y <= r.maxY, "\(p) \(c)")
            }
            if !p.targetOffArea, case .rect(let given) = c.target { #expect(r == given) }
            if case .point(let q) = c.target, within(Rect(origin: q, size: .zero), c.area, tolerance: 0) {
                #expect(!p.targetOffArea)
            }
            if p.targetOffArea { #expect(within(r, c.area, tolerance: 0), "clamped target \(r) outside \(c.area)") }
        }
    }

    /// Fullscreen and tiled windows: targets within 24 px of the usable area on every edge.
    @Test func targetsCoveringTheAreaGetTheBubbleInside() async {
        let cover = zip(Gen.int(in: -24...24), Gen.int(in: -24...24), Gen.int(in: -24...24), Gen.int(in: -24...24))
        await propertyCheck(count: 2000, input: Self.output, cover, Self.bubble, Gen.int(in: 0...3)) { o, e, b, s in
            let c = TipCase(output: o, cover: e, bubble: b, side: s)
            let p = c.placement
            if p.fits {   // only when the shrunken target leaves room beside it
                #expect(within(p.bubble, c.inner) && !p.bubble.intersects(p.target), "\(p) \(c)")
            } else {
                c.checkInside(p)
            }
        }
    }

    @Test func arrowBaseSitsOnTheStraightEdge() async {
        await propertyCheck(count: 2000, input: Self.output, Self.target, Self.bubble, Gen.int(in: 0...3)) { o, t, b, s in
            let c = TipCase(output: o, target: t, bubble: b, side: s)
            let p = c.placement, box = p.bubble, k = p.cornerRadius, e = 1e-9
            let (a, z) = (p.arrowBaseStart, p.arrowBaseEnd)
            switch p.side {
            case .top, .bottom:
                let y = p.side == .top ? box.maxY : box.minY
                #expect(a.y == y && z.y == y)
                #expect(a.x >= box.minX + k - e && z.x <= box.maxX - k + e && a.x <= z.x, "\(p) \(c)")
                if p.fits {   // straight at the target: the tip faces the middle of the base
                    #expect(abs(p.arrowTip.y - y) == c.metrics.arrowLength)
                    #expect((p.arrowTip.y - y) * (p.side == .top ? 1 : -1) > 0, "arrow points into the bubble \(p) \(c)")
                    #expect(abs((a.x + z.x) / 2 - p.arrowTip.x) < 1e-9, "skewed arrow \(p) \(c)")
                }
            case .leading, .trailing:
                let x = p.side == .leading ? box.maxX : box.minX
                #expect(a.x == x && z.x == x)
                #expect(a.y >= box.minY + k - e && z.y <= box.maxY - k + e && a.y <= z.y, "\(p) \(c)")
                if p.fits {
                    #expect(abs(p.arrowTip.x - x) == c.metrics.arrowLength)
                    #expect((p.arrowTip.x - x) * (p.side == .leading ? 1 : -1) > 0, "arrow points into the bubble \(p) \(c)")
                    #expect(abs((a.y + z.y) / 2 - p.arrowTip.y) < 1e-9, "skewed arrow \(p) \(c)")
                }
            }
        }
    }
}
