// Damped harmonic oscillator, parameterised like SwiftUI's spring(response:dampingFraction:).

/// A unit-mass spring pulling a displacement towards zero.
/// `response` is the undamped period in seconds; `dampingFraction` 1 is critical damping.
public struct Spring: Equatable, Sendable {
    public let response: Double
    public let dampingFraction: Double

    /// Displacement below which (relative to the start) a spring counts as settled.
    public static let settleThreshold = 1e-3
    /// Longest settling time ever reported, so an undamped spring still ends.
    public static let maximumSettlingDuration = 10.0

    public init(response: Double, dampingFraction: Double) {
        self.response = max(1e-3, response)
        self.dampingFraction = max(0, dampingFraction)
    }

    /// Natural angular frequency ω₀ = 2π / response.
    public var angularFrequency: Double { 2 * Double.pi / response }

    /// Displacement at time `t` from initial displacement `x0` and velocity `v0`.
    public func displacement(at t: Double, from x0: Double, velocity v0: Double = 0) -> Double {
        state(at: t, from: x0, velocity: v0).position
    }

    /// Velocity at time `t` from initial displacement `x0` and velocity `v0`.
    public func velocity(at t: Double, from x0: Double, velocity v0: Double = 0) -> Double {
        state(at: t, from: x0, velocity: v0).velocity
    }

    /// Progress from 0 to 1 (may overshoot 1 when under-damped).
    public func progress(at t: Double) -> Double { 1 - displacement(at: t, from: 1) }

    /// Closed-form position and velocity.
    public func state(at t: Double, from x0: Double, velocity v0: Double) -> (position: Double, velocity: Double) {
        let w0 = angularFrequency, z = dampingFraction
        if t <= 0 { return (x0, v0) }
        if abs(z - 1) < 1e-9 {
            let b = v0 + w0 * x0
            let e = Math.exp(-w0 * t)
            return ((x0 + b * t) * e, (b - w0 * (x0 + b * t)) * e)
        }
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let a = x0, b = (v0 + z * w0 * x0) / wd
            let e = Math.exp(-z * w0 * t), c = Math.cos(wd * t), s = Math.sin(wd * t)
            let x = e * (a * c + b * s)
            let v = e * ((b * wd - z * w0 * a) * c - (a * wd + z * w0 * b) * s)
            return (x, v)
        }
        let root = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
        let e1 = Math.exp(r1 * t), e2 = Math.exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// Time after which |displacement| stays below `tolerance` (default
    /// `settleThreshold · |x0|`): solved on an exponential envelope, so a safe upper bound.
    public func settlingDuration(from x0: Double = 1, velocity v0: Double = 0, tolerance: Double? = nil) -> Double {
        let w0 = angularFrequency, z = dampingFraction
        let epsilon = max(tolerance ?? Self.settleThreshold * abs(x0), 1e-12)
        let envelope: Double, rate: Double
        if z < 1 {
            guard z > 0 else { return Self.maximumSettlingDuration }
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (v0 + z * w0 * x0) / wd
            envelope = (x0 * x0 + b * b).squareRoot()
            rate = z * w0
        } else {
            // |x0 + b·t|·e^(−ω₀t) ≤ (|x0| + |b|/(eω')) e^(−ω't) for any ω' < ω₀; use ω' = ω₀/2
            // for critical damping, and the slow root for over-damping.
            let slow = z == 1 ? w0 : w0 * (z - (z * z - 1).squareRoot())
            let half = slow / 2
            let b = abs(v0) + w0 * abs(x0) * (z == 1 ? 1 : 2 * z)
            envelope = abs(x0) + b / (2.718281828459045 * half)
            rate = half
        }
        guard envelope > epsilon else { return 0 }
        return min(Self.maximumSettlingDuration, Math.log(envelope / epsilon) / rate)
    }
}
