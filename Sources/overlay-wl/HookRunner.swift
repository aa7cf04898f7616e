import CShims
import Glibc
import OverlayEngine

/// Runs the config's `[hooks]`: appear/disappear actions and sound hints. The command is the
/// config's argv — never a shell line — and the view's fields reach it only as environment
/// variables (OVERLAY_WL_*), so no notification text is ever interpolated into a command.
final class HookRunner {
    private let hooks: () -> [String: [String]]
    private unowned let notifications: NotificationFrontend

    init(service: OverlayService, notifications: NotificationFrontend, hooks: @escaping () -> [String: [String]]) {
        self.hooks = hooks
        self.notifications = notifications
        ow_reap_children_automatically()
        service.observeEffects { [unowned self] effect in
            if case .hook(let name, let id, let container) = effect {
                self.run(name, event: "hook", id: UInt32(truncatingIfNeeded: id.rawValue), container: container)
            }
        }
        notifications.onSound = { [unowned self] sound in
            var extra = ["OVERLAY_WL_SOUND_FILE": sound.file ?? "", "OVERLAY_WL_SOUND_NAME": sound.name ?? ""]
            extra["OVERLAY_WL_EVENT"] = "sound"
            self.run("sound", event: "sound", id: sound.id, container: nil, extra: extra)
        }
    }

    /// Starts hook `name` if the config defines it; a failure to start is logged, never fatal.
    func run(_ name: String, event: String, id: UInt32, container: String?, extra: [String: String] = [:]) {
        guard let argv = hooks()[name] else { return }
        var fields = ["OVERLAY_WL_EVENT": event, "OVERLAY_WL_HOOK": name, "OVERLAY_WL_ID": String(id),
                      "OVERLAY_WL_CONTAINER": container ?? ""]
        if let record = notifications.record(id) {
            fields["OVERLAY_WL_APP_NAME"] = record.appName
            fields["OVERLAY_WL_SUMMARY"] = record.summary
            fields["OVERLAY_WL_BODY"] = record.body
            fields["OVERLAY_WL_URGENCY"] = String(describing: record.urgency)
        }
        fields.merge(extra) { _, new in new }
        let environment = Self.inheritedEnvironment().filter { !$0.hasPrefix("OVERLAY_WL_") }
            + fields.map { "\($0.key)=\($0.value)" }
        if Self.spawn(argv, environment: environment) < 0 {
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
