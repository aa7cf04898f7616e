import OverlayEngine

/// Templates filled per shape of notification and theme (`NotificationTemplate.prepared`), kept
/// so that a notification of a shape seen before only puts its texts and pictures in.
///
/// Bounded: at most `capacity` prepared fills, the least recently used dropped first. A template
/// read again (a config reload) is another template: its fills are prepared anew.
final class TemplateFillCache {
    static let capacity = 16

    private struct Key: Hashable {
        var template: ObjectIdentifier
        var theme: TemplateTheme
        var shape: TemplateShape
    }

    /// Most recently used first; each keeps its template (so its identity is not reused).
    private var entries: [(key: Key, template: NotificationTemplate, prepared: PreparedTemplate?)] = []
    /// Fills prepared so far (tests).
    private(set) var preparedCount = 0

    /// The tree of `template` for `fields` in `theme`, from a fill prepared for their shape.
    func filled(_ template: NotificationTemplate, with fields: TemplateFields, theme: TemplateTheme,
                rightToLeft: Bool) throws(ViewDecodingError) -> ViewNode {
        guard let prepared = try prepared(template, for: fields, theme: theme) else {
            return try template.filled(with: fields, theme: theme, rightToLeft: rightToLeft)
        }
        return try prepared.filled(with: fields, rightToLeft: rightToLeft)
    }

    /// Throws what `filled` throws for `fields` (the filled tree past the caps), without filling
    /// when a fill is prepared for their shape.
    func check(_ template: NotificationTemplate, with fields: TemplateFields, theme: TemplateTheme) throws(ViewDecodingError) {
        guard let prepared = try prepared(template, for: fields, theme: theme) else {
            _ = try template.filled(with: fields, theme: theme)
            return
        }
        try prepared.check(fields)
    }

    /// The fill of `template` prepared for the shape of `fields` in `theme` (made now the first
    /// time); nil when it cannot be prepared (`NotificationTemplate.prepared`).
    private func prepared(_ template: NotificationTemplate, for fields: TemplateFields,
                          theme: TemplateTheme) throws(ViewDecodingError) -> PreparedTemplate? {
        let key = Key(template: ObjectIdentifier(template.identity), theme: theme, shape: TemplateShape(fields))
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.prepared
        }
        preparedCount += 1
        let prepared = try template.prepared(for: key.shape, theme: theme)
        entries.insert((key, template, prepared), at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
        return prepared
    }

    func removeAll() { entries.removeAll() }
}
