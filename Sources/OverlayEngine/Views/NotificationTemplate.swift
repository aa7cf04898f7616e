// Notification templates: a view tree in JSON whose slot strings a notification's fields fill.

/// What a notification gives a template's slots.
public struct TemplateFields: Equatable, Sendable {
    /// Plain text (escaped into the markup of `{summary}`).
    public var summary: String
    /// Markup as sent (sanitised when drawn).
    public var body: String
    /// Plain text (`{appName}`).
    public var appName: String
    /// `{icon}`: the app icon; nil removes the slot's image node.
    public var icon: ViewImageSource?
    /// `{image}`: the notification's image; nil removes the slot's image node.
    public var image: ViewImageSource?
    /// `{progress}` in percent (clamped to 0...100); nil removes the slot's bar.
    public var progress: Double?
    /// `{actions}`: one button per action (key, label), in order; none removes the prototype.
    public var actions: [TemplateAction]
    /// `{close}`: true keeps a button whose action is `{close}` (its action becomes
    /// `ViewAction.close`); false removes it.
    public var closeButton: Bool
    /// `{reply}`: the inline-reply field's placeholder and submit label; nil removes the field
    /// and its button.
    public var reply: TemplateReply?

    public init(summary: String = "", body: String = "", appName: String = "", icon: ViewImageSource? = nil,
                image: ViewImageSource? = nil, progress: Double? = nil, actions: [TemplateAction] = [], closeButton: Bool = false,
                reply: TemplateReply? = nil) {
        self.summary = summary; self.body = body; self.appName = appName; self.icon = icon; self.image = image
        self.progress = progress; self.actions = actions; self.closeButton = closeButton; self.reply = reply
    }
}

/// The inline reply a notification offers (its `inline-reply` action).
public struct TemplateReply: Hashable, Sendable {
    public var placeholder: String
    public var submitLabel: String
    /// `{replyIcon}`: a themed icon shown instead of the submit label; nil removes the image.
    public var submitIcon: String?
    /// The action a reply is sent as: the submit action of the field and its button.
    public static let action = "inline-reply"
    public init(placeholder: String, submitLabel: String, submitIcon: String? = nil) {
        self.placeholder = placeholder; self.submitLabel = submitLabel; self.submitIcon = submitIcon
    }
}

/// One action button of a template: its key (the button's action), label and icon (the
/// `action-icons` hint: drawn instead of the label where the button has an `{actionIcon}` image).
public struct TemplateAction: Equatable, Sendable {
    public var key: String
    public var label: String
    public var icon: ViewImageSource?
    public init(key: String, label: String, icon: ViewImageSource? = nil) { self.key = key; self.label = label; self.icon = icon }
}

/// A notification template: a view tree (docs/VIEWS.md) with slot strings.
///
/// - `text` nodes: `{summary}`, `{body}` and `{appName}` anywhere in `text` are replaced (the
///   summary and app name escaped, the body as markup). A node whose text is only `{body}` or
///   `{appName}` is removed when that field is empty.
/// - `image` nodes with `"icon": "{icon}"` or `"icon": "{image}"` show that picture; without one
///   the node is removed.
/// - a `progressBar` with `"value": "{progress}"` shows the percentage (total 100); without one
///   it is removed.
/// - a `button` with `"action": "{actions}"` is repeated for each action, its action the action's
///   key and `{label}` in its texts the label; without actions it is removed. Inside it an image
///   with `"icon": "{actionIcon}"` shows the action's icon; when there is one, a text that is
///   only `{label}` is removed (the icon replaces the label), and without one the image is.
/// - a `textField` with `"submitAction": "{reply}"` and a `button` with `"action": "{reply}"`
///   stay when the notification offers an inline reply (their action `TemplateReply.action`, the
///   button submitting the field), `{replyPlaceholder}` and `{replyLabel}` filled; otherwise they
///   are removed. Inside that button an image with `"icon": "{replyIcon}"` shows the submit
///   icon; when there is one, a text that is only `{replyLabel}` is removed, and without one the
///   image is.
/// - a `button` with `"action": "{close}"` stays when the notification shows a close button (its
///   action `ViewAction.close`); otherwise it is removed.
/// - colours written `"{name}"` take the colour `name` of `TemplateTheme` (the theme's), a
///   frame's width written `"{width}"` the theme's toast width, and a `lineLimit` or `size`
///   written `"{name}"` the theme's number `name` (line counts, the close button's side).
///
/// A stack or grid whose children were all removed is removed too (a removed root leaves an empty
/// vstack). Filling is pure: the same fields and colours give the same tree.
public struct NotificationTemplate: Equatable, Sendable {
    public let name: String
    let root: JSONValue
    /// The most bytes its strings fill to, outside `{actions}` buttons and per copy of one
    /// (NotificationTemplate+Bound.swift).
    let mostTextBytes: (fixed: Int, perAction: Int)
    /// This reading of the template: caches of prepared fills tell templates apart by it.
    public let identity = Identity()

    /// A template's identity: one object per reading of it.
    public final class Identity: Sendable {}

    public static func == (a: NotificationTemplate, b: NotificationTemplate) -> Bool {
        a.identity === b.identity || (a.name == b.name && a.root == b.root)
    }

    /// Caps of a filled tree: the standard ones with room for a whole body (64 KiB), summary
    /// and 16 actions besides the template's own strings.
    public static let filledLimits: ViewLimits = {
        var limits = ViewLimits.standard
        limits.maxTextBytes = 4 * ViewLimits.standard.maxTextBytes
        return limits
    }()

    /// Reads a template from JSON text; errors name the JSON path. It is filled once with every
    /// slot present (one action) so that mistakes show now, not at the first notification.
    public init(name: String, json: String, limits: ViewLimits = .standard) throws(ViewDecodingError) {
        guard json.utf8.count <= limits.maxInputBytes else {
            throw ViewDecodingError(path: "$", message: "input is \(json.utf8.count) bytes, more than the limit of \(limits.maxInputBytes)")
        }
        let value: JSONValue
        do { value = try JSONValue.parse(json, maxNesting: limits.maxDepth * 2 + 8) } catch {
            throw ViewDecodingError(path: "$", message: error.description)
        }
        try self.init(name: name, jsonValue: value)
    }

    /// A template from a parsed JSON value (checked as `init(name:json:)` does).
    public init(name: String, jsonValue: JSONValue) throws(ViewDecodingError) {
        self.name = name
        root = jsonValue
        mostTextBytes = Self.mostBytes(jsonValue)
        let sample = TemplateFields(summary: "Summary", body: "Body", appName: "App", icon: .icon("image-missing"),
                                    image: .icon("image-missing"), progress: 50,
                                    actions: [TemplateAction(key: "action", label: "Action")], closeButton: true,
                                    reply: TemplateReply(placeholder: "Reply", submitLabel: "Send"))
        _ = try filled(with: sample, theme: TemplateTheme())
        var withIcons = sample
        withIcons.actions[0].icon = .icon("image-missing")
        withIcons.reply?.submitIcon = "image-missing"
        _ = try filled(with: withIcons, theme: TemplateTheme())
    }

    /// True when a notification's inline reply has a place in this template (`{reply}`).
    public var takesReply: Bool { TemplateFiller.takesReply(root) }

    /// The tree for one notification: slots filled, colours resolved, mirrored when the
    /// notification reads right to left. Errors (a filled tree past `filledLimits`) name the
    /// JSON path. The same as `prepared(for:theme:)` then `PreparedTemplate.filled(with:)`.
    public func filled(with fields: TemplateFields, theme: TemplateTheme, rightToLeft: Bool = false,
                       limits: ViewLimits = NotificationTemplate.filledLimits) throws(ViewDecodingError) -> ViewNode {
        if let prepared = try prepared(for: TemplateShape(fields), theme: theme, limits: limits) {
            return try prepared.filled(with: fields, rightToLeft: rightToLeft)
        }
        return try filledDirectly(with: fields, theme: theme, rightToLeft: rightToLeft, limits: limits)
    }

    /// The tree for one notification, its JSON filled and decoded (what `filled` does for
    /// templates and fields holding the marker character of `PreparedTemplate`).
    func filledDirectly(with fields: TemplateFields, theme: TemplateTheme, rightToLeft: Bool = false,
                        limits: ViewLimits = NotificationTemplate.filledLimits) throws(ViewDecodingError) -> ViewNode {
        let filler = TemplateFiller(fields: fields, theme: theme)
        let json = filler.fill(root) ?? .object(["type": "vstack"])
        var node = try ViewNode(jsonValue: json, limits: limits)
        filler.placeImages(in: &node)
        return rightToLeft ? node.mirrored() : node
    }
}

/// What a template takes from the theme: the colours it writes as `"{name}"` (its own colours
/// stay as written) and the width it writes as `"{width}"` (the container's toast width).
public struct TemplateTheme: Hashable, Sendable {
    public var colors: [String: Color]
    public var width: Double = 360
    /// Set: a `background` modifier written `"{background}"` is a vertical gradient from the
    /// `background` colour to this one (a style's background gradient).
    public var backgroundEnd: Color?
    /// Set: a `background` modifier written `"{background}"` is this material over this tint (a
    /// frosted card, `Fill.frosted`); it wins over `backgroundEnd`.
    public var frosted: (material: BlurMaterial, tint: Color)? {
        get { frostedMaterial.map { ($0, frostedTint) } }
        set { frostedMaterial = newValue?.material; frostedTint = newValue?.tint ?? .clear }
    }
    private var frostedMaterial: BlurMaterial?
    private var frostedTint = Color.clear
    /// Numbers a template writes as `"{name}"` in a `lineLimit`, `size`, `width`, `height`,
    /// `minHeight`, `imageMaxHeight`, `padding` or `cornerRadius`: the style's line
    /// counts (`summaryLines`, `bodyLines`, whole numbers from 1), `closeSize`, `actionIconSize`,
    /// `actionLabelHeight` (the icon's size when an action shows one, else 0), `replyRowHeight`
    /// (the height of the reply row when its button shows an icon, else 0), `bodyImageHeight`,
    /// `borderWidth`, `cornerRadius` and `innerRadius` (inside the border).
    public var numbers: [String: Double] = ["summaryLines": 2, "bodyLines": 6, "closeSize": 16, "actionIconSize": 20,
                                           "actionLabelHeight": 0, "bodyImageHeight": 96, "borderWidth": 2, "cornerRadius": 8,
                                           "innerRadius": 6, "replyRowHeight": 0]
    /// Every name a template may use, each black until set (`ring` transparent).
    public static let names = ["background", "border", "ring", "summary", "body", "urgentBar", "buttonBackground", "buttonText",
                               "progressTrack", "progressFill", "link", "closeButton"]

    public init(_ colors: [String: Color] = [:], width: Double = 360) {
        self.width = width
        var all = Dictionary(uniqueKeysWithValues: Self.names.map { ($0, $0 == "ring" ? Color.clear : Color.black) })
        all.merge(colors) { _, new in new }
        self.colors = all
    }

    public subscript(name: String) -> Color? {
        get { colors[name] }
        set { colors[name] = newValue }
    }
}

/// Fills one template's JSON (see `NotificationTemplate`).
struct TemplateFiller {
    let fields: TemplateFields
    let theme: TemplateTheme
    /// `{label}` inside an action button.
    var label: String?
    /// `{actionIcon}` inside an action button; nil removes its image.
    var actionIcon: ViewImageSource?
    /// The action button has an `{actionIcon}` image and an icon: a text of only `{label}` goes.
    var iconReplacesLabel = false
    /// Inside the reply button, which has a `{replyIcon}` image and the reply an icon: a text
    /// of only `{replyLabel}` goes.
    var replyIconReplacesLabel = false

    init(fields: TemplateFields, theme: TemplateTheme, label: String? = nil) {
        self.fields = fields; self.theme = theme; self.label = label
    }

    /// Keys whose string values (and, for `colors`, whose array's strings) are colours.
    private static let colorKeys: Set<String> = ["color", "background", "colors", "linkColor"]
    private static let widthKeys: Set<String> = ["width", "minWidth", "idealWidth", "maxWidth"]
    private static let numberKeys: Set<String> = ["lineLimit", "size", "width", "height", "minHeight", "imageMaxHeight",
                                                  "padding", "cornerRadius"]

    /// The value with its slots filled; nil when it is removed. `key` is the member it is in.
    func fill(_ value: JSONValue, key: String = "") -> JSONValue? {
        switch value {
        case .string("{width}") where Self.widthKeys.contains(key): return .number(theme.width)
        case .string("{background}") where key == "background" && theme.frosted != nil:
            let (material, tint) = theme.frosted!
            let name = ViewJSONDecoder.materials.first { $0.material == material }!.name
            return .object(["blur": .string(name), "tint": .string(tint.jsonHex)])
        case .string("{background}") where key == "background" && theme.backgroundEnd != nil:
            let colors: [JSONValue] = [.string(theme.colors["background"]?.jsonHex ?? Color.black.jsonHex), .string(theme.backgroundEnd!.jsonHex)]
            return .object(["gradient": .object(["colors": .array(colors)])])
        case .string(let s) where Self.numberKeys.contains(key) && s.hasPrefix("{") && s.hasSuffix("}"):
            return theme.numbers[String(s.dropFirst().dropLast())].map { .number($0) } ?? value
        case .string(let s): return Self.colorKeys.contains(key) ? .string(color(s) ?? s) : value
        case .array(let items): return .array(items.compactMap { fill($0, key: key) })
        case .object(var members):
            if case .string(let type)? = members["type"] { return fillNode(type, &members) }
            for (k, member) in members { members[k] = fill(member, key: k) ?? .null }
            return .object(members)
        default: return value
        }
    }

    /// `"{name}"` of a known colour as hex; nil for any other string.
    private func color(_ s: String) -> String? {
        guard s.hasPrefix("{"), s.hasSuffix("}"), s.count > 2, let c = theme.colors[String(s.dropFirst().dropLast())] else { return nil }
        return c.jsonHex
    }

    private func fillNode(_ type: String, _ members: inout [String: JSONValue]) -> JSONValue? {
        switch type {
        case "text":
            guard case .string(let text)? = members["text"] else { break }
            if (text == "{body}" && fields.body.isEmpty) || (text == "{appName}" && fields.appName.isEmpty) { return nil }
            if text == "{label}" && iconReplacesLabel { return nil }
            if text == "{replyLabel}" && replyIconReplacesLabel { return nil }
            var slots = [("{summary}", MarkupEscape.escape(fields.summary)), ("{appName}", MarkupEscape.escape(fields.appName)),
                         ("{body}", fields.body), ("{replyLabel}", MarkupEscape.escape(fields.reply?.submitLabel ?? ""))]
            if let label { slots.append(("{label}", MarkupEscape.escape(label))) }
            members["text"] = .string(Self.substitute(text, slots))
        case "image":
            if case .string("{replyIcon}")? = members["icon"] {
                guard let name = fields.reply?.submitIcon else { return nil }
                members["icon"] = .string(name)
            } else if case .string(let icon)? = members["icon"], let slot = ImageSlot(rawValue: icon) {
                guard slot == .actionIcon ? actionIcon != nil : slot.source(fields) != nil else { return nil }
            }
        case "textField":
            if case .string("{reply}")? = members["submitAction"] {
                guard let reply = fields.reply else { return nil }
                members["submitAction"] = .string(TemplateReply.action)
                if case .string(let placeholder)? = members["placeholder"] {
                    members["placeholder"] = .string(Self.substitute(placeholder, [("{replyPlaceholder}", reply.placeholder)]))
                }
            }
        case "progressBar":
            if case .string("{progress}")? = members["value"] {
                guard let percent = fields.progress else { return nil }
                members["value"] = .number(percent.isFinite ? min(100, max(0, percent)) : 0)
                if members["total"] == nil { members["total"] = .number(100) }
            }
        case "button":
            if case .string("{actions}")? = members["action"] { return nil }  // outside a stack: nowhere to repeat it
            if case .string("{reply}")? = members["action"] {
                guard let reply = fields.reply else { return nil }
                members["action"] = .string(TemplateReply.action)
                if reply.submitIcon != nil, Self.mentions(.string("{replyIcon}"), in: .object(members)) {
                    var filler = self
                    filler.replyIconReplacesLabel = true
                    return filler.fillChildren(type, &members)
                }
            }
            if case .string("{close}")? = members["action"] {
                guard fields.closeButton else { return nil }
                members["action"] = .string(ViewAction.close)
            }
        default:
            break
        }
        return fillChildren(type, &members)
    }

    /// The node's children and other members filled (an `{actions}` button repeated per action);
    /// nil when a stack or grid is left without children.
    private func fillChildren(_ type: String, _ members: inout [String: JSONValue]) -> JSONValue? {
        var children: [JSONValue]?
        if case .array(let items)? = members["children"] {
            var kept: [JSONValue] = []
            for item in items {
                if case .object(let child) = item, case .string("button")? = child["type"], case .string("{actions}")? = child["action"] {
                    kept += fields.actions.compactMap { action($0, prototype: child) }
                } else if let filled = fill(item) {
                    kept.append(filled)
                }
            }
            children = kept
            if kept.isEmpty, ["vstack", "hstack", "zstack", "grid"].contains(type) { return nil }
        }
        for (key, member) in members where key != "children" && key != "text" { members[key] = fill(member, key: key) ?? .null }
        if let children { members["children"] = .array(children) }
        return .object(members)
    }

    /// One copy of the action button `prototype` for `action`.
    private func action(_ action: TemplateAction, prototype: [String: JSONValue]) -> JSONValue? {
        var button = prototype
        button["action"] = .string("")
        var filler = TemplateFiller(fields: fields, theme: theme, label: action.label)
        filler.actionIcon = action.icon
        filler.iconReplacesLabel = action.icon != nil && Self.mentions(.string(ImageSlot.actionIcon.rawValue), in: .object(button))
        guard case .object(var filled)? = filler.fill(.object(button)) else { return nil }
        filled["action"] = .string(action.key)
        return .object(filled)
    }

    /// True when the template has an inline-reply field (`"submitAction": "{reply}"`).
    static func takesReply(_ root: JSONValue) -> Bool {
        mentions(.string("{reply}"), in: root)
    }

    /// True when `value` holds `needle` anywhere.
    static func mentions(_ needle: JSONValue, in value: JSONValue) -> Bool {
        switch value {
        case needle: true
        case .array(let items): items.contains { mentions(needle, in: $0) }
        case .object(let members): members.values.contains { mentions(needle, in: $0) }
        default: false
        }
    }

    /// Replaces each slot in `text` in one pass (a field's own text is never searched for slots).
    static func substitute(_ text: String, _ slots: [(String, String)]) -> String {
        guard text.contains("{") else { return text }
        var out = ""
        var rest = Substring(text)
        outer: while let brace = rest.firstIndex(of: "{") {
            out += rest[..<brace]
            rest = rest[brace...]
            for (slot, value) in slots where rest.hasPrefix(slot) {
                out += value
                rest = rest.dropFirst(slot.count)
                continue outer
            }
            out += "{"
            rest = rest.dropFirst()
        }
        return out + rest
    }

    /// Puts the notification's pictures into the image nodes of `{icon}` and `{image}`, and each
    /// action's icon into the `{actionIcon}` image of its button.
    func placeImages(in node: inout ViewNode, actionIcon: ViewImageSource? = nil) {
        var actionIcon = actionIcon
        if case .button(let key, _) = node.kind { actionIcon = fields.actions.first { $0.key == key }?.icon }
        if case .image(var content) = node.kind, case .icon(let name) = content.source, let slot = ImageSlot(rawValue: name),
           let source = slot == .actionIcon ? actionIcon : slot.source(fields) {
            content.source = source
            node.kind = .image(content)
        }
        for i in node.children.indices { placeImages(in: &node.children[i], actionIcon: actionIcon) }
    }
}

/// The picture slots.
enum ImageSlot: String {
    case icon = "{icon}", image = "{image}", actionIcon = "{actionIcon}"

    /// The notification's picture for `{icon}` and `{image}` (an action's icon is its button's).
    func source(_ fields: TemplateFields) -> ViewImageSource? {
        switch self {
        case .icon: fields.icon
        case .image: fields.image
        case .actionIcon: nil
        }
    }
}
