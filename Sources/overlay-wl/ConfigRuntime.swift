import DBusService
import Glibc
import OverlayConfig
import OverlayEngine
import WaylandPresenter

/// The config in force: the containers it declared, its rules and the active modes. Reloads
/// keep the old config when the new one has any error.
final class ConfigRuntime {
    private let screen: OverlayPresenter
    /// The file to (re)load; nil when there is none (built-ins only: a reload looks again).
    private(set) var path: String?
    private(set) var config: OverlayConfiguration
    /// `config` with the built-in rules before the file's: what notifications are routed by.
    private var routing = OverlayConfiguration()
    private(set) var modes: ModeSet
    /// Every container's settings in force: the built-ins, then the file's.
    private var specs: [String: ContainerSpec] = [:]
    /// What each notification reads of its container's settings, kept apart: a lookup in `specs`
    /// copies a whole `ContainerSpec` out of the table. Both are written by `remember`.
    private var notificationSettings: [String: (groupBy: GroupBy, template: String?)] = [:]
    /// The output that has the focus, where the compositor tells (`FocusFollower`); containers
    /// that follow the focus go there.
    private(set) var focusedOutput: String?
    /// Sway's focus changes, listened to while some container follows the focus.
    private(set) var focus: FocusFollower!
    /// The notification templates of `config` (read when it is applied).
    private(set) var templates = TemplateLibrary()
    /// Where a reload looks for a config file when the daemon has none (tests point it elsewhere).
    var locate: () -> String? = { ConfigRuntime.resolvePath(explicit: nil) }
    /// Told of every config put in force (at start and on each reload).
    var onApply: ((OverlayConfiguration) -> Void)?

    static let parser = ConfigParser(builtInSettings: Dictionary(
        uniqueKeysWithValues: BuiltInContainers.specs.map { ($0.configuration.name, $0) }))

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

    /// Registers the built-in containers, then applies `config`.
    init(screen: OverlayPresenter, path: String?, config: OverlayConfiguration) throws {
        self.screen = screen
        self.path = path
        self.config = OverlayConfiguration()
        modes = ModeSet(config.general.modes)
        focus = FocusFollower(config: self)
        for spec in BuiltInContainers.specs {
            remember(spec)
            try screen.register(spec.configuration, placement: spec.placement)
            screen.setDrawer(spec.drawer, for: spec.configuration.name)
        }
        try apply(config)
    }

    private func remember(_ spec: ContainerSpec) {
        specs[spec.configuration.name] = spec
        notificationSettings[spec.configuration.name] = (spec.groupBy, spec.template)
    }

    /// Reads the file again (without one, looks for `$XDG_CONFIG_HOME/overlay-wl/config.toml`
    /// again: it may have been written since); on any error the old config stays and the error is thrown.
    func reload() throws {
        let path = self.path ?? locate()
        let new = try Self.load(path)
        self.path = path
        try apply(new)
        log("configuration reloaded from \(path ?? "(built-in)")")
    }

    /// Checks everything first, then registers or updates containers (views on screen stay).
    private func apply(_ new: OverlayConfiguration) throws {
        for spec in new.containers {
            guard let current = screen.manager.container(spec.configuration.name) else { continue }
            for (what, changed) in [("queue", current.queueType != spec.configuration.queueType),
                                    ("clipped", current.clipped != spec.configuration.clipped)] where changed {
                throw ConfigError(file: new.source, line: 1, column: 1,
                                  reason: "container '\(current.name)': \(what) cannot change while the daemon runs; restart it")
            }
        }
        for spec in new.containers {
            let name = spec.configuration.name
            remember(spec)
            if screen.manager.container(name) != nil {
                try screen.updateContainer(name) { $0 = spec.configuration }
                screen.setPlacement(placement(of: spec), of: name)
            } else {
                try screen.register(spec.configuration, placement: placement(of: spec))
            }
            screen.setDrawer(spec.drawer, for: name)
            screen.setToastLook(ToastLook(closeButton: spec.closeButton, accent: spec.accent,
                                          overflowIndicator: spec.overflowIndicator,
                                          indicatorBackground: spec.indicatorBackground, indicatorText: spec.indicatorColor),
                                for: name)
        }
        config = new
        for warning in ignoredRuleSettings(new.rules) { log(warning) }
        templates = TemplateLibrary(new.templates, configPath: path)
        routing = new
        routing.rules = BuiltInRules.rules + new.rules
        focus.start()
        onApply?(new)
    }

    /// Rules that set a view's group settings (alignment, background, shadow, tap-to-dismiss)
    /// for a horizontal or vertical container, which takes them from itself only: one line each.
    /// A rule naming no container is judged by the one notifications go to by default.
    func ignoredRuleSettings(_ rules: [Rule]) -> [String] {
        rules.compactMap { rule in
            let keys = ViewSettings.groupKeys(setIn: rule.view)
            let name = rule.container ?? BuiltInContainers.notificationsName
            guard !keys.isEmpty, let type = specs[name]?.configuration.displayType, type != .stacking else { return nil }
            let display = ControlFrontend.name(type, ContainerSettings.displayTypes)
            return "\(path ?? "config"):\(rule.line): rule: \(keys.joined(separator: ", ")): no effect in the \(display) "
                + "container '\(name)' (its views share the container's: set under [containers.\(name)])"
        }
    }

    /// Where a container's surface goes now: on the focused output by name when it follows the focus.
    private func placement(of spec: ContainerSpec) -> SurfacePlacement {
        var placement = spec.placement
        if spec.followsFocus, placement.output == .focused, let focusedOutput { placement.output = .named(focusedOutput) }
        return placement
    }

    /// Whether any container follows the focus (the daemon listens for focus changes then).
    var followsFocus: Bool { specs.values.contains { $0.followsFocus && $0.placement.output == .focused } }

    /// The focus moved to `output`: containers that follow it move there, views and all.
    func focusMoved(to output: String?) {
        guard output != focusedOutput else { return }
        focusedOutput = output
        for spec in specs.values where spec.followsFocus && spec.placement.output == .focused {
            screen.setPlacement(placement(of: spec), of: spec.configuration.name)
        }
    }

    /// What a notification in `container` reads of its settings, in one lookup: its `group-by`
    /// (by app for a container the file does not set) and the name of its template (nil: none).
    func notificationSettings(of container: String) -> (groupBy: GroupBy, template: String?) {
        notificationSettings[container] ?? (.app, nil)
    }

    /// What the rules decide for a notification (container, view settings, hidden, held).
    func route(_ facts: @autoclosure () -> NotificationFacts) -> RoutingDecision {
        guard !config.rules.isEmpty || !modes.active.isEmpty else { return RoutingDecision() }  // the common case
        return routing.route(facts(), modes: modes.asSet)
    }

    var doNotDisturb: Bool { modes.active.contains(BuiltInRules.doNotDisturb) }

    func setModes(_ names: [String]) throws(SettingError) { try modes.set(names) }
    func addMode(_ name: String) throws(SettingError) { try modes.add(name) }
    func removeMode(_ name: String) { modes.remove(name) }
}
