import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func sendSignal(_ pid: Int32, _ sig: Int32) { _ = kill(pid, sig) }

private func cloexecPipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}

/// glibc >= 2.34 `posix_spawn_file_actions_addclosefrom_np` (not visible to Swift without _GNU_SOURCE).
private let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let sym = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(sym, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()

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
///
/// Spawned with posix_spawn and reaped by a dedicated waitpid thread rather than Foundation's
/// `Process`: that one detects exit through a socket inherited by the child and blocks in
/// waitpid on its single manager thread if the child closes the socket early (daemons do),
/// stalling every other process. The child gets only stdin/stdout/stderr.
final class RunningProcess: @unchecked Sendable {
    let arguments: [String]
    let stdout = OutputBuffer()
    let stderr = OutputBuffer()
    let pid: Int32
    private let exited = DispatchSemaphore(value: 0)
    private let readers = DispatchGroup()
    private let lock = NSLock()
    private var exitStatus: Int32?

    private static let ignoreSigpipe: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()

    /// Starts `executable` with `arguments`; stdin is /dev/null unless `input` is given.
    init(executable: String, arguments: [String], environment: [String: String]? = nil,
         input: Data? = nil, onStdoutLine: ((String) -> Void)? = nil) throws {
        _ = RunningProcess.ignoreSigpipe
        self.arguments = [executable] + arguments
        stdout.onLine = onStdoutLine
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1], inp: [Int32] = [-1, -1]
        guard cloexecPipe(&out), cloexecPipe(&err), input == nil || cloexecPipe(&inp)
        else { throw HarnessError.failed("pipe: \(String(cString: strerror(errno)))") }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, inp[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        _ = addCloseFrom?(&actions, 3)

        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attr, &noSignals)
        posix_spawnattr_setsigdefault(&attr, &allSignals)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let env = environment ?? ProcessInfo.processInfo.environment
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attr, argv, envp)
        for fd in [out[1], err[1], inp[0]] where fd >= 0 { close(fd) }
        guard rc == 0 else {
            for fd in [out[0], err[0], inp[1]] where fd >= 0 { close(fd) }
            throw HarnessError.failed("cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child

        Thread.detachNewThread { [self, child] in
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            // exited: low 7 bits zero, code in bits 8-15; signalled: 128 + signal (shell style)
            let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            lock.lock(); exitStatus = code; lock.unlock()
            exited.signal()
        }
        for (fd, buffer) in [(out[0], stdout), (err[0], stderr)] {
            readers.enter()
            Thread.detachNewThread { [readers] in
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = read(fd, &chunk, chunk.count)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    buffer.append(Data(chunk[0..<n]))
                }
                close(fd)
                readers.leave()
            }
        }
        if let input {
            let fd = inp[1]
            Thread.detachNewThread {
                input.withUnsafeBytes { raw in
                    var off = 0
                    while off < raw.count {
                        let n = write(fd, raw.baseAddress! + off, raw.count - off)
                        if n < 0 && errno == EINTR { continue }
                        if n <= 0 { break }
                        off += n
                    }
                }
                close(fd)
            }
        }
    }

    var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return exitStatus == nil }
    var status: Int32? { lock.lock(); defer { lock.unlock() }; return exitStatus }

    /// SIGTERM (the rig's `run` execs the command, so the signal reaches it directly).
    func terminate() { signal(SIGTERM) }
    func signal(_ sig: Int32) { if isRunning { sendSignal(pid, sig) } }

    /// Waits for the process to exit and for what it wrote to be read (bounded); returns its
    /// status, or nil on timeout. Without the drain, output read right after exit can miss the
    /// last chunk still in the pipe.
    @discardableResult
    func waitForExit(timeout: TimeInterval) -> Int32? {
        guard let status = awaitExit(timeout: timeout) else { return nil }
        drain(timeout: 1)
        return status
    }

    private func awaitExit(timeout: TimeInterval) -> Int32? {
        if let s = status { return s }
        guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
        exited.signal() // keep the semaphore "open" for later callers
        return status
    }

    /// Terminates politely, then kills; returns the exit status.
    @discardableResult
    func stop(grace: TimeInterval = 3) -> Int32? {
        terminate()
        if let s = awaitExit(timeout: grace) { return s }
        signal(SIGKILL)
        return awaitExit(timeout: 2)
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
