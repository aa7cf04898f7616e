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

    unowned let service: OverlayService
    unowned let notifications: NotificationFrontend
    let config: ConfigRuntime
    /// Shows in `tips` containers (help tips); set by the daemon.
    var tips: TipsFrontend?
    /// Views shown through `Show`, with what `show --wait` needs when they close.
    var views: [UInt32: ControlView] = [:]
    /// Appearance order of every view on screen (for dismiss-topmost across containers).
    var appearance: [ViewID: UInt64] = [:]
    private var appearanceCounter: UInt64 = 0

    init(service: OverlayService, notifications: NotificationFrontend, config: ConfigRuntime) throws {
        self.service = service
        self.notifications = notifications
        self.config = config
        try service.bus.export(path: Self.path, interface: BusInterface(
            name: Self.interfaceName, methods: Self.methods, signals: Self.signals) { [unowned self] call in
                try self.handle(call)
            })
        service.observeEffects { [unowned self] effect in self.handle(effect) }
        let previous = service.presenter.onViewClicked
        service.presenter.onViewClicked = { [unowned self] view, part in
            self.clicked(view, part) || previous(view, part)
        }
    }

    /// A click on a shown view's action button (a toast's or a tip's "Got it") invokes it, as
    /// `Invoke` does: the view closes with "action" and the key. Other clicks keep their gesture.
    private func clicked(_ view: ViewID, _ part: ClickedPart) -> Bool {
        guard case .action(let key) = part, view.rawValue <= UInt64(UInt32.max),
              let shown = views[UInt32(view.rawValue)], shown.actions.contains(where: { $0.key == key }) else { return false }
        service.presenter.afterInput { [weak self] in
            do { try self?.invoke(UInt32(view.rawValue), action: key) } catch { log("cannot invoke '\(key)' of \(view.rawValue): \(error)") }
        }
        return true
    }

    /// Takes org.overlaywl; throws `BusError.nameTaken` when another overlay-wl runs.
    func requestName() throws { try service.bus.requestName(Self.busName) }

    static let methods: [BusMethod] = [
        BusMethod("Show", input: "a{sv}", output: "u", inputNames: ["options"], outputNames: ["id"]),
        BusMethod("Dismiss", input: "ub", inputNames: ["id", "animated"]),
        BusMethod("DismissAll", input: "asasbb", inputNames: ["in", "except", "only_showing", "animated"]),
        BusMethod("DismissTopmost", input: "asb", output: "u", inputNames: ["in", "animated"], outputNames: ["id"]),
        BusMethod("Invoke", input: "us", inputNames: ["id", "action"]),
        BusMethod("List", output: "s", outputNames: ["json"]),
        BusMethod("ListText", output: "s", outputNames: ["text"]),
        BusMethod("Containers", output: "s", outputNames: ["json"]),
        BusMethod("Reload", output: "s", outputNames: ["source"]),
        BusMethod("Modes", output: "as", outputNames: ["modes"]),
        BusMethod("SetModes", input: "as", output: "as", inputNames: ["modes"], outputNames: ["modes"]),
        BusMethod("AddMode", input: "s", output: "as", inputNames: ["mode"], outputNames: ["modes"]),
        BusMethod("RemoveMode", input: "s", output: "as", inputNames: ["mode"], outputNames: ["modes"]),
        BusMethod("History", output: "s", outputNames: ["json"]),
        BusMethod("Restore", input: "u", output: "u", inputNames: ["id"], outputNames: ["new_id"]),
    ] + drawerMethods

    static let signals = [BusSignal("ViewClosed", signature: "usss",
                                    argumentNames: ["id", "container", "reason", "action"])]

    // MARK: Errors

    static func error(_ kind: String, _ message: String) -> BusMethodError {
        BusMethodError(name: "org.overlaywl.Error.\(kind)", message: message)
    }

    func requireContainers(_ names: [String]) throws {
        let known = service.presenter.containerNames
        for name in names where !known.contains(name) {
            throw Self.error("UnknownContainer", "unknown container '\(name)' (known: \(known.joined(separator: ", ")))")
        }
    }

    // MARK: Dispatch

    private func handle(_ call: BusCall) throws -> BusReply {
        let a = call.arguments
        switch call.member {
        case "Show": return BusReply([.uint32(try show(a[0]))])
        case "Dismiss": try dismiss(a[0].uint, animated: a[1].bool); return .empty
        case "DismissAll":
            try dismissAll(in: a[0].strings, except: a[1].strings, onlyShowing: a[2].bool, animated: a[3].bool)
            return .empty
        case "DismissTopmost": return BusReply([.uint32(try dismissTopmost(in: a[0].strings, animated: a[1].bool))])
        case "Invoke": try invoke(a[0].uint, action: a[1].stringValue ?? ""); return .empty
        case "List": return BusReply([.string(listJSON().text)])
        case "ListText": return BusReply([.string(listText())])
        case "Containers": return BusReply([.string(containersJSON().text)])
        case "Reload":
            do { try config.reload() } catch { throw Self.error("Config", "\(error)") }
            return BusReply([.string(config.path ?? "(built-in)")])
        case "Modes": return modesReply()
        case "SetModes": try modes { try config.setModes(a[0].strings) }; return modesReply()
        case "AddMode": try modes { try config.addMode(a[0].stringValue ?? "") }; return modesReply()
        case "RemoveMode": config.removeMode(a[0].stringValue ?? ""); return modesReply()
        case "History": return BusReply([.string(JSON.array(config.history.items.reversed().map(\.json)).text)])
        case "Restore":
            guard let id = config.restore(a[0].uint) else {
                throw Self.error("UnknownView", a[0].uint == 0 ? "history is empty" : "no notification \(a[0].uint) in history")
            }
            return BusReply([.uint32(id)])
        case "MoveDrawer": try moveDrawer(a[0].stringValue ?? "", notch: a[1].stringValue ?? "", animated: a[2].bool); return .empty
        case "SetDrawerNotch":
            try setDrawerNotch(a[0].stringValue ?? "", notch: a[1].integerValue ?? -1, enabled: a[2].bool)
            return .empty
        case "DrawerState": return BusReply([.string(try drawerJSON(a[0].stringValue ?? "").text)])
        default: throw BusMethodError.unknownMethod("no method \(call.member)")
        }
    }

    private func modes(_ body: () throws -> Void) throws {
        do { try body() } catch let error as SettingError { throw BusMethodError.invalidArgs(error.message) }
    }

    private func modesReply() -> BusReply { BusReply([.stringArray(config.modes.active)]) }

    // MARK: Effects

    private func handle(_ effect: EngineEffect) {
        switch effect {
        case .appeared(let id, _):
            appearanceCounter += 1
            appearance[id] = appearanceCounter
        case .removed(let id, _):
            appearance[id] = nil
        case .dismissed(let viewID, let container, let reason):
            guard viewID.rawValue <= UInt64(UInt32.max), let view = views.removeValue(forKey: UInt32(viewID.rawValue)) else { return }
            let how = view.invokedAction != nil ? "action" : Self.reasonName(reason)
            do {
                try service.bus.emitSignal(path: Self.path, interface: Self.interfaceName, member: "ViewClosed", arguments: [
                    .uint32(UInt32(viewID.rawValue)), .string(container), .string(how), .string(view.invokedAction ?? ""),
                ])
            } catch {
                log("cannot emit ViewClosed for \(viewID.rawValue): \(error)")
            }
        case .hook:
            break
        }
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

/// A view shown through the control interface.
struct ControlView {
    var container: String
    var actions: [NotificationAction]
    /// Set by `Invoke` just before the view is dismissed.
    var invokedAction: String?
}

extension BusValue {
    var uint: UInt32 { if case .uint32(let v) = unwrapped { return v }; return 0 }
    var bool: Bool { boolValue ?? false }
    var strings: [String] {
        if case .array(let items, _) = unwrapped { return items.compactMap(\.stringValue) }
        return []
    }
}
