import Foundation
import XCTest

/// Finds the built `overlay-wl` executable and copies it somewhere the rig user can execute it
/// (build folders under a root-owned checkout are often unreachable for other users).
enum DaemonBinary {
    static let executableName = "overlay-wl"

    /// Candidate locations: `$OVERLAY_WL_BIN` if set (and nothing else), otherwise next to the test
    /// bundle (`.build/<triple>/<config>/`, where SwiftPM puts the package's executables too).
    static var candidates: [String] {
        if let env = ProcessInfo.processInfo.environment["OVERLAY_WL_BIN"], !env.isEmpty { return [env] }
        var list: [String] = []
        var dirs: [URL] = [Bundle(for: RigTestCase.self).bundleURL.deletingLastPathComponent()]
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            dirs.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        dirs.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for dir in dirs {
            // On Linux the runner is `<pkg>PackageTests.xctest` itself; on macOS a bundle in the same dir.
            var d = dir
            if d.pathExtension == "xctest" || d.path.hasSuffix(".xctest/Contents/MacOS") {
                while d.pathExtension != "xctest" && d.path != "/" { d.deleteLastPathComponent() }
                d.deleteLastPathComponent()
            }
            list.append(d.appendingPathComponent(executableName).path)
        }
        return list
    }

    static func locate() -> String? {
        candidates.first { path in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
                && FileManager.default.isExecutableFile(atPath: path)
        }
    }

    private static let lock = NSLock()
    private static var prepared: String?

    /// Path of a world-executable copy of the daemon (made once per test process).
    static func prepare() throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let prepared { return prepared }
        guard let source = locate() else {
            throw HarnessError.failed(
                "\(executableName) executable not found (looked at: \(candidates.joined(separator: ", "))); "
                    + "build it with `swift build` or set OVERLAY_WL_BIN")
        }
        let dir = "\(TestScratch.runDirectory)/bin"
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o755)
        let dest = "\(dir)/\(executableName)"
        try? fm.removeItem(atPath: dest)
        try fm.copyItem(atPath: source, toPath: dest)
        chmod(dest, 0o755)
        let suppressions = "\(dir)/lsan-suppressions.txt"
        try? fm.removeItem(atPath: suppressions)
        try fm.copyItem(atPath: "\(Rig.repoRoot)/scripts/lsan-suppressions.txt", toPath: suppressions)
        chmod(suppressions, 0o644)
        prepared = dest
        return dest
    }

    /// NAME=VALUE variables for the daemon and its command line under AddressSanitizer (the rig
    /// starts them with a clean environment): LeakSanitizer's suppressions of system libraries
    /// (their summary not printed: tests read the daemon's stderr line by line) and the
    /// symbolizer. Ignored by a build without it.
    static var sanitizerEnvironment: [String] {
        guard let bin = prepared else { return [] }
        let dir = (bin as NSString).deletingLastPathComponent
        var env = ["LSAN_OPTIONS=suppressions=\(dir)/lsan-suppressions.txt:print_suppressions=0"]
        let symbolizer = "/opt/swift/usr/bin/llvm-symbolizer"
        if FileManager.default.isExecutableFile(atPath: symbolizer) { env.append("ASAN_SYMBOLIZER_PATH=\(symbolizer)") }
        return env
    }

    /// NAME=VALUE variables from `OVERLAY_TEST_DAEMON_ENV` (separated by spaces) for every daemon
    /// the tests start, e.g. `WAYLAND_DEBUG=1`: its output is in a failed test's report.
    static let extraEnvironment: [String] = (ProcessInfo.processInfo.environment["OVERLAY_TEST_DAEMON_ENV"] ?? "")
        .split(separator: " ").map(String.init).filter { $0.contains("=") && !$0.hasPrefix("=") }

    /// Time bounds of the harness scale with `OVERLAY_TEST_SLOWDOWN` (4 under a sanitizer).
    static let slowdown: Double = ProcessInfo.processInfo.environment["OVERLAY_TEST_SLOWDOWN"].flatMap(Double.init) ?? 1
}
