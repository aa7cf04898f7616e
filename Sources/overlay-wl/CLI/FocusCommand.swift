import ArgumentParser
import DBusService

struct FocusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus",
        abstract: "Give the keyboard to a container's toasts, for a key binding; give it back; print where it is.",
        discussion: """
            The newest toast gets a focus ring. Tab and Shift+Tab move through the toasts and their buttons, \
            Up and Down from toast to toast, Left and Right along a toast's buttons; Enter does what a click \
            does, Delete closes the toast, Escape gives the keyboard back (so does the last toast closing). \
            For sway: bindsym $mod+n exec overlay-wl focus. --state prints the focus as JSON.
            """)
    @Argument(help: "The container (default: notifications).") var container: String?
    @Flag(help: "Give the keyboard back, as Escape does.") var release = false
    @Flag(help: "Print the focused container, view and part as JSON.") var state = false

    func validate() throws {
        if release && state { throw ValidationError("give one of --release, --state") }
        if (release || state) && container != nil { throw ValidationError("--release and --state take no container") }
    }

    func run() throws {
        let client = try ControlClient()
        if release { _ = try client.call("ReleaseFocus"); return }
        if state { printNow(try client.string("FocusState")); return }
        _ = try client.call("Focus", [.string(container ?? "")])
    }
}
