// Animation curves: how transition progress moves from 0 to 1 over time.

/// How a transition or a move runs from 0 to 1 over time: a CSS-style curve over a duration, or a spring.
public enum Animation: Equatable, Sendable {
    case linear(duration: Double)
    case easeIn(duration: Double)
    case easeOut(duration: Double)
    case easeInOut(duration: Double)
    /// CSS cubic-bezier(x1, y1, x2, y2) over `duration` seconds.
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double)
    /// Ends when the spring has settled (see `Spring.settlingDuration`).
    case spring(response: Double, dampingFraction: Double)

    /// The engine's default: a short ease-in-out.
    public static let `default` = Animation.easeInOut(duration: 0.35)

    /// Seconds until the curve reaches its final value and stays there.
    public var duration: Double {
        switch self {
        case .linear(let d), .easeIn(let d), .easeOut(let d), .easeInOut(let d),
             .bezier(_, _, _, _, let d):
            return max(0, d)
        case .spring(let response, let damping):
            return Spring(response: response, dampingFraction: damping).settlingDuration()
        }
    }

    /// Seconds after which at most `share` of the way is left, for good. The built-in eases rise
    /// steadily, so that is where they first come within `share` of 1; a bezier of the caller's
    /// and a spring may overshoot, so they run their whole `duration`.
    public func settled(within share: Double) -> Double {
        let whole = duration
        let reached = min(1, 1 - share + 1e-6)  // a hair past, for the curve solved both ways
        guard reached < 1 else { return whole }
        switch self {
        case .linear: return whole * max(0, reached)
        case .easeIn: return whole * CubicBezier.easeIn.input(reaching: reached)
        case .easeOut: return whole * CubicBezier.easeOut.input(reaching: reached)
        case .easeInOut: return whole * CubicBezier.easeInOut.input(reaching: reached)
        case .bezier, .spring: return whole
        }
    }

    /// Progress at `elapsed` seconds: 0 at the start, exactly 1 from `duration` on.
    /// Springs may overshoot 1 on the way.
    public func progress(at elapsed: Double) -> Double {
        progress(at: elapsed, duration: duration)
    }

    /// Same as `progress(at:)` with a precomputed `duration` (saves the spring solve).
    public func progress(at elapsed: Double, duration: Double) -> Double {
        if elapsed <= 0 { return duration <= 0 ? 1 : 0 }
        if elapsed >= duration { return 1 }
        let x = elapsed / duration
        switch self {
        case .linear: return x
        case .easeIn: return CubicBezier.easeIn.value(at: x)
        case .easeOut: return CubicBezier.easeOut.value(at: x)
        case .easeInOut: return CubicBezier.easeInOut.value(at: x)
        case .bezier(let x1, let y1, let x2, let y2, _):
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).value(at: x)
        case .spring(let response, let damping):
            return Spring(response: response, dampingFraction: damping).progress(at: elapsed)
        }
    }
}
