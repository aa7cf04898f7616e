// Help tips: what a callout says and how it looks. It is drawn as a view tree (`TipView`): a
// rounded bubble whose fill, border and shadow follow its arrow; geometry comes from `TipPlacer`.
import OverlayEngine

/// What a help tip says: a title, a body and its buttons.
public struct CalloutContent: Equatable, Sendable {
    public var title: String
    public var body: String
    /// Buttons in a row below the text ("Got it").
    public var actions: [CalloutAction]
    public init(title: String = "", body: String = "", actions: [CalloutAction] = []) {
        self.title = title; self.body = body; self.actions = actions
    }
}

/// How a help tip looks: its bubble's width, padding, border, colours, fonts and line limits.
public struct CalloutStyle: Hashable, Sendable {
    /// Widest the bubble gets; text wraps inside it.
    public var maxWidth: Double = 300
    public var padding: Double = 12
    public var borderWidth: Double = 2
    public var background = Color(hex: 0x2B303B)
    public var border = Color(hex: 0xEBCB8B)
    public var titleColor = Color(hex: 0xECEFF4)
    public var bodyColor = Color(hex: 0xD8DEE9)
    public var titleFont = FontSpec(size: 11, weight: .bold)
    public var bodyFont = FontSpec(size: 11)
    public var titleMaxLines = 2
    public var bodyMaxLines = 6
    public var titleBodySpacing: Double = 4
    public var arrowWidth: Double = 18
    public var arrowLength: Double = 10
    public var cornerRadius: Double = 8
    /// Distance kept from the usable area's edges.
    public var margin: Double = 8
    public var shadow: Shadow? = Shadow(color: Color(r: 0, g: 0, b: 0, a: 0.45), radius: 10, offsetY: 2)
    /// Action buttons, the toast's look (labels in `bodyFont`).
    public var actions = ActionButtonStyle()
    public init() {}

    public var metrics: TipMetrics {
        TipMetrics(arrowWidth: arrowWidth, arrowLength: arrowLength, cornerRadius: cornerRadius, margin: margin)
    }
    var inset: Double { borderWidth + padding }
}

/// A tip's action button ("Got it"): `key` is what a click on it reports.
public struct CalloutAction: Hashable, Sendable {
    public var key: String
    public var label: String
    public init(key: String, label: String) { self.key = key; self.label = label }
}

extension CalloutContent {
    /// The buttons drawn, in order: not "default" (that is the bubble itself), at most `limit`.
    public func visibleActions(limit: Int) -> [CalloutAction] {
        Array(actions.lazy.filter { $0.key != "default" }.prefix(max(0, limit)))
    }
}
