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

/// Finds the classic shape of catastrophic backtracking in a regex: a group repeated without
/// bound (`+`, `*`, `{n,}`, lazy or possessive too) that has an unbounded repeat inside, as in
/// `(a+)+` or `(\w+\s?)*`. Swift's `Regex` has no step limit, so matching one against some texts
/// takes exponential time. Not every slow pattern has this shape: `(a|aa)+` passes.
public enum NestedQuantifiers {
    /// The first such group with its quantifier, e.g. `(a+)+` in `^(a+)+$`; nil if there is none.
    public static func find(in pattern: String) -> String? {
        let c = Array(pattern.unicodeScalars)
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(c[range])) }
        /// Open groups, innermost last: where each starts and whether an unbounded repeat is in it.
        var groups: [(start: Int, repeatsInside: Bool)] = []
        func repeatsInside() { if !groups.isEmpty { groups[groups.count - 1].repeatsInside = true } }
        var i = 0
        var afterQuantifier = false
        while i < c.count {
            let ch = c[i]
            // `?` or `+` right after a quantifier makes it lazy or possessive.
            if afterQuantifier, ch == "?" || ch == "+" { i += 1; afterQuantifier = false; continue }
            afterQuantifier = false
            switch ch {
            case "\\": i = skipEscape(c, i)
            case "[": i = skipClass(c, i)
            case "(":
                groups.append((i, false))
                i += 1
            case ")":
                i += 1
                guard let group = groups.popLast() else { continue }  // unbalanced: Regex reports it
                let (end, unbounded) = quantifier(c, i)
                if unbounded, group.repeatsInside {
                    let suffix = end < c.count && (c[end] == "?" || c[end] == "+") ? 1 : 0
                    return text(group.start..<end + suffix)
                }
                if unbounded || group.repeatsInside { repeatsInside() }
                if end > i { i = end; afterQuantifier = true }
            case "+", "*", "?", "{":
                let (end, unbounded) = quantifier(c, i)
                guard end > i else { i += 1; continue }  // a `{` that is no quantifier
                if unbounded { repeatsInside() }
                i = end
                afterQuantifier = true
            default:
                i += 1
            }
        }
        return nil
    }

    /// The quantifier at `i`, if any: where it ends (`i` if there is none) and whether it is unbounded.
    private static func quantifier(_ c: [Unicode.Scalar], _ i: Int) -> (end: Int, unbounded: Bool) {
        guard i < c.count else { return (i, false) }
        switch c[i] {
        case "+", "*": return (i + 1, true)
        case "?": return (i + 1, false)
        case "{":
            // {n}, {n,}, {n,m} or {,m}
            func digits(_ j: inout Int) -> Bool {
                let start = j
                while j < c.count, ("0"..."9").contains(c[j]) { j += 1 }
                return j > start
            }
            var j = i + 1
            let low = digits(&j)
            let comma = j < c.count && c[j] == ","
            if comma { j += 1 }
            let high = comma && digits(&j)
            guard j < c.count, c[j] == "}", low || high else { return (i, false) }
            return (j + 1, comma && !high)
        default: return (i, false)
        }
    }

    /// Past the escape at `i`: `\Q…\E` quotes, and `\p{…}`, `\x{…}` and the like take braces.
    private static func skipEscape(_ c: [Unicode.Scalar], _ i: Int) -> Int {
        guard i + 1 < c.count else { return c.count }
        let e = c[i + 1]
        var j = i + 2
        if e == "Q" {
            while j + 1 < c.count, !(c[j] == "\\" && c[j + 1] == "E") { j += 1 }
            return min(j + 2, c.count)
        }
        if "pPxuNokg".unicodeScalars.contains(e), j < c.count, c[j] == "{" {
            while j < c.count, c[j] != "}" { j += 1 }
            return min(j + 1, c.count)
        }
        return j
    }

    /// Past the character class at `i` (`]` first is a member; classes may nest, as in Swift).
    private static func skipClass(_ c: [Unicode.Scalar], _ i: Int) -> Int {
        var j = i + 1
        if j < c.count, c[j] == "^" { j += 1 }
        if j < c.count, c[j] == "]" { j += 1 }
        var depth = 1
        while j < c.count {
            switch c[j] {
            case "\\": j = skipEscape(c, j)
            case "[": depth += 1; j += 1
            case "]":
                depth -= 1
                j += 1
                if depth == 0 { return j }
            default: j += 1
            }
        }
        return j
    }
}
