/// The active modes (do-not-disturb, presentation, …). Changing them re-routes held notifications.
public struct ModeSet: Equatable, Sendable {
    public private(set) var active: [String] = []

    public init(_ modes: [String] = []) { try? set(modes) }

    public var asSet: Set<String> { Set(active) }

    public mutating func set(_ modes: [String]) throws(SettingError) {
        for m in modes { try Self.validate(m) }
        var seen = Set<String>()
        active = modes.filter { seen.insert($0).inserted }
    }

    public mutating func add(_ mode: String) throws(SettingError) {
        try Self.validate(mode)
        if !active.contains(mode) { active.append(mode) }
    }

    public mutating func remove(_ mode: String) { active.removeAll { $0 == mode } }

    static func validate(_ mode: String) throws(SettingError) {
        guard !mode.isEmpty, mode.count <= 64, mode.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw SettingError("mode", "'\(mode)' is not a mode name (1 to 64 letters, digits, - _ .)")
        }
    }
}
