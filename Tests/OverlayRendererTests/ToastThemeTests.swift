import OverlayEngine
import Testing
@testable import OverlayRenderer

/// The built-in themes: WCAG contrast of every text colour, and what each theme changes.
struct ToastThemeTests {
    static let themes: [ToastTheme] = ColorScheme.allCases.flatMap { scheme in
        [false, true].map { ToastTheme(scheme: scheme, highContrast: $0) }
    }

    @Test func contrastRatioMatchesWCAG() {
        #expect(Color.black.contrastRatio(with: .white) == 21)
        #expect(Color(hex: 0x777777).contrastRatio(with: Color(hex: 0x777777)) == 1)
        // #767676 on white is the well-known smallest grey that passes AA (4.54:1).
        #expect(abs(Color(hex: 0x767676).contrastRatio(with: .white) - 4.54) < 0.01)
        #expect(abs(Color(hex: 0x595959).contrastRatio(with: .white) - 7.0) < 0.01)
    }

    /// High contrast: every text colour at least 7:1 (AAA). The normal themes: summary and body
    /// at least 7:1, links, dimmed text, labels and the close button at least 4.5:1 (AA).
    @Test(arguments: themes) func everyTextColourIsReadable(_ theme: ToastTheme) {
        for pair in ToastTheme.textPairs(of: theme.style) {
            let ratio = pair.text.contrastRatio(with: pair.background)
            let needed = theme.highContrast || ["summary", "body"].contains(pair.what) ? 7.0 : 4.5
            #expect(ratio >= needed, "\(theme.scheme) high contrast \(theme.highContrast): \(pair.what) \(ratio):1")
        }
    }

    @Test func theDarkThemeIsTheProductLook() {
        #expect(ToastTheme.standard.style == ToastStyle.standard)
        #expect(ToastTheme(scheme: .light).style.background != ToastStyle.standard.background)
        #expect(ToastTheme(scheme: .light).style.background.relativeLuminance > 0.8)
    }

    @Test func highContrastHasAStrongFocusRing() {
        for scheme in ColorScheme.allCases {
            let style = ToastTheme(scheme: scheme, highContrast: true).style
            #expect(style.focusRingWidth >= 3)
            #expect(style.focusRing!.contrastRatio(with: style.replyFieldBackground) >= 7)
        }
    }

    @Test func theDesktopAccentColoursTheFocusRingAndTheUrgentBar() {
        let accent = Color(red: 0.2, green: 0.6, blue: 0.3)
        let style = ToastTheme(scheme: .light, accent: accent).style
        #expect(style.accent == accent && style.focusRing == accent)
        #expect(ToastTheme(scheme: .light).style.focusRing == nil)  // the border colour
    }
}

extension ToastTheme: CustomTestStringConvertible {
    public var testDescription: String { "\(scheme)\(highContrast ? " high contrast" : "")" }
}
