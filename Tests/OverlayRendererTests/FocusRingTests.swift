import OverlayEngine
import Testing
@testable import OverlayRenderer

/// The keyboard focus ring over a column's toasts: at least 3:1 against the toast's background in
/// every theme (WCAG 1.4.11), with the desktop's accent or the theme's own ring colour when those
/// stand out, and placed inside the toast's border or around a button.
struct FocusRingTests {
    static let themes: [ToastTheme] = ColorScheme.allCases.flatMap { scheme in
        [false, true].flatMap { high in
            // No accent, a readable one, and pale and dark ones that vanish on one of the backgrounds.
            [nil, Color(hex: 0xB0306A), Color(hex: 0xFFF7A0), Color(hex: 0x202830)].map {
                ToastTheme(scheme: scheme, highContrast: high, accent: $0)
            }
        }
    }

    @Test(arguments: themes) func theRingStandsOutInEveryTheme(_ theme: ToastTheme) {
        let style = theme.style
        let ring = FocusRing.inside(toast: Rect(x: 0, y: 0, width: 300, height: 80), style: style)
        let ratio = ring.color.contrastRatio(with: style.background)
        #expect(ratio >= 3, "\(theme.scheme) high contrast \(theme.highContrast) accent \(String(describing: theme.accent)): \(ratio):1")
        #expect(ring.width >= 3)
    }

    @Test func theThemesRingColourIsKeptWhenItStandsOut() {
        #expect(FocusRing.color(on: ToastTheme(scheme: .dark, highContrast: true).style) == Color(hex: 0xFFFF00))
        #expect(FocusRing.color(on: ToastTheme(scheme: .light, highContrast: true).style) == Color(hex: 0x0000CC))
        let accent = Color(hex: 0xB0306A)
        #expect(FocusRing.color(on: ToastTheme(scheme: .light, accent: accent).style) == accent)
        // A pale accent on the light theme would vanish: the deep blue is used instead.
        #expect(FocusRing.color(on: ToastTheme(scheme: .light, accent: Color(hex: 0xFFF7A0)).style) != Color(hex: 0xFFF7A0))
    }

    @Test func anyBackgroundGetsAVisibleRing() {
        var style = ToastStyle()
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    style.background = Color(hex: UInt32(r << 16 | g << 8 | b))
                    let ratio = FocusRing.color(on: style).contrastRatio(with: style.background)
                    #expect(ratio >= 3, "background \(r) \(g) \(b): \(ratio):1")
                }
            }
        }
    }

    @Test func aToastsRingIsInsideItsBorderAndAButtonsAroundIt() {
        let style = ToastStyle()
        let toast = Rect(x: 10, y: 20, width: 300, height: 80)
        let inside = FocusRing.inside(toast: toast, style: style)
        #expect(inside.ink.minX >= toast.minX + style.borderWidth - 1 && inside.ink.maxX <= toast.maxX - style.borderWidth + 1)
        #expect(inside.frame.minX - inside.width / 2 == toast.minX + style.borderWidth, "the stroke starts where the border ends")
        let button = Rect(x: 50, y: 60, width: 60, height: 24)
        let around = FocusRing.around(button: button, style: style, scale: 2)
        #expect(around.width == 6, "scaled with the view")
        #expect(around.frame.minX + around.width / 2 < button.minX && around.frame.maxY - around.width / 2 > button.maxY,
                "the stroke is outside the button")
    }
}
