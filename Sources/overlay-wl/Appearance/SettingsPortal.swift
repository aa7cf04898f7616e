import DBusService

/// Reads the desktop's appearance settings and icon theme from the settings portal and follows
/// their changes (`SettingChanged`), without blocking: the reads are asynchronous calls with a
/// short timeout, answered while the poll loop processes the bus. With no portal (or one that
/// does not answer) nothing changes: the theme stays what the config and `GTK_THEME` chose.
final class SettingsPortal {
    static let busName = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    /// Seconds a read may take before the portal counts as absent.
    static let timeout = 0.5

    private let bus: BusConnection
    private let changed: (DesktopAppearance) -> Void
    private(set) var values = DesktopAppearance()
    private var calls: [BusPendingCall] = []
    private var subscriptions: [BusSubscription] = []
    private var reportedAbsence = false

    /// `changed` is called with every new set of values (after dispatch of the bus, in the loop).
    init(bus: BusConnection, changed: @escaping (DesktopAppearance) -> Void) {
        self.bus = bus
        self.changed = changed
    }

    /// Subscribes to changes and asks for every value once. Returns at once. A portal that
    /// starts later (or again) is read when it takes its name.
    func start() throws {
        let owner = "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
            + "member='NameOwnerChanged',arg0='\(Self.busName)'"
        subscriptions = try DesktopAppearance.keys.map { namespace, _ in
            let changes = "type='signal',interface='\(Self.interface)',member='SettingChanged',path='\(Self.path)',arg0='\(namespace)'"
            return try bus.subscribeAsync(rule: changes) { [weak self] arguments in self?.settingChanged(arguments) }
        }
        subscriptions.append(try bus.subscribeAsync(rule: owner) { [weak self] arguments in self?.ownerChanged(arguments) })
        try readAll()
    }

    private func readAll() throws {
        for (namespace, keys) in DesktopAppearance.keys {
            for key in keys { try read(namespace, key, method: "ReadOne") }
        }
    }

    /// `NameOwnerChanged(name, old, new)`: a new portal is read from the start.
    private func ownerChanged(_ arguments: [BusValue]) {
        guard arguments.count == 3, let owner = arguments[2].stringValue, !owner.isEmpty else { return }
        reportedAbsence = false
        do { try readAll() } catch { log("cannot read the settings portal: \(error)") }
    }

    /// `ReadOne` (interface version 2); a portal without it gets `Read`.
    private func read(_ namespace: String, _ key: String, method: String) throws {
        let call = try bus.callAsync(destination: Self.busName, path: Self.path, interface: Self.interface, member: method,
                                     arguments: [.string(namespace), .string(key)],
                                     timeout: Self.timeout) { [weak self] result in
            self?.answered(namespace, key, method: method, result)
        }
        calls.removeAll(where: \.isDone)
        calls.append(call)
    }

    private func answered(_ namespace: String, _ key: String, method: String, _ result: Result<[BusValue], Error>) {
        switch result {
        case .success(let reply):
            update(namespace, key, reply.first)
        case .failure(let error as BusMethodError) where error.name == "org.freedesktop.DBus.Error.UnknownMethod" && method == "ReadOne":
            try? read(namespace, key, method: "Read")
        case .failure(let error as BusMethodError) where error.name == "org.freedesktop.portal.Error.NotFound":
            update(namespace, key, nil)  // a portal without this key (reduced-motion before 2025; each desktop's icon theme elsewhere)
        case .failure(let error):
            guard !reportedAbsence else { return }
            reportedAbsence = true
            log("no settings portal (\(error)); the theme follows the config and GTK_THEME")
        }
    }

    /// `SettingChanged(s namespace, s key, v value)`.
    private func settingChanged(_ arguments: [BusValue]) {
        guard arguments.count == 3, let namespace = arguments[0].stringValue, let key = arguments[1].stringValue else { return }
        update(namespace, key, arguments[2])
    }

    private func update(_ namespace: String, _ key: String, _ value: BusValue?) {
        var next = values
        guard next.set(namespace, key, value), next != values else { return }
        values = next
        changed(next)
    }
}
