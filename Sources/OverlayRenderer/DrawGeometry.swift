// Small value types for the drawing layer.
//
// The renderer deliberately does not depend on OverlayEngine's geometry yet; these types are
// plain Doubles in logical points (1 point = `scale` device pixels) and are trivial to convert.

/// A rectangle in logical points; the origin is the top-left corner.
public struct DrawFrame: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }
}

/// A straight (not premultiplied) sRGB colour with components in 0...1.
public struct DrawColor: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `DrawColor(hex: 0x2B303B)` — 0xRRGGBB, opaque unless `alpha` says otherwise.
    public init(hex: UInt32, alpha: Double = 1) {
        self.r = Double((hex >> 16) & 0xFF) / 255
        self.g = Double((hex >> 8) & 0xFF) / 255
        self.b = Double(hex & 0xFF) / 255
        self.a = alpha
    }

    /// The colour as 8-bit straight components (rounded), as `Canvas.pixel` reports them.
    public var bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (q(r), q(g), q(b), q(a))
    }
}
