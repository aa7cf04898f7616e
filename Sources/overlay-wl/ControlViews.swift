import DBusService
import OverlayConfig
import OverlayEngine
import OverlayRenderer

/// The control methods that show, dismiss and invoke views.
extension ControlFrontend {
    func show(_ options: BusValue) throws -> UInt32 {
        let request: ShowRequest
        do { request = try ShowRequest(options: options) } catch {
            throw BusMethodError.invalidArgs("Show: \(error)")
        }
        try requireContainers([request.container])
        try requireOwnSettingsFit(request.view, in: request.container, method: "Show")
        if let id = request.id, registry.notification(id) != nil {
            throw BusMethodError.invalidArgs("Show: id \(id) belongs to a notification; use org.freedesktop.Notifications to replace it")
        }
        let id = request.id.map { ViewID($0) } ?? screen.newID()
        let view = ControlView(container: request.container, actions: request.actions)
        if TipsFrontend.isTipsContainer(request.container) || request.at != nil || request.window != nil {
            guard TipsFrontend.isTipsContainer(request.container) else {
                throw BusMethodError.invalidArgs("Show: --at, --output and --window apply to the tips container only")
            }
            let tip: TipRecord?
            do { tip = try tips.show(request, id: id) } catch { throw Self.error("Failed", "tip: \(error)") }
            guard let tip else { return 0 }
            registry.insert(view, id: id, tip: tip)
            return id.busID
        }
        let content = ToastContent(summary: request.title, body: request.body, appName: request.appName,
                                   progress: request.progress, actions: request.actions.map { ($0.key, $0.label) })
        do {
            try screen.show(content, id: id, in: request.container, configuration: request.view, animated: request.animated)
        } catch {
            throw Self.error("Failed", "cannot show in '\(request.container)': \(error)")
        }
        registry.insert(view, id: id)
        return id.busID
    }

    func dismiss(_ id: UInt32, animated: Bool) throws {
        guard id != 0, screen.manager.contains(ViewID(id)) else {
            throw Self.error("UnknownView", "no view \(id) is showing or waiting")
        }
        screen.dismiss(ViewID(id), reason: .user, animated: animated)
    }

    /// Dismisses by the user's hand (notifications close with reason 2), container by container.
    func dismissAll(in names: [String], except: [String], onlyShowing: Bool, animated: Bool) throws {
        guard names.isEmpty || except.isEmpty else {
            throw BusMethodError.invalidArgs("DismissAll: give either 'in' or 'except', not both")
        }
        try requireContainers(names + except)
        let targets = names.isEmpty ? screen.containerNames.filter { !except.contains($0) } : names
        screen.dismissAll(in: targets, onlyShowing: onlyShowing, reason: .user, animated: animated)
    }

    /// The top view of the named containers (all when empty): per container the top of its
    /// z-order, across containers the one that appeared last. 0 when nothing is showing.
    func dismissTopmost(in names: [String], animated: Bool) throws -> UInt32 {
        try requireContainers(names)
        return screen.dismissTopmost(in: names.isEmpty ? screen.containerNames : names, reason: .user, animated: animated)?
            .busID ?? 0
    }

    /// A notification's action (ActionInvoked), or a control view's (ViewClosed with "action").
    func invoke(_ id: UInt32, action: String) throws {
        let action = action.isEmpty ? "default" : action
        if registry.notification(id) != nil {
            guard notifications.invoke(id: id, action: action) else {
                throw Self.error("UnknownAction", "notification \(id) has no action '\(action)'")
            }
            return
        }
        guard case .control(var view)? = registry[ViewID(id)]?.kind else {
            throw Self.error("UnknownView", "no view \(id) is showing or waiting")
        }
        if let tree = viewTree(id) {  // a view tree: its button with that action, as if clicked
            guard screen.pressButton(action, of: ViewID(id)) else {
                let actions = tree.buttonActions
                throw Self.error("UnknownAction", "view \(id) has no button with the action '\(action)'"
                    + (actions.isEmpty ? "" : " (has: \(actions.joined(separator: ", ")))"))
            }
            return
        }
        guard action == "default" || view.actions.contains(where: { $0.key == action }) else {
            let keys = (["default"] + view.actions.map(\.key)).joined(separator: ", ")
            throw Self.error("UnknownAction", "view \(id) has no action '\(action)' (has: \(keys))")
        }
        view.invokedAction = action
        registry.update(ViewID(id)) { $0.kind = .control(view) }
        screen.dismiss(ViewID(id), reason: .user)
    }

    // MARK: Listing

    func containersJSON() -> JSON {
        .array(screen.containerNames.compactMap { name in
            screen.manager.container(name).map { c in
                .object([("name", .string(name)), ("display", .string(Self.name(c.displayType, ContainerSettings.displayTypes))),
                         ("queue", .string(Self.name(c.queueType, ContainerSettings.queueTypes)))])
            }
        })
    }

    func listJSON() -> JSON {
        let manager = screen.manager
        let containers: [JSON] = screen.containerNames.compactMap { name in
            guard let c = manager.container(name) else { return nil }
            let defaults = ViewSettings.describe(c.defaults).sorted { $0.key < $1.key }.map { ($0.key, JSON.string($0.value)) }
            var debounce = 0.0
            if case .debounce(let s) = c.queueControl { debounce = s }
            return .object([
                ("name", .string(name)),
                ("display", .string(Self.name(c.displayType, ContainerSettings.displayTypes))),
                ("queue", .string(Self.name(c.queueType, ContainerSettings.queueTypes))),
                ("display-order", .string(Self.name(c.displayOrder, ContainerSettings.displayOrders))),
                ("maximum-visible", c.maximumVisible.map { .int($0) } ?? .null),
                ("spacing", .number(c.spacing)),
                ("delay-for-showing-next", .number(c.delayForShowingNext)),
                ("insets", .array([c.insets.top, c.insets.leading, c.insets.bottom, c.insets.trailing].map { .number($0) })),
                ("clipped", .bool(c.clipped)),
                ("debounce", .number(debounce)),
                ("defaults", .object(defaults)),
                ("showing", .array(manager.showing(in: name).map { .int(Int($0.rawValue)) })),
                ("waiting", .array(manager.waiting(in: name).map { .int(Int($0.rawValue)) })),
                ("hidden", .array(manager.hidden(in: name).map { .int(Int($0.rawValue)) })),
                ("drawer", screen.drawer(name) != nil ? (try? drawerJSON(name)) ?? .null : .null),
            ])
        }
        return .object([("containers", .array(containers)), ("modes", .strings(config.modes.active)),
                        ("held", .ids(registry.held.map(\.id))), ("notifications", .array(notificationsJSON()))])
    }

    /// Every open notification (showing, hidden, waiting or held), by id.
    func notificationsJSON() -> [JSON] {
        registry.records.compactMap { id, record -> (UInt32, JSON)? in
            guard let notification = record.notification else { return nil }
            if record.isHeld {
                return (id.busID, notification.json(state: "waiting", container: nil, extra: [("held", .bool(true))]))
            }
            let state: String
            switch screen.manager.state(of: id) {
            case .showing?: state = "showing"
            case .hidden?: state = "hidden"
            case .waiting?: state = "waiting"
            case .leaving?, nil: return nil
            }
            return (id.busID, notification.json(state: state, container: screen.manager.containerName(of: id)))
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    func listText() -> String {
        let manager = screen.manager
        var lines: [String] = []
        for name in screen.containerNames {
            guard let c = manager.container(name) else { continue }
            let showing = manager.showing(in: name).map { String($0.rawValue) }.joined(separator: " ")
            let waiting = manager.waiting(in: name).map { String($0.rawValue) }.joined(separator: " ")
            lines.append("\(name) (\(Self.name(c.displayType, ContainerSettings.displayTypes)), \(Self.name(c.queueType, ContainerSettings.queueTypes)))")
            lines.append("  showing (bottom to top): \(showing.isEmpty ? "-" : showing)")
            lines.append("  waiting (next first):    \(waiting.isEmpty ? "-" : waiting)")
            let hidden = manager.hidden(in: name).map { String($0.rawValue) }.joined(separator: " ")
            if !hidden.isEmpty { lines.append("  hidden (next last):      \(hidden)") }
        }
        let held = registry.held.map { String($0.id) }.joined(separator: " ")
        if !held.isEmpty { lines.append("held (do-not-disturb, a rule or a snooze): \(held)") }
        if !config.modes.active.isEmpty { lines.append("modes: \(config.modes.active.joined(separator: " "))") }
        return lines.joined(separator: "\n")
    }

    /// The config's name for `value` (compared by value: describing both went through reflection).
    static func name<T: Equatable>(_ value: T, _ table: [(String, T)]) -> String {
        table.first { $0.1 == value }?.0 ?? "\(value)"
    }
}
