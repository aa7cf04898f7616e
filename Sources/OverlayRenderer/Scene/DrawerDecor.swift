import CCairo
import OverlayEngine

/// What a drawer surface draws besides its views: the dimming backdrop over the whole
/// surface, the panel under the views, and the keyboard focus ring over them.
public struct DrawerDecor: Equatable, Sendable {
    /// Black at this opacity over the whole surface (0: none).
    public var backdropOpacity: Double
    public var panel: Rect
    public var panelColor: Color
    /// The focused button's frame (surface-local), ringed.
    public var focusRing: Rect?

    public static let focusColor = Color(hex: 0x3D8BFF)
    public static let focusWidth = 3.0

    public init(backdropOpacity: Double, panel: Rect, panelColor: Color, focusRing: Rect? = nil) {
        self.backdropOpacity = backdropOpacity; self.panel = panel
        self.panelColor = panelColor; self.focusRing = focusRing
    }

    /// Where input lands on the surface: everywhere while a backdrop shows, else the panel.
    public func inputRegion(bounds: Rect) -> Rect { backdropOpacity > 0 ? bounds : panel }

    /// The backdrop and the panel (under the views).
    public func paintUnder(on canvas: Canvas, bounds: Rect) {
        let cr = canvas.context
        if backdropOpacity > 0 {
            Paths.fill(cr, bounds, radius: 0, color: Color(hex: 0x000000, alpha: min(1, backdropOpacity)))
        }
        Paths.fill(cr, panel, radius: 0, color: panelColor)
    }

    /// The focus ring (over the views), drawn just outside the button.
    public func paintOver(on canvas: Canvas) {
        guard let ring = focusRing else { return }
        let cr = canvas.context
        cairo_save(cr)
        Paths.setSource(cr, Self.focusColor)
        cairo_set_line_width(cr, Self.focusWidth)
        let d = Self.focusWidth / 2 + 1
        Paths.roundedRect(cr, Rect(x: ring.minX - d, y: ring.minY - d, width: ring.width + 2 * d,
                                        height: ring.height + 2 * d), radius: 6)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
