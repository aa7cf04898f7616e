import OverlayEngine

// What a toast shows (ToastContent) and how it looks (ToastStyle).

/// The content of one notification toast.
public struct ToastContent: Equatable {
    /// Plain text (never interpreted as markup), wrapped to at most `ToastStyle.summaryMaxLines`.
    public var summary: String
    /// The notification body as sent: Pango-ish markup or plain text. It is passed through
    /// `Markup.sanitize`, so anything goes; at most `ToastStyle.bodyMaxLines` lines are shown.
    public var body: String
    /// The sending application's name (not drawn by the default look; kept for callers and caching).
    public var appName: String
    /// Progress in percent (0...100, clamped) drawn as a bar under the body; nil for none.
    public var progress: Int?
    /// Action buttons as (key, label). The "default" key is the click on the toast itself and is
    /// not drawn as a button; at most `ActionButtonStyle.maxButtons` buttons are drawn, in one row.
    public var actions: [(key: String, label: String)]
    /// The icon or image drawn at the leading edge (`ToastStyle.iconSize` square); nil for none.
    /// One that cannot be loaded is left out (the renderer reports why through `onImageError`).
    public var icon: ImageSource?
    /// The `action-icons` hint: each action's key is an icon name, drawn instead of its label
    /// (the label shows when the theme has no such icon).
    public var actionIcons: Bool
    /// An inline-reply field and its submit button, under the action buttons; nil for none.
    public var reply: ReplyFieldContent?
    /// How much the toast asks for attention (a notification's urgency, unless a rule says otherwise).
    public var emphasis: ToastEmphasis = .normal

    public init(summary: String = "", body: String = "", appName: String = "", progress: Int? = nil,
                actions: [(key: String, label: String)] = [], icon: ImageSource? = nil, actionIcons: Bool = false,
                reply: ReplyFieldContent? = nil, emphasis: ToastEmphasis = .normal) {
        self.summary = summary
        self.body = body
        self.appName = appName
        self.progress = progress
        self.actions = actions
        self.icon = icon
        self.actionIcons = actionIcons
        self.reply = reply
        self.emphasis = emphasis
    }

    public static func == (lhs: ToastContent, rhs: ToastContent) -> Bool {
        // String == first compares storage identity, so comparing a content with itself (the
        // per-frame cache lookup) is O(1) even for a huge body.
        lhs.summary == rhs.summary && lhs.body == rhs.body && lhs.appName == rhs.appName
            && lhs.progress == rhs.progress && lhs.icon == rhs.icon && lhs.actionIcons == rhs.actionIcons
            && lhs.emphasis == rhs.emphasis && lhs.reply == rhs.reply
            && lhs.actions.count == rhs.actions.count
            && zip(lhs.actions, rhs.actions).allSatisfy { $0.key == $1.key && $0.label == $1.label }
    }

    /// The action buttons that are drawn, in order.
    public func visibleActions(limit: Int) -> [(key: String, label: String)] {
        Array(actions.lazy.filter { $0.key != "default" }.prefix(max(0, limit)))
    }
}

/// The inline-reply row of a toast (KDE Plasma's `inline-reply` action): a one-line text field
/// and a submit button.
public struct ReplyFieldContent: Equatable, Sendable {
    /// Shown while the field is empty (`x-kde-reply-placeholder-text`).
    public var placeholder: String
    /// The submit button's label (`x-kde-reply-submit-button-text`).
    public var submitLabel: String
    /// A themed icon drawn instead of the label when the theme has it (`x-kde-reply-submit-button-icon-name`).
    public var submitIcon: String?
    /// What the user typed so far.
    public var text: String = ""
    /// The caret in Characters of `text`; nil while the field does not have the keyboard.
    public var caret: Int?

    public static let defaultPlaceholder = "Reply…"
    public static let defaultSubmitLabel = "Send"

    public init(placeholder: String = ReplyFieldContent.defaultPlaceholder,
                submitLabel: String = ReplyFieldContent.defaultSubmitLabel, submitIcon: String? = nil) {
        self.placeholder = placeholder
        self.submitLabel = submitLabel
        self.submitIcon = submitIcon
    }
}

/// How much a toast asks for attention.
public enum ToastEmphasis: String, CaseIterable, Sendable {
    /// Dimmer text (`ToastStyle.quietTextOpacity`): low-urgency notifications.
    case quiet
    case normal
    /// A bar in `ToastStyle.accent` down the leading edge, so it stands out by shape as well as
    /// by colour (readable without telling colours apart): critical notifications.
    case urgent
}

/// The look of a toast. The defaults ARE the product look; tests rely on them:
///
/// | property            | default          |
/// |---------------------|------------------|
/// | width               | 360 pt (fixed)   |
/// | padding             | 12 pt (inside the border) |
/// | cornerRadius        | 8 pt             |
/// | borderWidth         | 2 pt             |
/// | background          | #2B303B, opaque  |
/// | border              | #5E81AC          |
/// | summaryColor        | #ECEFF4, font "Sans Bold 11" |
/// | bodyColor           | #D8DEE9, font "Sans 11" |
/// | summaryMaxLines     | 2                |
/// | bodyMaxLines        | 6                |
/// | summaryBodySpacing  | 4 pt             |
/// | progressHeight      | 6 pt, 8 pt above it, track #434C5E, fill #88C0D0, radius 3 |
/// | backgroundGradient  | nil (flat); else the background runs top → this colour at the bottom |
/// | icon                | 48 pt square at the leading edge, 12 pt before the text |
/// | close button        | off; 16 pt "×" at the top trailing corner, #D8DEE9 |
/// | emphasis            | quiet: text at 65 % opacity; urgent: a 6 pt bar down the leading edge inside the border, #FF5A4E |
/// | shadow              | nil; a view configuration's shadow overrides it |
/// | action buttons      | one row, 8 pt above it, 6 pt apart, label padding 4 pt vertical / 8 pt horizontal, background #3B4252, label #ECEFF4 "Sans 11", radius 4, at most 3 |
/// | action icons        | 20 pt, centred in the button (the `action-icons` hint) |
/// | reply field         | under the action row, 8 pt above it: a field #1F232B with the body's font and colour (placeholder at 55 %), a ring in the border colour and a caret while typing; its submit button looks like an action button |
/// | links               | underlined, #88C0D0 |
/// | body images         | inline, at most the text width by 96 pt, never enlarged |
///
/// Layout, top to bottom inside the border+padding inset (14 pt with the defaults): summary (always
/// at least one line high, even when empty), body (omitted when empty), progress bar, action row.
/// An icon takes the leading `iconSize + iconGap` of the text column (the text wraps beside it;
/// progress and actions start below both); a close button takes `closeButtonSize + iconGap` of it
/// at the trailing side. A toast whose summary reads right to left (Pango's base direction, else the locale) is
/// mirrored: icon and urgent bar on the right, close button on the left, action buttons in reverse order.
public struct ToastStyle: Hashable, Sendable {
    public var width: Double = 360
    public var padding: Double = 12
    public var cornerRadius: Double = 8
    public var borderWidth: Double = 2
    public var background = Color(hex: 0x2B303B)
    public var border = Color(hex: 0x5E81AC)
    public var summaryColor = Color(hex: 0xECEFF4)
    public var bodyColor = Color(hex: 0xD8DEE9)
    /// Pango font description of the body (and action labels).
    public var font: String = "Sans 11"
    /// Pango font description of the summary.
    public var summaryFont: String = "Sans Bold 11"
    public var summaryMaxLines: Int = 2
    public var bodyMaxLines: Int = 6
    public var summaryBodySpacing: Double = 4
    public var progressHeight: Double = 6
    public var progressSpacing: Double = 8
    public var progressTrack = Color(hex: 0x434C5E)
    public var progressFill = Color(hex: 0x88C0D0)
    /// Action buttons (labels in `font`).
    public var actions = ActionButtonStyle()
    /// Background of the inline-reply text field.
    public var replyFieldBackground = Color(hex: 0x1F232B)
    /// The ring around the field being typed into; nil is the border colour.
    public var focusRing: Color? = nil
    public var focusRingWidth: Double = 1
    /// Colour of link text in the body (links are also underlined).
    public var linkColor = Color(hex: 0x88C0D0)
    /// Inline body images are scaled down to the text width and this height.
    public var bodyImageMaxHeight: Double = 96
    /// Bottom colour of a vertical background gradient (top is `background`); nil is flat.
    public var backgroundGradient: Color? = nil
    public var iconSize: Double = 48
    public var iconGap: Double = 12
    public var showsCloseButton = false
    public var closeButtonSize: Double = 16
    public var closeButtonColor = Color(hex: 0xD8DEE9)
    /// The bar of an urgent toast.
    public var accent = Color(hex: 0xFF5A4E)
    public var accentWidth: Double = 6
    /// Text opacity of a quiet toast.
    public var quietTextOpacity: Double = 0.65
    /// Drop shadow when the view's configuration gives none.
    public var shadow: Shadow? = nil
    /// The card drawn frosted in this material (`MaterialFill`) instead of `background`; the
    /// border, radius and text colours stay. Nil: the opaque card.
    public var material: BlurMaterial? = nil
    /// High contrast: the card stays opaque whatever material is asked for.
    public var keepsOpaqueCard = false

    /// This style with its card in `material`, unless the style keeps an opaque card; quiet text
    /// is dimmed less there if it must be to stay readable on the translucent card.
    public func withMaterial(_ material: BlurMaterial?) -> ToastStyle {
        var style = self
        style.material = keepsOpaqueCard ? nil : material
        if let material = style.material, material != self.material { style.quietTextOpacity = material.quietTextOpacity(for: self) }
        return style
    }

    public init() {}

    /// The product look.
    public static let standard = ToastStyle()

    /// Distance from the toast's outer edge to its content (border + padding).
    public var contentInset: Double { borderWidth + padding }
    /// Width available to text.
    public var contentWidth: Double { max(1, width - 2 * contentInset) }
}
