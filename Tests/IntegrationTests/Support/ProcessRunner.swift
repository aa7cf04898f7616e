import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func sendSignal(_ pid: Int32, _ sig: Int32) { _ = kill(pid, sig) }

/// The outcome of a finished command.
struct ProcessOutput: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The command did not finish in time and was killed.
    var timedOut = false

    var succeeded: Bool { status == 0 && !timedOut }
    /// Non-empty stderr lines (trailing newline and blank lines ignored).
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init).filter { !$0.isEmpty } }

    var description: String {
        "status \(status)\(timedOut ? " (timed out)" : "")\n--- stdout\n\(stdout.suffix(4000))\n--- stderr\n\(stderr.suffix(4000))"
    }
}

enum HarnessError: Error, CustomStringConvertible {
    case failed(String)
    var description: String { if case .failed(let m) = self { return m }; return "" }
}

/// Thread-safe growing byte buffer with line notifications.
final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var pending = Data()
    var onLine: ((String) -> Void)?

    func append(_ chunk: Data) {
        var lines: [String] = []
        lock.lock()
        data.append(chunk)
        pending.append(chunk)
        while let nl = pending.firstIndex(of: 0x0A) {
            lines.append(String(decoding: pending[pending.startIndex..<nl], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...nl)
        }
        let handler = onLine
        lock.unlock()
        if let handler { lines.forEach(handler) }
    }

    var string: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A started child process whose stdout/stderr are collected in the background.
/// Used both for short commands (`ProcessRunner.run`) and long-running ones (`Rig.spawn`).
final class RunningProcess: @unchecked Sendable {
    let arguments: [String]
    let stdout = OutputBuffer()
    let stderr = OutputBuffer()
    private let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private let readers = DispatchGroup()
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`; stdin is /dev/null unless `input` is given.
    init(executable: String, arguments: [String], environment: [String: String]? = nil,
         input: Data? = nil, onStdoutLine: ((String) -> Void)? = nil) throws {
        self.arguments = [executable] + arguments
        stdout.onLine = onStdoutLine
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        var inPipe: Pipe?
        if input != nil { inPipe = Pipe(); process.standardInput = inPipe } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.terminationHandler = { [weak self] p in
            guard let self else { return }
            self.lock.lock(); self.exitStatus = p.terminationStatus; self.lock.unlock()
            self.exited.signal()
        }
        try process.run()
        for (handle, buffer) in [(outPipe.fileHandleForReading, stdout), (errPipe.fileHandleForReading, stderr)] {
            readers.enter()
            Thread.detachNewThread { [readers] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                }
                readers.leave()
            }
        }
        if let input, let inPipe {
            let writer = inPipe.fileHandleForWriting
            Thread.detachNewThread {
                writer.write(input)
                try? writer.close()
            }
        }
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return exitStatus == nil }
    var status: Int32? { lock.lock(); defer { lock.unlock() }; return exitStatus }

    /// SIGTERM (the rig's `run` execs the command, so the signal reaches it directly).
    func terminate() { signal(SIGTERM) }
    func signal(_ sig: Int32) { if isRunning { sendSignal(pid, sig) } }

    /// Waits for the process to exit; returns its status, or nil on timeout.
    @discardableResult
    func waitForExit(timeout: TimeInterval) -> Int32? {
        if let s = status { return s }
        guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
        exited.signal() // keep the semaphore "open" for later callers
        return status
    }

    /// Terminates politely, then kills; returns the exit status.
    @discardableResult
    func stop(grace: TimeInterval = 3) -> Int32? {
        terminate()
        if let s = waitForExit(timeout: grace) { return s }
        signal(SIGKILL)
        return waitForExit(timeout: 2)
    }

    /// Waits (bounded) for stdout/stderr to reach EOF after exit.
    func drain(timeout: TimeInterval = 2) { _ = readers.wait(timeout: .now() + timeout) }

    /// Snapshot of what the process produced so far.
    var output: ProcessOutput { ProcessOutput(status: status ?? -1, stdout: stdout.string, stderr: stderr.string) }
}

enum ProcessRunner {
    /// Runs a command to completion (killed after `timeout`).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    input: Data? = nil, timeout: TimeInterval = 30) -> ProcessOutput {
        let proc: RunningProcess
        do {
            proc = try RunningProcess(executable: executable, arguments: arguments,
                                      environment: environment, input: input)
        } catch {
            return ProcessOutput(status: 127, stdout: "", stderr: "cannot start \(executable): \(error)")
        }
        var timedOut = false
        if proc.waitForExit(timeout: timeout) == nil {
            timedOut = true
            proc.stop(grace: 1)
        }
        proc.drain()
        var out = proc.output
        out.timedOut = timedOut
        return out
    }

    /// Absolute path of `name` on PATH (or nil).
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") + ["/usr/sbin", "/usr/bin", "/bin"] {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
