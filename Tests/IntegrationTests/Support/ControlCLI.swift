import Foundation
import XCTest

/// Driving the daemon through its own CLI (`overlay-wl show …`) as the rig user.
extension RigTestCase {
    /// Starts the daemon with `config` written to a scratch file; returns it and the file's path.
    func startDaemon(config: String) throws -> (OverlayDaemon, String) {
        let path = try rig.writeScratchFile("config-\(UUID().uuidString.prefix(8)).toml", Data(config.utf8))
        return (try startDaemon(["--config", path]), path)
    }

    /// `overlay-wl ARGS` as the rig user.
    func cli(_ args: [String], timeout: TimeInterval = 10) throws -> ProcessOutput {
        let bin = try DaemonBinary.prepare()
        let out = rig.run(["env"] + DaemonBinary.sanitizerEnvironment + [bin] + args, timeout: timeout * DaemonBinary.slowdown)
        note("overlay-wl \(args.joined(separator: " ")) → \(out)")
        return out
    }

    /// `overlay-wl show --container NAME` without animation; returns the id it printed.
    @discardableResult
    func show(_ container: String, _ extra: [String] = []) throws -> UInt32 {
        let out = try cli(["show", "--container", container, "--title", "view in \(container)", "--no-animation"] + extra)
        guard out.succeeded, let id = UInt32(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HarnessError.failed("show failed: \(out)")
        }
        return id
    }

    /// (showing in z-order, waiting in queue order) of one container, from `list --json`.
    func state(_ container: String) throws -> (showing: [UInt32], waiting: [UInt32], hidden: [UInt32]) {
        let out = try cli(["list", "--json"])
        guard out.succeeded, let root = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any],
              let list = root["containers"] as? [[String: Any]],
              let entry = list.first(where: { $0["name"] as? String == container })
        else { throw HarnessError.failed("list --json has no container \(container): \(out)") }
        let ids = { (key: String) in ((entry[key] as? [Any]) ?? []).compactMap { ($0 as? NSNumber)?.uint32Value } }
        return (ids("showing"), ids("waiting"), ids("hidden"))
    }

    /// The action of the stop drawer `name`'s focus ring is on (`drawer NAME`), if any.
    func drawerFocusedAction(_ name: String) throws -> String? {
        let out = try cli(["drawer", name])
        let state = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        return (state?["focus"] as? [String: Any])?["action"] as? String
    }
}
