import ArgumentParser
import DBusService
import OverlayConfig

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a view in a container and print its id.",
        discussion: "Values are checked by the daemon; an unknown container or an out-of-range value is an error (exit 1).")

    @Option(help: "The container to show in (see `overlay-wl containers`).") var container: String
    @Option(help: "Replace the view with this id in place (default: a new id).") var id: UInt32?
    @Option(help: "First line, plain text.") var title: String?
    @Option(help: "Body text (Pango-style markup allowed).") var body: String?
    @Option(help: "Icon name or file path.") var icon: String?
    @Option(name: .customLong("app-name"), help: "Application name.") var appName: String?
    @Option(help: "Progress bar, 0 to 100.") var progress: Int?
    @Option(name: .customLong("action"), help: "An action button KEY=LABEL (repeatable); 'default' is a click on the view.")
    var actions: [String] = []
    @Option(help: "top-leading, top, top-trailing, leading, center, trailing, bottom-leading, bottom, bottom-trailing.")
    var alignment: String?
    @Option(help: "#RRGGBB[AA] or blur:MATERIAL (ultra-thin…ultra-thick) behind the view, or none.") var background: String?
    @Option(help: "none, RADIUS or RADIUS:#RRGGBBAA[:DX,DY].") var shadow: String?
    @Option(help: "tap, double-tap, long-press[:SECONDS], swipe-left|right|up|down, none.") var gesture: String?
    @Option(help: "identity, opacity, move-top|bottom|leading|trailing, scale[:FACTOR]; combine with +.") var transition: String?
    @Option(help: "linear|ease-in|ease-out|ease-in-out[:SECONDS], spring[:RESPONSE[:DAMPING]], bezier:X1,Y1,X2,Y2[:SECONDS].")
    var animation: String?
    @Option(name: .customLong("auto-dismiss"), help: "Seconds on screen, or never.") var autoDismiss: String?
    @Option(help: "Help tips: point at X,Y (or the rectangle X,Y,W,H) in output coordinates.") var at: String?
    @Option(help: "Help tips: the output --at refers to (default: the focused one).") var output: String?
    @Option(help: "Help tips: point at a sway window: app_id=ID, title=TEXT, title~=REGEX, con_id=N or focused.")
    var window: String?
    @Option(help: "Help tips: a \"don't show again\" key; once the user dismisses the tip it is not shown again (prints 0).")
    var once: String?
    @Option(help: "Show a view tree instead of a toast: a JSON file, or - for standard input (docs/VIEWS.md).")
    var view: String?
    @Flag(name: .customLong("no-animation"), help: "Appear without the transition.") var noAnimation = false
    @Flag(help: "Wait until the view is closed; print how, and the action invoked. With --view: wait for the first action, print it (and its value), close the view.")
    var wait = false

    func settings() -> [(String, SettingValue)] {
        var s: [(String, SettingValue)] = [("container", .string(container))]
        if let id { s.append(("id", .integer(Int(id)))) }
        for (key, value) in [("title", title), ("body", body), ("icon", icon), ("app-name", appName),
                             ("alignment", alignment), ("background", background), ("shadow", shadow),
                             ("gesture", gesture), ("transition", transition), ("animation", animation),
                             ("at", at), ("output", output), ("window", window), ("once", once)] {
            if let value { s.append((key, .string(value))) }
        }
        if let progress { s.append(("progress", .integer(progress))) }
        if let autoDismiss { s.append(("auto-dismiss", Double(autoDismiss).map { .double($0) } ?? .string(autoDismiss))) }
        if !actions.isEmpty { s.append(("actions", .array(actions.map { .string($0) }))) }
        if noAnimation { s.append(("animated", .bool(false))) }
        return s
    }

    func run() throws {
        if let view { return try runView(view) }
        let client = try ControlClient()
        var closed: (reason: String, action: String)?
        var shownID: UInt32 = 0
        var subscription: BusSubscription?
        if wait {  // subscribe first: a short-lived view could close before Show returns
            subscription = try client.bus.subscribe(path: ControlFrontend.path, interface: ControlFrontend.interfaceName,
                                                    member: "ViewClosed") { values in
                guard values.count == 4, values[0].uint == shownID, shownID != 0 else { return }
                closed = (values[2].stringValue ?? "", values[3].stringValue ?? "")
            }
        }
        shownID = try client.uint("Show", [ShowRequest.options(settings())])
        printNow(String(shownID))
        guard wait else { return }
        try client.bus.wait(timeout: nil) { closed != nil }
        _ = subscription
        printNow("closed: \(closed!.reason)")
        if !closed!.action.isEmpty { printNow("action: \(closed!.action)") }
    }
}
