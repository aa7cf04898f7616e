import DBusService

/// What the daemon keeps of one notification at most, so that no sender can make it hold more:
/// longer texts are cut (at a code point boundary), further actions dropped, and an image hint
/// that cannot be shown is not kept. A toast shows far less than these anyway.
enum NotificationLimits {
    static let summaryBytes = 4 << 10
    static let bodyBytes = 64 << 10
    static let appNameBytes = 1 << 10
    /// Icon names, paths and every other string hint.
    static let stringBytes = 4 << 10
    static let actions = 16
    static let actionTextBytes = 1 << 10
}

extension NotifyRequest {
    /// Cuts the request to within `NotificationLimits`, in place (a request within them is not
    /// written to).
    /// Returns why its image data was dropped, if it was.
    @discardableResult
    mutating func limit() -> String? {
        Self.cut(&summary, NotificationLimits.summaryBytes)
        Self.cut(&body, NotificationLimits.bodyBytes)
        Self.cut(&appName, NotificationLimits.appNameBytes)
        Self.cut(&appIcon, NotificationLimits.stringBytes)
        if actions.count > NotificationLimits.actions || actions.contains(where: {
            $0.key.utf8.count > NotificationLimits.actionTextBytes || $0.label.utf8.count > NotificationLimits.actionTextBytes
        }) {
            actions = actions.prefix(NotificationLimits.actions).map {
                NotificationAction(key: Self.cut($0.key, NotificationLimits.actionTextBytes),
                                   label: Self.cut($0.label, NotificationLimits.actionTextBytes))
            }
        }
        for (key, value) in hints {
            if case .string(let text) = value, text.utf8.count > NotificationLimits.stringBytes {
                hints[key] = .string(Self.cut(text, NotificationLimits.stringBytes))
            }
        }
        guard let problem = imageDataProblem else { return nil }
        for key in ["image-data", "image_data", "icon_data"] { hints[key] = nil }  // not shown: not kept either
        return problem
    }

    private static func cut(_ text: inout String, _ bytes: Int) {
        if text.utf8.count > bytes { text = cut(text, bytes) }
    }

    /// `text` cut to at most `bytes` UTF-8 bytes, at a code point boundary.
    static func cut(_ text: String, _ bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }  // no copy of texts within the limit
        let utf8 = Array(text.utf8)
        var end = bytes
        while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a multi-byte sequence
        return String(decoding: utf8[..<end], as: UTF8.self)
    }
}
