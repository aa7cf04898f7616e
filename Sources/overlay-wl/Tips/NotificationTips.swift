import DBusService
import OverlayEngine

// Notifications with the `x` and `y` hints become help tips pointing at that point (see
// `NotificationFrontend.notify` and `TipsFrontend.showNotificationTip`).

extension NotifyRequest {
    /// The point the sender asked for with both `x` and `y` (output coordinates); nil unless both.
    var tipPoint: Point? {
        guard let x, let y else { return nil }
        return Point(x: Double(x), y: Double(y))
    }
}

enum NotificationTipText {
    /// Body markup as plain text for a callout: tags dropped, the five XML entities decoded.
    static func plain(_ markup: String) -> String {
        var text = "", inTag = false
        for c in markup {
            if c == "<" { inTag = true } else if c == ">", inTag { inTag = false } else if !inTag { text.append(c) }
        }
        for (entity, c) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacing(entity, with: c)
        }
        return text
    }
}
