// The most text a template can hold once filled, worked out once from its JSON: a template that
// fits every toast needs no check per notification.

extension NotificationTemplate {
    /// The most UTF-8 bytes of each field a toast fills in (`TemplatedToast` cuts them to these;
    /// far more than a toast shows).
    public static let summaryBytes = 4 << 10, bodyBytes = 64 << 10, appNameBytes = 1 << 10, actionTextBytes = 1 << 10,
                      replyTextBytes = 1 << 10

    /// True when a toast with at most `actions` action buttons, its fields within the limits
    /// above, always fills this template within `filledLimits` (its strings and every slot at
    /// its longest, escaped where it is escaped).
    public func fitsEveryToast(actions: Int) -> Bool {
        mostTextBytes.fixed + max(0, actions) * mostTextBytes.perAction <= Self.filledLimits.maxTextBytes
    }

    /// The most bytes `value`'s strings fill to: those outside an `{actions}` button, and those
    /// of one copy of it.
    static func mostBytes(_ value: JSONValue) -> (fixed: Int, perAction: Int) {
        switch value {
        case .string(let s): return (mostBytes(s), 0)
        case .array(let items):
            return items.reduce((0, 0)) { sum, item in let b = mostBytes(item); return (sum.0 + b.fixed, sum.1 + b.perAction) }
        case .object(let members):
            let inside = members.reduce((0, 0)) { sum, member in
                let b = mostBytes(member.value)
                return (sum.0 + member.key.utf8.count + b.fixed, sum.1 + b.perAction)
            }
            guard case .string("{actions}")? = members["action"] else { return inside }
            return (0, inside.0 + inside.1 + actionTextBytes)  // each copy: its strings and the action's key
        default: return (0, 0)
        }
    }

    /// `s` with each slot at its longest (escaped texts grow to at most 6 bytes a byte: `&quot;`).
    private static func mostBytes(_ s: String) -> Int {
        guard s.utf8.contains(UInt8(ascii: "{")) else { return s.utf8.count }
        let slots: [(String, Int)] = [("{summary}", 6 * summaryBytes), ("{body}", bodyBytes), ("{appName}", 6 * appNameBytes),
                                      ("{label}", 6 * actionTextBytes), ("{replyLabel}", 6 * replyTextBytes),
                                      ("{replyPlaceholder}", replyTextBytes), ("{replyIcon}", replyTextBytes)]
        return slots.reduce(s.utf8.count) { bytes, slot in bytes + occurrences(of: slot.0, in: s) * slot.1 }
    }

    /// How often `slot` occurs in `s`.
    private static func occurrences(of slot: String, in s: String) -> Int {
        var count = 0
        var rest = Substring(s)
        while let at = rest.firstIndex(of: "{") {
            if rest[at...].hasPrefix(slot) {
                count += 1
                rest = rest[rest.index(at, offsetBy: slot.count)...]
            } else {
                rest = rest[rest.index(after: at)...]
            }
        }
        return count
    }
}
