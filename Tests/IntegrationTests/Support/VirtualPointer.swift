import Foundation
import XCTest

/// Drives the rig's compositor through `overlay-wl-test-input` (one zwlr_virtual_pointer_v1 kept
/// alive for the test). Commands go through a FIFO (the rig's `run` gives a spawned process no
/// stdin of ours); each waits for the tool's `ok`. Coordinates are the output's logical pixels.
final class VirtualPointer: @unchecked Sendable {
    static let executableName = "overlay-wl-test-input"

    private let process: RunningProcess
    private let fifo: Int32
    private let inbox: Inbox
    private var stopped = false

    /// Starts the tool as the rig user and waits until its pointer is on the seat.
    /// `output`: the one absolute motion maps onto (nil: the rig's first). On KWin the tool uses
    /// org_kde_kwin_fake_input instead, in global coordinates.
    init(rig: Rig, output: String? = nil, timeout: TimeInterval = 10) throws {
        let output = output ?? rig.firstOutput
        let bin = try VirtualPointer.prepareBinary()
        let path = "\(rig.shotsDirectory)/pointer-\(UUID().uuidString.prefix(8)).fifo"
        guard mkfifo(path, 0o666) == 0 else { throw HarnessError.failed("mkfifo \(path): \(String(cString: strerror(errno)))") }
        chmod(path, 0o666)
        let inbox = Inbox()
        self.inbox = inbox
        process = try rig.spawn(["/bin/sh", "-c", "exec \"$0\" --output \"$1\" < \"$2\"", bin, output, path]) { line in
            inbox.consume(line)
        }
        // Opening for writing succeeds once the tool's shell has opened the FIFO for reading.
        let deadline = Date().addingTimeInterval(timeout)
        var fd: Int32 = -1
        while fd < 0 {
            fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { break }
            if !process.isRunning || Date() >= deadline {
                unlink(path)
                process.stop(grace: 1)
                process.drain()
                throw HarnessError.failed("\(VirtualPointer.executableName) did not open its command FIFO: \(process.output)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        fifo = fd
        unlink(path)
        inbox.condition.lock()
        while !inbox.isReady && process.isRunning && Date() < deadline {
            _ = inbox.condition.wait(until: Date().addingTimeInterval(0.1))
        }
        let ready = inbox.isReady
        inbox.condition.unlock()
        if !ready {
            stop()
            throw HarnessError.failed("\(VirtualPointer.executableName) never became ready: \(process.output)")
        }
    }

    deinit { stop() }

    /// Quits the tool (its pointer leaves the seat).
    func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning { try? send("quit", timeout: 2) }
        process.stop(grace: 1)
        close(fifo)
    }

    var output: ProcessOutput { process.output }

    // MARK: Commands (each returns once the compositor has processed it)

    func move(_ x: Int, _ y: Int) throws { try send("move \(x) \(y)") }
    func down(_ button: String = "left") throws { try send("down \(button)") }
    func up(_ button: String = "left") throws { try send("up \(button)") }
    func click(_ x: Int, _ y: Int, button: String = "left") throws { try send("click \(x) \(y) \(button)") }
    func scroll(vertical: Bool = true, _ amount: Double) throws { try send("scroll \(vertical ? "V" : "H") \(amount)") }
    /// Presses and releases escape, tab, enter, kpenter, backspace, delete, left, right, home or end on the tool's virtual keyboard (Shift held if `shift`).
    func key(_ name: String, shift: Bool = false) throws { try send("key \(name)\(shift ? " shift" : "")") }
    /// Holds a key down for `milliseconds` (the focused client repeats it), then releases it.
    func hold(_ name: String, milliseconds: Int) throws {
        try send("hold \(name) \(milliseconds)", timeout: Double(milliseconds) / 1000 + 10)
    }

    /// Waits until the test windows' keyboard focus events (`enter`, `leave`) number `count`; returns them.
    func windowKeyboardEvents(count: Int, timeout: TimeInterval = 3) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        inbox.condition.lock(); defer { inbox.condition.unlock() }
        while inbox.windowKeyboard.count < count && Date() < deadline {
            _ = inbox.condition.wait(until: min(deadline, Date().addingTimeInterval(0.1)))
        }
        return inbox.windowKeyboard
    }

    /// Types `text` on the tool's virtual keyboard, one key per character (letters, digits, space, .,!?:;-' é ü ✓).
    func type(_ text: String) throws { try send("type \(text)", timeout: 10 + Double(text.count) * 0.5) }
    func sleep(milliseconds: Int) throws { try send("sleep \(milliseconds)", timeout: Double(milliseconds) / 1000 + 10) }

    /// Presses at (x1, y1), moves to (x2, y2) in `steps` equal steps over `milliseconds`, releases.
    func drag(from: (Int, Int), to: (Int, Int), milliseconds: Int, steps: Int) throws {
        try send("drag \(from.0) \(from.1) \(to.0) \(to.1) \(milliseconds) \(steps)", timeout: Double(milliseconds) / 1000 + 10)
    }

    /// One finger down at (x1, y1), moved to (x2, y2) in `steps` equal steps over `milliseconds`,
    /// lifted: KWin's fake input only (sway has no virtual touch device).
    func swipe(from: (Int, Int), to: (Int, Int), milliseconds: Int, steps: Int) throws {
        try send("swipe \(from.0) \(from.1) \(to.0) \(to.1) \(milliseconds) \(steps)", timeout: Double(milliseconds) / 1000 + 10)
    }

    /// Maps a plain xdg-shell window (tiled by sway: it fills the output) that reports its clicks.
    func openWindow(appID: String = "overlay-wl-probe", width: Int = 200, height: Int = 200) throws {
        try send("window \(appID) \(width) \(height)")
    }

    /// Button presses the test windows received so far (surface-local positions).
    var windowClicks: [(x: Int, y: Int)] {
        inbox.condition.lock(); defer { inbox.condition.unlock() }
        return inbox.clicks
    }

    /// Sends one command line and waits for its `ok`; throws on `error …` or timeout.
    func send(_ command: String, timeout: TimeInterval = 10) throws {
        let condition = inbox.condition
        condition.lock()
        let index = inbox.replies.count
        condition.unlock()
        let bytes = Array((command + "\n").utf8)
        guard write(fifo, bytes, bytes.count) == bytes.count else {
            throw HarnessError.failed("cannot send \"\(command)\" to \(VirtualPointer.executableName): \(process.output)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock(); defer { condition.unlock() }
        while inbox.replies.count <= index {
            if Date() >= deadline || !process.isRunning {
                throw HarnessError.failed("no reply to \"\(command)\" from \(VirtualPointer.executableName): \(process.output)")
            }
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.1)))
        }
        let reply = inbox.replies[index]
        if reply != "ok" { throw HarnessError.failed("\(VirtualPointer.executableName) \"\(command)\": \(reply)") }
    }

    // MARK: Binary

    private static let lock = NSLock()
    private static var prepared: String?

    /// A world-executable copy of the tool, found next to the daemon (see DaemonBinary).
    static func prepareBinary() throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let prepared { return prepared }
        let candidates = DaemonBinary.candidates.map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(executableName).path
        }
        guard let source = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw HarnessError.failed("\(executableName) not found (looked at: \(candidates.joined(separator: ", "))); build it with `swift build`")
        }
        let dir = "\(TestScratch.runDirectory)/bin"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o755)
        let dest = "\(dir)/\(executableName)"
        try? FileManager.default.removeItem(atPath: dest)
        try FileManager.default.copyItem(atPath: source, toPath: dest)
        chmod(dest, 0o755)
        prepared = dest
        return dest
    }
}

/// What the tool printed: replies to commands, `ready`, and test-window clicks.
private final class Inbox: @unchecked Sendable {
    let condition = NSCondition()
    var replies: [String] = []
    var clicks: [(x: Int, y: Int)] = []
    /// `enter` and `leave` of test windows' keyboard focus, in order.
    var windowKeyboard: [String] = []
    var isReady = false

    func consume(_ line: String) {
        condition.lock(); defer { condition.unlock() }
        if line == "ready" {
            isReady = true
        } else if line == "ok" || line.hasPrefix("error") {
            replies.append(line)
        } else if line.hasPrefix("keyboard ") {
            windowKeyboard.append(String(line.dropFirst(9)))
        } else if line.hasPrefix("click ") {
            let parts = line.split(separator: " ").compactMap { Int($0) }
            if parts.count == 2 { clicks.append((parts[0], parts[1])) }
        }
        condition.broadcast()
    }
}
