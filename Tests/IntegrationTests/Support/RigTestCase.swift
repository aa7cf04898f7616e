import CCairo
import Foundation
import XCTest

/// Base class for end-to-end tests: one rig per test class (started on first use, stopped in the
/// class tearDown), daemons and monitors stopped after each test, and on failure the test's
/// screenshots, process output and the sway log are saved under
/// `.build/test-failures/integration/<Class>.<test>/` and the path is printed.
/// Skips only when the rig's tools (sway, grim, ...) are not installed.
class RigTestCase: XCTestCase {
    /// Output size of HEADLESS-1 for this class's rig.
    class var rigSize: String { "1280x720" }
    /// The compositor this class's rig runs (KWin classes skip when kwin_wayland is missing).
    class var rigCompositor: RigCompositor { .sway }
    /// KWin's output scale for this class's rig.
    class var rigScale: String { "1" }

    private static let registryLock = NSLock()
    private static var rigs: [String: Rig] = [:]

    static let failuresDirectory = "\(Rig.repoRoot)/.build/test-failures/integration"

    private(set) var rig: Rig!
    private var shots: [Screenshot] = []
    private var daemons: [OverlayDaemon] = []
    private var monitors: [SignalMonitor] = []
    private var notes: [String] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        try? FileManager.default.removeItem(atPath: "\(Self.failuresDirectory)/\(testIdentifier)") // stale report
        let missing = Rig.missingTools(for: Self.rigCompositor)
        if !missing.isEmpty {
            throw XCTSkip("integration rig needs \(missing.joined(separator: ", ")) (\(Self.rigCompositor.installHint))")
        }
        rig = try Self.sharedRig()
    }

    private static func sharedRig() throws -> Rig {
        let key = String(describing: self)
        registryLock.lock(); defer { registryLock.unlock() }
        if let rig = rigs[key] { return rig }
        let rig = Rig(name: key, size: rigSize, compositor: rigCompositor, scale: rigScale)
        try rig.start()
        rigs[key] = rig
        return rig
    }

    override class func tearDown() {
        let key = String(describing: self)
        registryLock.lock()
        let rig = rigs.removeValue(forKey: key)
        registryLock.unlock()
        rig?.stop()
        super.tearDown()
    }

    override func tearDown() {
        let failed = (testRun?.failureCount ?? 0) + (testRun?.unexpectedExceptionCount ?? 0) > 0
        monitors.forEach { $0.stop() }
        // SIGTERM must end the daemon cleanly (exit 0): a crash in teardown shows up here.
        for d in daemons where d.isRunning {
            let status = d.stop()
            XCTAssertEqual(status, 0, "the daemon did not exit cleanly on SIGTERM: \(d.process.output)")
        }
        if failed { saveArtifacts() }
        monitors = []; daemons = []; shots = []; notes = []
        super.tearDown()
    }

    // MARK: helpers for tests

    /// This test's `XDG_STATE_HOME` (history, tips seen): fresh for each test, kept across
    /// daemon restarts within it.
    private(set) lazy var stateHome = "\(rig.shotsDirectory)/state-\(UUID().uuidString.prefix(8))"

    /// Starts the daemon under test (stopped automatically after the test); `environment` adds
    /// NAME=VALUE variables to its environment (`XDG_STATE_HOME` is the test's own unless given).
    func startDaemon(_ arguments: [String] = [], environment: [String] = []) throws -> OverlayDaemon {
        let state = environment.contains { $0.hasPrefix("XDG_STATE_HOME=") } ? [] : ["XDG_STATE_HOME=\(stateHome)"]
        let daemon = try OverlayDaemon(rig: rig, arguments: arguments, environment: environment + state)
        daemons.append(daemon)
        return daemon
    }

    func startSignalMonitor() throws -> SignalMonitor {
        let monitor = try SignalMonitor(rig: rig)
        monitors.append(monitor)
        return monitor
    }

    /// A screenshot that is kept for the failure report.
    func screenshot(output: String? = nil, display: String? = nil) throws -> Screenshot {
        record(try rig.screenshot(output: output, display: display))
    }

    /// Screenshots until `accept` holds or `timeout` passes (the last one is kept for the report).
    func screenshot(output: String? = nil, within timeout: TimeInterval,
                    until accept: (Screenshot) -> Bool) throws -> Screenshot {
        record(try rig.screenshot(output: output, timeout: timeout, until: accept))
    }

    /// Adds text to the failure report.
    func note(_ text: String) { notes.append(text) }

    @discardableResult
    private func record(_ shot: Screenshot) -> Screenshot {
        shots.append(shot)
        if shots.count > 12 { shots.removeFirst() }
        return shot
    }

    private var testIdentifier: String {
        let raw = name.replacingOccurrences(of: "-[", with: "").replacingOccurrences(of: "]", with: "")
        return String(raw.map { $0.isLetter || $0.isNumber ? $0 : "." }).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    private func saveArtifacts() {
        let dir = "\(Self.failuresDirectory)/\(testIdentifier)"
        let fm = FileManager.default
        try? fm.removeItem(atPath: dir)
        do {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for shot in shots { try shot.save(in: dir) }
            var report = notes
            for (i, d) in daemons.enumerated() {
                report.append("daemon #\(i + 1) \(d.process.arguments.joined(separator: " ")):\n\(d.process.output)")
                // whole, unlike the report's tail (e.g. WAYLAND_DEBUG through OVERLAY_TEST_DAEMON_ENV)
                try d.process.output.stderr.write(toFile: "\(dir)/daemon-\(i + 1).stderr", atomically: true, encoding: .utf8)
            }
            for (i, m) in monitors.enumerated() {
                report.append("signal monitor #\(i + 1) events: \(m.events.map(\.description).joined(separator: ", "))")
            }
            report.append("\(Self.rigCompositor.rawValue) log (tail):\n\(rig?.swayLog() ?? "")")
            try report.joined(separator: "\n\n").write(toFile: "\(dir)/report.txt", atomically: true, encoding: .utf8)
            print("integration test failure artifacts (\(shots.count) screenshots): \(dir)")
            // CI keeps only the log: the daemons' last lines say what they did meanwhile.
            for (i, d) in daemons.enumerated() {
                let tail = "\(d.process.output)".split(separator: "\n", omittingEmptySubsequences: false).suffix(25)
                print("daemon #\(i + 1) output (last \(tail.count) lines):\n" + tail.joined(separator: "\n"))
            }
        } catch {
            print("could not save failure artifacts to \(dir): \(error)")
        }
    }
}

extension RigTestCase {
    /// Screenshots until the picture has stayed the same for `stillFor` seconds and satisfies
    /// `accept` (animations done: two equal captures close together can both fall inside a fade,
    /// as sway need not repaint between them), or `timeout` passes; the last capture is returned
    /// (and kept for the report).
    func settledScreenshot(output: String? = nil, within timeout: TimeInterval, stillFor: TimeInterval = 0.3,
                           until accept: (Screenshot) -> Bool = { _ in true }) throws -> Screenshot {
        var unchanged: (shot: Screenshot, since: Date)?
        return try screenshot(output: output, within: timeout) { shot in
            guard let first = unchanged, first.shot.samePixels(as: shot) else {
                unchanged = (shot, Date())
                return false
            }
            return Date().timeIntervalSince(first.since) >= stillFor && accept(shot)
        }
    }

    func assertNear(_ value: Int, _ expected: Int, tolerance: Int, _ what: String,
                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(value - expected), tolerance,
                                 "\(what): \(value), expected \(expected) ±\(tolerance)", file: file, line: line)
    }

    func assertColor(_ shot: Screenshot, _ x: Int, _ y: Int, _ expected: RGBA, tolerance: Int = 1, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        let c = shot.pixel(x, y)
        XCTAssertTrue(c.isClose(to: expected, tolerance: tolerance),
                      "\(what) at (\(x),\(y)) is \(c), expected \(expected) [\(shot.label)]", file: file, line: line)
    }
}

extension RigTestCase {
    /// A solid-colour PNG of `width`×`height` pixels the rig user can read.
    func solidPNG(width: Int, height: Int, color: RGBA) throws -> String {
        let path = "\(TestScratch.runDirectory)/solid-\(width)x\(height)-\(color.r)-\(color.g)-\(color.b)-\(UUID().uuidString.prefix(6)).png"
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255)
        cairo_paint(cr)
        cairo_destroy(cr)
        let status = cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        XCTAssertEqual(status, CAIRO_STATUS_SUCCESS)
        chmod(path, 0o644)
        return path
    }
}

extension RigTestCase {
    /// The lines of `path` once it has at least `count` (a bounded wait for a process the daemon
    /// started, e.g. a hook or link opener, to write them); fewer when it runs out of time.
    func lines(_ path: String, atLeast count: Int, within timeout: TimeInterval = 3) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var found: [String] = []
        repeat {
            found = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if found.count >= count { return found }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return found
    }
}
