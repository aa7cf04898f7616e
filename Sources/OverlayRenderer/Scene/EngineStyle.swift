import OverlayEngine

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
    public var frostTint: Color {
        switch self {
        case .ultraThin: Color(hex: 0x20242C, alpha: 0.10)
        case .thin: Color(hex: 0x20242C, alpha: 0.20)
        case .regular: Color(hex: 0x20242C, alpha: 0.30)
        case .thick: Color(hex: 0x20242C, alpha: 0.42)
        case .ultraThick: Color(hex: 0x20242C, alpha: 0.55)
        }
    }

    /// The tinted fallback when nothing under the surface can be blurred: a denser tint.
    public var fallbackTint: Color {
        var tint = frostTint
        tint.a = min(0.9, 0.25 + tint.a)
        return tint
    }
}
