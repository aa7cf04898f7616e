import CCairo
import OverlayEngine

/// The ring that shows which toast, button or close button of a column has the keyboard. It is
/// drawn over the toasts, inside the focused toast's border or just outside a focused button, in
/// a colour that stands out from the toast's background by at least `minimumContrast`.
public struct FocusRing: Equatable, Sendable {
    /// The centre line of the stroke (surface-local points).
    public var frame: Rect
    public var color: Color
    public var width: Double
    public var radius: Double

    public init(frame: Rect, color: Color, width: Double, radius: Double) {
        self.frame = frame; self.color = color; self.width = width; self.radius = radius
    }

    /// WCAG's contrast for user-interface components (1.4.11).
    public static let minimumContrast = 3.0
    /// The ring's width, unless the theme's is wider (high contrast: 3 pt as well).
    public static let standardWidth = 3.0
    /// Tried after the theme's ring colour: a bright blue (dark toasts), a deep blue (light ones),
    /// then black and white, one of which reaches 4.5:1 on any background.
    static let fallbacks = [Color(hex: 0x3D8BFF), Color(hex: 0x0B4FB3), Color(hex: 0x000000), Color(hex: 0xFFFFFF)]

    /// The ring's colour on `style`'s toasts: the theme's focus ring (the desktop's accent, the
    /// high-contrast yellow or blue) when it reaches the minimum contrast on the background, else
    /// the first fallback that does.
    public static func color(on style: ToastStyle) -> Color {
        let background = style.background
        let candidates = (style.focusRing.map { [$0] } ?? []) + fallbacks
        return candidates.first { $0.contrastRatio(with: background) >= minimumContrast }
            ?? candidates.max { $0.contrastRatio(with: background) < $1.contrastRatio(with: background) }!
    }

    /// A ring just inside the border of a toast drawn at `frame` (scaled by `scale`).
    public static func inside(toast frame: Rect, style: ToastStyle, scale: Double = 1) -> FocusRing {
        let width = max(standardWidth, style.focusRingWidth) * scale
        let inset = style.borderWidth * scale + width / 2
        return FocusRing(frame: frame.insetBy(dx: inset, dy: inset), color: color(on: style), width: width,
                         radius: max(0, style.cornerRadius * scale - inset))
    }

    /// A ring just outside a button's (or the close button's) frame.
    public static func around(button frame: Rect, style: ToastStyle, scale: Double = 1) -> FocusRing {
        let width = max(standardWidth, style.focusRingWidth) * scale
        let outset = width / 2 + scale
        return FocusRing(frame: frame.insetBy(dx: -outset, dy: -outset), color: color(on: style), width: width,
                         radius: style.actions.cornerRadius * scale + outset)
    }

    /// What the stroke covers, for repainting.
    public var ink: Rect { frame.insetBy(dx: -width / 2 - 1, dy: -width / 2 - 1) }

    public func paint(on canvas: Canvas) {
        let cr = canvas.context
        cairo_save(cr)
        Paths.setSource(cr, color)
        cairo_set_line_width(cr, width)
        Paths.roundedRect(cr, frame, radius: radius)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
