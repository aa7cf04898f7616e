import ArgumentParser
import DBusService

/// What one `overlay-wl osd` shows: a kind and its level, or a value of one's own, and how it
/// looks. `OSDCommand` is the definition of the command (help, errors, completions, the man
/// page, `--stdin`); its arguments become this value.
///
/// A volume key runs the command once a press, so the plainly well-formed forms are read here
/// without ArgumentParser (`parsePlain`), as `DaemonOptions` reads the daemon's: building the
/// parser reflects on every command of the tree, a third of such a process's time in user
/// space. Anything else goes to ArgumentParser, which reports what is wrong.
struct OSDRequest: Equatable {
    var kind: String?
    var level: Double?
    var value: Double?
    var max: Double?
    var label: String?
    var icon: String?
    var muted = false
    /// A lock key's LED to read (`--led input3::capslock`).
    var led: String?

    func validate() throws {
        if let kind, let lock = LockKey(rawValue: kind) {
            // Its state is read from the keyboard's LED; only the icon can be given.
            guard level == nil, value == nil, self.max == nil, label == nil else {
                throw ValidationError("\(lock.rawValue) shows the key's state, read from its LED: give no level, --value, --max or --label")
            }
        } else if let kind {
            guard let known = OSD.Kind(rawValue: kind) else { throw Self.unknownKind }
            guard value == nil else { throw ValidationError("--value is for a value of your own: give \(kind)'s level after it") }
            // `volume -1` comes here too: a word starting with `-` is taken for an option.
            guard let level else { throw ValidationError("give the level after \(kind): a number 0…\(Int(known.highest))") }
            guard (0...known.highest).contains(level) else {
                throw ValidationError("the level must be 0…\(Int(known.highest))" + (known.isSound ? " (past 100: amplified)" : ""))
            }
            if self.max != nil { throw ValidationError("--max applies to --value") }
        } else if let value {
            let maximum = self.max ?? 100
            guard maximum > 0, maximum.isFinite else { throw ValidationError("--max must be above 0") }
            guard value.isFinite, (0...maximum).contains(value) else {
                // 100, not 100.0 (a whole number below 1e15, which Int64 holds).
                let shown = maximum == maximum.rounded() && maximum < 1e15 ? String(Int64(maximum)) : "\(maximum)"
                throw ValidationError("--value must be 0…\(shown)")
            }
        } else {
            // A message: a label (and an icon) without a level.
            guard let label, !label.isEmpty else {
                throw ValidationError("give volume LEVEL, microphone LEVEL, brightness LEVEL, --value V or --label TEXT")
            }
            if self.max != nil { throw ValidationError("--max applies to --value") }
        }
        if muted && kind.flatMap(OSD.Kind.init)?.isSound != true { throw ValidationError("--muted applies to volume and microphone") }
        if led != nil && kind.flatMap(LockKey.init) == nil { throw Self.ledWithoutLockKey }
    }

    /// The label, the value of the maximum, the icon, muted.
    var shown: (label: String, value: Double, maximum: Double, icon: String?, muted: Bool) {
        guard let known = kind.flatMap(OSD.Kind.init) else { return (label ?? "", value ?? 0, self.max ?? 100, icon, false) }
        let level = level ?? 0
        return (label ?? known.label, level, 100, icon ?? known.icon(level, muted: muted), muted)
    }

    static let unknownKind: ValidationError = {
        let names = OSD.Kind.allCases.map(\.rawValue) + LockKey.allCases.map(\.rawValue)
        return ValidationError("KIND must be " + names.dropLast().joined(separator: ", ") + " or " + names.last!)
    }()

    static let ledWithoutLockKey = ValidationError("--led applies to caps-lock, num-lock and scroll-lock")

    /// A label (and an icon) alone: a message, shown without a bar.
    var isMessage: Bool { kind == nil && value == nil && label != nil }

    /// The `ShowLevel` call, or `ShowMessage` for a message or a lock key's state (read from its
    /// LED: `LockKey.Unreadable`); the daemon builds the tree.
    func call() throws -> (member: String, arguments: [BusValue]) {
        if let lock = kind.flatMap(LockKey.init) {
            return ("ShowMessage", [.string(lock.label(on: try lock.isOn(led: led))), .string(icon ?? LockKey.icon)])
        }
        let l = shown
        if isMessage { return ("ShowMessage", [.string(l.label), .string(l.icon ?? "")]) }
        return ("ShowLevel", [.string(l.label), .double(l.value), .double(l.maximum), .string(l.icon ?? ""), .bool(l.muted)])
    }

    /// One call on `client`: the view's id.
    func show(on client: ControlClient) throws -> UInt32 {
        let call = try call()
        return try client.uint(call.member, call.arguments)
    }

    /// `overlay-wl osd` without `--stdin`: one call, its id printed. An LED that cannot be read is
    /// the error before any connection.
    func run() throws {
        let call: (member: String, arguments: [BusValue])
        do { call = try self.call() } catch let error as LockKey.Unreadable { throw fail(error.description) }
        printNow(String(try ControlClient().uint(call.member, call.arguments)))
    }

    /// The request `arguments` (after `osd`) make, when they are plainly well formed and valid:
    /// at most a kind and a level, each option once, as `--name value` or `--name=value`. Nil
    /// when ArgumentParser must read them (help, `--stdin`, anything unknown, repeated or
    /// invalid).
    static func parsePlain(_ arguments: [String]) -> OSDRequest? {
        var request = OSDRequest()
        var positionals: [String] = []
        var seen: Set<String> = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            let (name, inline) = DaemonOptions.split(argument)
            guard seen.insert(name).inserted else { return nil }
            if name == "--muted" {
                guard inline == nil else { return nil }
                request.muted = true
                continue
            }
            // --value and --max take the next word whatever it is (`.unconditional`); the
            // others, a word that is not an option.
            let unconditional = name == "--value" || name == "--max"
            guard let word = inline ?? rest.popFirst(), unconditional || !word.hasPrefix("-") else { return nil }
            switch name {
            case "--value", "--max":
                guard let number = try? OSDCommand.decimal(word) else { return nil }
                if name == "--value" { request.value = number } else { request.max = number }
            case "--label": request.label = word
            case "--led": request.led = word
            case "--icon": request.icon = word
            default: return nil
            }
        }
        guard positionals.count <= 2 else { return nil }
        request.kind = positionals.first
        if positionals.count == 2 {
            guard let level = try? OSDCommand.decimal(positionals[1]) else { return nil }
            request.level = level
        }
        guard (try? request.validate()) != nil else { return nil }
        return request
    }
}
