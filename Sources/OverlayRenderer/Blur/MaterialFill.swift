import CCairo
import OverlayEngine

/// Fills a rounded rectangle with a frosted material: the one drawing path of view-tree `blur`
/// materials and frosted toast cards. What the canvas holds under the frame blurred (`.canvas`),
/// else only the tint: light where the compositor blurs behind the surface, dense as the fallback.
enum MaterialFill {
    /// The tints laid over the frame: `frost` over a blur, `fallback` when nothing is blurred.
    struct Tint {
        var frost: Color
        var fallback: Color

        init(frost: Color, fallback: Color) { self.frost = frost; self.fallback = fallback }

        /// A card's own tint: `card` over a blur, a quarter denser where nothing is blurred.
        init(card: Color) { self.init(frost: card, fallback: card.withAlpha(min(1, card.alpha + 0.25))) }
    }

    /// Paints `material` into `frame` (current user space) with corners of `radius`, multiplied
    /// by `alpha`. `deviceScale`: device pixels per point under the current transform.
    static func paint(_ material: BlurMaterial, tint: Tint, frame: Rect, radius: Double, alpha: Double,
                      source: BlurSource, canvas: Canvas, deviceScale: Double) {
        let cr = canvas.context
        var color = tint.fallback
        cairo_save(cr)
        Paths.roundedRect(cr, frame, radius: radius)
        cairo_clip(cr)
        switch source {
        case .canvas:
            color = tint.frost
            // The frame in device pixels (the canvas's own transform: no scaled transition here).
            var x0 = frame.minX, y0 = frame.minY, x1 = frame.maxX, y1 = frame.maxY
            cairo_user_to_device(cr, &x0, &y0)
            cairo_user_to_device(cr, &x1, &y1)
            let x = Int(min(x0, x1).rounded(.down)), y = Int(min(y0, y1).rounded(.down))
            let w = Int(max(x0, x1).rounded(.up)) - x, h = Int(max(y0, y1).rounded(.up)) - y
            guard w > 0, h > 0 else { break }
            FrostedBlur.paintBlurredCopy(of: canvas, x: x, y: y, width: w, height: h, radius: material.blurRadius * deviceScale,
                                         alpha: alpha, into: cr)
        case .compositor:
            color = tint.frost
        case .tintedFallback, .captured:
            break
        }
        color.a *= alpha
        Paths.setSource(cr, color)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

extension BlurMaterial {
    /// The tints of a view-tree `blur` material.
    var tint: MaterialFill.Tint { MaterialFill.Tint(frost: frostTint, fallback: fallbackTint) }

    /// The tints of a toast card in this material: the theme's card colour (`style.background`),
    /// at least as dense as the material's own tint and dense enough that the summary and body
    /// keep 4.5:1 over anything (black and white are the worst cases); the fallback a quarter denser.
    public func cardTint(for style: ToastStyle) -> (frost: Color, fallback: Color) {
        var alpha = frostTint.alpha
        while alpha < 1, !Self.readable([style.summaryColor, style.bodyColor], on: style.background, alpha: alpha) {
            alpha = min(1, alpha + 0.01)
        }
        let tint = MaterialFill.Tint(card: style.background.withAlpha(alpha))
        return (tint.frost, tint.fallback)
    }

    /// The dimming of quiet text on a card in this material: the style's, raised until the dimmed
    /// body colour also keeps 4.5:1 on the card's tint over black and over white.
    func quietTextOpacity(for style: ToastStyle) -> Double {
        let card = cardTint(for: style).frost
        var opacity = min(1, max(0, style.quietTextOpacity))
        while opacity < 1, !Self.readable([style.bodyColor.withAlpha(style.bodyColor.alpha * opacity)], on: style.background, alpha: card.alpha) {
            opacity = min(1, opacity + 0.01)
        }
        return opacity
    }

    /// Every colour of `texts` reaches 4.5:1 on `card` at `alpha` over black and over white.
    static func readable(_ texts: [Color], on card: Color, alpha: Double) -> Bool {
        [Color(hex: 0x000000), Color(hex: 0xFFFFFF)].allSatisfy { under in
            let behind = card.withAlpha(alpha).composited(over: under)
            return texts.allSatisfy { $0.composited(over: behind).contrastRatio(with: behind) >= 4.5 }
        }
    }
}
