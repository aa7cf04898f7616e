import DBusService
import OverlayEngine

/// The control methods of the notification centre: open, close, toggle, its status, snooze.
extension ControlFrontend {
    static let centerMethods: [BusMethod] = [
        BusMethod("OpenCenter", input: "b", output: "b", inputNames: ["open"], outputNames: ["open"]),
        BusMethod("ToggleCenter", output: "b", outputNames: ["open"]),
        BusMethod("CenterState", output: "s", outputNames: ["json"]),
        BusMethod("Snooze", input: "ud", inputNames: ["id", "seconds"]),
    ]

    func handleCenter(_ call: BusCall) throws -> BusReply {
        let a = call.arguments
        switch call.member {
        case "OpenCenter":
            screen.openCenter(a[0].bool)
            return BusReply([.bool(screen.isCenterOpen)])
        case "ToggleCenter":
            screen.openCenter(nil)
            return BusReply([.bool(screen.isCenterOpen)])
        case "CenterState":
            return BusReply([.string(center.statusJSON)])
        default:  // Snooze
            guard case .double(let seconds) = a[1].unwrapped else { throw BusMethodError.invalidArgs("Snooze: seconds must be a double") }
            do { try center.snooze(a[0].uint, seconds: seconds) } catch { throw Self.error("Snooze", error.description) }
            return .empty
        }
    }
}
