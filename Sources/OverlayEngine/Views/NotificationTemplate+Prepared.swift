// A template filled once per shape of notification; each notification then only puts its texts
// and pictures into the decoded tree (no JSON filled and decoded per notification).

/// What decides a filled template's structure besides its texts: which slots are there, the
/// progress, the actions (keys, labels, whether each has an icon), the close button and the
/// reply. Notifications of one shape fill a template into trees that differ only in their
/// summary, body, app name and pictures.
public struct TemplateShape: Hashable, Sendable {
    struct Action: Hashable, Sendable { var key: String, label: String, hasIcon: Bool }
    var bodyIsEmpty: Bool, appNameIsEmpty: Bool, hasIcon: Bool, hasImage: Bool
    var progress: Double?
    var actions: [Action]
    var closeButton: Bool
    var reply: TemplateReply?

    public init(_ fields: TemplateFields) {
        bodyIsEmpty = fields.body.isEmpty; appNameIsEmpty = fields.appName.isEmpty
        hasIcon = fields.icon != nil; hasImage = fields.image != nil
        progress = fields.progress
        actions = fields.actions.map { Action(key: $0.key, label: $0.label, hasIcon: $0.icon != nil) }
        closeButton = fields.closeButton
        reply = fields.reply
    }

    /// Fields of this shape whose summary, body and app name are markers (pictures are named
    /// after their slots, placed per notification).
    var markedFields: TemplateFields {
        TemplateFields(summary: PreparedTemplate.summaryMarker, body: bodyIsEmpty ? "" : PreparedTemplate.bodyMarker,
                       appName: appNameIsEmpty ? "" : PreparedTemplate.appNameMarker,
                       icon: hasIcon ? .icon(ImageSlot.icon.rawValue) : nil, image: hasImage ? .icon(ImageSlot.image.rawValue) : nil,
                       progress: progress,
                       actions: actions.map { TemplateAction(key: $0.key, label: $0.label, icon: $0.hasIcon ? .icon(ImageSlot.actionIcon.rawValue) : nil) },
                       closeButton: closeButton, reply: reply)
    }

    /// True when one of its strings holds the marker character (then it is filled directly).
    var holdsMarker: Bool {
        let strings = actions.flatMap { [$0.key, $0.label] } + [reply?.placeholder ?? "", reply?.submitLabel ?? "", reply?.submitIcon ?? ""]
        return strings.contains { $0.unicodeScalars.contains(PreparedTemplate.marker) }
    }
}

/// A template filled for one `TemplateShape` and theme, decoded once: its texts hold markers
/// where the summary, body and app name go.
public struct PreparedTemplate: Equatable, Sendable {
    /// A noncharacter, never in a template or a shape's strings where markers are used.
    static let marker = Unicode.Scalar(0xFDD0 as UInt32)!
    static let summaryMarker = String(marker) + "S", bodyMarker = String(marker) + "B", appNameMarker = String(marker) + "A"

    let node: ViewNode
    /// Bytes of its strings as decoded (the markers counted), and the cap on them when filled.
    let textBytes: Int
    let maxTextBytes: Int
    /// How often each marker occurs in its texts.
    let summaryMarkers: Int, bodyMarkers: Int, appNameMarkers: Int

    /// Throws what `filled(with:)` throws for `fields` (its texts past the cap), without filling.
    public func check(_ fields: TemplateFields) throws(ViewDecodingError) {
        let marker = Self.summaryMarker.utf8.count
        let added = summaryMarkers * (MarkupEscape.escapedCount(fields.summary) - marker) + bodyMarkers * (fields.body.utf8.count - marker)
            + appNameMarkers * (MarkupEscape.escapedCount(fields.appName) - marker)
        guard textBytes + added <= maxTextBytes else {
            throw ViewDecodingError(path: "$", message: "text beyond the limit of \(maxTextBytes) bytes in all")
        }
    }

    /// The tree for one notification of this shape: the texts put in (the summary and app name
    /// escaped, the body as markup), the pictures placed, mirrored when it reads right to left.
    /// Errors: the texts past the cap on the filled tree's strings.
    public func filled(with fields: TemplateFields, rightToLeft: Bool = false) throws(ViewDecodingError) -> ViewNode {
        let values = [Self.summaryMarker: MarkupEscape.escape(fields.summary), Self.bodyMarker: fields.body,
                      Self.appNameMarker: MarkupEscape.escape(fields.appName)]
        var added = 0
        var node = node
        Self.putTexts(values, in: &node, added: &added)
        guard textBytes + added <= maxTextBytes else {
            throw ViewDecodingError(path: "$", message: "text beyond the limit of \(maxTextBytes) bytes in all")
        }
        TemplateFiller(fields: fields, theme: TemplateTheme()).placeImages(in: &node)
        return rightToLeft ? node.mirrored() : node
    }

    private static func putTexts(_ values: [String: String], in node: inout ViewNode, added: inout Int) {
        if case .text(var content) = node.kind, content.markup.unicodeScalars.contains(marker) {
            let old = content.markup.utf8.count
            content.markup = replacingMarkers(content.markup, values)
            added += content.markup.utf8.count - old
            node.kind = .text(content)
        }
        for i in node.children.indices { putTexts(values, in: &node.children[i], added: &added) }
    }

    /// `text` with each marker replaced, in one pass (a value is never searched for markers).
    static func replacingMarkers(_ text: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let at = rest.unicodeScalars.firstIndex(of: marker) {
            out += rest[..<at]
            let next = rest.unicodeScalars.index(after: at)
            guard next < rest.endIndex else { rest = rest[at...]; break }
            let end = rest.unicodeScalars.index(after: next)
            let token = String(rest.unicodeScalars[at..<end])
            out += values[token] ?? token
            rest = rest[end...]
        }
        return out + rest
    }

    /// How often `marker` occurs in the texts of `node`.
    static func occurrences(of marker: String, in node: ViewNode) -> Int {
        var count = 0
        if case .text(let content) = node.kind, content.markup.unicodeScalars.contains(Self.marker) {
            let scalars = Array(content.markup.unicodeScalars), wanted = Array(marker.unicodeScalars)
            for i in scalars.indices where scalars[i] == Self.marker && scalars[i...].starts(with: wanted) { count += 1 }
        }
        return node.children.reduce(count) { $0 + occurrences(of: marker, in: $1) }
    }

    /// UTF-8 bytes of the strings of `node` the decoder counts against `ViewLimits.maxTextBytes`.
    static func stringBytes(_ node: ViewNode) -> Int {
        var bytes = node.id?.utf8.count ?? 0
        switch node.kind {
        case .text(let content): bytes += content.markup.utf8.count + (content.font.family?.utf8.count ?? 0)
        case .button(let action, _), .toggle(_, let action), .slider(_, _, _, let action): bytes += action.utf8.count
        case .textField(let field):
            bytes += field.placeholder.utf8.count + field.text.utf8.count + field.submitAction.utf8.count + (field.font.family?.utf8.count ?? 0)
        case .image(let content):
            switch content.source {
            case .file(let s), .icon(let s): bytes += s.utf8.count
            case .pixels: break
            }
        default: break
        }
        return node.children.reduce(bytes) { $0 + stringBytes($1) }
    }
}

extension NotificationTemplate {
    /// The template filled for `shape` in `theme` and decoded, to fill notifications of that
    /// shape from (`PreparedTemplate.filled`); nil when the template or the shape's strings hold
    /// the marker character (`filled(with:)` fills those directly).
    public func prepared(for shape: TemplateShape, theme: TemplateTheme,
                         limits: ViewLimits = NotificationTemplate.filledLimits) throws(ViewDecodingError) -> PreparedTemplate? {
        guard !holdsMarker, !shape.holdsMarker else { return nil }
        let filler = TemplateFiller(fields: shape.markedFields, theme: theme)
        let json = filler.fill(root) ?? .object(["type": "vstack"])
        let node = try ViewNode(jsonValue: json, limits: limits)
        func count(_ marker: String) -> Int { PreparedTemplate.occurrences(of: marker, in: node) }
        return PreparedTemplate(node: node, textBytes: PreparedTemplate.stringBytes(node), maxTextBytes: limits.maxTextBytes,
                                summaryMarkers: count(PreparedTemplate.summaryMarker), bodyMarkers: count(PreparedTemplate.bodyMarker),
                                appNameMarkers: count(PreparedTemplate.appNameMarker))
    }

    /// True when a string of the template holds the marker character.
    var holdsMarker: Bool { Self.holdsMarker(root) }

    private static func holdsMarker(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s): s.unicodeScalars.contains(PreparedTemplate.marker)
        case .array(let items): items.contains(where: holdsMarker)
        case .object(let members): members.contains { $0.key.unicodeScalars.contains(PreparedTemplate.marker) || holdsMarker($0.value) }
        default: false
        }
    }
}
