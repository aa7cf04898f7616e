import ArgumentParser
import DBusService

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Each container: its settings, ids on screen (z-order) and ids waiting (queue order).",
        discussion: """
            With --json: {"containers": [...], "modes": [...], "held": [ids], "notifications": [...]}. Each \
            notification (here by id; in `history` newest first) is an object with these keys, in this order: \
            "id" (number), "app-name", "summary", "body" (plain text: markup removed), "desktop-entry" (string \
            or null), "urgency" ("low", "normal" or "critical"), "category" (string or null), "group" (its \
            group key under its container's group-by: by default the desktop entry, else the app name; \
            the id when group-by is "none"), "container" (string; null when held or in history), "state" \
            ("showing", "hidden", "waiting" or "history"), "created" and "updated" (Unix time in seconds, \
            fractional), "actions" (array of {"key", "label"}). A notification a mode holds back has state \
            "waiting" and "held": true; a history entry has "reason" ("expired", "dismissed", "closed", \
            "undefined" or "hidden"). Keys are only ever added.
            """)
    @Flag(help: "Machine-readable output.") var json = false

    func run() throws { printNow(try ControlClient().string(json ? "List" : "ListText")) }
}

struct ContainersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "containers", abstract: "The registered containers.")
    @Flag(help: "Machine-readable output (with display and queue types).") var json = false

    func run() throws {
        let client = try ControlClient()
        if json { return printNow(try client.string("Containers")) }
        printNow(try client.string("ListText").split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("modes:") }
            .map { String($0.prefix { $0 != " " }) }.joined(separator: "\n"))
    }
}

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Dismissed and hidden notifications, newest first, as JSON (see `list` for the keys).")
    @Flag(help: "Machine-readable output (the only form; accepted for symmetry with `list`).") var json = false
    func run() throws { printNow(try ControlClient().string("History")) }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Show a notification from history again (the newest by default); print its new id.")
    @Argument(help: "Its id in `overlay-wl history`.") var id: UInt32 = 0
    func run() throws { printNow(String(try ControlClient().uint("Restore", [.uint32(id)]))) }
}

struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: "Reload the config file (as SIGHUP does); a broken file is rejected and the old config stays.")
    func run() throws { printNow("reloaded \(try ControlClient().string("Reload"))") }
}

struct ModeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mode", abstract: "List, set, add or remove modes (do-not-disturb and friends).",
        subcommands: [List.self, Set.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the active modes, one a line.")
        func run() throws { try printModes(ControlClient().strings("Modes")) }
    }
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Make exactly these modes active (none: clear).")
        @Argument var modes: [String] = []
        func run() throws { try printModes(ControlClient().strings("SetModes", [.stringArray(modes)])) }
    }
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Activate a mode.")
        @Argument var mode: String
        func run() throws { try printModes(ControlClient().strings("AddMode", [.string(mode)])) }
    }
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Deactivate a mode (held notifications then show).")
        @Argument var mode: String
        func run() throws { try printModes(ControlClient().strings("RemoveMode", [.string(mode)])) }
    }
}

struct DoNotDisturbCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dnd", abstract: "Turn do-not-disturb on or off, or toggle it; print whether it is on.",
        discussion: """
            In do-not-disturb only critical notifications pop up; the others wait, with their ids, and show \
            when it ends. It is the built-in mode `do-not-disturb` (`overlay-wl mode`), so rules may use it too.
            """)
    @Flag(help: "Turn it on.") var on = false
    @Flag(help: "Turn it off.") var off = false
    @Flag(help: "Turn it on if off, off if on.") var toggle = false

    func validate() throws {
        if [on, off, toggle].filter({ $0 }).count > 1 { throw ValidationError("give one of --on, --off, --toggle") }
    }

    func run() throws {
        let client = try ControlClient()
        let reply = on || off ? try client.call("SetDoNotDisturb", [.bool(on)])
            : try client.call(toggle ? "ToggleDoNotDisturb" : "DoNotDisturb")
        printNow(reply.first?.bool == true ? "on" : "off")
    }
}

private func printModes(_ modes: [String]) {
    if !modes.isEmpty { printNow(modes.joined(separator: "\n")) }
}
