import Foundation

/// Watches org.freedesktop.Notifications signals on the rig's session bus with `dbus-monitor`
/// (run as the rig user) and parses them.
final class SignalMonitor: @unchecked Sendable {
    enum Event: Equatable, CustomStringConvertible {
        case closed(id: UInt32, reason: UInt32)
        case actionInvoked(id: UInt32, key: String)
        case activationToken(id: UInt32, token: String)
        case other(member: String, arguments: [String])

        var description: String {
            switch self {
            case .closed(let id, let reason): return "NotificationClosed(\(id), reason \(reason))"
            case .actionInvoked(let id, let key): return "ActionInvoked(\(id), \"\(key)\")"
            case .activationToken(let id, let token): return "ActivationToken(\(id), \"\(token)\")"
            case .other(let member, let args): return "\(member)(\(args.joined(separator: ", ")))"
            }
        }
    }

    static let rule = "type='signal',interface='org.freedesktop.Notifications'"

    private let condition = NSCondition()
    private var received: [Event] = []
    private var ready = false
    private var pendingMember: String?
    private var pendingArgs: [String] = []
    private var process: RunningProcess?

    /// Starts `dbus-monitor` in the rig and waits (bounded) until it is attached to the bus.
    init(rig: Rig, readyTimeout: TimeInterval = 5) throws {
        process = try rig.spawn(["dbus-monitor", "--session", SignalMonitor.rule]) { [weak self] line in
            self?.consume(line)
        }
        condition.lock()
        let deadline = Date().addingTimeInterval(readyTimeout)
        while !ready && Date() < deadline && process?.isRunning != false {
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.1)))
        }
        let ok = ready
        condition.unlock()
        if !ok {
            let out = process?.output.description ?? ""
            stop()
            throw HarnessError.failed("dbus-monitor did not attach to the session bus: \(out)")
        }
    }

    deinit { process?.stop(grace: 1) }

    func stop() { process?.stop(grace: 1); process = nil }

    /// Everything received so far, in order.
    var events: [Event] {
        condition.lock(); defer { condition.unlock() }
        return received
    }

    /// Waits until an event matching `predicate` has been received (including earlier ones).
    func waitFor(timeout: TimeInterval, _ predicate: (Event) -> Bool) -> Event? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock(); defer { condition.unlock() }
        while true {
            if let e = received.first(where: predicate) { return e }
            if Date() >= deadline { return nil }
            _ = condition.wait(until: deadline)
        }
    }

    func waitForClosed(id: UInt32, timeout: TimeInterval) -> UInt32? {
        let e = waitFor(timeout: timeout) { if case .closed(id, _) = $0 { return true }; return false }
        if case .closed(_, let reason)? = e { return reason }
        return nil
    }

    // MARK: parsing dbus-monitor's text output

    private func consume(_ line: String) {
        condition.lock(); defer { condition.unlock() }
        if line.hasPrefix("signal ") || line.hasPrefix("method ") || line.hasPrefix("error ") {
            flush()
            pendingMember = line.hasPrefix("signal ") ? field("member", in: line) : nil
            if pendingMember == "NameLost" || pendingMember == "NameAcquired" {
                // sent to the monitor itself when it becomes a monitor
                ready = true; pendingMember = nil
                condition.broadcast()
            }
            return
        }
        guard pendingMember != nil else { return }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let value = argument(trimmed) { pendingArgs.append(value) }
        if complete() { flush() }
    }

    /// Parses `uint32 7` / `string "x"` (other types are kept as raw text).
    private func argument(_ s: String) -> String? {
        if s.hasPrefix("uint32 ") || s.hasPrefix("int32 ") { return String(s.split(separator: " ")[1]) }
        if s.hasPrefix("string \"") && s.hasSuffix("\"") { return String(s.dropFirst(8).dropLast()) }
        return s.isEmpty ? nil : s
    }

    private func complete() -> Bool {
        switch pendingMember {
        case "NotificationClosed", "ActionInvoked", "ActivationToken": return pendingArgs.count >= 2
        default: return false
        }
    }

    private func flush() {
        defer { pendingMember = nil; pendingArgs = [] }
        guard let member = pendingMember else { return }
        let a = pendingArgs
        let event: Event
        switch member {
        case "NotificationClosed" where a.count >= 2:
            event = .closed(id: UInt32(a[0]) ?? 0, reason: UInt32(a[1]) ?? 0)
        case "ActionInvoked" where a.count >= 2: event = .actionInvoked(id: UInt32(a[0]) ?? 0, key: a[1])
        case "ActivationToken" where a.count >= 2: event = .activationToken(id: UInt32(a[0]) ?? 0, token: a[1])
        default: event = .other(member: member, arguments: a)
        }
        received.append(event)
        condition.broadcast()
    }

    private func field(_ key: String, in line: String) -> String? {
        guard let r = line.range(of: "\(key)=") else { return nil }
        return String(line[r.upperBound...].prefix { $0 != ";" && $0 != " " })
    }
}
