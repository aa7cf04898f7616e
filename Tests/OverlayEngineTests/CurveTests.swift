// Timing curves: CSS cubic Bézier, springs, and the pure-Swift math under them.
import Testing
@testable import OverlayEngine

@Suite struct CubicBezierTests {
    /// Reference values from a 200-step bisection of the CSS definition (independent solver).
    static let references: [(CubicBezier, [Double])] = [
        (.ease, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        (.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
        (.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
        (.easeInOut, [0.019722, 0.129162, 0.5, 0.870838, 0.980278]),
        (CubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55), [-0.066291, -0.082807, 0.60668, 1.089166, 1.062373]),
    ]

    @Test func agreesWithCSSWithin1e3() {
        for (curve, expected) in Self.references {
            for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], expected) {
                #expect(abs(curve.value(at: x) - y) < 1e-3, "\(curve) at \(x)")
                #expect(abs(curve.value(at: x) - y) < 1e-5, "tighter than required: \(curve) at \(x)")
            }
        }
    }

    @Test func endpointsAndClamping() {
        let c = CubicBezier(x1: 2, y1: 0, x2: -1, y2: 1)
        #expect(c.x1 == 1 && c.x2 == 0)
        #expect(c.value(at: 0) == 0 && c.value(at: 1) == 1 && c.value(at: -3) == 0 && c.value(at: 7) == 1)
    }

    @Test func steepCurvesFallBackToBisection() {
        let c = CubicBezier(x1: 1, y1: 0, x2: 1, y2: 0)      // x'(t) vanishes at both ends
        for x in stride(from: 0.01, to: 1, by: 0.07) {
            let t = c.solveT(forX: x)
            #expect(abs(CubicBezier.component(t, 1, 1) - x) < 1e-6)
        }
    }

    @Test func animationCurvesUseTheCSSPresets() {
        #expect(Animation.easeIn(duration: 2).progress(at: 1) == CubicBezier.easeIn.value(at: 0.5))
        #expect(Animation.linear(duration: 2).progress(at: 0.5) == 0.25)
        #expect(Animation.bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1, duration: 1).progress(at: 0.5) == CubicBezier.ease.value(at: 0.5))
        #expect(Animation.easeOut(duration: 0).progress(at: 0) == 1)
    }
}

@Suite struct SpringTests {
    func samples(_ spring: Spring) -> [Double] {
        stride(from: 0.0, through: spring.settlingDuration() + 1, by: 0.002).map { spring.progress(at: $0) }
    }

    @Test func criticalDampingNeverOvershoots() {
        for response in [0.2, 0.5, 1.0] {
            let values = samples(Spring(response: response, dampingFraction: 1))
            #expect(values.allSatisfy { $0 <= 1 + 1e-12 })
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })   // monotonic
        }
    }

    @Test func overDampingNeverOvershoots() {
        #expect(samples(Spring(response: 0.5, dampingFraction: 1.6)).allSatisfy { $0 <= 1 + 1e-12 })
    }

    @Test func underDampingOvershootsAndSettles() {
        let spring = Spring(response: 0.5, dampingFraction: 0.5)
        let values = samples(spring)
        #expect(values.max()! > 1.1)
        let end = spring.settlingDuration()
        for t in stride(from: end, through: end + 3, by: 0.01) {
            #expect(abs(1 - spring.progress(at: t)) < Spring.settleThreshold)
        }
        #expect(Animation.spring(response: 0.5, dampingFraction: 0.5).progress(at: end) == 1)
    }

    @Test func satisfiesTheOscillatorEquation() {
        // x'' + 2ζω₀x' + ω₀²x = 0, checked with central differences.
        for damping in [0.3, 1.0, 2.0] {
            let s = Spring(response: 0.4, dampingFraction: damping)
            let w = s.angularFrequency, h = 1e-4
            for t in [0.05, 0.13, 0.3] {
                let x = s.displacement(at: t, from: 2, velocity: -3)
                let v = s.velocity(at: t, from: 2, velocity: -3)
                let dv = (s.velocity(at: t + h, from: 2, velocity: -3) - s.velocity(at: t - h, from: 2, velocity: -3)) / (2 * h)
                let dx = (s.displacement(at: t + h, from: 2, velocity: -3) - s.displacement(at: t - h, from: 2, velocity: -3)) / (2 * h)
                #expect(abs(dx - v) < 1e-4)
                #expect(abs(dv + 2 * damping * w * v + w * w * x) < 1e-2 * (1 + w * w * abs(x)))
            }
            #expect(s.displacement(at: 0, from: 2, velocity: -3) == 2)
        }
    }
}

@Suite struct MathTests {
    @Test func elementaryFunctionsMatchKnownValues() {
        #expect(abs(Math.exp(1) - 2.718281828459045) < 1e-14)
        #expect(abs(Math.exp(-3.7) - 0.024723526470339388) < 1e-16)
        #expect(abs(Math.log(10) - 2.302585092994046) < 1e-14)
        #expect(abs(Math.log(0.001) - -6.907755278982137) < 1e-13)
        #expect(abs(Math.sin(1) - 0.8414709848078965) < 1e-15)
        #expect(abs(Math.cos(2.5) - -0.8011436155469337) < 1e-15)
        #expect(abs(Math.sin(100.3) - -0.22891692244520673) < 1e-12)
        #expect(Math.exp(-800) == 0 && Math.log(0) == -.infinity && Math.log(-1).isNaN)
    }

    @Test func expAndLogAreInverses() {
        for x in stride(from: -20.0, through: 20, by: 0.37) {
            #expect(abs(Math.log(Math.exp(x)) - x) < 1e-12)
        }
    }
}
