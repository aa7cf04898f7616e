import DBusService
import Glibc
import OverlayConfig
import OverlayEngine
import WaylandPresenter

/// The config in force: containers it declared, rules, modes, the held notifications and the
/// history. Reloads keep the old config when the new one has any error.
final class ConfigRuntime {
    private unowned let service: OverlayService
    private unowned let notifications: NotificationFrontend
    /// The file to (re)load; nil when there is none (built-ins only).
    let path: String?
    private(set) var config: OverlayConfiguration
    private(set) var modes: ModeSet
    private(set) var history: BoundedHistory<HistoryEntry>
    /// Notifications a rule holds back, in arrival order, with the id they keep.
    private var held: [(id: UInt32, request: NotifyRequest)] = []
    /// Set while re-showing from history: rules may route but not hide or hold.
    private var restoring = false

    static let parser = ConfigParser(builtInSettings: [BuiltInContainers.notificationsName: BuiltInContainers.notificationsSpec])

    /// `--config FILE`, else `$XDG_CONFIG_HOME/overlay-wl/config.toml` when it exists.
    static func resolvePath(explicit: String?) -> String? {
        if let explicit { return explicit }
        let env = { (name: String) in getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        guard let base = env("XDG_CONFIG_HOME") ?? env("HOME").map({ $0 + "/.config" }) else { return nil }
        let path = base + "/overlay-wl/config.toml"
        return access(path, F_OK) == 0 ? path : nil
    }

    /// Parses the file (no side effects): the daemon reads `general` before it builds its frontends.
    static func load(_ path: String?) throws -> OverlayConfiguration {
        guard let path else { return OverlayConfiguration() }
        return try parser.parse(try readTextFile(path), file: path)
    }

    init(service: OverlayService, notifications: NotificationFrontend, path: String?, config: OverlayConfiguration) throws {
        self.service = service
        self.notifications = notifications
        self.path = path
        self.config = OverlayConfiguration()
        modes = ModeSet(config.general.modes)
        history = BoundedHistory(capacity: config.general.historySize)
        try apply(config)
        notifications.route = { [unowned self] request, routing in self.route(request, &routing) }
        notifications.onClosed = { [unowned self] record, reason in self.closed(record, reason) }
        let stop = service.loop.onSignal
        service.loop.onSignal = { [unowned self] signal in
            guard signal == SIGHUP else { return stop(signal) }
            do { try self.reload() } catch { log("reload rejected, the old configuration stays: \(error)") }
        }
    }

    // MARK: Reload

    /// Reads the file again; on any error the old config stays and the error is thrown.
    func reload() throws {
        let new = try Self.load(path)
        try apply(new)
        history.capacity = new.general.historySize
        log("configuration reloaded from \(path ?? "(built-in)")")
    }

    /// Checks everything first, then registers or updates containers (views on screen stay).
    private func apply(_ new: OverlayConfiguration) throws {
        let presenter = service.presenter
        for spec in new.containers {
            guard let current = presenter.manager.container(spec.configuration.name) else { continue }
            for (what, changed) in [("queue", current.queueType != spec.configuration.queueType),
                                    ("clipped", current.clipped != spec.configuration.clipped)] where changed {
                throw ConfigError(file: new.source, line: 1, column: 1,
                                  reason: "container '\(current.name)': \(what) cannot change while the daemon runs; restart it")
            }
        }
        for spec in new.containers {
            let name = spec.configuration.name
            let placement = Self.layerPlacement(spec.placement, container: name)
            if presenter.manager.container(name) != nil {
                try presenter.updateContainer(name) { $0 = spec.configuration }
                presenter.setPlacement(placement, of: name)
            } else {
                try presenter.register(spec.configuration, placement: placement)
            }
            presenter.setDrawer(spec.drawer, for: name)
        }
        config = new
    }

    static func layerPlacement(_ p: SurfacePlacement, container: String) -> LayerPlacement {
        var anchor: LayerPlacement.Anchor = []
        if p.anchor.top { anchor.insert(.top) }
        if p.anchor.bottom { anchor.insert(.bottom) }
        if p.anchor.left { anchor.insert(.left) }
        if p.anchor.right { anchor.insert(.right) }
        let output: OutputSelection
        switch p.output {
        case .focused: output = .focused
        case .named(let name): output = .named(name)
        case .all: output = .all
        }
        let layer = LayerPlacement.Layer(rawValue: UInt32(SurfacePlacement.Layer.allCases.firstIndex(of: p.layer)!)) ?? .overlay
        return LayerPlacement(layer: layer, anchor: anchor,
                              margins: (top: p.margins[0], right: p.margins[1], bottom: p.margins[2], left: p.margins[3]),
                              width: p.width, height: p.height, output: output)
    }

    // MARK: Rules

    private func route(_ request: NotifyRequest, _ routing: inout NotificationRouting) {
        guard !config.rules.isEmpty else { return }  // no rule: nothing to decide (the common case)
        let facts = NotificationFacts(appName: request.appName, summary: request.summary, body: request.body,
                                      urgency: Int(request.urgency?.rawValue ?? 1), category: request.category,
                                      desktopEntry: request.desktopEntry)
        let decision = config.route(facts, modes: modes.asSet)
        if let container = decision.container, service.presenter.manager.container(container) != nil {
            routing.container = container
        }
        routing.configuration.overlay(decision.view)
        guard !restoring else { return }
        if decision.hidden {
            routing.hidden = true
            history.append(HistoryEntry(id: routing.id, request: request, reason: "hidden"))
        } else if decision.held {
            routing.held = true
            held.removeAll { $0.id == routing.id }
            held.append((routing.id, request))
        }
    }

    var heldIDs: [UInt32] { held.map(\.id) }

    // MARK: Modes

    func setModes(_ names: [String]) throws(SettingError) { try modes.set(names); modesChanged() }
    func addMode(_ name: String) throws(SettingError) { try modes.add(name); modesChanged() }
    func removeMode(_ name: String) { modes.remove(name); modesChanged() }

    /// Routes every held notification again with its own id: shown now unless a rule still holds it.
    private func modesChanged() {
        let waiting = held
        held = []
        for (id, request) in waiting {
            var again = request
            again.replacesID = id
            _ = notifications.notify(again)
        }
    }

    // MARK: History

    private func closed(_ record: NotificationRecord, _ reason: CloseReason) {
        guard !record.isTransient else { return }
        history.append(HistoryEntry(record: record, reason: reason))
    }

    /// Shows a dismissed notification again (as a new notification); `id` 0 takes the newest.
    func restore(_ id: UInt32) -> UInt32? {
        guard let entry = history.removeLast(where: { id == 0 || $0.id == id }) else { return nil }
        restoring = true
        defer { restoring = false }
        return notifications.notify(entry.request)
    }
}

/// A dismissed (or hidden) notification, enough to show it again.
struct HistoryEntry {
    let id: UInt32
    let request: NotifyRequest
    let reason: String

    init(id: UInt32, request: NotifyRequest, reason: String) {
        self.id = id
        var request = request
        request.replacesID = 0
        self.request = request
        self.reason = reason
    }

    init(record: NotificationRecord, reason: CloseReason) {
        var hints: [String: BusValue] = ["urgency": .byte(record.urgency.rawValue)]
        if let entry = record.desktopEntry { hints["desktop-entry"] = .string(entry) }
        let request = NotifyRequest(appName: record.appName, summary: record.summary, body: record.body,
                                    actions: record.actions, hints: hints)
        let names: [CloseReason: String] = [.expired: "expired", .dismissed: "dismissed", .closedByCall: "closed"]
        self.init(id: record.id, request: request, reason: names[reason] ?? "undefined")
    }

    var json: JSON {
        .object([("id", .int(Int(id))), ("app-name", .string(request.appName)), ("summary", .string(request.summary)),
                 ("body", .string(request.body)), ("reason", .string(reason))])
    }
}

/// Reads a whole file as UTF-8 (invalid bytes replaced).
func readTextFile(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else {
        throw ConfigError(file: path, line: 0, column: 0, reason: "cannot read: \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count { break }
        if bytes.count > 4 << 20 { throw ConfigError(file: path, line: 0, column: 0, reason: "larger than 4 MiB") }
    }
    return String(decoding: bytes, as: UTF8.self)
}
