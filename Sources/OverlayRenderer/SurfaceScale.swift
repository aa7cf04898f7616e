/// How a surface's buffer maps to its logical size on HiDPI outputs.
///
/// - Integer: `wl_surface.set_buffer_scale(n)`, buffer = logical × n. Always available.
/// - Fractional: where the compositor offers `wp_fractional_scale_manager_v1` AND `wp_viewporter`,
///   the preferred scale arrives in 120ths; the buffer is logical × scale/120 rounded half away
///   from zero (the protocol's rule), buffer scale stays 1 and a viewport's destination is set to
///   the logical size. Without viewporter a fractional scale cannot be expressed: use the next
///   integer up (downscaled by the compositor, still sharper than upscaling).
///
/// sway 1.7 (the test rig) offers viewporter but not fractional-scale-v1, so the daemon takes the
/// integer path there; this type is the size math both paths share (unit-tested).
public struct SurfaceScale: Equatable, Sendable {
    /// Scale in 120ths (120 = 1×, 180 = 1.5×).
    public let numerator: Int
    /// True when drawn through a viewport at the exact fractional scale.
    public let usesViewport: Bool

    public static let denominator = 120

    /// Picks the scale: the fractional preference when it and a viewporter are offered, else the
    /// largest integer output scale (rounded up from a fractional preference when only that is known).
    public static func choose(preferredFractional: Int?, outputScales: [Int], hasViewporter: Bool) -> SurfaceScale {
        if let preferred = preferredFractional, preferred > 0 {
            if hasViewporter { return SurfaceScale(numerator: preferred, usesViewport: true) }
            let integer = (preferred + denominator - 1) / denominator
            return SurfaceScale(numerator: max(1, integer) * denominator, usesViewport: false)
        }
        return SurfaceScale(numerator: max(1, outputScales.max() ?? 1) * denominator, usesViewport: false)
    }

    public init(numerator: Int, usesViewport: Bool) {
        self.numerator = max(1, numerator)
        self.usesViewport = usesViewport
    }

    /// Device pixels per logical point (the Canvas scale).
    public var factor: Double { Double(numerator) / Double(Self.denominator) }

    /// `wl_surface.set_buffer_scale`: 1 with a viewport, else the integer scale.
    public var bufferScale: Int32 { usesViewport ? 1 : Int32(numerator / Self.denominator) }

    /// Buffer pixels for `logical` points: round-half-away-from-zero of logical × scale/120,
    /// computed in integers so 1.25 × 1001 does not land on the wrong side of .5.
    public func bufferLength(_ logical: Int) -> Int {
        guard logical > 0 else { return 0 }
        return (logical * numerator + Self.denominator / 2) / Self.denominator
    }

    public func bufferSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (bufferLength(width), bufferLength(height))
    }

    /// The Canvas scale for a buffer of `bufferWidth` pixels showing `logicalWidth` points: the
    /// exact ratio, so the last pixel column is the surface's edge (rounding included).
    public func canvasScale(logicalWidth: Int) -> Double {
        logicalWidth > 0 ? Double(bufferLength(logicalWidth)) / Double(logicalWidth) : factor
    }
}
