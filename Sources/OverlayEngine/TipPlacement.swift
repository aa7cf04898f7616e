// Help-tip placement: where a callout's bubble goes beside its target, and where its arrow points.
// A pure function of the target, the bubble's size and the output's usable area.

/// The side of the target the bubble sits on. `leading` is the smaller-x side (left).
public enum TipSide: CaseIterable, Hashable, Sendable {
    case top, bottom, leading, trailing

    public var opposite: TipSide {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }

    var isVertical: Bool { self == .top || self == .bottom }
    /// -1 when the bubble lies toward smaller coordinates than the target, +1 otherwise.
    var direction: Double { self == .top || self == .leading ? -1 : 1 }

    /// `preferred`, then its opposite, then the two others (the flip order).
    public static func flipOrder(preferring preferred: TipSide) -> [TipSide] {
        let across: [TipSide] = preferred.isVertical ? [.leading, .trailing] : [.top, .bottom]
        return [preferred, preferred.opposite] + across
    }
}

/// What a tip points at, in output coordinates (logical pixels, y down).
public enum TipTarget: Equatable, Sendable {
    case point(Point)
    case rect(Rect)
}

/// The callout's shape parameters.
public struct TipMetrics: Equatable, Sendable {
    /// Length of the arrow's base along the bubble edge.
    public var arrowWidth: Double
    /// Distance from the bubble edge to the arrow tip.
    public var arrowLength: Double
    public var cornerRadius: Double
    /// Minimum distance between the bubble and the usable area's edges.
    public var margin: Double
    public init(arrowWidth: Double = 16, arrowLength: Double = 10, cornerRadius: Double = 8, margin: Double = 8) {
        self.arrowWidth = arrowWidth; self.arrowLength = arrowLength
        self.cornerRadius = cornerRadius; self.margin = margin
    }
}

/// Where the callout goes.
public struct TipPlacement: Equatable, Sendable {
    public var side: TipSide
    /// The bubble (without the arrow).
    public var bubble: Rect
    /// The arrow's tip: on the target's edge facing the bubble.
    public var arrowTip: Point
    /// The arrow's base, two points on the bubble's edge facing the target (clear of the corners).
    public var arrowBaseStart: Point
    public var arrowBaseEnd: Point
    /// Corner radius to draw with (the requested one, reduced when the bubble is too small).
    public var cornerRadius: Double
    /// The target as placed: normalised, and clamped into the usable area when it was outside.
    public var target: Rect
    /// False when no side had room: the bubble is inside the target, its arrow pointing at
    /// `TipPlacer.anchor(of:in:)` (or, with no room beside the anchor either, without an arrow).
    public var fits: Bool
    /// True when the target lay outside the usable area and was clamped onto its border.
    public var targetOffArea: Bool

    /// False when the bubble is drawn without an arrow (no room on any side of the anchor).
    public var hasArrow: Bool { arrowTip != arrowBaseStart || arrowBaseStart != arrowBaseEnd }

    /// The bubble's edge the arrow leaves from: the one facing the target.
    public var arrowEdge: (from: Point, to: Point) {
        let b = bubble
        return switch side {
        case .top: (Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY))
        case .bottom: (Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY))
        case .leading: (Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY))
        case .trailing: (Point(x: b.minX, y: b.minY), Point(x: b.minX, y: b.maxY))
        }
    }

    /// True when the arrow lies outside the bubble, so it never crosses the bubble's text: its
    /// base on `arrowEdge`, its tip on the edge's line or beyond it (away from the bubble).
    public var arrowStaysOutsideBubble: Bool {
        let (from, to) = arrowEdge, e = 1e-6
        let v = side.isVertical
        func onEdge(_ q: Point) -> Bool {
            v ? abs(q.y - from.y) <= e && q.x >= from.x - e && q.x <= to.x + e
              : abs(q.x - from.x) <= e && q.y >= from.y - e && q.y <= to.y + e
        }
        let beyond = switch side {
        case .top: arrowTip.y >= from.y - e
        case .bottom: arrowTip.y <= from.y + e
        case .leading: arrowTip.x >= from.x - e
        case .trailing: arrowTip.x <= from.x + e
        }
        return onEdge(arrowBaseStart) && onEdge(arrowBaseEnd) && beyond
    }

    /// Bubble and arrow together (what to damage and to accept input in).
    public var frame: Rect {
        let arrow = Rect(x: min(arrowTip.x, arrowBaseStart.x, arrowBaseEnd.x),
                         y: min(arrowTip.y, arrowBaseStart.y, arrowBaseEnd.y), width: 0, height: 0)
        let far = Point(x: max(arrowTip.x, arrowBaseStart.x, arrowBaseEnd.x),
                        y: max(arrowTip.y, arrowBaseStart.y, arrowBaseEnd.y))
        return bubble.union(Rect(origin: arrow.origin, size: Size(width: far.x - arrow.minX, height: far.y - arrow.minY)))
    }

    /// The placement moved so that its frame starts at the origin: in the coordinates of the view
    /// that draws it (the engine places that view's frame at `frame`).
    public var inOwnFrame: TipPlacement {
        let d = Point.zero - frame.origin
        var p = self
        p.bubble = bubble.offsetBy(d)
        p.target = target.offsetBy(d)
        p.arrowTip = arrowTip + d
        p.arrowBaseStart = arrowBaseStart + d
        p.arrowBaseEnd = arrowBaseEnd + d
        return p
    }
}

/// Places a help tip's bubble beside its target, on the first side with room.
public enum TipPlacer {
    public static let defaultSides: [TipSide] = [.top, .bottom, .leading, .trailing]

    /// Places a bubble of `size` beside `target` inside `area` (the output minus exclusive zones).
    /// Takes the first side in `sides` with room, shifted along the side to stay inside `area`
    /// inset by the margin. When no side has room (the target covers the area, or nearly), the
    /// bubble goes inside the target and points at its anchor (`fits` false; see `inside`).
    /// An empty `sides` means `defaultSides`.
    public static func place(_ target: TipTarget, size: Size, in area: Rect,
                             metrics: TipMetrics = .init(), sides: [TipSide] = defaultSides) -> TipPlacement {
        let area = finite(area) ?? .zero
        let size = Size(width: max(0, finite(size.width) ?? 0), height: max(0, finite(size.height) ?? 0))
        let (rect, offArea) = clampedTarget(target, to: area)
        let order = sides.isEmpty ? defaultSides : sides
        let placement = order.lazy.map { SideFit(side: $0, target: rect, size: size, area: area, metrics: metrics) }
            .first(where: \.fits)?.placement(offArea: offArea)
            ?? inside(rect, size: size, in: area, metrics: metrics, sides: order, offArea: offArea)
        assert(placement.arrowStaysOutsideBubble, "the arrow crosses the bubble: \(placement)")
        return placement
    }

    /// The target as a rectangle with non-negative size, moved onto the area when it lies outside.
    static func clampedTarget(_ target: TipTarget, to area: Rect) -> (Rect, Bool) {
        var r: Rect
        switch target {
        case .point(let p): r = Rect(origin: p, size: .zero)
        case .rect(let given): r = given
        }
        guard let valid = finite(r) else {
            return (Rect(origin: Point(x: area.midX, y: area.midY), size: .zero), true)
        }
        r = valid
        if r.width < 0 { r = Rect(x: r.maxX, y: r.minY, width: -r.width, height: r.height) }
        if r.height < 0 { r = Rect(x: r.minX, y: r.maxY, width: r.width, height: -r.height) }
        let inside = r.minX <= area.maxX && r.maxX >= area.minX && r.minY <= area.maxY && r.maxY >= area.minY
        if inside { return (r, false) }
        let x0 = clamp(r.minX, area.minX, area.maxX), x1 = clamp(r.maxX, area.minX, area.maxX)
        let y0 = clamp(r.minY, area.minY, area.maxY), y1 = clamp(r.maxY, area.minY, area.maxY)
        return (Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), true)
    }

    static func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }
    static func finite(_ r: Rect) -> Rect? {
        r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite ? r : nil
    }

    /// `v` limited to `lo...hi`; `lo` wins when the range is empty.
    @inline(__always) static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        max(lo, min(v, hi))
    }
}
