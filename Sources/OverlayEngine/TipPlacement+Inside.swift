// A tip whose target leaves no side with room (a fullscreen or tiled window, a bubble too big):
// the bubble goes inside the target, its arrow pointing at the anchor from the bubble's edge
// that faces it, so the arrow stays outside the bubble and never runs through its text.

extension TipPlacer {
    /// What the arrow points at when the bubble goes inside `target`: the middle of the top edge
    /// of the target's part within `area` (a zero-size target is its point).
    public static func anchor(of target: Rect, in area: Rect) -> Point {
        let x0 = max(target.minX, area.minX), x1 = max(x0, min(target.maxX, area.maxX))
        let y0 = max(target.minY, area.minY)
        return Point(x: (x0 + x1) / 2, y: min(y0, area.maxY))
    }

    /// The bubble inside `target` (then anywhere in `area`) beside the anchor, the first side in
    /// `sides` with room; with no room on any side of the anchor, the bubble is clamped into
    /// `area` with no arrow (`hasArrow` false).
    static func inside(_ target: Rect, size: Size, in area: Rect, metrics: TipMetrics, sides: [TipSide],
                       offArea: Bool) -> TipPlacement {
        let point = target.width == 0 && target.height == 0
        let a = anchor(of: target, in: area)
        var regions = [area]
        if !point, let part = intersection(target, area), part.width > 0, part.height > 0 { regions.insert(part, at: 0) }
        let order = point ? sides : TipSide.flipOrder(preferring: .bottom)
        for region in regions {
            for side in order {
                if var fit = InsideFit.place(side: side, anchor: a, size: size, region: region, metrics: metrics) {
                    fit.target = target; fit.targetOffArea = offArea
                    return fit
                }
            }
        }
        var p = InsideFit.covering(a, size: size, area: area, metrics: metrics)
        p.target = target; p.targetOffArea = offArea
        return p
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), x1 = min(a.maxX, b.maxX), y0 = max(a.minY, b.minY), y1 = min(a.maxY, b.maxY)
        return x1 >= x0 && y1 >= y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}

/// Side coordinates as in `SideFit`: "main" runs from the anchor toward the bubble.
enum InsideFit {
    /// The bubble on `side` of the anchor inside `region` less the margin, `arrowLength` away
    /// (further when the margin asks for it, down to half of it when room is short), shifted
    /// along the edge to stay inside; the arrow's base is as close to facing the anchor as the
    /// edge's straight part allows. Nil when the bubble does not fit there.
    static func place(side: TipSide, anchor a: Point, size: Size, region: Rect, metrics m: TipMetrics) -> TipPlacement? {
        let v = side.isVertical, d = side.direction, e = 1e-9
        let margin = max(0, m.margin)
        let (ac0, ac1) = SideFit.inset(v ? region.minX : region.minY, v ? region.maxX : region.maxY, margin)
        let (am0, am1) = SideFit.inset(v ? region.minY : region.minX, v ? region.maxY : region.maxX, margin)
        let bc = v ? size.width : size.height, bm = v ? size.height : size.width
        let anchorCross = v ? a.x : a.y, anchorMain = v ? a.y : a.x
        let (r, half) = SideFit.shape(cross: bc, main: bm, metrics: m)
        let len = max(0, m.arrowLength), shortest = len / 2
        guard bc <= ac1 - ac0 + e else { return nil }
        let start: Double
        if d > 0 {
            start = max(am0, anchorMain + shortest, min(anchorMain + len, am1 - bm))
            guard start + bm <= am1 + e else { return nil }
        } else {
            start = min(am1, anchorMain - shortest, max(anchorMain - len, am0 + bm)) - bm
            guard start >= am0 - e else { return nil }
        }
        let cross = TipPlacer.clamp(anchorCross - bc / 2, ac0, max(ac0, ac1 - bc))
        let baseCross = TipPlacer.clamp(anchorCross, cross + r + half, cross + bc - r - half)
        let baseMain = d < 0 ? start + bm : start
        func point(main: Double, cross: Double) -> Point {
            v ? Point(x: cross, y: main) : Point(x: main, y: cross)
        }
        return TipPlacement(side: side, bubble: Rect(origin: point(main: start, cross: cross), size: size),
                            arrowTip: a,
                            arrowBaseStart: point(main: baseMain, cross: baseCross - half),
                            arrowBaseEnd: point(main: baseMain, cross: baseCross + half),
                            cornerRadius: r, target: .zero, fits: false, targetOffArea: false)
    }

    /// No side of the anchor has room: the bubble centred on the anchor, clamped into `area`
    /// less the margin, without an arrow (tip and base collapse onto the bubble's top edge).
    static func covering(_ a: Point, size: Size, area: Rect, metrics m: TipMetrics) -> TipPlacement {
        let margin = max(0, m.margin)
        let (x0, x1) = SideFit.inset(area.minX, area.maxX, margin)
        let (y0, y1) = SideFit.inset(area.minY, area.maxY, margin)
        let x = TipPlacer.clamp(a.x - size.width / 2, x0, max(x0, x1 - size.width))
        let y = TipPlacer.clamp(a.y - size.height / 2, y0, max(y0, y1 - size.height))
        let (r, _) = SideFit.shape(cross: size.width, main: size.height, metrics: m)
        let onEdge = Point(x: TipPlacer.clamp(a.x, x + r, x + size.width - r), y: y)
        return TipPlacement(side: .bottom, bubble: Rect(x: x, y: y, width: size.width, height: size.height),
                            arrowTip: onEdge, arrowBaseStart: onEdge, arrowBaseEnd: onEdge,
                            cornerRadius: r, target: .zero, fits: false, targetOffArea: false)
    }
}
