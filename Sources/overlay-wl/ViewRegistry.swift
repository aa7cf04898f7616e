import DBusService
import OverlayEngine

/// Everything the daemon knows about one view it showed, from show to close: the one record
/// per view (the presenter keeps what it draws, the engine where it is).
struct ViewRecord {
    enum Kind {
        /// org.freedesktop.Notifications.
        case notification(NotificationRecord)
        /// Shown through the control interface (`overlay-wl show`).
        case control(ControlView)
    }
    var kind: Kind
    /// Help tips: what the tip points at, and its "don't show again" key.
    var tip: TipRecord?
    /// A notification a mode rule holds back (not on screen) until the modes change; the
    /// number orders held notifications by arrival.
    var heldSince: UInt64?

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
}

/// The daemon's views by id, and the synchronous tags of open notifications. Ids come from
/// the engine's one allocator (`OverlayManager.newID`), capped at `UInt32.max` for the bus.
final class ViewRegistry {
    private(set) var records: [ViewID: ViewRecord] = [:]
    /// x-canonical-private-synchronous / stack tags → the open notification carrying it.
    private var tagged: [String: ViewID] = [:]
    private var heldCount: UInt64 = 0

    subscript(id: ViewID) -> ViewRecord? { records[id] }

    func notification(_ id: UInt32) -> NotificationRecord? { records[ViewID(id)]?.notification }

    /// Adds or replaces a notification's record (its tag moves with it).
    func insert(_ record: NotificationRecord, held: Bool = false) {
        let id = record.viewID
        if let old = records[id]?.notification?.synchronousTag, tagged[old] == id { tagged[old] = nil }
        if let tag = record.synchronousTag { tagged[tag] = id }
        var heldSince: UInt64?
        if held {
            heldCount += 1
            heldSince = heldCount
        }
        records[id] = ViewRecord(kind: .notification(record), tip: nil, heldSince: heldSince)
    }

    func insert(_ view: ControlView, id: ViewID, tip: TipRecord? = nil) {
        records[id] = ViewRecord(kind: .control(view), tip: tip)
    }

    func update(_ id: ViewID, _ change: (inout ViewRecord) -> Void) {
        guard records[id] != nil else { return }
        change(&records[id]!)
    }

    @discardableResult
    func remove(_ id: ViewID) -> ViewRecord? {
        guard let record = records.removeValue(forKey: id) else { return nil }
        if let tag = record.notification?.synchronousTag, tagged[tag] == id { tagged[tag] = nil }
        return record
    }

    /// The open notification carrying `tag`.
    func notification(taggedWith tag: String) -> ViewID? { tagged[tag] }

    /// Held notifications, in arrival order.
    var held: [NotificationRecord] {
        records.values.filter { $0.heldSince != nil }.sorted { $0.heldSince! < $1.heldSince! }.compactMap(\.notification)
    }

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
