import DBusService
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// org.freedesktop.Notifications: each notification is a view (a toast by default) in a
/// container, its record in the registry from Notify to NotificationClosed, then in history.
final class NotificationFrontend: NotificationServerDelegate, HistoryOwner {
    static let defaultTimeout = 5.0
    /// Advertised because each works end to end.
    static let capabilities = ["action-icons", "actions", "body", "body-hyperlinks", "body-images", "body-markup",
                               "icon-static", "inline-reply", "persistence", "x-canonical-private-synchronous"]

    let screen: OverlayPresenter
    let registry: ViewRegistry
    private let signals: SignalSink
    let config: ConfigRuntime
    private let hooks: HookRunner
    /// Reads notifications aloud (`speak`); set by `Daemon`.
    var speech: SpeechClient?
    /// Told when a notification on screen is replaced in place (its new text).
    var accessibility: AccessibilityBridge?
    /// Shows notifications carrying the `x`/`y` hints as tips pointing at that point.
    private let tips: TipsFrontend
    let defaultTimeout: Double
    /// Wall-clock seconds, for the times scripts see.
    private let wallClock: () -> Double
    /// Closed (and hidden) notifications, for `overlay-wl history` and `restore`.
    private(set) var history: BoundedHistory<HistoryEntry> { didSet { if !compacting { historyStore?.changed() } } }
    /// True while `compactHistory` replaces the entries by equal ones (the file stays as it is).
    private var compacting = false
    /// When each history entry was created (the centre's unread count), changed with it.
    private(set) var historyTimes = CreationTimes()
    /// Where the history is kept across restarts; nil keeps it in memory only.
    let historyStore: HistoryStore?
    /// Snoozed notifications (held, off screen) and when each comes back (presenter clock).
    var snoozed: [UInt32: Double] = [:]
    /// Notifications cleared in the centre while on screen: closed without going to history
    /// (at most the notifications open).
    var clearedFromCenter: Set<UInt32> = []
    /// `image-data` bytes kept in all (`keepImagesWithinBudget`).
    var imageBytesLimit = NotificationLimits.totalImageBytes

    init(screen: OverlayPresenter, registry: ViewRegistry, signals: SignalSink, config: ConfigRuntime,
         hooks: HookRunner, tips: TipsFrontend, defaultTimeout: Double, wallClock: @escaping () -> Double,
         historyStore: HistoryStore?) {
        self.screen = screen
        self.registry = registry
        self.signals = signals
        self.config = config
        self.hooks = hooks
        self.tips = tips
        self.defaultTimeout = defaultTimeout
        self.wallClock = wallClock
        self.historyStore = historyStore
        history = BoundedHistory(capacity: config.config.general.historySize)
        for entry in historyStore?.load() ?? [] { history.append(entry) }
        historyTimes = CreationTimes(history.items.map(\.record.created))
        if let newest = history.items.map(\.record.id).max() { screen.skipIDs(through: ViewID(newest)) }  // ids stay unique
        historyStore?.owner = self
    }

    var historyEntries: [HistoryEntry] { Array(history.items) }

    func updateHistory(at index: Int, _ change: (inout HistoryEntry) -> Void) {
        historyTimes.remove(history.items[index].record.created)
        history.update(at: index, change)
        historyTimes.insert(history.items[index].record.created)
    }

    /// Makes every history entry afresh, all at once (through the history file's codec), with
    /// what they held. Entries a flood closed are its last notifications, made one by one among
    /// its traffic: once the rest is freed, their texts hold pages all over the heap apart. Made
    /// together while nothing shows, they share a few (a 20,000 flood's 50 held about 70).
    func compactHistory() {
        let old = history.items
        guard !old.isEmpty, let fresh = try? HistoryCodec.decode(HistoryCodec.encode(old)), fresh.count == old.count else { return }
        compacting = true
        defer { compacting = false }
        var compacted = BoundedHistory<HistoryEntry>(capacity: history.capacity)
        for (entry, before) in zip(fresh, old) {
            var record = entry.record
            record.groupBy = before.record.groupBy  // the routing's, not in the file
            compacted.append(HistoryEntry(record: record, reason: entry.reason))
        }
        history = compacted
    }

    /// Appends to history; the oldest entries its bound pushes out leave `historyTimes` too.
    private func appendToHistory(_ entry: HistoryEntry) {
        let capacity = max(0, history.capacity)
        for old in history.items.prefix(max(0, history.items.count + 1 - capacity)) { historyTimes.remove(old.record.created) }
        if capacity > 0 { historyTimes.insert(entry.record.created) }
        history.append(entry)
    }

    // MARK: NotificationServerDelegate

    func notify(_ request: consuming NotifyRequest) -> UInt32 {
        let imageProblem = request.limit()
        let id = show(request, restoring: false, fromSender: true)
        if let imageProblem { log("notification \(id): image-data ignored: \(imageProblem)") }
        return id
    }

    func closeNotification(id: UInt32) -> Bool {
        guard let record = registry[ViewID(id)], record.notification != nil else { return false }
        if record.isHeld {  // held: never shown, closed at once
            registry.remove(ViewID(id))
            closed(record.notification!, .closedByCall)
            return true
        }
        return screen.dismiss(ViewID(id), reason: .request)
    }

    /// Routes and shows a notification; returns its id. A restored one may be routed but
    /// not hidden or held again. Only what a sender just sent is read aloud (not what a mode held).
    private func show(_ request: consuming NotifyRequest, restoring: Bool, fromSender: Bool = false) -> UInt32 {
        let (id, replacing) = idFor(request)
        let now = wallClock()
        let created = replacing ? registry.notification(id)?.created ?? now : now
        // The record takes the request over: what follows reads it there.
        var record = NotificationRecord(id: id, request: request, created: created, updated: now)
        let decision = config.route(record.facts)  // the facts are made only when there are rules
        if !restoring, decision.hidden {  // a mode rule: straight to history
            if registry[record.viewID]?.isHeld == true { registry.remove(record.viewID) }
            appendToHistory(HistoryEntry(record: record, reason: "hidden"))
            if record.imageBytes > 0 { keepImagesWithinBudget() }
            return id
        }
        if !restoring, decision.held {  // a mode rule: kept with its id until the modes change
            if let dropped = registry.insert(record, held: true) { closed(dropped, .expired) }
            if record.imageBytes > 0 { keepImagesWithinBudget() }
            screen.dismiss(record.viewID, reason: .replaced, animated: false)
            return id
        }
        var configuration = ViewConfiguration()
        configuration.autoDismiss = record.autoDismiss(defaultTimeout: defaultTimeout)
        if record.urgency == .critical { configuration.priority = .high }  // shows at once, above the rest
        configuration.overlay(decision.view)
        let container = decision.container.flatMap { screen.manager.container($0) != nil ? $0 : nil }
            ?? BuiltInContainers.notificationsName
        let settings = config.notificationSettings(of: container)
        record.groupBy = settings.groupBy
        configuration.groupKey = record.groupKey
        do {
            var shown = false
            if let point = record.request.tipPoint, container == BuiltInContainers.notificationsName {
                // The `x`/`y` hints: a tip at that point (unless a rule sent it elsewhere); a
                // point no output holds leaves the notification to a toast.
                do {
                    try tips.showNotificationTip(title: record.request.summary, body: NotificationTipText.plain(record.request.body),
                                                 at: point, id: record.viewID, configuration: configuration)
                    shown = true
                } catch {
                    log("notification \(id): shown as a toast, its x/y hints place no tip: \(error)")
                }
            }
            if !shown {
                var toast = record.toast
                if let emphasis = decision.emphasis.flatMap(ToastEmphasis.init(rawValue:)) { toast.emphasis = emphasis }
                try showToast(record, consume toast, template: decision.template ?? settings.template, in: container,
                              configuration: configuration)
            }
        } catch {
            // Not shown: closed at once (its sender hears it) and kept in the history.
            log("cannot show notification \(id): \(error)")
            if registry[record.viewID] == nil { closed(record, .undefined) }  // a replacement leaves the one it replaced
            return id
        }
        accessibility?.update(record)
        if !record.request.suppressSound, record.request.soundFile != nil || record.request.soundName != nil {
            hooks.runSound(id: id, file: record.request.soundFile, name: record.request.soundName, record: record)
        }
        if fromSender { announce(record, decision: decision) }
        let hasImage = record.imageBytes > 0
        registry.insert(record)  // after the steps above, which do not read the registry
        if hasImage { keepImagesWithinBudget() }
        return id
    }

    /// Shows the notification through the template its rule or container chooses (`name`), else
    /// through `default`: also when the chosen one is broken, has no field for the notification's
    /// inline reply, or fills a tree past the caps.
    private func showToast(_ record: NotificationRecord, _ toast: consuming ToastContent, template name: String?,
                           in container: String, configuration: ViewConfiguration) throws {
        if let name, case let template = config.templates.template(named: name), toast.reply == nil || template?.takesReply != false {
            if let template {
                do {
                    try screen.show(TemplatedToast(template: template, content: copy toast, image: record.image), id: record.viewID,
                                    in: container, configuration: configuration)
                    return
                } catch {
                    log("notification \(record.id): template '\(name)': \(error); shown through 'default'")
                }
            } else {
                log("notification \(record.id): template '\(name)' is not usable; shown through 'default'")
            }
        }
        try screen.show(TemplatedToast(template: BuiltInTemplates.standard, content: toast, image: record.image), id: record.viewID,
                        in: container, configuration: configuration)
    }

    /// replaces_id of an open notification, or the open notification with the same synchronous tag,
    /// keeps its id (`replacing`); anything else (including an unknown replaces_id) gets a new one.
    private func idFor(_ request: NotifyRequest) -> (id: UInt32, replacing: Bool) {
        if request.replacesID != 0, isOpen(ViewID(request.replacesID)) { return (request.replacesID, true) }
        if let tag = request.synchronousTag, let id = registry.notification(taggedWith: tag), isOpen(id) { return (id.busID, true) }
        return (screen.newID().busID, false)
    }

    /// Held, or in the engine and not dismissed. A notification closed earlier in the same bus
    /// dispatch keeps its record until the presenter's next pass reports it closed: replacing it
    /// then would show the new one under an id about to be reported closed.
    private func isOpen(_ id: ViewID) -> Bool {
        guard let record = registry[id], record.notification != nil else { return false }
        return record.isHeld || screen.holds(id)
    }

    // MARK: Actions

    /// A click on a notification: an action button invokes it, the toast itself its "default"
    /// action when the sender offered one. False when the click is not the notification's to take.
    func clicked(_ record: NotificationRecord, _ part: ClickedPart) -> Bool {
        switch part {
        case .action(let key) where record.hasAction(key): return invoke(id: record.id, action: key)
        case .body where record.hasAction("default"): return invoke(id: record.id, action: "default")
        case .reply(let text) where record.hasAction(Self.inlineReplyAction):
            do { try reply(id: record.id, text: text) } catch { return false }
            return true
        default: return false
        }
    }

    /// Invokes an action ("default" is a click on the toast itself): ActivationToken, then
    /// ActionInvoked; the notification then closes as dismissed, unless it is resident.
    @discardableResult
    func invoke(id: UInt32, action: String) -> Bool {
        guard let record = registry.notification(id), action == "default" || record.hasAction(action) else { return false }
        let finish = { [weak self] (token: String?) in
            guard let self else { return }
            if let token { signals.emit(.activationToken(id: id, token: token)) }
            signals.emit(.actionInvoked(id: id, action: action))
            if !record.isResident { screen.dismiss(record.viewID, reason: .user) }
        }
        if let display = screen.display {
            display.requestActivationToken(appID: record.desktopEntry, completion: finish)
        } else {
            finish(nil)
        }
        return true
    }

    /// The action key an inline reply answers (KDE Plasma's convention).
    static let inlineReplyAction = "inline-reply"

    /// Sends `text` as the inline reply to a notification that offers one: NotificationReplied to
    /// its sender alone, then the notification closes as dismissed unless it is resident.
    func reply(id: UInt32, text: String) throws(ReplyError) {
        guard let record = registry.notification(id) else { throw .unknown(id) }
        guard record.hasAction(Self.inlineReplyAction) else { throw .noReply(id) }
        signals.emit(.notificationReplied(id: id, text: text, sender: record.request.sender))
        if !record.isResident { screen.dismiss(record.viewID, reason: .user) }
    }

    enum ReplyError: Error, CustomStringConvertible {
        case unknown(UInt32), noReply(UInt32)
        var description: String {
            switch self {
            case .unknown(let id): "no notification \(id) is open"
            case .noReply(let id): "notification \(id) offers no inline reply (no '\(NotificationFrontend.inlineReplyAction)' action)"
            }
        }
    }

    // MARK: Closing, history and modes

    /// The engine dismissed a notification's view: its one NotificationClosed, then history.
    func closed(_ record: NotificationRecord, _ reason: CloseReason) {
        signals.emit(.notificationClosed(id: record.id, reason: reason))
        snoozed[record.id] = nil
        guard !record.isTransient, clearedFromCenter.remove(record.id) == nil else { return }
        let capacity = max(0, config.config.general.historySize)
        if capacity != history.capacity {  // a reload changed it
            for old in history.items.prefix(max(0, history.items.count - capacity)) { historyTimes.remove(old.record.created) }
            history.capacity = capacity
        }
        appendToHistory(HistoryEntry(record: record, reason: HistoryEntry.reasonName(reason)))
        if record.imageBytes > 0 { keepImagesWithinBudget() }
    }

    static func closeReason(_ reason: DismissReason) -> CloseReason {
        switch reason {
        case .autoDismiss: .expired
        case .gesture, .user: .dismissed
        case .request: .closedByCall
        default: .undefined
        }
    }

    /// Routes every held notification again with its own id: shown now unless a rule still holds it.
    func modesChanged() {
        for record in registry.held where snoozed[record.id] == nil {
            var again = record.request
            again.replacesID = record.id
            _ = show(again, restoring: false)
        }
    }

    /// Routes a notification again under its own id (`replacesID`): a snooze is over.
    func showAgain(_ request: NotifyRequest) -> UInt32 { show(request, restoring: false) }

    /// Drops entries from history (the centre's clear buttons).
    func removeFromHistory(where predicate: (HistoryEntry) -> Bool) {
        for entry in history.items where predicate(entry) { historyTimes.remove(entry.record.created) }
        history.removeAll(where: predicate)
    }

    /// Shows a closed notification again, whole (icon, image and hints), as a new notification;
    /// `id` 0 takes the newest. Nil when history has no such entry.
    func restore(_ id: UInt32) -> UInt32? {
        guard let entry = history.removeLast(where: { id == 0 || $0.record.id == id }) else { return nil }
        historyTimes.remove(entry.record.created)
        var request = entry.record.request
        request.replacesID = 0
        return show(request, restoring: true)
    }
}
