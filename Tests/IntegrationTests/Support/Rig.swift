import Foundation

/// Per-test-process scratch space: `$OVERLAY_TEST_TMP` (default /tmp/overlay-wl-test-$USER) /run-<pid>/.
/// World-traversable so the rig user can execute binaries and write screenshots there.
/// Leftovers of dead test processes (rigs included) are cleaned up on first use.
enum TestScratch {
    static let base: String = {
        let env = ProcessInfo.processInfo.environment
        return env["OVERLAY_TEST_TMP"] ?? "/tmp/overlay-wl-test-\(env["USER"] ?? String(getuid()))"
    }()

    static let runDirectory: String = {
        let fm = FileManager.default
        try? fm.createDirectory(atPath: base, withIntermediateDirectories: true)
        chmod(base, 0o755)
        collectStale()
        let dir = "\(base)/run-\(getpid())"
        try? fm.removeItem(atPath: dir)
        try? fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o755)
        return dir
    }()

    /// Stops rigs and removes scratch dirs left by test processes that no longer exist.
    private static func collectStale() {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix("run-") {
            guard let pid = Int32(name.dropFirst(4)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let dir = "\(base)/\(name)"
            for rig in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] where rig.hasPrefix("rig-") {
                _ = ProcessRunner.run("/bin/bash", [Rig.script, "stop"],
                                      environment: Rig.scriptEnvironment(dir: "\(dir)/\(rig)"), timeout: 10)
            }
            try? fm.removeItem(atPath: dir)
        }
    }
}

/// The compositor a rig runs (`scripts/headless-rig`'s OVERLAY_RIG_COMPOSITOR).
enum RigCompositor: String, Sendable {
    /// Headless sway 1.7 (pixman): wlr-screencopy (grim), virtual pointer and keyboard, sway IPC.
    case sway
    /// KWin 5.27 `--virtual` (llvmpipe): screenshots through ScreenShot2, fractional scale, blur.
    case kwin

    /// Tools without which a rig of this compositor cannot run: its tests skip.
    var requiredTools: [String] {
        switch self {
        case .sway: ["sway", "grim"]
        case .kwin: ["kwin_wayland", "/usr/bin/python3"]
        }
    }

    var installHint: String {
        switch self {
        case .sway: "apt-get install sway swaybg grim dbus libglib2.0-bin"
        case .kwin: "apt-get install kwin-wayland python3-jeepney dbus libglib2.0-bin"
        }
    }

    /// The output a rig starts with.
    var firstOutput: String {
        switch self {
        case .sway: "HEADLESS-1"
        case .kwin: "Virtual-0"
        }
    }
}

/// A headless compositor (sway, or KWin: `compositor`) + private session bus, driven through
/// `scripts/headless-rig`. Everything inside runs as the rig user (OVERLAY_RIG_USER, default
/// `overlaywl`, when we are root).
final class Rig: @unchecked Sendable {
    /// Repository root, derived from this file's location (Tests/IntegrationTests/Support/Rig.swift).
    static let repoRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()
    static let script = "\(repoRoot)/scripts/headless-rig"

    /// Without these there is no rig at all: tests skip (XCTSkip). Anything else missing (swaybg,
    /// dbus, gdbus, notify-send) is a broken setup and fails loudly with the script's message.
    static let requiredTools = RigCompositor.sway.requiredTools
    static var missingTools: [String] { missingTools(for: .sway) }

    static func missingTools(for compositor: RigCompositor) -> [String] {
        compositor.requiredTools.filter { $0.hasPrefix("/") ? !FileManager.default.isExecutableFile(atPath: $0) : ProcessRunner.which($0) == nil }
    }

    static func scriptEnvironment(dir: String, compositor: RigCompositor = .sway, scale: String = "1") -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["OVERLAY_RIG_DIR"] = dir
        env["OVERLAY_RIG_COMPOSITOR"] = compositor.rawValue
        env["OVERLAY_RIG_SCALE"] = scale
        return env
    }

    let name: String
    let dir: String
    let size: String
    let compositor: RigCompositor
    /// KWin's output scale (`--scale`); sway's rig starts at 1.
    let scale: String
    private(set) var environment: [String: String] = [:]
    private var shotCounter = 0
    private let lock = NSLock()

    /// A rig of its own under the test scratch dir; `name` should be unique per process (the class name).
    init(name: String, size: String = "1280x720", compositor: RigCompositor = .sway, scale: String = "1") {
        let safe = String(name.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(40))
        self.name = safe
        self.dir = "\(TestScratch.runDirectory)/rig-\(safe)"
        self.size = size
        self.compositor = compositor
        self.scale = scale
    }

    /// The output the rig starts with (HEADLESS-1 on sway, Virtual-0 on KWin).
    var firstOutput: String { compositor.firstOutput }

    /// Where the rig user writes and we read (screenshots, scratch files).
    var shotsDirectory: String { "\(dir)/shots" }

    private func script(_ args: [String], timeout: TimeInterval = 60) -> ProcessOutput {
        ProcessRunner.run("/bin/bash", [Rig.script] + args, environment: scriptEnvironment(), timeout: timeout)
    }

    private func scriptEnvironment() -> [String: String] {
        Rig.scriptEnvironment(dir: dir, compositor: compositor, scale: scale)
    }

    func start() throws {
        // KWin on llvmpipe takes 2-10 s to come up on a busy machine
        let out = script(["start", size], timeout: compositor == .kwin ? 120 : 60)
        guard out.succeeded else {
            stop()
            throw HarnessError.failed("headless-rig start failed: \(out)")
        }
        try readEnvironment()
    }

    /// Kills just the compositor (`headless-rig stop-sway`): the bus, the daemon and `run` stay.
    func stopCompositor() throws {
        let out = script(["stop-sway"], timeout: 30)
        guard out.succeeded else { throw HarnessError.failed("headless-rig stop-sway failed: \(out)") }
    }

    /// Starts the compositor again (`headless-rig start-sway`) and rereads the session environment
    /// (its socket names).
    func startCompositor() throws {
        let out = script(["start-sway"])
        guard out.succeeded else { throw HarnessError.failed("headless-rig start-sway failed: \(out)") }
        try readEnvironment()
    }

    private func readEnvironment() throws {
        let text = (try? String(contentsOfFile: "\(dir)/env", encoding: .utf8)) ?? ""
        var env: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { env[kv[0]] = kv[1] }
        }
        guard env["WAYLAND_DISPLAY"] != nil else {
            stop()
            throw HarnessError.failed("rig env incomplete: \(text)")
        }
        environment = env
    }

    func stop() { _ = script(["stop"], timeout: 30) }

    /// Runs a command as the rig user inside the session and waits for it.
    func run(_ args: [String], timeout: TimeInterval = 10, input: Data? = nil) -> ProcessOutput {
        ProcessRunner.run("/bin/bash", [Rig.script, "run"] + args, environment: scriptEnvironment(),
                          input: input, timeout: timeout)
    }

    /// Starts a long-running command as the rig user (the daemon under test, monitors).
    func spawn(_ args: [String], onStdoutLine: ((String) -> Void)? = nil) throws -> RunningProcess {
        try RunningProcess(executable: "/bin/bash", arguments: [Rig.script, "run"] + args,
                           environment: scriptEnvironment(), onStdoutLine: onStdoutLine)
    }

    /// All outputs as reported by sway: name -> logical size.
    func outputs() throws -> [String: (width: Int, height: Int)] {
        let out = run(["swaymsg", "-r", "-t", "get_outputs"])
        guard out.succeeded,
              let list = try? JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]]
        else { throw HarnessError.failed("swaymsg get_outputs failed: \(out)") }
        var result: [String: (width: Int, height: Int)] = [:]
        for o in list {
            guard let name = o["name"] as? String, let rect = o["rect"] as? [String: Any],
                  let w = rect["width"] as? Int, let h = rect["height"] as? Int else { continue }
            result[name] = (w, h)
        }
        return result
    }

    func outputSize(_ output: String = "HEADLESS-1") throws -> (width: Int, height: Int) {
        guard let size = try outputs()[output] else { throw HarnessError.failed("no output \(output)") }
        return size
    }

    /// Adds a headless output (`swaymsg create_output`) and returns its name.
    func createOutput() throws -> String {
        let before = Set(try outputs().keys)
        let out = run(["swaymsg", "create_output"])
        guard out.succeeded else { throw HarnessError.failed("create_output failed: \(out)") }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let new = Set(try outputs().keys).subtracting(before).first { return new }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw HarnessError.failed("create_output: no new output appeared")
    }

    /// Captures one output (nil: the first) with `grim -o NAME` (on `display`, default the rig's),
    /// or on KWin with `scripts/kwin-screenshot` (ScreenShot2, device pixels), and loads it.
    func screenshot(output: String? = nil, display: String? = nil) throws -> Screenshot {
        lock.lock(); shotCounter += 1; let n = shotCounter; lock.unlock()
        let output = output ?? firstOutput
        let path = "\(shotsDirectory)/shot-\(n).png"
        let env = display.map { ["env", "WAYLAND_DISPLAY=\($0)"] } ?? []
        let command = compositor == .kwin
            ? ["/usr/bin/python3", try KWinScreenshotScript.prepare(), path, output]
            : ["grim", "-o", output, path]
        let out = run(env + command, timeout: 20)
        guard out.succeeded else { throw HarnessError.failed("\(command[0]) failed: \(out)") }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Screenshot(contentsOf: path, label: "shot-\(n)-\(output)")
    }

    /// Takes screenshots until `accept` returns true or `timeout` passes; returns the last one.
    /// The timeout scales with `OVERLAY_TEST_SLOWDOWN` (a sanitized daemon draws slower).
    func screenshot(output: String? = nil, display: String? = nil, timeout: TimeInterval,
                    until accept: (Screenshot) -> Bool) throws -> Screenshot {
        let deadline = Date().addingTimeInterval(timeout * DaemonBinary.slowdown)
        while true {
            let shot = try screenshot(output: output, display: display)
            if accept(shot) || Date() >= deadline { return shot }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Tail of the compositor's log (for failure reports).
    func swayLog(lines: Int = 60) -> String {
        let text = (try? String(contentsOfFile: "\(dir)/\(compositor.rawValue).log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    /// Writes `data` to a file in the shots dir readable by the rig user; returns its path.
    func writeScratchFile(_ name: String, _ data: Data) throws -> String {
        let path = "\(shotsDirectory)/\(name)"
        try data.write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        return path
    }
}
