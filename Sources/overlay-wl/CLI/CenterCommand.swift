import ArgumentParser
import DBusService
import Glibc

struct CenterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "center",
        abstract: "Open, close or toggle the notification centre; print its status, once or on every change.",
        discussion: """
            The status is one JSON object per line: showing, hidden and unread counts, dnd, open, and \
            text/alt/tooltip/class for a waybar custom module (exec with return-type json). --watch prints \
            it at start and again on every change, until interrupted.
            """)
    @Flag(help: "Open the centre.") var open = false
    @Flag(help: "Close the centre.") var close = false
    @Flag(help: "Open it if closed, close it if open.") var toggle = false
    @Flag(help: "Print the status at start and on every change.") var watch = false
    @Flag(help: "Print the status as JSON (without it: a short text line).") var json = false

    func validate() throws {
        if [open, close, toggle].filter({ $0 }).count > 1 { throw ValidationError("give one of --open, --close, --toggle") }
        if watch && (open || close || toggle) { throw ValidationError("--watch only prints; open or close in another call") }
    }

    func run() throws {
        let client = try ControlClient()
        if open || close {
            printNow(try client.call("OpenCenter", [.bool(open)]).first?.bool == true ? "open" : "closed")
            return
        }
        if toggle {
            printNow(try client.call("ToggleCenter").first?.bool == true ? "open" : "closed")
            return
        }
        var lines: [String] = []
        let subscription = watch ? try client.bus.subscribe(path: ControlFrontend.path, interface: ControlFrontend.interfaceName,
                                                            member: "CenterChanged") { arguments in
            if let text = arguments.first?.stringValue { lines.append(text) }
        } : nil
        printStatus(try client.string("CenterState"))
        guard watch else { return }
        while true {
            do { try client.bus.wait(timeout: nil) { !lines.isEmpty } } catch { throw fail("lost the session bus: \(error)") }
            for line in lines { printStatus(line) }
            lines = []
        }
        withExtendedLifetime(subscription) {}
    }

    private func printStatus(_ text: String) {
        guard !json else { return printNow(text) }
        // The text form: the JSON's counts and flags, without the waybar fields.
        let fields = ["showing", "hidden", "unread", "dnd", "open"].compactMap { key -> String? in
            guard let range = text.firstRange(of: "\"\(key)\":") else { return nil }
            let value = text[range.upperBound...].prefix { $0 != "," && $0 != "}" }
            return "\(key) \(value)"
        }
        printNow(fields.joined(separator: ", "))
    }
}

struct SnoozeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze",
        abstract: "Hide an open notification and bring it back, with the same id, after a while.",
        discussion: """
            DURATION is seconds (90), or with a unit (90s, 5m, 1h, 1h30m), or a time of day (HH:MM, the next \
            one to come). Meanwhile the notification is neither closed nor expired.
            """)
    @Argument(help: "The notification's id.") var id: UInt32
    @Argument(help: "How long: 300, 5m, 1h, 1h30m, or HH:MM.") var duration: String

    func validate() throws {
        guard Self.seconds(duration, now: time(nil)) != nil else {
            throw ValidationError("'\(duration)' is not a duration (300, 90s, 5m, 1h, 1h30m) or a time of day (HH:MM)")
        }
    }

    func run() throws {
        let seconds = Self.seconds(duration, now: time(nil))!
        _ = try ControlClient().call("Snooze", [.uint32(id), .double(seconds)])
    }

    /// Seconds from now: "300", "90s", "5m", "1h30m", or "HH:MM" (local time, the next one to come).
    static func seconds(_ text: String, now: time_t) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
            var t = now
            var local = tm()
            localtime_r(&t, &local)
            let sinceMidnight = local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec
            var wait = h * 3600 + m * 60 - Int(sinceMidnight)
            if wait <= 0 { wait += 86400 }
            return Double(wait)
        }
        if let plain = Double(text), plain.isFinite { return plain }
        var total = 0.0, number = ""
        for c in text {
            if c.isNumber { number.append(c); continue }
            guard let n = Double(number), let unit = ["s": 1.0, "m": 60, "h": 3600, "d": 86400][String(c)] else { return nil }
            total += n * unit
            number = ""
        }
        return number.isEmpty && total > 0 ? total : nil
    }
}
