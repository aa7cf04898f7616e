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
    /// Body markup as plain text (for callouts, speech and `list --json`): tags dropped, then
    /// the five XML entities decoded. Text with neither `<` nor `&` comes back as it is.
    static func plain(_ markup: String) -> String {
        let utf8 = markup.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return markup }
        var stripped: [UInt8] = []
        stripped.reserveCapacity(utf8.count)
        var inTag = false
        for byte in utf8 {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">"), inTag { inTag = false } else if !inTag { stripped.append(byte) }
        }
        var text: [UInt8] = []
        text.reserveCapacity(stripped.count)
        var i = 0
        next: while i < stripped.count {
            if stripped[i] == UInt8(ascii: "&") {
                for (entity, byte) in entities where stripped[i...].starts(with: entity) {
                    text.append(byte)
                    i += entity.count
                    continue next
                }
            }
            text.append(stripped[i])
            i += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let entities: [([UInt8], UInt8)] =
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")].map { (Array($0.utf8), UInt8(ascii: $1)) }
}
