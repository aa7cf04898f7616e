@testable import DBusService

// Argument builders for tests: a Notify call as generic values, and a{sv} from a dictionary.
extension BusValue {
    /// `a{sv}` from a Swift dictionary (keys sorted, for stable output).
    static func vardict(_ values: [String: BusValue]) -> BusValue {
        .dict(values.keys.sorted().map { BusDictEntry(key: .string($0), value: .variant(values[$0]!)) },
              keySignature: "s", valueSignature: "v")
    }
}

extension NotifyRequest {
    /// Parses the arguments of a `Notify` call ("susssasa{sv}i"). Returns nil if they do not
    /// have that shape. A dangling action key (odd-length list) is dropped.
    init?(arguments: [BusValue], sender: String?) {
        guard arguments.count == 8,
              case .string(let appName) = arguments[0],
              case .uint32(let replacesID) = arguments[1],
              case .string(let appIcon) = arguments[2],
              case .string(let summary) = arguments[3],
              case .string(let body) = arguments[4],
              case .array(let rawActions, _) = arguments[5],
              case .dict(let rawHints, _, _) = arguments[6],
              case .int32(let expireTimeout) = arguments[7]
        else { return nil }

        let actions = NotificationAction.pairs(rawActions.compactMap(\.stringValue))
        var hints: [String: BusValue] = [:]
        for entry in rawHints {
            guard case .string(let key) = entry.key else { continue }
            hints[key] = entry.value.unwrapped
        }
        self.init(appName: appName, replacesID: replacesID, appIcon: appIcon, summary: summary, body: body,
                  actions: actions, hints: hints, expireTimeout: expireTimeout, sender: sender)
    }

}
