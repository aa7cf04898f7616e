import OverlayEngine

/// Light or dark, as the desktop's `color-scheme` says.
public enum ColorScheme: String, CaseIterable, Sendable {
    case dark, light
}

/// The built-in looks beneath the config and the rules: dark (the product look,
/// `ToastStyle.standard`) and light, each also in a high-contrast variant whose every text
/// colour is at least 7:1 against what it is drawn on (WCAG AAA) and whose focus ring is 3 pt.
/// The desktop's accent colour, when it gives one, colours the focus ring and the bar of urgent
/// toasts.
public struct ToastTheme: Hashable, Sendable {
    public var scheme: ColorScheme
    public var highContrast: Bool
    public var accent: Color?

    public init(scheme: ColorScheme = .dark, highContrast: Bool = false, accent: Color? = nil) {
        self.scheme = scheme
        self.highContrast = highContrast
        self.accent = accent
    }

    /// The product look: dark, normal contrast, no desktop accent.
    public static let standard = ToastTheme()

    /// The toast style of this theme (sizes and fonts are the standard ones).
    public var style: ToastStyle {
        var style = highContrast ? Self.highContrast(scheme) : Self.normal(scheme)
        if let accent {
            style.accent = accent
            style.focusRing = accent
        }
        return style
    }

    private static func normal(_ scheme: ColorScheme) -> ToastStyle {
        var style = ToastStyle()
        guard scheme == .light else { return style }
        style.background = Color(hex: 0xF5F7FA)
        style.border = Color(hex: 0x5E81AC)
        style.summaryColor = Color(hex: 0x1E222A)
        style.bodyColor = Color(hex: 0x2E3440)
        style.progressTrack = Color(hex: 0xD8DEE9)
        style.progressFill = Color(hex: 0x5E81AC)
        style.actions.background = Color(hex: 0xDDE3EC)
        style.actions.textColor = Color(hex: 0x1E222A)
        style.replyFieldBackground = Color(hex: 0xFFFFFF)
        style.linkColor = Color(hex: 0x1F5C99)
        style.closeButtonColor = Color(hex: 0x4C566A)
        style.accent = Color(hex: 0xD0342C)
        style.quietTextOpacity = 0.72  // dimmed text stays at 4.5:1 on the light background
        return style
    }

    private static func highContrast(_ scheme: ColorScheme) -> ToastStyle {
        var style = ToastStyle()
        let (ink, paper) = scheme == .dark ? (Color(hex: 0xFFFFFF), Color(hex: 0x000000))
                                           : (Color(hex: 0x000000), Color(hex: 0xFFFFFF))
        style.background = paper
        style.border = ink
        style.summaryColor = ink
        style.bodyColor = ink
        style.closeButtonColor = ink
        style.progressTrack = scheme == .dark ? Color(hex: 0x595959) : Color(hex: 0xA6A6A6)
        style.progressFill = ink
        // Buttons are drawn inverted: ink-coloured with paper-coloured labels.
        style.actions.background = ink
        style.actions.textColor = paper
        style.replyFieldBackground = paper
        style.linkColor = scheme == .dark ? Color(hex: 0xFFFF00) : Color(hex: 0x0000CC)
        style.focusRing = scheme == .dark ? Color(hex: 0xFFFF00) : Color(hex: 0x0000CC)
        style.focusRingWidth = 3
        style.accent = scheme == .dark ? Color(hex: 0xFF4040) : Color(hex: 0xC00000)
        style.quietTextOpacity = 0.8
        style.keepsOpaqueCard = true
        return style
    }

    /// Each text colour of `style` and what it is drawn on, for contrast checks: summary, body,
    /// quiet (low-urgency) text, links, action labels and the close button.
    public static func textPairs(of style: ToastStyle) -> [(what: String, text: Color, background: Color)] {
        let quiet = style.bodyColor.withAlpha(style.bodyColor.alpha * style.quietTextOpacity)
        return [("summary", style.summaryColor, style.background),
                ("body", style.bodyColor, style.background),
                ("quiet text", quiet.composited(over: style.background), style.background),
                ("link", style.linkColor, style.background),
                ("action label", style.actions.textColor, style.actions.background),
                ("close button", style.closeButtonColor, style.background)]
    }
}
