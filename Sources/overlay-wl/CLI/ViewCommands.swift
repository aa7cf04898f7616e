import ArgumentParser
import DBusService
import OverlayConfig
import OverlayEngine

/// `overlay-wl show --view FILE|-`: a view tree through `ShowView`, and `--wait` for its first action.
extension ShowCommand {
    /// Options of `show` that describe a toast's content, which a view tree replaces.
    var toastContentGiven: Bool {
        title != nil || body != nil || icon != nil || appName != nil || progress != nil || !actions.isEmpty
            || at != nil || output != nil || window != nil || once != nil
    }

    func runView(_ path: String) throws {
        guard !toastContentGiven else {
            throw fail("--view replaces --title, --body, --icon, --app-name, --progress, --action and the tip options")
        }
        let node: ViewNode
        do { node = try ViewRendering.load(path) } catch { throw fail("\(error)") }
        let client = try ControlClient()
        var shownID: UInt32 = 0
        var acted: String?
        var closed: String?
        var subscriptions: [BusSubscription] = []
        if wait {  // subscribe first: the user could act before ShowView returns
            subscriptions.append(try client.bus.subscribe(path: ControlFrontend.path, interface: ControlFrontend.interfaceName,
                                                          member: "ViewAction") { values in
                guard values.count == 3, values[0].uint == shownID, shownID != 0, acted == nil else { return }
                acted = Self.actionLine(values[1].stringValue ?? "", values[2])
            })
            subscriptions.append(try client.bus.subscribe(path: ControlFrontend.path, interface: ControlFrontend.interfaceName,
                                                          member: "ViewClosed") { values in
                guard values.count == 4, values[0].uint == shownID, shownID != 0 else { return }
                closed = values[2].stringValue ?? ""
            })
        }
        let settings = self.settings().filter { $0.0 != "container" }
        shownID = try client.uint("ShowView", [.string(container), .string(node.json), ShowRequest.options(settings)])
        printNow(String(shownID))
        guard wait else { return }
        try client.bus.wait(timeout: nil) { acted != nil || closed != nil }
        _ = subscriptions
        if let acted {
            printNow(acted)
            _ = try? client.call("Dismiss", [.uint32(shownID), .bool(true)])
            return
        }
        printNow("closed: \(closed ?? "")")
        throw ExitCode.failure
    }

    /// "ok" for a button, "wifi true", "volume 40" or "reply some text" with a value.
    static func actionLine(_ action: String, _ value: BusValue) -> String {
        switch value.unwrapped {
        case .bool(let b): return "\(action) \(b)"
        case .double(let d): return "\(action) \(d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d))"
        case .string(let s): return s.isEmpty ? action : "\(action) \(s)"
        default: return action
        }
    }
}

struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Change the view tree a view shows, in place (same id, same surface).")

    @Argument(help: "The view's id (printed by `show --view`).") var id: UInt32
    @Option(help: "The new view tree: a JSON file, or - for standard input (docs/VIEWS.md).") var view: String

    func run() throws {
        let node: ViewNode
        do { node = try ViewRendering.load(view) } catch { throw fail("\(error)") }
        _ = try ControlClient().call("UpdateView", [.uint32(id), .string(node.json)])
    }
}
