// Drawer building blocks (OverlayContainer model): notches, styles, rubber band, target policy.

/// A resting height for a drawer, measured up from the container's bottom.
public struct Notch: Equatable, Sendable {
    public enum Height: Equatable, Sendable {
        /// Fraction of the available space (0...1).
        case fraction(Double)
        case points(Double)
    }
    public var height: Height
    /// Disabled notches are never targeted, by drags or by `moveDrawer`.
    public var isEnabled: Bool
    public init(_ height: Height, isEnabled: Bool = true) { self.height = height; self.isEnabled = isEnabled }

    public func points(in availableSpace: Double) -> Double {
        switch height {
        case .fraction(let f): f * availableSpace
        case .points(let p): p
        }
    }
}

/// How the drawer's own height relates to its translation.
public enum DrawerStyle: Sendable {
    /// Always as tall as the highest notch; only partly visible below it.
    case rigid
    /// Exactly as tall as its current translation.
    case flexibleHeight
    /// At least as tall as the highest notch, growing when dragged past it.
    case expandableHeight
}

/// Resistance when dragging past the first or last notch: the classic
/// `(1 − 1 / (x·c / d + 1)) · d`, where x is the overshoot, d the dimension, c the factor.
/// Slope c at the edge, never exceeding d however far the finger goes.
public struct RubberBand: Equatable, Sendable {
    public var factor: Double = 0.55
    public var bouncesAtMinimum = true
    public var bouncesAtMaximum = true
    public init(factor: Double = 0.55) { self.factor = factor }

    public func resist(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * factor / dimension + 1)) * dimension
    }

    /// Maps an unconstrained height to the displayed one.
    public func apply(_ raw: Double, minimum: Double, maximum: Double, dimension: Double) -> Double {
        if raw > maximum {
            return bouncesAtMaximum ? maximum + resist(raw - maximum, dimension: dimension) : maximum
        }
        if raw < minimum {
            return bouncesAtMinimum ? minimum - resist(minimum - raw, dimension: dimension) : minimum
        }
        return raw
    }
}

/// Picks the notch a released drawer settles on (OverlayContainer's "rushing forward"):
/// slow releases go to the nearest notch; faster ones go at least one notch the way the
/// finger moved, and to the notch nearest the projected resting point, which may skip notches.
public struct TargetNotchPolicy: Equatable, Sendable {
    /// Points/s under which velocity is ignored.
    public var minimumVelocity: Double = 300
    /// UIKit-style deceleration rate per millisecond used to project a fling.
    public var decelerationRate: Double = 0.998
    public init() {}

    /// Where a release at `velocity` would coast to: v/1000 · r/(1 − r).
    public func projectedHeight(from height: Double, velocity: Double) -> Double {
        height + velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// Index into `heights` (enabled notch heights, ascending) for a release at `height`
    /// moving at `velocity` (points/s, positive = growing).
    public func target(height: Double, velocity: Double, heights: [Double]) -> Int? {
        guard !heights.isEmpty else { return nil }
        func nearest(to h: Double, among indices: [Int]) -> Int? {
            indices.min { abs(heights[$0] - h) < abs(heights[$1] - h) }
        }
        let all = Array(heights.indices)
        guard abs(velocity) >= minimumVelocity else { return nearest(to: height, among: all) }
        let ahead = all.filter { velocity > 0 ? heights[$0] > height + 0.5 : heights[$0] < height - 0.5 }
        guard !ahead.isEmpty else { return nearest(to: height, among: all) }
        return nearest(to: projectedHeight(from: height, velocity: velocity), among: ahead)
    }
}
