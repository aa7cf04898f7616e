import DBusService
import OverlayEngine
import WaylandPresenter

/// The control methods for the column's keyboard focus (`overlay-wl focus`): take it, give it
/// back, and say where it is.
extension ControlFrontend {
    static let focusMethods: [BusMethod] = [
        BusMethod("Focus", input: "s", inputNames: ["container"]),
        BusMethod("ReleaseFocus"),
        BusMethod("FocusState", output: "s", outputNames: ["json"]),
    ]

    /// Gives the keyboard to a container's column ("": the notifications).
    func focus(_ container: String) throws {
        do { try screen.focusColumn(container.isEmpty ? BuiltInContainers.notificationsName : container) } catch {
            switch error {
            case .unknownContainer: throw Self.error("UnknownContainer", error.description)
            case .drawer, .nothingToFocus: throw Self.error("Focus", error.description)
            }
        }
    }

    /// `{"container": …, "id": …, "part": "view" | "action" | "close", "action": …}`, or
    /// `{"container": null}` when no column has the keyboard.
    func focusJSON() -> JSON {
        let focus = screen.columnFocus
        guard let container = focus.container else { return .object([("container", .null)]) }
        var fields: [(String, JSON)] = [("container", .string(container))]
        if let stop = focus.focused {
            fields.append(("id", .int(Int(stop.view.rawValue))))
            switch stop.part {
            case .view: fields.append(("part", .string("view")))
            case .action(let key): fields += [("part", .string("action")), ("action", .string(key))]
            case .closeButton: fields.append(("part", .string("close")))
            }
        }
        return .object(fields)
    }

    func handleFocus(_ call: BusCall) throws -> BusReply {
        switch call.member {
        case "Focus": try focus(call.arguments.first?.stringValue ?? ""); return .empty
        case "ReleaseFocus": screen.endColumnFocus(); return .empty
        default: return BusReply([.string(focusJSON().text)])
        }
    }
}
