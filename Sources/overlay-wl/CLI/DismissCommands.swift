import ArgumentParser
import DBusService

struct DismissCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss", abstract: "Dismiss one view or notification (a notification closes with reason 2, dismissed).")
    @Argument(help: "The view's id.") var id: UInt32
    @Flag(name: .customLong("no-animation"), help: "Remove at once.") var noAnimation = false

    func run() throws {
        _ = try ControlClient().call("Dismiss", [.uint32(id), .bool(!noAnimation)])
    }
}

struct DismissAllCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss-all", abstract: "Dismiss every view, in some containers, or in all but some.")
    @Option(name: .customLong("in"), help: "Only these containers (A,B).") var inContainers: [String] = []
    @Option(help: "All containers but these (A,B).") var except: [String] = []
    @Flag(name: .customLong("only-showing"), help: "Keep waiting views queued (they then appear).") var onlyShowing = false
    @Flag(name: .customLong("no-animation"), help: "Remove at once.") var noAnimation = false

    func validate() throws {
        if !inContainers.isEmpty && !except.isEmpty { throw ValidationError("give --in or --except, not both") }
    }

    func run() throws {
        _ = try ControlClient().call("DismissAll", [.stringArray(commaList(inContainers)), .stringArray(commaList(except)),
                                                    .bool(onlyShowing), .bool(!noAnimation)])
    }
}

struct DismissTopmostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss-topmost", abstract: "Dismiss the top view of some containers (all by default); print its id.")
    @Option(name: .customLong("in"), help: "Containers to look in (A,B).") var inContainers: [String] = []
    @Flag(name: .customLong("no-animation"), help: "Remove at once.") var noAnimation = false

    func run() throws {
        let id = try ControlClient().uint("DismissTopmost", [.stringArray(commaList(inContainers)), .bool(!noAnimation)])
        guard id != 0 else { throw fail("nothing is showing there") }
        printNow(String(id))
    }
}

struct ReplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reply", abstract: "Send an inline reply to a notification that offers one (an 'inline-reply' action).",
        discussion: "The sender alone receives NotificationReplied(id, text); the notification then closes unless it is resident.")
    @Argument(help: "The notification's id.") var id: UInt32
    @Argument(help: "The reply.") var text: String

    func run() throws {
        _ = try ControlClient().call("Reply", [.uint32(id), .string(text)])
    }
}

struct InvokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invoke", abstract: "Invoke an action of a view or notification (default: the 'default' action); of a view tree, press its button with that action.")
    @Argument(help: "The view's id.") var id: UInt32
    @Argument(help: "The action's key.") var action: String = "default"

    func run() throws {
        _ = try ControlClient().call("Invoke", [.uint32(id), .string(action)])
    }
}
