import Glibc
import OverlayConfig
import OverlayEngine
import WaylandPresenter

/// The view files of drawer containers (`view = "menu.json"`): each shows as one view tree in
/// its drawer's panel, never expiring, drawn and hit-tested like any tree. Its controls are
/// bound by their action ids (`ControlBinding`): hooks run with the control's value, mode
/// toggles turn modes on and off and show the modes in force.
final class DrawerMenus {
    private let screen: OverlayPresenter
    private let registry: ViewRegistry
    private let config: ConfigRuntime
    private let hooks: HookRunner
    private let notifications: NotificationFrontend
    private let control: ControlFrontend
    /// The menu view of each drawer that has one (one per drawer container).
    private(set) var menus: [String: ViewID] = [:]
    /// The modes the menus' toggles show.
    private var shownModes: Set<String> = []

    init(screen: OverlayPresenter, registry: ViewRegistry, config: ConfigRuntime, hooks: HookRunner,
         notifications: NotificationFrontend, control: ControlFrontend) {
        self.screen = screen
        self.registry = registry
        self.config = config
        self.hooks = hooks
        self.notifications = notifications
        self.control = control
    }

    /// Reads the view file of every drawer of `settings` and shows it (in place of the one
    /// shown before); a file that cannot be read or decoded leaves its drawer empty, logged.
    func load(_ settings: OverlayConfiguration) {
        var wanted: [String: ViewNode] = [:]
        for spec in settings.containers {
            guard let file = spec.drawerView else { continue }
            let name = spec.configuration.name
            do {
                wanted[name] = try Self.read(file, for: name, configPath: config.path)
                for problem in ControlBinding.problems(in: wanted[name]!, hooks: settings.hooks) {
                    log("drawer '\(name)': \(file): \(problem)")
                }
            } catch {
                log("drawer '\(name)': \(error); the drawer stays empty")
            }
        }
        for (name, id) in menus where wanted[name] == nil {
            screen.dismiss(id, reason: .request, animated: false)
            menus[name] = nil
        }
        shownModes = config.modes.asSet
        for (name, tree) in wanted { show(ControlBinding.showingModes(tree, active: shownModes), in: name) }
    }

    /// The tree of `file` (relative to the config file's folder), or an error naming the file
    /// and, for bad JSON, the path of the bad value.
    static func read(_ file: String, for drawer: String, configPath: String?) throws -> ViewNode {
        guard drawer != BuiltInContainers.centerName else {
            throw MenuError("\(file): the notification centre draws its own list and holds no view file")
        }
        let path = resolve(file, configPath: configPath)
        let text: String
        do { text = try readTextFile(path) } catch {
            throw MenuError("\(path): \(error.reason)")
        }
        do { return try ViewNode(json: text) } catch { throw MenuError("\(path): \(error)") }
    }

    /// An absolute path stays; a relative one is in the config file's folder.
    static func resolve(_ file: String, configPath: String?) -> String {
        guard !file.hasPrefix("/"), let configPath, let slash = configPath.lastIndex(of: "/") else { return file }
        return String(configPath[...slash]) + file
    }

    private func show(_ tree: ViewNode, in drawer: String) {
        if let id = menus[drawer], registry[id] != nil, screen.update(id, to: tree, animated: false) { return }
        var view = ViewConfiguration()
        view.autoDismiss = .disabled
        view.dismissGesture = .disabled
        view.tapToDismiss = false
        do {
            let id = try screen.show(tree, id: screen.newID(), in: drawer, configuration: view, animated: false)
            registry.insert(ControlView(container: drawer, actions: []), id: id)
            menus[drawer] = id
        } catch {
            log("drawer '\(drawer)': cannot show its view: \(error)")
        }
    }

    /// A click on a menu: its control's binding acts (and `ViewAction` goes out, as for any
    /// tree). Every click on a menu is taken: a menu is never dismissed by a tap.
    func clicked(_ click: ViewClick) -> Bool {
        guard let drawer = menus.first(where: { $0.value == click.view })?.key else { return false }
        guard case .viewAction(let action) = click.part else { return true }
        control.viewAction(click.view, action)
        switch ControlBinding(action: action.action) {
        case .hook:
            do {
                if let command = try ControlBinding.command(for: action, hooks: config.config.hooks) {
                    hooks.runControlHook(command, id: click.view, container: drawer)
                }
            } catch { log("drawer '\(drawer)': \(error)") }
        case .mode(let mode):
            let on: Bool = if case .bool(let value) = action.value { value } else { !config.modes.active.contains(mode) }
            do {
                if on { try config.addMode(mode) } else { config.removeMode(mode) }
                notifications.modesChanged()
            } catch { log("drawer '\(drawer)': \(error)") }
            updated()
        case .signal:
            break
        }
        return true
    }

    /// After each update pass: when the modes changed (a toggle, `overlay-wl dnd`, the centre's
    /// button), the mode toggles of every menu show them.
    func updated() {
        let active = config.modes.asSet
        guard active != shownModes else { return }
        shownModes = active
        for id in menus.values {
            guard let tree = screen.viewTree(of: id) else { continue }
            let shown = ControlBinding.showingModes(tree, active: active)
            if shown != tree { screen.update(id, to: shown, animated: false) }
        }
    }
}

/// Why a drawer's view file is not shown.
struct MenuError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
