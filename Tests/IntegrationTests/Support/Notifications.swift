import Foundation

/// Client-side helpers speaking org.freedesktop.Notifications in the rig (as the rig user).
extension Rig {
    static let busName = "org.freedesktop.Notifications"
    static let objectPath = "/org/freedesktop/Notifications"

    /// GVariant text for a string (so gdbus never has to guess types).
    static func gvariantString(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// `gdbus call` on the notification server; returns the raw result text.
    func gdbusCall(_ method: String, _ args: [String], timeout: TimeInterval = 10) throws -> String {
        let out = run(["gdbus", "call", "--session", "--dest", Rig.busName, "--object-path", Rig.objectPath,
                       "--method", "org.freedesktop.Notifications.\(method)"] + args, timeout: timeout)
        guard out.succeeded else { throw HarnessError.failed("gdbus \(method) failed: \(out)") }
        return out.stdout
    }

    /// Notify via gdbus with explicit types; returns the id.
    func notify(app: String = "overlay-wl-tests", replacesId: UInt32 = 0, icon: String = "", summary: String,
                body: String = "", actions: [String] = [], hints: String = "@a{sv} {}",
                expireTimeout: Int32 = -1) throws -> UInt32 {
        let acts = actions.isEmpty ? "@as []" : "[" + actions.map(Rig.gvariantString).joined(separator: ", ") + "]"
        let out = try gdbusCall("Notify", [
            Rig.gvariantString(app), "uint32 \(replacesId)", Rig.gvariantString(icon),
            Rig.gvariantString(summary), Rig.gvariantString(body), acts, hints, "int32 \(expireTimeout)",
        ])
        return try Rig.parseId(out)
    }

    func closeNotification(_ id: UInt32) throws {
        _ = try gdbusCall("CloseNotification", ["uint32 \(id)"])
    }

    /// `notify-send -p ARGS...`; returns the printed id.
    func notifySend(_ args: [String], timeout: TimeInterval = 10) throws -> UInt32 {
        let out = run(["notify-send", "-p"] + args, timeout: timeout)
        guard out.succeeded else { throw HarnessError.failed("notify-send failed: \(out)") }
        return try Rig.parseId(out.stdout)
    }

    /// Accepts `(uint32 7,)` (gdbus) and `7` (notify-send -p, the python client).
    static func parseId(_ text: String) throws -> UInt32 {
        let digits = text.split { !$0.isNumber }.compactMap { UInt32($0) }
        guard let id = digits.last, !text.contains("Error") else {
            throw HarnessError.failed("no notification id in: \(text)")
        }
        return id
    }

    func nameHasOwner(_ name: String = Rig.busName) -> Bool {
        let out = run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                       "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", name])
        return out.succeeded && out.stdout.contains("true")
    }

    static var hasPython: Bool { ProcessRunner.which("python3") != nil }

    /// Notify with a `bodyBytes`-long body: bigger than one argv string may be (128 KiB), so this
    /// speaks the D-Bus wire protocol from a tiny python3 script (stdlib only) run as the rig user.
    func notifyLarge(summary: String, bodyBytes: Int, expireTimeout: Int32 = 0,
                     timeout: TimeInterval = 20) throws -> UInt32 {
        let out = run(["python3", "-c", Rig.rawNotifyScript, summary, String(bodyBytes), String(expireTimeout)],
                      timeout: timeout)
        guard out.succeeded else { throw HarnessError.failed("python raw Notify failed: \(out)") }
        return try Rig.parseId(out.stdout)
    }

    /// One Notify call (susssasa{sv}i) on the minimal wire client; prints the id.
    static let rawNotifyScript = wireClient + #"""
summary, size, timeout = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
words = "lorem ipsum dolor sit amet "
text = (words * (size // len(words) + 1))[:size]
sock.sendall(notify_msg(2, summary, text, timeout))
while True:
    kind, fields, body = read_msg()
    if kind in (2, 3) and fields.get(5) == 2: break
if kind == 3: sys.exit("error reply: %r" % body[:300])
print(struct.unpack("<I", body[:4])[0])
"""#
}

/// The daemon under test, running in a rig.
final class OverlayDaemon {
    let process: RunningProcess
    let rig: Rig

    /// Starts `overlay-wl daemon ARGS` and waits (bounded) until it owns the bus name.
    /// Fails fast if the process exits first.
    init(rig: Rig, arguments: [String] = [], environment: [String] = [], timeout: TimeInterval = 10) throws {
        let bin = try DaemonBinary.prepare()
        self.rig = rig
        // env's options (`-u NAME`) come before its assignments
        process = try rig.spawn(["env"] + environment + DaemonBinary.sanitizerEnvironment + DaemonBinary.extraEnvironment
                                + [bin, "daemon"] + arguments)
        let deadline = Date().addingTimeInterval(timeout * DaemonBinary.slowdown)
        while !rig.nameHasOwner() {
            if !process.isRunning {
                process.drain()
                throw HarnessError.failed("overlay-wl daemon exited before owning \(Rig.busName): \(process.output)")
            }
            if Date() >= deadline {
                process.stop()
                throw HarnessError.failed("overlay-wl daemon did not own \(Rig.busName) within \(timeout)s: \(process.output)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    var isRunning: Bool { process.isRunning }

    /// SIGTERM, bounded wait, SIGKILL; then waits until the bus name is released.
    @discardableResult
    func stop() -> Int32? {
        let status = process.stop(grace: 3 * DaemonBinary.slowdown)  // LeakSanitizer's check at exit
        process.drain()
        let deadline = Date().addingTimeInterval(3)
        while rig.nameHasOwner() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return status
    }
}
