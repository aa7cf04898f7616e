import DBusService
import OverlayEngine

/// Everything the daemon knows about one view it showed, from show to close: the one record
/// per view (the presenter keeps what it draws, the engine where it is). Its parts are boxed:
/// the registry's table holds a few words per slot of its capacity, not the 576 bytes of a
/// notification and a help tip inline, when a flood fills it with thousands of records.
struct ViewRecord {
    indirect enum Kind {
        /// org.freedesktop.Notifications.
        case notification(NotificationRecord)
        /// Shown through the control interface (`overlay-wl show`).
        case control(ControlView)
    }
    var kind: Kind
    /// Help tips: what the tip points at, and its "don't show again" key.
    var tip: TipRecord? {
        get { tipBox?.tip }
        set { tipBox = newValue.map(TipBox.init) }
    }
    private var tipBox: TipBox?
    /// A notification a mode rule holds back (not on screen) until the modes change.
    var isHeld = false

    init(kind: Kind, tip: TipRecord?, isHeld: Bool = false) {
        self.kind = kind
        self.isHeld = isHeld
        self.tip = tip
    }

    private final class TipBox {
        let tip: TipRecord
        init(_ tip: TipRecord) { self.tip = tip }
    }

    var notification: NotificationRecord? {
        if case .notification(let record) = kind { return record }
        return nil
    }
}

/// A view shown through the control interface.
struct ControlView {
    var container: String
    var actions: [NotificationAction]
    /// Set by `Invoke` just before the view is dismissed.
    var invokedAction: String?
    /// A view tree shown under a tag (`ShowView`'s `tag`): a later tree with it replaces this one.
    var tag: String? = nil
    /// The look of a level's display (`ShowLevel`) this tree shows; nil for any other tree.
    var level: OSD.Look? = nil
}

/// The daemon's views by id, and the synchronous tags of open notifications. Ids come from
/// the engine's one allocator (`OverlayManager.newID`), capped at `UInt32.max` for the bus.
final class ViewRegistry {
    private(set) var records: [ViewID: ViewRecord] = [:]
    /// x-canonical-private-synchronous / stack tags → the open notification carrying it.
    private var tagged: [String: ViewID] = [:]
    /// Tags of control views (`ControlView.tag`, such as the OSD's) in their containers → the
    /// view carrying it: a level finds its display without looking through every record.
    private var controlTags: [ControlTag: ViewID] = [:]
    private struct ControlTag: Hashable { var tag: String, container: String }
    /// Held notifications in arrival order (at most `maximumHeld`).
    private(set) var heldOrder: [ViewID] = []
    /// Notifications a mode may hold at once; past it the oldest is closed as expired.
    static let maximumHeld = 1000
    /// The `image-data` bytes of every notification record here.
    private(set) var imageBytes = 0
    /// When each notification here was created (the centre counts them and its unread ones).
    private(set) var notificationTimes = CreationTimes()

    subscript(id: ViewID) -> ViewRecord? { records[id] }

    func notification(_ id: UInt32) -> NotificationRecord? { records[ViewID(id)]?.notification }

    /// Adds or replaces a notification's record (its tag moves with it). Returns the held
    /// notification that no longer fits (`maximumHeld`), already removed.
    @discardableResult
    func insert(_ record: consuming NotificationRecord, held: Bool = false) -> NotificationRecord? {
        let id = record.viewID, tag = record.synchronousTag, imageBytes = record.imageBytes, created = record.created
        // One lookup stores the record and hands back the one it replaces.
        let old = records.updateValue(ViewRecord(kind: .notification(record), tip: nil, isHeld: held), forKey: id)
        untag(id, old)
        if let tag = old?.notification?.synchronousTag, tagged[tag] == id { tagged[tag] = nil }
        if old?.isHeld == true { heldOrder.removeAll { $0 == id } }
        if let tag { tagged[tag] = id }
        self.imageBytes += imageBytes - (old?.notification?.imageBytes ?? 0)
        forgetTime(of: old)
        notificationTimes.insert(created)
        guard held else { return nil }
        heldOrder.append(id)
        guard heldOrder.count > Self.maximumHeld else { return nil }
        return remove(heldOrder[0])?.notification
    }

    func insert(_ view: ControlView, id: ViewID, tip: TipRecord? = nil) {
        imageBytes -= records[id]?.notification?.imageBytes ?? 0
        forgetTime(of: records[id])
        untag(id, records[id])
        records[id] = ViewRecord(kind: .control(view), tip: tip)
        if let tag = view.tag { controlTags[ControlTag(tag: tag, container: view.container)] = id }
    }

    func update(_ id: ViewID, _ change: (inout ViewRecord) -> Void) {
        guard let before = records[id] else { return }
        change(&records[id]!)
        untag(id, before)
        if case .control(let view) = records[id]!.kind, let tag = view.tag {
            controlTags[ControlTag(tag: tag, container: view.container)] = id
        }
        imageBytes += (records[id]!.notification?.imageBytes ?? 0) - (before.notification?.imageBytes ?? 0)
        forgetTime(of: before)
        if let created = records[id]!.notification?.created { notificationTimes.insert(created) }
    }

    @discardableResult
    func remove(_ id: ViewID) -> ViewRecord? {
        guard let record = records.removeValue(forKey: id) else { return nil }
        if record.isHeld { heldOrder.removeAll { $0 == id } }
        if let tag = record.notification?.synchronousTag, tagged[tag] == id { tagged[tag] = nil }
        untag(id, record)
        imageBytes -= record.notification?.imageBytes ?? 0
        forgetTime(of: record)
        records.shrinkIfSparse()  // a drained flood gives its storage back
        tagged.shrinkIfSparse()
        heldOrder.shrinkIfSparse()
        return record
    }

    /// Drops the control tag `record` (view `id`'s) carried, if it still names `id`.
    private func untag(_ id: ViewID, _ record: ViewRecord?) {
        guard case .control(let view)? = record?.kind, let tag = view.tag else { return }
        let key = ControlTag(tag: tag, container: view.container)
        if controlTags[key] == id { controlTags[key] = nil }
    }

    /// The control view carrying `tag` in `container` (the last one given it).
    func control(taggedWith tag: String, in container: String) -> ViewID? {
        controlTags[ControlTag(tag: tag, container: container)]
    }

    private func forgetTime(of record: ViewRecord?) {
        if let created = record?.notification?.created { notificationTimes.remove(created) }
    }

    /// The open notification carrying `tag`.
    func notification(taggedWith tag: String) -> ViewID? { tagged[tag] }

    /// Held notifications, in arrival order.
    var held: [NotificationRecord] { heldOrder.compactMap { records[$0]?.notification } }

    /// Tips that follow a window.
    var followedTips: [(id: ViewID, tip: TipRecord)] {
        records.compactMap { id, record in record.tip.flatMap { $0.window == nil ? nil : (id, $0) } }
    }
}

extension ViewID {
    /// Daemon ids fit the bus's UInt32 (`OverlayManager.maximumID`).
    init(_ id: UInt32) { self.init(UInt64(id)) }
    var busID: UInt32 { UInt32(truncatingIfNeeded: rawValue) }
}
