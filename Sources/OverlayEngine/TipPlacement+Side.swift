// One side's try at placing a tip. Works in side coordinates: "main" runs from the target
// toward the bubble (y for top/bottom, x for leading/trailing), "cross" runs along the edge.

struct SideFit {
    let side: TipSide
    private(set) var fits = false
    private var bubbleMain = 0.0, bubbleCross = 0.0
    private var tipMain = 0.0, tipCross = 0.0, baseMain = 0.0, baseCross = 0.0
    private var halfArrow = 0.0, radius = 0.0
    private let size: Size
    private let target: Rect

    init(side: TipSide, target t: Rect, size: Size, area: Rect, metrics m: TipMetrics) {
        self.side = side
        self.size = size
        self.target = t
        let v = side.isVertical, d = side.direction
        let margin = max(0, m.margin)
        // The area inset by the margin, per axis (collapsed to its middle when too small).
        let (ac0, ac1) = Self.inset(v ? area.minX : area.minY, v ? area.maxX : area.maxY, margin)
        let (am0, am1) = Self.inset(v ? area.minY : area.minX, v ? area.maxY : area.maxX, margin)
        let bc = v ? size.width : size.height, bm = v ? size.height : size.width
        let tc0 = v ? t.minX : t.minY, tc1 = v ? t.maxX : t.maxY

        let (r, half) = Self.shape(cross: bc, main: bm, metrics: m)
        let len = max(0, m.arrowLength)
        halfArrow = half; radius = r

        // Main axis: the tip on the target's facing edge, the bubble `len` beyond it.
        let edge: Double = switch side {
        case .top: t.minY
        case .bottom: t.maxY
        case .leading: t.minX
        case .trailing: t.maxX
        }
        let near = edge + d * len
        let start = d < 0 ? near - bm : near
        let mainSlack = min(start - am0, am1 - (start + bm))

        // Cross axis: tip positions on the target that a bubble inside the area can reach.
        let lo = max(tc0, ac0 + r + half), hi = min(tc1, ac1 - r - half)
        let crossSlack = min(hi - lo, (ac1 - ac0) - bc)

        let epsilon = 1e-9
        fits = mainSlack >= -epsilon && crossSlack >= -epsilon
        guard fits else { return }
        tipMain = edge
        tipCross = TipPlacer.clamp((tc0 + tc1) / 2, lo, hi)
        bubbleCross = TipPlacer.clamp(tipCross - bc / 2, max(ac0, tipCross + r + half - bc),
                                      min(ac1 - bc, tipCross - r - half))
        bubbleMain = start
        baseCross = TipPlacer.clamp(tipCross, bubbleCross + r + half, bubbleCross + bc - r - half)
        baseMain = d < 0 ? bubbleMain + bm : bubbleMain
    }

    /// The placement (meaningful only when `fits`).
    func placement(offArea: Bool) -> TipPlacement {
        let v = side.isVertical
        func point(main: Double, cross: Double) -> Point {
            v ? Point(x: cross, y: main) : Point(x: main, y: cross)
        }
        let origin = point(main: bubbleMain, cross: bubbleCross)
        return TipPlacement(side: side, bubble: Rect(origin: origin, size: size),
                            arrowTip: point(main: tipMain, cross: tipCross),
                            arrowBaseStart: point(main: baseMain, cross: baseCross - halfArrow),
                            arrowBaseEnd: point(main: baseMain, cross: baseCross + halfArrow),
                            cornerRadius: radius, target: target, fits: true, targetOffArea: offArea)
    }

    /// Corner radius and half the arrow's width for a bubble `cross` long along the edge the
    /// arrow leaves from: the arrow's base must fit the straight part of that edge.
    static func shape(cross bc: Double, main bm: Double, metrics m: TipMetrics) -> (radius: Double, halfArrow: Double) {
        var aw = max(0, m.arrowWidth), r = min(max(0, m.cornerRadius), bc / 2, bm / 2)
        if bc - 2 * r < aw { r = max(0, (bc - aw) / 2); aw = min(aw, bc) }
        return (r, aw / 2)
    }

    /// `lo...hi` shrunk by `margin` at both ends, or its midpoint when it is too short.
    static func inset(_ lo: Double, _ hi: Double, _ margin: Double) -> (Double, Double) {
        guard hi - lo >= 2 * margin else { let m = (lo + hi) / 2; return (m, m) }
        return (lo + margin, hi - margin)
    }
}
