/// An action button: `key` goes back in ActionInvoked, `label` is shown ("default" is the body click).
public struct NotificationAction: Equatable, Sendable {
    public var key: String
    public var label: String

    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }

    /// The spec's flat [key, label, key, label, …] list; a dangling key (odd length) is dropped.
    static func pairs(_ strings: [String]) -> [NotificationAction] {
        stride(from: 0, to: strings.count - 1, by: 2).map { NotificationAction(key: strings[$0], label: strings[$0 + 1]) }
    }
}

/// One `Notify` call, parsed. Hints keep their raw values (variant wrapper removed);
/// typed accessors are in NotifyRequest+Hints.swift.
public struct NotifyRequest: Equatable, Sendable {
    public var appName: String
    /// 0, or the id of a notification this one replaces.
    public var replacesID: UInt32
    public var appIcon: String
    public var summary: String
    public var body: String
    public var actions: [NotificationAction]
    public var hints: [String: BusValue]
    /// -1: server default, 0: never expires, otherwise milliseconds.
    public var expireTimeout: Int32
    /// Unique bus name of the caller.
    public var sender: String?

    public init(appName: String = "", replacesID: UInt32 = 0, appIcon: String = "", summary: String,
                body: String = "", actions: [NotificationAction] = [], hints: [String: BusValue] = [:],
                expireTimeout: Int32 = -1, sender: String? = nil) {
        self.appName = appName
        self.replacesID = replacesID
        self.appIcon = appIcon
        self.summary = summary
        self.body = body
        self.actions = actions
        self.hints = hints
        self.expireTimeout = expireTimeout
        self.sender = sender
    }

    /// Reads the arguments of a `Notify` call straight from the message (its signature already
    /// checked): without generic values on the way.
    init(reading reader: BusMessageReader, sender: String?) throws {
        // Each field read into place (through the memberwise init, the request was copied once more).
        appName = try reader.string()
        replacesID = try reader.uint32()
        appIcon = try reader.string()
        summary = try reader.string()
        body = try reader.string()
        actions = NotificationAction.pairs(try reader.strings())
        hints = try reader.variantDictionary()
        expireTimeout = try reader.int32()
        self.sender = sender
    }
}
