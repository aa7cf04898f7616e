import OverlayEngine

// Conversions from the engine's style values to the drawing layer's.

extension DrawColor {
    public init(_ color: Color) {
        self.init(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    }
}

extension DrawFrame {
    public init(_ rect: Rect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    }
}

extension DropShadow {
    /// The engine's shadow: its radius is the blur radius (σ = radius / 2).
    public init(_ shadow: Shadow) {
        self.init(color: DrawColor(shadow.color), radius: shadow.radius,
                  offsetX: shadow.offset.x, offsetY: shadow.offset.y)
    }
}

extension BlurMaterial {
    /// Blur radius (points) of the frosted backdrop.
    public var blurRadius: Double {
        switch self {
        case .ultraThin: 6
        case .thin: 12
        case .regular: 20
        case .thick: 32
        case .ultraThick: 48
        }
    }

    /// Tint laid over a frosted backdrop (what is under shows through).
    public var frostTint: DrawColor {
        switch self {
        case .ultraThin: DrawColor(hex: 0x20242C, alpha: 0.10)
        case .thin: DrawColor(hex: 0x20242C, alpha: 0.20)
        case .regular: DrawColor(hex: 0x20242C, alpha: 0.30)
        case .thick: DrawColor(hex: 0x20242C, alpha: 0.42)
        case .ultraThick: DrawColor(hex: 0x20242C, alpha: 0.55)
        }
    }

    /// The tinted fallback when nothing under the surface can be blurred: a denser tint.
    public var fallbackTint: DrawColor {
        var tint = frostTint
        tint.a = min(0.9, 0.25 + tint.a)
        return tint
    }
}
