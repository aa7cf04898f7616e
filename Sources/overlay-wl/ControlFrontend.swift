import DBusService
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

/// org.overlaywl.Control1 at /org/overlaywl/Control: the whole container manager for scripts
/// and the `overlay-wl` subcommands. Every argument is validated; bad ones get a D-Bus error.
final class ControlFrontend {
    static let busName = "org.overlaywl"
    static let path = "/org/overlaywl/Control"
    static let interfaceName = "org.overlaywl.Control1"

    let screen: OverlayPresenter
    let registry: ViewRegistry
    let signals: SignalSink
    let notifications: NotificationFrontend
    let config: ConfigRuntime
    /// Shows in `tips` and `tour` containers (help tips).
    let tips: TipsFrontend
    /// The notification centre (set by `Daemon`).
    var center: CenterFrontend!

    init(screen: OverlayPresenter, registry: ViewRegistry, signals: SignalSink, notifications: NotificationFrontend,
         config: ConfigRuntime, tips: TipsFrontend) {
        self.screen = screen
        self.registry = registry
        self.signals = signals
        self.notifications = notifications
        self.config = config
        self.tips = tips
    }

    /// The interface, answered by `handle(_:)`.
    var interface: BusInterface {
        BusInterface(name: Self.interfaceName, methods: Self.methods, signals: Self.signals) { [unowned self] call in
            try self.handle(call)
        }
    }

    static let methods: [BusMethod] = [
        BusMethod("Show", input: "a{sv}", output: "u", inputNames: ["options"], outputNames: ["id"]),
        BusMethod("Dismiss", input: "ub", inputNames: ["id", "animated"]),
        BusMethod("DismissAll", input: "asasbb", inputNames: ["in", "except", "only_showing", "animated"]),
        BusMethod("DismissTopmost", input: "asb", output: "u", inputNames: ["in", "animated"], outputNames: ["id"]),
        BusMethod("Invoke", input: "us", inputNames: ["id", "action"]),
        BusMethod("Reply", input: "us", inputNames: ["id", "text"]),
        BusMethod("List", output: "s", outputNames: ["json"]),
        BusMethod("ListText", output: "s", outputNames: ["text"]),
        BusMethod("Containers", output: "s", outputNames: ["json"]),
        BusMethod("Reload", output: "s", outputNames: ["source"]),
        BusMethod("Modes", output: "as", outputNames: ["modes"]),
        BusMethod("SetModes", input: "as", output: "as", inputNames: ["modes"], outputNames: ["modes"]),
        BusMethod("AddMode", input: "s", output: "as", inputNames: ["mode"], outputNames: ["modes"]),
        BusMethod("RemoveMode", input: "s", output: "as", inputNames: ["mode"], outputNames: ["modes"]),
        BusMethod("History", output: "s", outputNames: ["json"]),
        BusMethod("SetDoNotDisturb", input: "b", output: "b", inputNames: ["on"], outputNames: ["on"]),
        BusMethod("ToggleDoNotDisturb", output: "b", outputNames: ["on"]),
        BusMethod("DoNotDisturb", output: "b", outputNames: ["on"]),
        BusMethod("Restore", input: "u", output: "u", inputNames: ["id"], outputNames: ["new_id"]),
    ] + drawerMethods + centerMethods + viewTreeMethods + focusMethods

    static let signals = [BusSignal("ViewClosed", signature: "usss",
                                    argumentNames: ["id", "container", "reason", "action"]),
                          BusSignal("CenterChanged", signature: "s", argumentNames: ["json"]), viewActionSignal]

    // MARK: Errors

    static func error(_ kind: String, _ message: String) -> BusMethodError {
        BusMethodError(name: "org.overlaywl.Error.\(kind)", message: message)
    }

    func requireContainers(_ names: [String]) throws {
        let known = screen.containerNames
        for name in names where !known.contains(name) {
            throw Self.error("UnknownContainer", "unknown container '\(name)' (known: \(known.joined(separator: ", ")))")
        }
    }

    /// A view asking for settings its container takes from itself only (a horizontal or
    /// vertical container's group settings) is refused, with where to set them instead.
    func requireOwnSettingsFit(_ view: ViewConfiguration, in container: String, method: String) throws {
        guard let c = screen.manager.container(container), c.displayType != .stacking else { return }
        let keys = ViewSettings.groupKeys(setIn: view)
        guard !keys.isEmpty else { return }
        let display = Self.name(c.displayType, ContainerSettings.displayTypes)
        throw BusMethodError.invalidArgs("\(method): '\(container)' is a \(display) container: its views share its "
            + "\(keys.joined(separator: ", ")) (set them under [containers.\(container)], or show in a stacking container)")
    }

    // MARK: Dispatch

    func handle(_ call: BusCall) throws -> BusReply {
        let a = call.arguments
        switch call.member {
        case "Show": return BusReply([.uint32(try show(a[0]))])
        case "ShowView": return BusReply([.uint32(try showView(container: a[0].stringValue ?? "", json: a[1].stringValue ?? "", settings: a[2]))])
        case "UpdateView": try updateView(a[0].uint, json: a[1].stringValue ?? ""); return .empty
        case "ShowLevel":
            return BusReply([.uint32(try showLevel(label: a[0].stringValue ?? "", value: a[1].double, maximum: a[2].double,
                                                   icon: a[3].stringValue ?? "", muted: a[4].bool))])
        case "ShowMessage": return BusReply([.uint32(try showMessage(label: a[0].stringValue ?? "", icon: a[1].stringValue ?? ""))])
        case "Dismiss": try dismiss(a[0].uint, animated: a[1].bool); return .empty
        case "DismissAll":
            try dismissAll(in: a[0].strings, except: a[1].strings, onlyShowing: a[2].bool, animated: a[3].bool)
            return .empty
        case "DismissTopmost": return BusReply([.uint32(try dismissTopmost(in: a[0].strings, animated: a[1].bool))])
        case "Invoke": try invoke(a[0].uint, action: a[1].stringValue ?? ""); return .empty
        case "Reply":
            do { try notifications.reply(id: a[0].uint, text: a[1].stringValue ?? "") } catch {
                throw Self.error("UnknownAction", error.description)
            }
            return .empty
        case "List": return BusReply([.string(listJSON().text)])
        case "ListText": return BusReply([.string(listText())])
        case "Containers": return BusReply([.string(containersJSON().text)])
        case "Reload":
            do { try config.reload() } catch { throw Self.error("Config", "\(error)") }
            return BusReply([.string(config.path ?? "(built-in: no config file; the daemon looks for $XDG_CONFIG_HOME/overlay-wl/config.toml)")])
        case "Modes": return modesReply()
        case "SetModes": try modes { try config.setModes(a[0].strings) }; return modesReply()
        case "AddMode": try modes { try config.addMode(a[0].stringValue ?? "") }; return modesReply()
        case "RemoveMode": try modes { config.removeMode(a[0].stringValue ?? "") }; return modesReply()
        case "SetDoNotDisturb": try setDoNotDisturb(a[0].bool); return BusReply([.bool(config.doNotDisturb)])
        case "ToggleDoNotDisturb": try setDoNotDisturb(!config.doNotDisturb); return BusReply([.bool(config.doNotDisturb)])
        case "DoNotDisturb": return BusReply([.bool(config.doNotDisturb)])
        case "History": return BusReply([.string(JSON.array(notifications.history.items.reversed().map(\.json)).text)])
        case "Restore":
            guard let id = notifications.restore(a[0].uint) else {
                throw Self.error("UnknownView", a[0].uint == 0 ? "history is empty" : "no notification \(a[0].uint) in history")
            }
            return BusReply([.uint32(id)])
        case "MoveDrawer": try moveDrawer(a[0].stringValue ?? "", notch: a[1].stringValue ?? "", animated: a[2].bool); return .empty
        case "SetDrawerNotch":
            try setDrawerNotch(a[0].stringValue ?? "", notch: a[1].integerValue ?? -1, enabled: a[2].bool)
            return .empty
        case "DrawerState": return BusReply([.string(try drawerJSON(a[0].stringValue ?? "").text)])
        case "OpenCenter", "ToggleCenter", "CenterState", "Snooze": return try handleCenter(call)
        case "Focus", "ReleaseFocus", "FocusState": return try handleFocus(call)
        default: throw BusMethodError.unknownMethod("no method \(call.member)")
        }
    }

    /// Changes the modes, then routes held notifications again.
    private func modes(_ body: () throws -> Void) throws {
        do { try body() } catch let error as SettingError { throw BusMethodError.invalidArgs(error.message) }
        notifications.modesChanged()
    }

    /// Do-not-disturb is the built-in `do-not-disturb` mode (held notifications show when it ends).
    private func setDoNotDisturb(_ on: Bool) throws {
        guard on != config.doNotDisturb else { return }
        try modes { on ? try config.addMode(BuiltInRules.doNotDisturb) : config.removeMode(BuiltInRules.doNotDisturb) }
    }

    private func modesReply() -> BusReply { BusReply([.stringArray(config.modes.active)]) }

    // MARK: Clicks and closing

    /// A click on a shown view's action button (a toast's or a tip's "Got it") invokes it, as
    /// `Invoke` does. False for other clicks: they keep their gesture.
    func clicked(_ id: ViewID, _ view: ControlView, _ part: ClickedPart) -> Bool {
        if case .viewAction(let action) = part { viewAction(id, action); return true }
        guard case .action(let key) = part, view.actions.contains(where: { $0.key == key }) else { return false }
        do { try invoke(id.busID, action: key) } catch { log("cannot invoke '\(key)' of \(id.rawValue): \(error)") }
        return true
    }

    /// A view shown through `Show` was dismissed: ViewClosed, with the action invoked if any.
    func closed(_ id: ViewID, _ view: ControlView, container: String, reason: DismissReason) {
        let how = view.invokedAction != nil ? "action" : Self.reasonName(reason)
        signals.emit(.viewClosed(id: id.busID, container: container, how: how, action: view.invokedAction ?? ""))
    }

    static func reasonName(_ reason: DismissReason) -> String {
        switch reason {
        case .autoDismiss: "expired"
        case .gesture: "gesture"
        case .user: "dismissed"
        case .request: "closed"
        case .replaced: "replaced"
        case .debounced: "debounced"
        case .unknownContainer: "unknown-container"
        }
    }
}

extension BusValue {
    var uint: UInt32 { if case .uint32(let v) = unwrapped { return v }; return 0 }
    var bool: Bool { boolValue ?? false }
    /// `d`; NaN for anything else.
    var double: Double { if case .double(let v) = unwrapped { return v }; return .nan }
    var strings: [String] {
        if case .array(let items, _) = unwrapped { return items.compactMap(\.stringValue) }
        return []
    }
}
