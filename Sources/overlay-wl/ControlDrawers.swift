import DBusService
import OverlayEngine
import WaylandPresenter

/// The control methods for drawer containers: move to a notch, open, close, switch notches on
/// and off, and report where a drawer is.
extension ControlFrontend {
    static let drawerMethods: [BusMethod] = [
        BusMethod("MoveDrawer", input: "ssb", inputNames: ["drawer", "notch", "animated"]),
        BusMethod("SetDrawerNotch", input: "sib", inputNames: ["drawer", "notch", "enabled"]),
        BusMethod("DrawerState", input: "s", output: "s", inputNames: ["drawer"], outputNames: ["json"]),
    ]

    /// `notch`: an index, "open" (the highest enabled notch) or "close" (the lowest).
    func moveDrawer(_ name: String, notch: String, animated: Bool) throws {
        let drawer = try requireDrawer(name).drawer
        let index: Int
        switch notch {
        case "open": index = drawer.enabledNotches.last!
        case "close": index = drawer.enabledNotches.first!
        default:
            guard let n = Int(notch) else {
                // A whole number too large for an index is a notch the drawer lacks, not a bad word.
                let digits = notch.drop { $0 == "-" }
                let shown = notch.count > 64 ? notch.prefix(64) + "…" : Substring(notch)
                let count = drawer.notches.count
                throw BusMethodError.invalidArgs(!digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
                    ? "MoveDrawer: drawer '\(name)' has no notch \(shown) (it has \(count): 0…\(count - 1))"
                    : "MoveDrawer: notch must be open, close or a notch number 0…\(count - 1) (not '\(shown)')")
            }
            index = n
        }
        do { try screen.moveDrawer(name, toNotch: index, animated: animated) } catch {
            throw Self.error("Drawer", error.description)
        }
    }

    func setDrawerNotch(_ name: String, notch: Int, enabled: Bool) throws {
        _ = try requireDrawer(name)
        do { try screen.setDrawerNotch(name, notch, enabled: enabled) } catch {
            throw Self.error("Drawer", error.description)
        }
    }

    private func requireDrawer(_ name: String) throws -> EdgeDrawer {
        try requireContainers([name])
        guard let drawer = screen.drawer(name) else {
            throw Self.error("Drawer", "container '\(name)' is not a drawer (set drawer = EDGE in its config table)")
        }
        return drawer
    }

    /// Where the drawer is: the notch it rests on or heads to (null while dragged), its depth
    /// out of the edge, progress (0 closed … 1 fully open), its notches, and the focused button.
    func drawerJSON(_ name: String) throws -> JSON {
        let edge = try requireDrawer(name)
        let now = screen.clock(), d = edge.drawer
        let notches: [JSON] = d.notches.indices.map { i in
            .object([("points", .number(d.height(ofNotch: i))), ("enabled", .bool(d.notches[i].isEnabled))])
        }
        let focus = screen.drawerFocus(name).map { JSON.object([("id", .int(Int($0.view.rawValue))), ("action", .string($0.action))]) }
        return .object([
            ("edge", .string(edge.configuration.edge.rawValue)),
            ("notch", d.targetNotch.map { .int($0) } ?? .null),
            ("resting", .bool(!edge.isDragging && !d.isAnimating(at: now))),
            ("dragging", .bool(edge.isDragging)),
            ("open", .bool(edge.isOpen)),
            ("height", .number((d.height(at: now) * 10).rounded() / 10)),
            ("progress", .number((d.progress(at: now) * 1000).rounded() / 1000)),
            ("notches", .array(notches)),
            ("focus", focus ?? .null),
        ])
    }
}
