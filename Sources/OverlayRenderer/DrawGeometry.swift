import OverlayEngine

// Drawing shorthands on the engine's geometry and style values (logical points; 1 point =
// `scale` device pixels; colours straight, not premultiplied, components in 0...1).

extension Rect {
    /// The top-left corner's coordinates.
    public var x: Double { minX }
    public var y: Double { minY }

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= minX && px < maxX && py >= minY && py < maxY
    }
}

extension Color {
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.init(red: r, green: g, blue: b, alpha: a)
    }

    /// `Color(hex: 0x2B303B)`: 0xRRGGBB, opaque unless `alpha` says otherwise.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    public var r: Double { get { red } set { red = newValue } }
    public var g: Double { get { green } set { green = newValue } }
    public var b: Double { get { blue } set { blue = newValue } }
    public var a: Double { get { alpha } set { alpha = newValue } }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour as 8-bit straight components (rounded), as `Canvas.pixel` reports them.
    public var bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (q(red), q(green), q(blue), q(alpha))
    }
}
