import CCairo
import Foundation
import OverlayEngine
@testable import OverlayRenderer
import OverlayScene
import Testing
import XCTest

/// A toast card in a material (`toast-material`): the stripes under it blurred into one tone inside
/// the border, the border and the sharp stripes outside its rounded corner kept, text readable on
/// any backdrop, and high contrast keeping the opaque card.
struct FrostedToastTests {
    /// 4-pixel black and white vertical stripes: a blur turns them into one grey.
    func stripedCanvas() -> Canvas {
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 140, scale: 1)
        let cr = canvas.context
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        for x in stride(from: 0, to: 400, by: 8) { cairo_rectangle(cr, Double(x), 0, 4, 140) }
        cairo_fill(cr)
        return canvas
    }

    func draw(_ style: ToastStyle, source: BlurSource, on canvas: Canvas) {
        let renderer = DefaultToast()
        renderer.blurSource = source
        renderer.draw(ToastContent(summary: "Frosted"), style: style, on: canvas, x: 20, y: 20)
        canvas.flush()
    }

    /// Luminance-ish grey of a pixel (the canvas is opaque here).
    func grey(_ canvas: Canvas, _ x: Int, _ y: Int) -> Int { Int(canvas.pixel(x: x, y: y).g) }

    @Test func stripesUnderTheCardAreBlurredAndSharpOutsideItsCorner() {
        let canvas = stripedCanvas()
        var style = ToastStyle.standard.withMaterial(.regular)
        style.cornerRadius = 16
        draw(style, source: .canvas, on: canvas)
        // Along a row in the card's empty lower right, inside the border: one tone (the
        // stripes were 0 and 255 four pixels apart).
        let row = (300...340).map { grey(canvas, $0, 60) }
        #expect(row.max()! - row.min()! <= 6, "blurred: \(row)")
        // The card's tint (#2B303B at its alpha) over the stripes' mean grey, not the opaque card (green 0x30).
        let a = BlurMaterial.regular.cardTint(for: .standard).frost.alpha
        let expected = a * 0x30 + (1 - a) * 127.5
        #expect(abs(Double(row[0]) - expected) <= 3, "frosted: \(row[0]), expected \(expected)")
        #expect(row[0] - 0x30 > 12, "the backdrop shows through: \(row[0])")
        // The 2-point border keeps its colour (#5E81AC) on the flat top edge.
        let border = canvas.pixel(x: 200, y: 20)
        #expect((border.r, border.g, border.b) == (0x5E, 0x81, 0xAC))
        // Just outside the rounded top-left corner (20, 20) the stripes are pure black or white.
        for (x, y) in [(20, 20), (21, 21), (22, 20)] {
            #expect([0, 255].contains(grey(canvas, x, y)), "sharp at (\(x), \(y)): \(grey(canvas, x, y))")
        }
    }

    @Test func withTheCompositorBlurringTheCardIsATranslucentTint() {
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 140, scale: 1)
        draw(ToastStyle.standard.withMaterial(.regular), source: .compositor, on: canvas)
        let tint = BlurMaterial.regular.cardTint(for: .standard).frost
        let p = canvas.pixel(x: 330, y: 60)
        #expect(abs(Double(p.a) - tint.alpha * 255) <= 1, "the card's alpha is the tint's: \(p.a)")
        #expect(p.a < 255, "the compositor's blur shows through")
    }

    @Test func highContrastKeepsTheOpaqueCard() {
        let style = ToastTheme(highContrast: true).style
        #expect(style.withMaterial(.regular).material == nil)
        let canvas = stripedCanvas()
        draw(style.withMaterial(.regular), source: .canvas, on: canvas)
        let row = (300...340).map { grey(canvas, $0, 60) }
        #expect(row.allSatisfy { $0 == 0 }, "high-contrast dark paper is pure black: \(row)")
    }

    /// Summary, body and quiet text keep 4.5:1 on the card's tint over black and over white (the
    /// extremes of any backdrop), blurred or not, for both themes and every material.
    @Test(arguments: BlurMaterial.allCases)
    func textStaysReadableOnTheTint(material: BlurMaterial) {
        for theme in [ToastTheme(scheme: .dark), ToastTheme(scheme: .light)] {
            let style = theme.style.withMaterial(material)
            #expect(style.quietTextOpacity >= theme.style.quietTextOpacity, "quiet text is never dimmed more")
            let tint = material.cardTint(for: style)
            for card in [tint.frost, tint.fallback] {
                #expect(card.alpha >= material.frostTint.alpha)
                for under in [Color(hex: 0x000000), Color(hex: 0xFFFFFF)] {
                    let behind = card.composited(over: under)
                    let quiet = style.bodyColor.withAlpha(style.bodyColor.alpha * style.quietTextOpacity)
                    for text in [style.summaryColor, style.bodyColor, quiet] {
                        #expect(text.composited(over: behind).contrastRatio(with: behind) >= 4.5,
                                "\(material) \(theme.scheme) over \(under)")
                    }
                }
            }
        }
        // Some backdrop still shows through the dark theme's thinner materials.
        if material == .ultraThin { #expect(material.cardTint(for: ToastTheme(scheme: .dark).style).frost.alpha < 1) }
    }
}

/// `overlay-wl render`'s path: a scene toast with `toastMaterial` over the desktop wallpaper.
final class FrostedToastGoldenTests: XCTestCase {
    func testFrostedToastAtScale1() throws { try GoldenImage.check(scene: "toast-frosted", time: 1, name: "toast-frosted") }
}
