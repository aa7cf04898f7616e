// Elementary functions in pure Swift: the engine may not import Glibc or Foundation.
// Accuracy is close to 1 ulp over the ranges animations use; not a libm replacement.

enum Math {
    static let ln2 = 0.6931471805599453
    static let pi = Double.pi

    /// e^x by range reduction to |r| ≤ ln2/2 and a Taylor polynomial.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.7 { return .infinity }
        if x < -745 { return 0 }
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        for n in 1...17 {
            term *= r / Double(n)
            sum += term
        }
        return scale(sum, byPowerOfTwo: Int(k))
    }

    /// Natural logarithm; NaN for negatives, -inf for zero.
    static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        var m = x.significand          // 1 ≤ m < 2
        var e = Double(x.exponent)
        if m > 1.4142135623730951 { m /= 2; e += 1 }
        // log m = 2·atanh(s), s = (m−1)/(m+1), |s| ≤ 0.172.
        let s = (m - 1) / (m + 1), s2 = s * s
        var power = s, sum = 0.0
        for n in stride(from: 1, through: 41, by: 2) {
            sum += power / Double(n)
            power *= s2
        }
        return 2 * sum + e * ln2
    }

    static func sin(_ x: Double) -> Double { sinCos(x).sin }
    static func cos(_ x: Double) -> Double { sinCos(x).cos }

    /// Both at once: reduce to |r| ≤ π/4 around a quadrant, then Taylor series.
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        if !x.isFinite { return (.nan, .nan) }
        let q = (x / (pi / 2)).rounded()
        let r = x - q * (pi / 2)
        let r2 = r * r
        var s = r, c = 1.0, ts = r, tc = 1.0
        for n in stride(from: 2, through: 24, by: 2) {
            tc *= -r2 / Double((n - 1) * n)
            ts *= -r2 / Double(n * (n + 1))
            c += tc
            s += ts
        }
        switch Int(q.truncatingRemainder(dividingBy: 4) + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// value · 2^k without overflow in the intermediate power.
    static func scale(_ value: Double, byPowerOfTwo k: Int) -> Double {
        var result = value, k = k
        while k > 1000 { result *= Double(sign: .plus, exponent: 1000, significand: 1); k -= 1000 }
        while k < -1000 { result *= Double(sign: .plus, exponent: -1000, significand: 1); k += 1000 }
        return result * Double(sign: .plus, exponent: k, significand: 1)
    }
}
