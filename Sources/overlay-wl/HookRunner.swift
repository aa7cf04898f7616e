import CShims
import Glibc
import OverlayConfig
import OverlayEngine
import WaylandPresenter

/// Runs the config's `[hooks]`: appear/disappear actions and sound hints. The command is the
/// config's argv — never a shell line — and the view's fields reach it only as environment
/// variables (OVERLAY_WL_*), so no notification text is ever interpolated into a command.
final class HookRunner {
    private let config: ConfigRuntime
    private let registry: ViewRegistry
    /// Starts the command and returns its pid, or -1 with errno; the default spawns it detached
    /// (tests record instead).
    var launch: (_ argv: [String], _ environment: [String]) -> Int32 = { argv, environment in
        HookRunner.spawn(argv, environment: environment)
    }
    /// Calls `onExit` once process `pid` has exited; false when it cannot tell (no loop, no
    /// pidfd, already gone), and then the process counts as finished. Tests record instead.
    var watchExit: (_ pid: Int32, _ onExit: @escaping () -> Void) -> Bool = { _, _ in false }
    /// Control hooks running and waiting, per drawer and hook.
    private var controlRuns = SerialHookRuns<ControlRun>()
    private struct ControlRun { let command: HookCommand, id: ViewID, container: String }

    init(config: ConfigRuntime, registry: ViewRegistry) {
        self.config = config
        self.registry = registry
        ow_reap_children_automatically()
    }

    /// A notification's sound hint: the `sound` hook, if the config has one.
    func runSound(id: UInt32, file: String?, name: String?, record: NotificationRecord) {
        let extra = ["OVERLAY_WL_SOUND_FILE": file ?? "", "OVERLAY_WL_SOUND_NAME": name ?? ""]
        run("sound", event: "sound", id: id, container: nil, notification: record, extra: extra)
    }

    /// An appear or disappear hook of a view (`EngineEffect.hook`).
    func runViewHook(_ name: String, id: ViewID, container: String) {
        run(name, event: "hook", id: id.busID, container: container, notification: registry[id]?.notification)
    }

    /// A drawer menu's control bound to a hook (`ControlBinding`): the value is the last argument
    /// and `OVERLAY_WL_VALUE`, the action `OVERLAY_WL_ACTION`.
    /// One control's hook runs one process at a time (`SerialHookRuns`): a value asked for while
    /// it runs waits, replacing any older waiting one.
    func runControlHook(_ command: HookCommand, id: ViewID, container: String) {
        let control = "\(container)/\(command.name)"
        if let start = controlRuns.request(ControlRun(command: command, id: id, container: container), control: control) {
            self.start(start, control: control)
        }
    }

    /// Runs the control hooks loop `loop` reports the exits of.
    func watchExits(in loop: EventLoop) {
        watchExit = { [weak loop] pid, onExit in
            guard let loop else { return false }
            return (try? ChildExit.watch(pid: pid, in: loop, onExit: onExit)) != nil
        }
    }

    private func start(_ control: ControlRun, control key: String) {
        let pid = run(control.command.name, event: "control", id: control.id.busID, container: control.container,
                      notification: nil, extra: control.command.environment, argv: control.command.argv)
        if let pid, watchExit(pid, { [weak self] in self?.finished(control: key) }) { return }
        finished(control: key)
    }

    private func finished(control key: String) {
        if let next = controlRuns.finished(control: key) { start(next, control: key) }
    }

    /// Starts hook `name` (or `argv`, when given) if the config defines it and returns its pid; a
    /// failure to start is logged, never fatal.
    @discardableResult
    private func run(_ name: String, event: String, id: UInt32, container: String?, notification: NotificationRecord?,
                     extra: [String: String] = [:], argv: [String]? = nil) -> Int32? {
        guard let argv = argv ?? config.config.hooks[name], !argv.isEmpty else { return nil }
        var fields = ["OVERLAY_WL_EVENT": event, "OVERLAY_WL_HOOK": name, "OVERLAY_WL_ID": String(id),
                      "OVERLAY_WL_CONTAINER": container ?? ""]
        if let record = notification {
            fields["OVERLAY_WL_APP_NAME"] = record.appName
            fields["OVERLAY_WL_SUMMARY"] = record.summary
            fields["OVERLAY_WL_BODY"] = record.body
            fields["OVERLAY_WL_URGENCY"] = String(describing: record.urgency)
        }
        fields.merge(extra) { _, new in new }
        let environment = Self.inheritedEnvironment().filter {
            !$0.hasPrefix("OVERLAY_WL_") && extra[String($0.prefix { $0 != "=" })] == nil
        }
            + fields.map { "\($0.key)=\($0.value)" }
        let pid = launch(argv, environment)
        guard pid >= 0 else {
            log("hook '\(name)': cannot start \(argv[0]): \(String(cString: strerror(errno)))")
            return nil
        }
        return pid
    }

    static func inheritedEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }

    static func spawn(_ argv: [String], environment: [String]) -> Int32 {
        func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] { strings.map { strdup($0) } + [nil] }
        let cArgv = cStrings(argv), cEnv = cStrings(environment)
        defer { (cArgv + cEnv).forEach { free($0) } }
        return ow_spawn(cArgv, cEnv)
    }
}
