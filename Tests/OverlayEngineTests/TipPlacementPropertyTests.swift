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

    var description: String { "area \(area) target \(target) bubble \(size) sides \(sides)" }
    var placement: TipPlacement { TipPlacer.place(target, size: size, in: area, metrics: metrics, sides: sides) }
    var inner: Rect { area.insetBy(dx: metrics.margin, dy: metrics.margin) }

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
            } else if c.size.width <= c.inner.width && c.size.height <= c.inner.height {
                #expect(within(p.bubble, c.inner), "fallback bubble \(p.bubble) leaves \(c.inner): \(c)")
            }
        }
    }

    @Test func arrowTipTouchesTheTargetEdge() async {
        await propertyCheck(count: 2000, input: Self.output, Self.target, Self.bubble, Gen.int(in: 0...3)) { o, t, b, s in
            let c = TipCase(output: o, target: t, bubble: b, side: s)
            let p = c.placement, r = p.target, tip = p.arrowTip
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
                    #expect(abs((a.x + z.x) / 2 - p.arrowTip.x) < 1e-9, "skewed arrow \(p) \(c)")
                }
            case .leading, .trailing:
                let x = p.side == .leading ? box.maxX : box.minX
                #expect(a.x == x && z.x == x)
                #expect(a.y >= box.minY + k - e && z.y <= box.maxY - k + e && a.y <= z.y, "\(p) \(c)")
                if p.fits {
                    #expect(abs(p.arrowTip.x - x) == c.metrics.arrowLength)
                    #expect(abs((a.y + z.y) / 2 - p.arrowTip.y) < 1e-9, "skewed arrow \(p) \(c)")
                }
            }
        }
    }
}
