// A headless sway for these tests (scripts/headless-rig) and a window from overlay-wl-test-input.
import Foundation
import XCTest

/// One rig per test process, started on first use and stopped at exit.
final class SwayRig: @unchecked Sendable {
    static let repoRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
    let dir: String
    let environment: [String: String]
    var socketPath: String { environment["SWAYSOCK"] ?? "" }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: SwayRig?

    /// The running rig; skips the test when sway is not installed.
    static func get() throws -> SwayRig {
        lock.lock(); defer { lock.unlock() }
        if let shared { return shared }
        guard which("sway") != nil else { throw XCTSkip("sway is not installed") }
        let rig = try SwayRig()
        shared = rig
        atexit { SwayRig.shared?.stop() }
        return rig
    }

    private init() throws {
        let base = ProcessInfo.processInfo.environment["OVERLAY_TEST_TMP"] ?? "/tmp/overlay-wl-test-\(getuid())"
        dir = "\(base)/swayipc-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(base, 0o755); chmod(dir, 0o755)
        let started = Self.script(dir, ["start", "1280x720"])
        guard started.status == 0 else { throw RigError("headless-rig start failed: \(started.output)") }
        var env: [String: String] = [:]
        for line in ((try? String(contentsOfFile: "\(dir)/env", encoding: .utf8)) ?? "").split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { env[kv[0]] = kv[1] }
        }
        environment = env
    }

    func stop() { _ = Self.script(dir, ["stop"]) }

    /// `swaymsg ARGS` as the rig user; fails the test when it fails.
    @discardableResult
    func swaymsg(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        let out = Self.script(dir, ["run", "swaymsg"] + args)
        XCTAssertEqual(out.status, 0, "swaymsg \(args): \(out.output)", file: file, line: line)
        return out.output
    }

    static func script(_ dir: String, _ args: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["\(repoRoot)/scripts/headless-rig"] + args
        var env = ProcessInfo.processInfo.environment
        env["OVERLAY_RIG_DIR"] = dir
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// `overlay-wl-test-input` run as the rig user: its `window APP_ID W H` command maps a plain
/// xdg-shell window; quitting the tool closes its windows.
final class WindowTool {
    private let process = Process()
    private let input = Pipe()
    private let lines = LineCollector()

    init(rig: SwayRig) throws {
        let binary = try Self.prepareBinary(rig: rig)
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["\(SwayRig.repoRoot)/scripts/headless-rig", "run", binary]
        var env = ProcessInfo.processInfo.environment
        env["OVERLAY_RIG_DIR"] = rig.dir
        process.environment = env
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let lines = self.lines
        output.fileHandleForReading.readabilityHandler = { handle in lines.append(handle.availableData) }
        try process.run()
        try wait(for: "ready")
    }

    deinit { quit() }

    /// Opens a window and waits until the compositor has configured it.
    func openWindow(appID: String, width: Int = 300, height: Int = 200) throws {
        try send("window \(appID) \(width) \(height)")
    }

    /// Quits the tool: its windows close.
    func quit() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
    }

    private func send(_ command: String) throws {
        let before = lines.count
        try input.fileHandleForWriting.write(contentsOf: Data("\(command)\n".utf8))
        try wait(for: "ok", after: before)
    }

    private func wait(for reply: String, after index: Int = 0, timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let all = lines.snapshot
            if all.dropFirst(index).contains(reply) { return }
            if let error = all.dropFirst(index).first(where: { $0.hasPrefix("error") }) {
                throw RigError("overlay-wl-test-input: \(error)")
            }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw RigError("no \"\(reply)\" from overlay-wl-test-input: \(lines.snapshot)")
    }

    /// A world-executable copy of the tool built next to this test bundle (or $OVERLAY_TEST_INPUT_BIN).
    static func prepareBinary(rig: SwayRig) throws -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["OVERLAY_TEST_INPUT_BIN"] { candidates.append(env) }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            while dir.path.contains(".xctest") { dir.deleteLastPathComponent() }
            candidates.append(dir.appendingPathComponent("overlay-wl-test-input").path)
        }
        guard let source = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw RigError("overlay-wl-test-input not built (looked at \(candidates)); build it with `swift build`")
        }
        let dest = "\(rig.dir)/overlay-wl-test-input"
        if !FileManager.default.fileExists(atPath: dest) {
            try FileManager.default.copyItem(atPath: source, toPath: dest)
            chmod(dest, 0o755)
        }
        return dest
    }
}

/// Lines printed by a child, collected from its pipe's reader thread.
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = Data()
    private var lines: [String] = []

    func append(_ data: Data) {
        lock.lock(); defer { lock.unlock() }
        buffer.append(data)
        while let newline = buffer.firstIndex(of: 0x0A) {
            lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
            buffer.removeSubrange(buffer.startIndex...newline)
        }
    }
    var snapshot: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    var count: Int { snapshot.count }
}

struct RigError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
