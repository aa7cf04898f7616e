import ArgumentParser
import DBusService
import Glibc
import OverlayConfig
import OverlayEngine
import OverlayRenderer

/// On-screen displays: a level (volume, microphone, brightness, anything with a maximum) shown as a view
/// tree in the built-in `osd` container. Each new value replaces the one showing (the tag `osd`):
/// same view, same surface, its 1.5 s countdown started again.
enum OSD {
    static let containerName = "osd"
    static let tag = "osd"
    static let autoDismiss = 1.5
    /// Seconds a fade and a move of the bar take.
    static let moveDuration = 0.1
    /// The highest percentage shown: a sound level past 100 is amplified (PulseAudio and PipeWire
    /// have no ceiling), and the percentage shows three digits.
    static let maximumPercent = 999.0

    /// The levels `osd KIND LEVEL` shows, in percent.
    enum Kind: String, CaseIterable {
        case volume, microphone, brightness

        var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
        /// Sound can be muted, and amplified past 100.
        var isSound: Bool { self != .brightness }
        var highest: Double { isSound ? maximumPercent : 100 }

        /// The default icon of a level: the Adwaita symbolic one GNOME shows for it (a volume past
        /// 100 %: amplified).
        func icon(_ percent: Double, muted: Bool) -> String {
            let prefix: String
            switch self {
            case .brightness: return "display-brightness-symbolic"
            case .volume:
                if !muted && percent > 100 { return "audio-volume-overamplified-symbolic" }
                prefix = "audio-volume"
            case .microphone: prefix = "microphone-sensitivity"
            }
            let step = muted || percent <= 0 ? "muted" : percent < 34 ? "low" : percent < 67 ? "medium" : "high"
            return "\(prefix)-\(step)-symbolic"
        }
    }

    /// Centred near the bottom of the focused output, one at a time, gone 1.5 s after the last
    /// value. It fades and its bar moves to a new level in 0.1 s, as GNOME Shell's does
    /// (`FADE_TIME`, `LEVEL_ANIMATION_TIME`): a level pressed alone is two frames.
    static var container: ContainerSpec {
        var container = ContainerConfiguration(name: containerName, displayType: .stacking, queueType: .oneByOne)
        container.defaults.alignment = .bottom
        container.defaults.transition = .opacity
        container.defaults.animation = .easeOut(duration: moveDuration)
        container.defaults.autoDismiss = .value(autoDismiss)
        container.defaults.dismissGesture = .value(.tap)
        var placement = SurfacePlacement()
        placement.anchor = [.bottom]
        placement.margins = [0, 0, 80, 0]
        placement.width = 360
        placement.height = 120
        return ContainerSpec(configuration: container, placement: placement)
    }

    /// The display's colours, the theme's in force (dark, light, high contrast): its text, and a
    /// symbolic icon drawn in the same colour (as GTK recolours them), over its panel.
    struct Palette: Equatable {
        var text: Color
        /// A little see-through.
        var panel: Color

        /// The toasts' colours: their summary's for the text, their card's for the panel.
        init(_ style: ToastStyle) {
            text = style.summaryColor
            panel = style.background
            panel.alpha *= 0.9
        }

        /// The built-in theme's (dark).
        static let standard = Palette(ToastTheme.standard.style)
    }

    /// What a level's display shows besides its value and icon: a new value with the same look
    /// changes only the icon, the bar and the percentage of the tree shown (`changes`).
    struct Look: Equatable {
        var label: String
        var hasIcon: Bool
        var muted: Bool
        var palette: Palette
    }

    /// An icon, a label over a bar filled to `value / maximum`, and the percentage (or "Muted").
    /// Past the maximum (an amplified volume) the bar is full and the percentage says how far
    /// past, up to 999 %.
    static func view(label: String, value: Double, maximum: Double, icon: String?, muted: Bool,
                     palette: Palette = .standard) -> ViewNode {
        let fraction = self.fraction(value, maximum)
        var row: [ViewNode] = []
        if let icon { row.append(self.icon(icon, palette)) }
        row.append(VStack(alignment: .leading, spacing: 6) {
            title(label, palette)
            let bar = ProgressBar(value: fraction).frame(width: 200)
            (muted ? bar.opacity(0.4) : bar).id("level")
        })
        row.append(percentage(value, maximum, muted: muted, palette).frame(width: 48, alignment: .trailing))
        return panel(ViewNode(.hstack(spacing: 12, alignment: .center), children: row), palette)
    }

    /// An icon and a label, no level: a state that has none (Caps Lock on, a keyboard layout).
    static func message(label: String, icon: String?, palette: Palette = .standard) -> ViewNode {
        var row: [ViewNode] = []
        if let icon { row.append(self.icon(icon, palette)) }
        row.append(title(label, palette))
        return panel(ViewNode(.hstack(spacing: 12, alignment: .center), children: row).frame(minWidth: 132), palette)
    }

    /// The display's panel around `content`, a level's or a message's.
    private static func panel(_ content: ViewNode, _ palette: Palette) -> ViewNode {
        content.padding(14).background(palette.panel).cornerRadius(14).id("osd")
    }

    /// The label, bold on one line.
    private static func title(_ label: String, _ palette: Palette) -> ViewNode {
        Text("<b>\(Markup.escape(label))</b>", color: palette.text, lineLimit: 1)
    }

    /// The nodes of `view` that differ between two values of one look: the icon, the bar and the
    /// percentage (the root, the icon, the column, the label, the bar, the percentage), with their new kinds.
    static func changes(value: Double, maximum: Double, icon: String?, muted: Bool, palette: Palette = .standard) -> [ValueChange] {
        let fraction = self.fraction(value, maximum)
        let bar = icon == nil ? 3 : 4
        var changes: [ValueChange] = []
        changes.reserveCapacity(3)
        if let icon { changes.append(ValueChange(index: 1, kind: self.icon(icon, palette).kind)) }
        changes.append(ValueChange(index: bar, kind: .progressBar(value: fraction, total: 1)))
        changes.append(ValueChange(index: bar + 1, kind: percentage(value, maximum, muted: muted, palette).kind))
        return changes
    }

    private static func fraction(_ value: Double, _ maximum: Double) -> Double {
        maximum > 0 ? min(1, max(0, value / maximum)) : 0
    }

    /// The icon's side, in points.
    static let iconSide = 24.0

    /// A symbolic icon (its name ends in `-symbolic`) in the text's colour; another as it is.
    private static func icon(_ name: String, _ palette: Palette) -> ViewNode {
        Image(.icon(name), size: Size(width: iconSide, height: iconSide), tint: name.hasSuffix("-symbolic") ? palette.text : nil)
    }

    /// The percentage, 0 to 999, as wide as three digits (figure spaces before a shorter number):
    /// a new value never moves it, nor lays the display out again.
    private static func percentage(_ value: Double, _ maximum: Double, muted: Bool, _ palette: Palette) -> ViewNode {
        let percent = maximum > 0 ? min(maximumPercent, max(0, value / maximum * 100)) : 0
        let digits = String(Int(percent.rounded()))
        let number = String(repeating: "\u{2007}", count: max(0, 3 - digits.count)) + digits
        return Text(muted ? "Muted" : "\(number) %", font: FontSpec(size: 11), color: palette.text, lineLimit: 1)
    }
}

struct OSDCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "osd",
        abstract: "Show a level (volume, microphone, brightness, any value) or a lock key's state in the osd container; a new one updates it in place.",
        discussion: """
            overlay-wl osd volume 40 [--muted] [--icon NAME]; overlay-wl osd microphone 70 [--muted]; \
            overlay-wl osd brightness 80; \
            overlay-wl osd --value V [--max M] [--label TEXT] [--icon NAME]; overlay-wl osd --label TEXT [--icon NAME] \
            (a message, no bar); overlay-wl osd caps-lock [--led NAME] (or num-lock, scroll-lock: "Caps Lock on" or \
            "off", read from the keyboard's LED under /sys/class/leds; bind it to the key's release). Prints the view's id, the same \
            while the OSD shows. With --stdin (overlay-wl osd volume --stdin), each line of standard input \
            is a level (or value), shown as it comes over one bus connection: a number, a % after it \
            allowed, and for volume or microphone `muted` after it; a bad line (or one longer than 256 bytes) is \
            reported and skipped. Numbers are decimal (40, 37.5).
            """)

    @Argument(help: "volume, microphone or brightness (or none, with --value); caps-lock, num-lock or scroll-lock.") var kind: String?
    @Argument(help: "The level in percent: 0 to 100, a volume or microphone up to 999 (amplified past 100).", transform: OSDCommand.decimal)
    var level: Double?
    // `.unconditional`: `--value -1` is a value out of range, not a missing value and an option.
    @Option(parsing: .unconditional, help: "The value, 0 to --max (instead of KIND LEVEL).", transform: OSDCommand.decimal)
    var value: Double?
    @Option(parsing: .unconditional, help: "The largest value (default 100).", transform: OSDCommand.decimal) var max: Double?
    @Option(help: "The label over the bar (default: the kind, capitalised); alone, without a level or value, a message shown without a bar.")
    var label: String?
    @Option(help: "An icon-theme name drawn before the label.") var icon: String?
    @Flag(help: "Volume or microphone: muted (the bar dimmed, \"Muted\" for the percentage).") var muted = false
    @Option(help: "caps-lock, num-lock or scroll-lock: the LED to read, a name under /sys/class/leds (default: every keyboard's, on if any is lit).")
    var led: String?
    @Flag(help: "Read the levels (or values) from standard input, one a line, until it ends.") var stdin = false

    /// What the arguments ask for (`OSDRequest`: its checks, what it shows, its call).
    var request: OSDRequest {
        OSDRequest(kind: kind, level: level, value: value, max: self.max, label: label, icon: icon, muted: muted, led: led)
    }

    func validate() throws {
        if stdin { return try validateReading() }
        try request.validate()
    }

    /// With `--stdin` the levels come on its lines: none is given here.
    private func validateReading() throws {
        if let kind, LockKey(rawValue: kind) != nil { throw ValidationError("--stdin reads levels: \(kind) has none") }
        if led != nil { throw OSDRequest.ledWithoutLockKey }
        if let kind {
            guard OSD.Kind(rawValue: kind) != nil else { throw OSDRequest.unknownKind }
            guard level == nil, value == nil else { throw ValidationError("with --stdin the levels come on standard input") }
            if self.max != nil { throw ValidationError("--max applies to --value") }
        } else {
            guard value == nil else { throw ValidationError("with --stdin the values come on standard input") }
            let maximum = self.max ?? 100
            guard maximum > 0, maximum.isFinite else { throw ValidationError("--max must be above 0") }
        }
        if muted { throw ValidationError("with --stdin a level is muted by `muted` after it on the line") }
    }

    /// This command showing one line of `--stdin`: `LEVEL` (or, without a kind, `VALUE`), a `%`
    /// after it allowed, then `muted` for a muted volume or microphone. Throws what is wrong with the line.
    func reading(_ line: String) throws -> OSDCommand {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let first = words.first, words.count <= 2 else {
            throw ValidationError("expected a level and at most `muted` after it, got \(Self.quoted(line))")
        }
        guard let number = try? Self.decimal(String(first.hasSuffix("%") ? first.dropLast() : first)) else {
            throw ValidationError("expected a number, got \(Self.quoted(first))")
        }
        var read = self
        read.stdin = false
        if kind == nil { read.value = number } else { read.level = number }
        if let word = words.dropFirst().first {
            guard word == "muted" else { throw ValidationError("expected `muted` after the level, got \(Self.quoted(word))") }
            read.muted = true
        }
        try read.validate()
        return read
    }

    /// `text` as a decimal number: digits with at most one `.` among them, a `-` before them
    /// allowed (then refused for its range, not its form). Not the hexadecimal (`0x10`),
    /// exponents, `inf` or `nan` that `Double(_:)` also reads.
    @Sendable static func decimal(_ text: String) throws -> Double {
        let body = text.utf8.dropFirst(text.hasPrefix("-") ? 1 : 0)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard body.contains(where: isDigit), body.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }),
              body.filter({ $0 == UInt8(ascii: ".") }).count <= 1, let number = Double(text), number.isFinite else {
            throw ValidationError("expected a decimal number")  // ArgumentParser's message names the value
        }
        return number
    }

    /// Characters of an input quoted in a message at most (then "…").
    static let quotedLength = 40

    /// `text` quoted for a message on a terminal: its first `quotedLength` Unicode scalars, then
    /// "…" if there are more; control and format characters (NUL, ESC, bidi overrides) and line
    /// separators written as `\u{1B}`, and `\` and `"` escaped, so none acts on the terminal.
    static func quoted(_ text: some StringProtocol) -> String {
        var out = "\""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == quotedLength { out += "…"; break }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                if scalar == "\\" || scalar == "\"" { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// What this invocation shows: the label, the value of the maximum, the icon, muted.
    var shown: (label: String, value: Double, maximum: Double, icon: String?, muted: Bool) { request.shown }

    /// The tree this invocation shows (the daemon builds it from `shown`).
    var tree: ViewNode {
        let l = shown
        if request.isMessage { return OSD.message(label: l.label, icon: l.icon) }
        return OSD.view(label: l.label, value: l.value, maximum: l.maximum, icon: l.icon, muted: l.muted)
    }

    /// One `ShowLevel` (or `ShowMessage`) call: the daemon builds the tree, so no JSON is written or read.
    func run() throws {
        guard stdin else { return try request.run() }
        let client = try ControlClient()
        readLevels(from: STDIN_FILENO, show: { _ = try $0.request.show(on: client) }, report: { _ = fail($0) })
    }

    /// `--stdin`: each line of `fd` read (`reading`) and shown (`show`) until it ends. A blank line
    /// is skipped; a bad one, or one longer than `LevelLines.maxLineBytes`, is reported with its
    /// number (`line N: …`) and skipped.
    func readLevels(from fd: Int32, show: (OSDCommand) throws -> Void, report: (String) -> Void) {
        var lines = LevelLines(fd)
        var number = 0
        while let line = lines.next() {
            number += 1
            switch line {
            case .tooLong(let start):
                report("line \(number): longer than \(LevelLines.maxLineBytes) bytes: \(Self.quoted(start))")
            case .text(let text):
                guard text.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { continue }
                do {
                    try show(reading(text))
                } catch let error as ValidationError {
                    report("line \(number): \(error.message)")
                } catch {
                    // The daemon's answer was reported (`ControlClient.call`): the next line may find it again.
                }
            }
        }
        if let error = lines.error { report("standard input: \(error)") }
    }
}

/// The lines of `osd --stdin`, read `bufferBytes` at a time. A line longer than `maxLineBytes`
/// is not kept: its first `maxLineBytes` bytes are (for its error), the rest is dropped as it
/// goes by. So any input, however long its lines, costs those bytes and the buffer.
struct LevelLines {
    /// The longest line read (256 bytes): a level's line is a number, a `%` and `muted`.
    static let maxLineBytes = 256
    /// Bytes read at a time (4 KiB).
    static let bufferBytes = 4096

    enum Line: Equatable {
        /// A line, without its "\n" (invalid UTF-8 replaced).
        case text(String)
        /// A line longer than `maxLineBytes`: its first `maxLineBytes` bytes.
        case tooLong(String)
    }

    private let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: bufferBytes)
    /// The bytes of `buffer` not looked at yet.
    private var start = 0, end = 0
    private var line: [UInt8] = []
    private var isTooLong = false
    /// Why reading stopped, when it was not the input's end.
    private(set) var error: String?

    init(_ fd: Int32) {
        self.fd = fd
        line.reserveCapacity(Self.maxLineBytes)
    }

    /// The bytes held: the buffer and the line's storage.
    var heldBytes: Int { buffer.capacity + line.capacity }

    /// The next line; nil at the input's end (a last line without "\n" is a line) or on a read error.
    mutating func next() -> Line? {
        while true {
            if start == end {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n < 0 { error = String(cString: strerror(errno)) }
                if n <= 0 { return line.isEmpty && !isTooLong ? nil : finish() }
                (start, end) = (0, n)
            }
            let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let stop = newline ?? end
            if !isTooLong {
                let room = Self.maxLineBytes - line.count
                line.append(contentsOf: buffer[start..<min(stop, start + room)])
                isTooLong = stop - start > room
            }
            start = newline.map { $0 + 1 } ?? end
            if newline != nil { return finish() }
        }
    }

    private mutating func finish() -> Line {
        defer { line.removeAll(keepingCapacity: true); isTooLong = false }
        let text = String(decoding: line, as: UTF8.self)
        return isTooLong ? .tooLong(text) : .text(text)
    }
}
