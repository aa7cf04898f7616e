// WCAG 2 contrast: how readable one colour is on another.

extension Color {
    /// Relative luminance of the sRGB colour (WCAG 2: 0 black … 1 white), alpha ignored.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let v = min(1, max(0, c))
            return v <= 0.04045 ? v / 12.92 : Math.exp(2.4 * Math.log((v + 0.055) / 1.055))
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG contrast ratio against `other`, 1…21 (the order does not matter). 4.5 is AA for
    /// body text, 7 is AAA.
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour at its alpha over an opaque `background` (what the eye gets).
    public func composited(over background: Color) -> Color {
        let a = min(1, max(0, alpha))
        return Color(red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
                     blue: blue * a + background.blue * (1 - a))
    }
}
