import DBusService
import Glibc
import OverlayConfig
import WaylandPresenter

/// Notifications for screen readers: the daemon as an application on the accessibility bus
/// (AT-SPI), one child with role NOTIFICATION per notification showing.
///
/// With `accessibility = "auto"` (the default) it follows `org.a11y.Status` on the session bus
/// (`IsEnabled` or `ScreenReaderEnabled`, and their `PropertiesChanged`) and connects only while
/// one is true; it never starts the accessibility bus itself then. Everything is asynchronous:
/// the session-bus calls are answered while the loop processes that bus, and the accessibility
/// bus connection is one more poll source (no fd, so no wakeups, while there is none). A bus that
/// refuses or goes away is logged once and left until the status or the bus's owner changes.
final class AccessibilityBridge: EventSource, AccessibleModel {
    static let launcherName = "org.a11y.Bus"
    static let launcherPath = "/org/a11y/bus"
    static let statusInterface = "org.a11y.Status"
    /// Seconds a call may take before the other side counts as absent.
    static let timeout = 2.0

    private let session: BusConnection
    private(set) var policy: AccessibilityPolicy
    /// The notifications showing now, read when a connection is made.
    var showing: () -> [AccessibleNotification] = { [] }

    private var subscriptions: [BusSubscription] = []
    private var sessionCalls: [BusPendingCall] = []
    private var status: [String: Bool] = [:]
    private var askingAddress = false

    private var connection: BusConnection?
    private var calls: [BusPendingCall] = []
    /// Set inside the connection's own callbacks; acted on once its processing returns.
    private var failure: String?
    private var warned = false
    private(set) var isEmbedded = false
    private(set) var tree = AccessibleTree()
    private(set) var busName = ""
    private(set) var desktop = AccessibleObjects.reference(ATSPI.registryName, ATSPI.rootPath)
    var applicationID: Int32 = 0

    init(session: BusConnection, policy: AccessibilityPolicy) {
        self.session = session
        self.policy = policy
    }

    /// True while the daemon should be on the accessibility bus.
    var wanted: Bool {
        switch policy {
        case .on: true
        case .off: false
        case .auto: status["IsEnabled"] == true || status["ScreenReaderEnabled"] == true
        }
    }

    /// Follows the session's accessibility status; connects now when it (or the policy) says so.
    func start() {
        let owner = "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
            + "member='NameOwnerChanged',arg0='\(Self.launcherName)'"
        let changed = "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
            + "path='\(Self.launcherPath)',arg0='\(Self.statusInterface)'"
        do {
            subscriptions = [
                try session.subscribeAsync(rule: owner) { [weak self] in self?.launcherOwnerChanged($0) },
                try session.subscribeAsync(rule: changed) { [weak self] in self?.statusChanged($0) },
            ]
            // Asked without starting the launcher: a session without one has no screen reader.
            try sessionCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                            member: "NameHasOwner", arguments: [.string(Self.launcherName)]) { [weak self] reply in
                if reply.first?.boolValue == true { self?.readStatus() } else { self?.reconcile() }
            }
        } catch {
            warn("cannot follow the accessibility status: \(error)")
        }
    }

    /// A reloaded config's `accessibility`.
    func setPolicy(_ policy: AccessibilityPolicy) {
        guard policy != self.policy else { return }
        self.policy = policy
        reconcile()
    }

    // MARK: Notifications

    /// On the accessibility bus now: only then do notifications go to it.
    var isConnected: Bool { connection != nil }

    /// A notification appeared (or appeared again): added, or its text brought up to date.
    func show(_ record: NotificationRecord) {
        guard connection != nil else { return }
        apply(tree.show(Self.node(record)))
    }

    /// A notification showing was replaced in place: its text brought up to date.
    func update(_ record: NotificationRecord) {
        guard connection != nil, tree.child(record.id) != nil else { return }
        apply(tree.show(Self.node(record)))
    }

    func remove(_ id: UInt32) {
        guard connection != nil else { return }
        apply(tree.remove(id))
    }

    static func node(_ record: NotificationRecord) -> AccessibleNotification {
        AccessibleNotification(id: record.id, summary: record.summary, bodyMarkup: record.body)
    }

    // MARK: Session bus: the status and the address

    private func launcherOwnerChanged(_ arguments: [BusValue]) {
        guard arguments.count == 3 else { return }
        status = [:]
        if arguments[2].stringValue?.isEmpty == false {
            warned = false
            readStatus()
        } else if connection != nil {
            failure = "its launcher (org.a11y.Bus) went away"
            dropIfFailed()
        }
    }

    private func readStatus() {
        do {
            try sessionCall(destination: Self.launcherName, path: Self.launcherPath, interface: "org.freedesktop.DBus.Properties",
                            member: "GetAll", arguments: [.string(Self.statusInterface)]) { [weak self] reply in
                self?.setStatus(reply.first)
                self?.reconcile()
            }
        } catch {
            warn("cannot read the accessibility status: \(error)")
        }
    }

    /// `PropertiesChanged(s interface, a{sv} changed, as invalidated)`.
    private func statusChanged(_ arguments: [BusValue]) {
        guard arguments.count == 3, arguments[0].stringValue == Self.statusInterface else { return }
        setStatus(arguments[1])
        if case .array(let invalidated, _) = arguments[2], !invalidated.isEmpty { return readStatus() }
        reconcile()
    }

    private func setStatus(_ values: BusValue?) {
        guard case .dict(let entries, _, _)? = values else { return }
        for entry in entries {
            if let key = entry.key.stringValue, let on = entry.value.boolValue { status[key] = on }
        }
    }

    private func reconcile() {
        if !wanted {
            disconnect()
        } else if connection == nil, !askingAddress {
            askingAddress = true
            do {
                try sessionCall(destination: Self.launcherName, path: Self.launcherPath, interface: "org.a11y.Bus",
                                member: "GetAddress", failed: { [weak self] in self?.askingAddress = false }) { [weak self] reply in
                    guard let self else { return }
                    askingAddress = false
                    guard wanted, connection == nil else { return }
                    guard let address = reply.first?.stringValue, !address.isEmpty else { return warn("the accessibility bus has no address") }
                    connect(address)
                }
            } catch {
                askingAddress = false
                warn("cannot ask for the accessibility bus: \(error)")
            }
        }
    }

    private func sessionCall(destination: String, path: String, interface: String, member: String, arguments: [BusValue] = [],
                             failed: @escaping () -> Void = {}, reply: @escaping ([BusValue]) -> Void) throws {
        let call = try session.callAsync(destination: destination, path: path, interface: interface, member: member,
                                         arguments: arguments, timeout: Self.timeout) { [weak self] result in
            switch result {
            case .success(let values): reply(values)
            case .failure(let error):
                failed()
                self?.warn("\(interface).\(member): \(error)")
            }
        }
        sessionCalls.removeAll(where: \.isDone)
        sessionCalls.append(call)
    }

    // MARK: Accessibility bus

    private func connect(_ address: String) {
        do {
            let bus = try BusConnection(address: address)
            bus.log = { log("accessibility bus: \($0)") }
            connection = bus
            tree = AccessibleTree(showing())
            try bus.export(path: ATSPI.rootPath, interfaces: AccessibleObjects.interfaces(self, isRoot: true) { [weak self] in
                self.map(AccessibleObjects.rootDescription)
            })
            try bus.export(path: AccessibleObjects.cachePath, interface: AccessibleObjects.cache)
            for child in tree.children { try exportChild(child) }
            // By the reply, the bus has answered Hello: the unique name is known without blocking.
            try a11yCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                         member: "GetId") { [weak self] _ in self?.embed() }
        } catch {
            failure = "cannot connect to \(address): \(error)"
            dropIfFailed()
        }
    }

    /// `Socket.Embed((name, root))`: the registry lists the daemon as an application. The name
    /// must be the unique one (an empty one makes at-spi2-registryd 2.46 abort).
    private func embed() {
        guard let name = connection?.uniqueName, !name.isEmpty else { return fail("no unique name on the accessibility bus") }
        busName = name
        do {
            try a11yCall(destination: ATSPI.registryName, path: ATSPI.rootPath, interface: ATSPI.socketInterface, member: "Embed",
                         arguments: [AccessibleObjects.reference(name, ATSPI.rootPath)]) { [weak self] reply in
                guard let self else { return }
                if let parent = reply.first, parent.signature == "(so)" { desktop = parent }
                isEmbedded = true
                warned = false
            }
        } catch {
            fail("Embed: \(error)")
        }
    }

    private func a11yCall(destination: String, path: String, interface: String, member: String, arguments: [BusValue] = [],
                          reply: @escaping ([BusValue]) -> Void) throws {
        guard let connection else { return }
        let call = try connection.callAsync(destination: destination, path: path, interface: interface, member: member,
                                            arguments: arguments, timeout: Self.timeout) { [weak self] result in
            switch result {
            case .success(let values): reply(values)
            case .failure(let error): self?.fail("\(interface).\(member): \(error)")
            }
        }
        calls.removeAll(where: \.isDone)
        calls.append(call)
    }

    private func exportChild(_ child: AccessibleNotification) throws {
        let id = child.id
        try connection?.export(path: child.path, interfaces: AccessibleObjects.interfaces(self, isRoot: false) { [weak self] in
            self.flatMap { AccessibleObjects.childDescription($0, id: id) }
        })
    }

    /// Exports what changed and tells the readers: `ChildrenChanged` on the application, and
    /// `StateChanged` "showing" on the notification, the event Orca announces a notification on.
    private func apply(_ changes: [AccessibleTree.Change]) {
        do {
            for change in changes {
                switch change {
                case .added(let index, let child):
                    try exportChild(child)
                    try event(ATSPI.rootPath, "ChildrenChanged", "add", index, AccessibleObjects.reference(busName, child.path))
                    try event(child.path, "StateChanged", "showing", 1, .int32(0))
                case .removed(let index, let child):
                    try event(child.path, "StateChanged", "showing", 0, .int32(0))
                    try event(ATSPI.rootPath, "ChildrenChanged", "remove", index, AccessibleObjects.reference(busName, child.path))
                    connection?.unexport(path: child.path)
                case .changed(let child, let nameChanged, let descriptionChanged):
                    if nameChanged { try event(child.path, "PropertyChange", "accessible-name", 0, .string(child.name)) }
                    if descriptionChanged {
                        try event(child.path, "PropertyChange", "accessible-description", 0, .string(child.description))
                    }
                }
            }
        } catch {
            failure = "\(error)"
            dropIfFailed()
        }
    }

    /// One `org.a11y.atspi.Event.Object` signal (`siiva{sv}`); none before the registry knows us.
    private func event(_ path: String, _ member: String, _ detail: String, _ detail1: Int, _ data: BusValue) throws {
        guard isEmbedded, let connection else { return }
        try connection.emitSignal(path: path, interface: ATSPI.objectEvents, member: member,
                                  arguments: [.string(detail), .int32(Int32(detail1)), .int32(0), .variant(data),
                                              .dict([], keySignature: "s", valueSignature: "v")])
    }

    private func fail(_ reason: String) { failure = reason }

    private func dropIfFailed() {
        guard let reason = failure else { return }
        failure = nil
        warn("accessibility bus: \(reason); screen readers do not see notifications until it comes back")
        disconnect()
    }

    private func disconnect() {
        calls = []
        connection = nil
        tree = AccessibleTree()
        isEmbedded = false
        busName = ""
        desktop = AccessibleObjects.reference(ATSPI.registryName, ATSPI.rootPath)
    }

    private func warn(_ message: String) {
        guard !warned else { return }
        warned = true
        log(message)
    }

    // MARK: EventSource

    var pollDescriptor: Int32 { connection?.fileDescriptor ?? -1 }
    var pollEvents: Int16 { connection?.pollEvents ?? 0 }
    var deadline: Double? { connection?.timeoutMicroseconds.map { Double($0) / 1e6 } }

    func prepareToPoll() throws -> Bool { process() }

    func dispatch(events: Int16) throws {
        guard connection != nil else { return }
        if events & Int16(POLLERR | POLLHUP) != 0 {
            failure = "the connection was closed"
        } else {
            process()
        }
        dropIfFailed()
    }

    /// True when a message was handled.
    @discardableResult
    private func process() -> Bool {
        guard let connection else { return false }
        var processed = false
        do { processed = try connection.processPending() } catch { failure = failure ?? "\(error)" }
        dropIfFailed()
        return processed
    }
}
