import OverlayEngine

/// What a rule can see of a notification.
public struct NotificationFacts: Sendable {
    public var appName: String
    public var summary: String
    public var body: String
    /// 0 low, 1 normal, 2 critical.
    public var urgency: Int
    public var category: String?
    public var desktopEntry: String?

    public init(appName: String = "", summary: String = "", body: String = "", urgency: Int = 1,
                category: String? = nil, desktopEntry: String? = nil) {
        self.appName = appName; self.summary = summary; self.body = body; self.urgency = urgency
        self.category = category; self.desktopEntry = desktopEntry
    }
}

/// One `[[rules]]` table: criteria (all must hold) and what to do on a match.
public struct Rule: @unchecked Sendable {
    public static let urgencies = ["low", "normal", "critical"]
    public static let emphases = ["quiet", "normal", "urgent"]

    // Criteria. Regexes match anywhere in the text (anchor them with ^…$ for whole strings).
    public var appName: Regex<AnyRegexOutput>?
    public var summary: Regex<AnyRegexOutput>?
    public var body: Regex<AnyRegexOutput>?
    public var urgency: Int?
    public var category: String?
    public var desktopEntry: String?
    /// Matches only while this mode is active.
    public var mode: String?

    // Effects.
    public var container: String?
    public var view = ViewConfiguration()
    /// Not shown (kept in history).
    public var hide: Bool?
    /// Held back until no rule holds it (e.g. until the mode is removed).
    public var hold: Bool?
    /// How much the toast asks for attention: "quiet", "normal" or "urgent" (by default from
    /// the urgency: low, normal, critical).
    public var emphasis: String?
    /// Overrides `general.speak` for the notifications it matches.
    public var speak: SpeakPolicy?
    /// The notification template it is drawn through (a built-in or a `[templates.NAME]`).
    public var template: String?
    /// 1-based line of the rule in its file (for messages).
    public var line = 0

    public init() {}

    public func matches(_ n: NotificationFacts, modes: Set<String>) -> Bool {
        if let mode, !modes.contains(mode) { return false }
        if let urgency, urgency != n.urgency { return false }
        if let category, category != n.category { return false }
        if let desktopEntry, desktopEntry != n.desktopEntry { return false }
        for (regex, text) in [(appName, n.appName), (summary, n.summary), (body, n.body)] {
            if let regex, (try? regex.firstMatch(in: text)) == nil { return false }
        }
        return true
    }
}

/// The outcome of the rules for one notification.
public struct RoutingDecision: Equatable, Sendable {
    public var container: String?
    /// Only the fields rules set; lay it over the notification's own settings.
    public var view = ViewConfiguration()
    public var hidden = false
    public var held = false
    public var emphasis: String?
    public var speak: SpeakPolicy?
    public var template: String?
    public init() {}
}

extension OverlayConfiguration {
    /// Applies every matching rule in order; later matches override earlier ones field by field.
    public func route(_ n: NotificationFacts, modes: Set<String>) -> RoutingDecision {
        var decision = RoutingDecision()
        for rule in rules where rule.matches(n, modes: modes) {
            if let c = rule.container { decision.container = c }
            decision.view.overlay(rule.view)
            if let h = rule.hide { decision.hidden = h }
            if let h = rule.hold { decision.held = h }
            if let e = rule.emphasis { decision.emphasis = e }
            if let s = rule.speak { decision.speak = s }
            if let t = rule.template { decision.template = t }
        }
        if n.urgency == 2 && general.criticalBypassesModes {
            decision.hidden = false
            decision.held = false
        }
        return decision
    }
}

extension ViewConfiguration {
    /// Sets every field `other` sets.
    public mutating func overlay(_ other: ViewConfiguration) {
        if let v = other.alignment { alignment = v }
        if let v = other.tapToDismiss { tapToDismiss = v }
        if let v = other.background { background = v }
        if let v = other.backgroundTransition { backgroundTransition = v }
        if let v = other.toastMaterial { toastMaterial = v }
        if let v = other.shadow { shadow = v }
        if let v = other.dismissGesture { dismissGesture = v }
        if let v = other.transition { transition = v }
        if let v = other.animation { animation = v }
        if let v = other.autoDismiss { autoDismiss = v }
        if let v = other.appearAction { appearAction = v }
        if let v = other.disappearAction { disappearAction = v }
        if let v = other.priority { priority = v }
        if !other.pointerBindings.isEmpty { pointerBindings.merge(other.pointerBindings) { _, new in new } }
    }
}
