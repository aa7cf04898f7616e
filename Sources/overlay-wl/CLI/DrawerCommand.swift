import ArgumentParser
import DBusService

struct DrawerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drawer",
        abstract: "Move a drawer to a notch, open or close it, switch notches on and off; print its state as JSON.",
        discussion: "Without options it prints the state. Notches are numbered from 0 in config order.")
    @Argument(help: "The drawer container's name.") var name: String
    @Option(help: "Move to this notch.") var notch: Int?
    @Flag(help: "Move to the highest enabled notch.") var open = false
    @Flag(help: "Move to the lowest enabled notch.") var close = false
    @Option(help: "Turn these notches on (A,B).") var enable: [String] = []
    @Option(help: "Turn these notches off (A,B); a drawer resting on one moves to the nearest enabled notch.") var disable: [String] = []
    @Flag(name: .customLong("no-animation"), help: "Jump instead of springing.") var noAnimation = false

    func validate() throws {
        if [notch != nil, open, close].filter({ $0 }).count > 1 { throw ValidationError("give one of --notch, --open, --close") }
        for value in commaList(enable + disable) where Int32(value) == nil {
            throw ValidationError("'\(value)' is not a notch number")
        }
    }

    func run() throws {
        let client = try ControlClient()
        for value in commaList(enable) { _ = try client.call("SetDrawerNotch", [.string(name), .int32(Int32(value)!), .bool(true)]) }
        for value in commaList(disable) { _ = try client.call("SetDrawerNotch", [.string(name), .int32(Int32(value)!), .bool(false)]) }
        if let target = notch.map(String.init) ?? (open ? "open" : close ? "close" : nil) {
            _ = try client.call("MoveDrawer", [.string(name), .string(target), .bool(!noAnimation)])
        }
        if notch == nil && !open && !close && enable.isEmpty && disable.isEmpty {
            printNow(try client.string("DrawerState", [.string(name)]))
        }
    }
}
