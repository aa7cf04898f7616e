import CShims
import Glibc
import OverlayConfig
import OverlayEngine

/// Runs the config's `[hooks]`: appear/disappear actions and sound hints. The command is the
/// config's argv — never a shell line — and the view's fields reach it only as environment
/// variables (OVERLAY_WL_*), so no notification text is ever interpolated into a command.
final class HookRunner {
    private let config: ConfigRuntime
    private let registry: ViewRegistry
    /// Starts the command; the default spawns it detached (tests record instead).
    var launch: (_ argv: [String], _ environment: [String]) -> Bool = { argv, environment in
        HookRunner.spawn(argv, environment: environment) >= 0
    }

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
    func runControlHook(_ command: HookCommand, id: ViewID, container: String) {
        run(command.name, event: "control", id: id.busID, container: container, notification: nil,
            extra: command.environment, argv: command.argv)
    }

    /// Starts hook `name` (or `argv`, when given) if the config defines it; a failure to start is
    /// logged, never fatal.
    private func run(_ name: String, event: String, id: UInt32, container: String?, notification: NotificationRecord?,
                     extra: [String: String] = [:], argv: [String]? = nil) {
        guard let argv = argv ?? config.config.hooks[name], !argv.isEmpty else { return }
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
        if !launch(argv, environment) {
            log("hook '\(name)': cannot start \(argv[0]): \(String(cString: strerror(errno)))")
        }
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
