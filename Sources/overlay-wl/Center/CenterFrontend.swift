import Glibc
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// The notification centre: the `center` drawer lists every notification, open (showing,
/// hidden, held, snoozed) and in history, newest first and grouped by app; its buttons clear,
/// snooze, toggle do-not-disturb and invoke actions. Its status (counts, do-not-disturb, open)
/// goes out as CenterChanged whenever it changes.
final class CenterFrontend: CenterSource {
    private let screen: OverlayPresenter
    private let registry: ViewRegistry
    let notifications: NotificationFrontend
    private let config: ConfigRuntime
    private let signals: SignalSink
    private let wallClock: () -> Double
    /// Whether a bus name still has an owner (a default action goes only to a sender still there).
    var senderConnected: (String) -> Bool = { _ in true }

    /// What the latest `centerEntries()` listed, by id.
    private var listed: [UInt32: (record: NotificationRecord, isOpen: Bool)] = [:]
    private var groupSizes: [String: Int] = [:]
    /// Wall-clock time the centre was last opened (else the daemon started: a history restored
    /// from disk is not news): what came since is unread.
    private var seenSince: Double
    private var wasOpen = false
    private(set) var lastStatus: String?
    /// The newest status counted, and when it goes out if it has not yet (`statusInterval`).
    private var lastCounted: Status?
    private var statusDue: Double?
    private var lastSentAt: Double?
    private var lastShape: StatusInputs?

    static let snoozeKey = "overlay-wl.snooze-"
    static let dndKey = "overlay-wl.dnd"
    static let clearAllKey = "overlay-wl.clear-all"
    /// Snoozes offered on each open entry: 5 min and 1 h.
    static let snoozeChoices: [(seconds: Int, label: String)] = [(300, "Snooze 5 min"), (3600, "Snooze 1 h")]
    /// Buttons in an entry's row.
    static let maximumEntryButtons = 3
    /// The longest snooze: a week.
    static let longestSnooze = 7 * 86400.0

    init(screen: OverlayPresenter, registry: ViewRegistry, notifications: NotificationFrontend, config: ConfigRuntime,
         signals: SignalSink, wallClock: @escaping () -> Double) {
        self.screen = screen
        self.registry = registry
        self.notifications = notifications
        self.config = config
        self.signals = signals
        self.wallClock = wallClock
        seenSince = wallClock()
        screen.setCenter(BuiltInContainers.centerName, source: self)
    }

    // MARK: CenterSource

    /// An entry by id: open, else the newest in history with that id.
    private func lookup(_ id: UInt32) -> (record: NotificationRecord, isOpen: Bool)? {
        if let known = listed[id] { return known }
        if let open = registry.notification(id) { return (open, true) }
        return notifications.history.items.last { $0.record.id == id }.map { ($0.record, false) }
    }

    func listedContainers() -> Set<String> {
        var names: Set<String> = []
        for (id, record) in registry.records where record.notification != nil {
            if let name = screen.containerName(of: id) { names.insert(name) }
        }
        return names
    }

    func centerEntries() -> [CenterEntry] {
        listed = [:]
        groupSizes = [:]
        var entries: [CenterEntry] = []
        for record in registry.records.values {
            guard let notification = record.notification else { continue }
            listed[notification.id] = (notification, true)
            entries.append(CenterEntry(id: notification.id, group: notification.group, time: notification.updated, hasButtons: true))
        }
        for entry in notifications.history.items.reversed() where listed[entry.record.id] == nil {
            let record = entry.record
            listed[record.id] = (record, false)
            entries.append(CenterEntry(id: record.id, group: record.group, time: record.updated,
                                       hasButtons: record.actions.contains { $0.key != "default" }))
        }
        for entry in entries { groupSizes[entry.group, default: 0] += 1 }
        return entries
    }

    func centerContent(_ row: CenterRowRef, group: String?) -> ToastContent {
        switch row {
        case .header:
            let status = self.status()
            return ToastContent(summary: "Notifications",
                                body: "\(status.showing) showing · \(status.hidden) hidden · \(notifications.history.items.count) in history",
                                actions: [(Self.dndKey, config.doNotDisturb ? "Do not disturb: on" : "Do not disturb: off"),
                                          (Self.clearAllKey, "Clear all")])
        case .group:
            let name = group ?? ""
            return ToastContent(summary: "\(name.isEmpty ? "(no app)" : name) (\(groupSizes[name, default: 0]))")
        case .entry(let id):
            guard let (record, isOpen) = lookup(id) else { return ToastContent(summary: "(gone)") }
            let state = notifications.snoozed[id] != nil ? "snoozed · " : registry[record.viewID]?.isHeld == true ? "held · " : ""
            let body = "\(relativeTime(record.updated)) · \(state)\(Markup.escape(record.plainBody))"
            let own = record.actions.filter { $0.key != "default" }.map { (key: $0.key, label: $0.label) }
            let snoozes = Self.snoozeChoices.map { (key: Self.snoozeKey + String($0.seconds), label: $0.label) }
            // Three buttons at most: the app's own first, then the snoozes an open one has room for.
            let buttons = Array((own + (isOpen ? snoozes : [])).prefix(Self.maximumEntryButtons))
            var content = ToastContent(summary: record.summary, body: body, appName: record.appName, actions: buttons, icon: record.icon)
            content.emphasis = record.emphasis
            return content
        }
    }

    /// Relative times change at wall-clock minute boundaries: one tick for every row.
    func centerTextsChange(after now: Double) -> Double? {
        let wall = wallClock()
        return now + (60 - wall.truncatingRemainder(dividingBy: 60))
    }

    var nextDeadline: Double? {
        guard let due = statusDue else { return notifications.snoozed.values.min() }
        return min(due, notifications.snoozed.values.min() ?? due)
    }

    func advance(to now: Double) {
        for (id, due) in notifications.snoozed where due <= now { wake(id) }
    }

    /// "now", "3 min ago", "2 h ago", "4 d ago": whole minutes between the two wall-clock minutes.
    func relativeTime(_ time: Double) -> String {
        let minutes = Int((wallClock() / 60).rounded(.down) - (time / 60).rounded(.down))
        switch minutes {
        case ..<1: return "now"
        case ..<60: return "\(minutes) min ago"
        case ..<1440: return "\(minutes / 60) h ago"
        default: return "\(minutes / 1440) d ago"
        }
    }

    // MARK: Clicks

    /// A click on a centre row; false for clicks on other views.
    func clicked(_ click: ViewClick) -> Bool {
        guard let row = CenterRowID.decode(click.view) else { return false }
        switch (row, click.part) {
        case (.header, .action(Self.dndKey)):
            do { try setDoNotDisturb(!config.doNotDisturb) } catch { log("do-not-disturb: \(error)") }
        case (.header, .action(Self.clearAllKey)):
            clear { _ in true }
        case (.group(let index), .closeButton):
            guard let list = screen.centerList, index < list.groups.count else { break }
            let name = list.groups[index]
            clear { $0.group == name }
        case (.entry(let id), .closeButton):
            clear { $0.id == id }
        case (.entry(let id), .action(let key)) where key.hasPrefix(Self.snoozeKey):
            if let seconds = Double(key.dropFirst(Self.snoozeKey.count)) { try? snooze(id, seconds: seconds) }
        case (.entry(let id), .action(let key)):
            invoke(id, action: key)
        case (.entry(let id), .body):
            if !invoke(id, action: "default") { screen.toggleCenterEntry(id) }
        default:
            break
        }
        screen.invalidateCenter()
        return true
    }

    /// Do-not-disturb is the built-in mode; held notifications show when it ends.
    func setDoNotDisturb(_ on: Bool) throws {
        guard on != config.doNotDisturb else { return }
        if on { try config.addMode(BuiltInRules.doNotDisturb) } else { config.removeMode(BuiltInRules.doNotDisturb) }
        notifications.modesChanged()
        screen.invalidateCenter()
    }

    /// An entry's action (the body: "default"), when it has it and its sender is still on the
    /// bus (false otherwise: a click on the body then expands the entry). An open notification is invoked as a click on its toast would; one in history gets
    /// ActionInvoked and leaves the history.
    @discardableResult
    private func invoke(_ id: UInt32, action: String) -> Bool {
        guard let (record, isOpen) = lookup(id), record.hasAction(action),
              record.request.sender.map(senderConnected) ?? true else { return false }
        if isOpen {
            notifications.invoke(id: id, action: action)
        } else {
            signals.emit(.actionInvoked(id: id, action: action))
            notifications.removeFromHistory { $0.record.id == id }
        }
        return true
    }

    /// Clears matching entries: open ones close as dismissed (reason 2) without going to
    /// history, and matching history entries go.
    func clear(_ matches: (NotificationRecord) -> Bool) {
        for record in registry.records.values.compactMap(\.notification) where matches(record) {
            if registry[record.viewID]?.isHeld == true {
                registry.remove(record.viewID)
                notifications.clearedFromCenter.insert(record.id)
                notifications.closed(record, .dismissed)
            } else if screen.dismiss(record.viewID, reason: .user) {
                notifications.clearedFromCenter.insert(record.id)
            }
        }
        notifications.removeFromHistory { matches($0.record) }
    }

    // MARK: Snooze

    enum SnoozeError: Error, CustomStringConvertible {
        case notOpen(UInt32), badDuration(Double)
        var description: String {
            switch self {
            case .notOpen(let id): "no notification \(id) is open"
            case .badDuration(let s): "snooze for 1 s to 7 days, not \(s) s"
            }
        }
    }

    /// Takes an open notification off screen until `seconds` from now, then shows it again
    /// with the same id. Meanwhile it is held: it neither expires nor closes (unless its
    /// sender closes it).
    func snooze(_ id: UInt32, seconds: Double) throws(SnoozeError) {
        guard seconds >= 1, seconds <= Self.longestSnooze else { throw .badDuration(seconds) }
        guard let record = registry.notification(id) else { throw .notOpen(id) }
        if registry[record.viewID]?.isHeld != true {
            if let dropped = registry.insert(record, held: true) { notifications.closed(dropped, .expired) }
            screen.dismiss(record.viewID, reason: .replaced)
        }
        notifications.snoozed[id] = screen.clock() + seconds
        screen.invalidateCenter()
    }

    /// A snooze is over: routed again under its id (do-not-disturb may hold it still).
    private func wake(_ id: UInt32) {
        notifications.snoozed[id] = nil
        guard let record = registry.notification(id), registry[record.viewID]?.isHeld == true else { return }
        var again = record.request
        again.replacesID = id
        _ = notifications.showAgain(again)
        screen.invalidateCenter()
    }

    // MARK: Status

    struct Status: Equatable {
        var showing = 0, hidden = 0, unread = 0
        var doNotDisturb = false, open = false
    }

    /// The status from the counts the registry and the history keep as they change: O(log n).
    func status() -> Status { status(centerOpen: screen.isCenterOpen) }

    private func status(centerOpen: Bool) -> Status {
        status(open: registry.notificationTimes.count, held: registry.heldOrder.count,
               unread: registry.notificationTimes.count(since: seenSince)
                   + notifications.historyTimes.count(since: seenSince), centerOpen: centerOpen)
    }

    /// The same status counted again from every record: what `status()` must equal.
    func recountedStatus() -> Status {
        var open = 0, held = 0, unread = 0
        for record in registry.records.values {
            guard let notification = record.notification else { continue }
            open += 1
            if record.isHeld { held += 1 }
            if notification.created >= seenSince { unread += 1 }
        }
        for entry in notifications.history.items where entry.record.created >= seenSince { unread += 1 }
        return status(open: open, held: held, unread: unread, centerOpen: screen.isCenterOpen)
    }

    private func status(open: Int, held: Int, unread: Int, centerOpen: Bool) -> Status {
        var s = Status(unread: unread, doNotDisturb: config.doNotDisturb, open: centerOpen)
        let overflow = screen.overflowCount(in: BuiltInContainers.notificationsName)
        s.hidden = min(open, held + overflow)
        s.showing = open - s.hidden
        return s
    }

    /// One line for `overlay-wl center --watch --json` and waybar's `return-type: json`.
    static func json(_ s: Status) -> JSON {
        let alt = (s.doNotDisturb ? "dnd-" : "") + (s.unread > 0 ? "notification" : "none")
        var classes = [s.unread > 0 ? "notification" : "none"]
        if s.doNotDisturb { classes.append("dnd") }
        if s.open { classes.append("open") }
        return .object([
            ("text", .string(s.unread > 0 ? String(s.unread) : "")), ("alt", .string(alt)),
            ("tooltip", .string("\(s.unread) unread, \(s.showing) showing, \(s.hidden) hidden"
                                + (s.doNotDisturb ? ", do not disturb" : ""))),
            ("class", .string(classes.joined(separator: " "))),
            ("showing", .int(s.showing)), ("hidden", .int(s.hidden)), ("unread", .int(s.unread)),
            ("dnd", .bool(s.doNotDisturb)), ("open", .bool(s.open)),
        ])
    }

    var statusJSON: String { Self.json(status()).text }

    /// After each update pass: opening the centre marks everything read; a changed status goes
    /// out as CenterChanged (`statusInterval`) and redraws the centre. The status is counted again only when one of
    /// the counts it depends on moved (an update pass in a flood costs O(1) here).
    func updated() {
        let open = screen.isCenterOpen
        if open && !wasOpen { seenSince = wallClock() }
        wasOpen = open
        let shape = StatusInputs(records: registry.records.count, held: registry.heldOrder.count,
                                 history: notifications.history.items.count,
                                 newestInHistory: notifications.history.items.last?.record.id ?? 0,
                                 snoozed: notifications.snoozed.count,
                                 overflow: screen.overflowCount(in: BuiltInContainers.notificationsName),
                                 doNotDisturb: config.doNotDisturb, open: open)
        if shape != lastShape {
            lastShape = shape
            screen.invalidateCenter()
            let status = status(centerOpen: open)
            if status != lastCounted {
                lastCounted = status
                statusDue = statusDue ?? max(screen.clock(), (lastSentAt ?? -.infinity) + Self.statusInterval)
            }
        }
        sendStatusIfDue()
    }

    /// The counts the status and the centre's rows depend on: when none moved, an update pass
    /// has nothing to count.
    private struct StatusInputs: Equatable {
        var records: Int, held: Int, history: Int
        var newestInHistory: UInt32
        var snoozed: Int, overflow: Int
        var doNotDisturb: Bool, open: Bool
    }

    /// CenterChanged goes out at most once per `statusInterval`: a change within it goes out when
    /// it ends, with the status then (a flood sends a few signals, not one per update pass).
    static let statusInterval = 0.1

    private func sendStatusIfDue() {
        guard let status = lastCounted, let due = statusDue, screen.clock() >= due else { return }
        statusDue = nil
        let text = Self.json(status).text
        guard text != lastStatus else { return }
        if lastStatus != nil {
            signals.emit(.centerChanged(json: text))
            lastSentAt = screen.clock()
        }
        lastStatus = text
    }
}
