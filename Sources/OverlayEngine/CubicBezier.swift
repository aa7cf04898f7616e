// CSS cubic-bezier(x1, y1, x2, y2) timing functions.

/// A CSS timing curve from (0,0) to (1,1). x1 and x2 are clamped to 0...1, as CSS requires.
public struct CubicBezier: Equatable, Sendable {
    public let x1, y1, x2, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(1, max(0, x1)); self.y1 = y1
        self.x2 = min(1, max(0, x2)); self.y2 = y2
    }

    public static let ease = CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    public static let easeIn = CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// Output progress for input progress `x` (clamped to 0...1).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.component(solveT(forX: x), y1, y2)
    }

    /// One coordinate of the curve: 3(1-t)²t·p1 + 3(1-t)t²·p2 + t³.
    static func component(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    static func derivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The input progress where the output reaches `y` for good, for a curve whose output rises
    /// steadily (y1 and y2 in 0...1, as the built-in curves): the parameter found on y, then its x.
    func input(reaching y: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<24 {
            let t = (lo + hi) / 2
            if Self.component(t, y1, y2) < y { lo = t } else { hi = t }
        }
        return Self.component(hi, x1, x2)
    }

    /// The curve parameter whose x equals `x`: Newton first, bisection if it stalls.
    /// x(t) is monotonic because x1, x2 lie in 0...1.
    func solveT(forX x: Double) -> Double {
        let epsilon = 1e-7
        var t = x
        for _ in 0..<8 {
            let error = Self.component(t, x1, x2) - x
            if abs(error) < epsilon { return t }
            let slope = Self.derivative(t, x1, x2)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let value = Self.component(t, x1, x2)
            if abs(value - x) < epsilon { return t }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
