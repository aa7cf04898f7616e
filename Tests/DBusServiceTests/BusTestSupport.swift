import DBusService
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A private message bus (`dbus-daemon` with a minimal config) in a temporary directory.
final class TestBusDaemon {
    let directory: URL
    let address: String
    private let process: ChildProcess

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("overlay-wl-dbus-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        address = "unix:path=\(socket)"
        let config = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>\(address)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
        let configPath = directory.appendingPathComponent("bus.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        // --nofork keeps it our child (a forked daemon would inherit Foundation's exit-watch
        // socket and hide the parent's exit); it prints its address once it listens.
        process = try ChildProcess("/usr/bin/dbus-daemon",
                                   ["--config-file=\(configPath)", "--nofork", "--print-address=1", "--nopidfile"],
                                   environment: nil)
        guard process.waitForStdout(containing: "\n", timeout: 5) else {
            process.terminate()
            throw TestFailure("dbus-daemon did not start: \(process.stderr)")
        }
    }

    func stop() {
        process.terminate()
        try? FileManager.default.removeItem(at: directory)
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        env["NO_AT_BRIDGE"] = "1"
        return env
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A child process whose output is collected without blocking (drained from the pump loop).
final class ChildProcess {
    let process = Process()
    private let out = Pipe()
    private let err = Pipe()
    private(set) var stdoutData = Data()
    private(set) var stderrData = Data()

    init(_ path: String, _ arguments: [String], environment: [String: String]?) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        for pipe in [out, err] {
            let fd = pipe.fileHandleForReading.fileDescriptor
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        try process.run()
    }

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }

    func drain() {
        read(out, into: &stdoutData)
        read(err, into: &stderrData)
    }

    private func read(_ pipe: Pipe, into data: inout Data) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = Glibc.read(pipe.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
            if n <= 0 { return }
            data.append(contentsOf: buffer[0..<n])
        }
    }

    /// Waits (in poll(), not spinning) until stdout contains `text`.
    func waitForStdout(containing text: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            drain()
            if stdout.contains(text) { return true }
            if !process.isRunning { return false }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var pfd = pollfd(fd: out.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, Int32(min(left, 0.1) * 1000) + 1)
        }
    }

    func terminate() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        drain()
    }
}

/// Serves `bus` from this thread the way the daemon's poll loop does, until `done()` or the deadline.
@discardableResult
func pump(_ bus: BusConnection, timeout: TimeInterval = 5, until done: () -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !done() {
        if Date() > deadline { return false }
        var pfd = pollfd(fd: bus.fileDescriptor, events: bus.pollEvents, revents: 0)
        let busTimeout = bus.pollTimeoutMilliseconds()
        // The 10 ms cap only lets the test notice its child processes; the bus needs no tick.
        _ = poll(&pfd, 1, busTimeout < 0 ? 10 : min(busTimeout, 10))
        try bus.processPending()
    }
    return true
}

/// Runs a client tool against the test bus while serving `bus`, and returns its result.
func runClient(_ path: String, _ arguments: [String], daemon: TestBusDaemon, serving bus: BusConnection,
               timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
    let child = try ChildProcess(path, arguments, environment: daemon.environment)
    let finished = try pump(bus, timeout: timeout) {
        child.drain()
        return !child.process.isRunning
    }
    if !finished {
        child.terminate()
        XCTFail("\(path) \(arguments) did not finish: \(child.stderr)", file: file, line: line)
    }
    child.process.waitUntilExit()
    child.drain()
    return ProcessResult(status: child.process.terminationStatus, stdout: child.stdout, stderr: child.stderr)
}

/// Records what the server's delegate was asked.
final class RecordingDelegate: NotificationServerDelegate {
    var requests: [NotifyRequest] = []
    var closed: [UInt32] = []
    var knownIDs: Set<UInt32> = []
    var nextID: UInt32 = 41
    /// Where a close is reported, as the daemon does once the view is gone.
    weak var server: NotificationServer?

    func notify(_ request: NotifyRequest) -> UInt32 {
        requests.append(request)
        nextID += 1
        knownIDs.insert(nextID)
        return nextID
    }

    func closeNotification(id: UInt32) -> Bool {
        closed.append(id)
        guard knownIDs.remove(id) != nil else { return false }
        server?.emitClosed(id: id, reason: .closedByCall)
        return true
    }
}

/// Base class: one private bus daemon per test class, one served connection per test.
class BusTestCase: XCTestCase {
    private static var daemons: [String: TestBusDaemon] = [:]

    override class func setUp() {
        super.setUp()
        daemons[String(describing: self)] = try? TestBusDaemon()
    }

    override class func tearDown() {
        daemons.removeValue(forKey: String(describing: self))?.stop()
        super.tearDown()
    }

    var daemon: TestBusDaemon!
    var bus: BusConnection!

    override func setUpWithError() throws {
        daemon = try XCTUnwrap(Self.daemons[String(describing: Self.self)], "no private dbus-daemon")
        bus = try BusConnection(address: daemon.address)
    }

    override func tearDown() {
        bus = nil
        daemon = nil
        super.tearDown()
    }

    /// `gdbus call` against `destination` at `path`, served by `bus` meanwhile.
    func gdbusCall(_ destination: String, _ path: String, _ method: String, _ arguments: [String] = [],
                   file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        try runClient("/usr/bin/gdbus",
                      ["call", "--session", "--dest", destination, "--object-path", path, "--method", method]
                          + arguments,
                      daemon: daemon, serving: bus, file: file, line: line)
    }
}
