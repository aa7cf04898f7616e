import ArgumentParser
import DBusService
import OverlayConfig
import OverlayEngine
import OverlayRenderer

/// On-screen displays: a level (volume, brightness, anything with a maximum) shown as a view
/// tree in the built-in `osd` container. Each new value replaces the one showing (the tag `osd`):
/// same view, same surface, its 1.5 s countdown started again.
enum OSD {
    static let containerName = "osd"
    static let tag = "osd"
    static let autoDismiss = 1.5

    /// Centred near the bottom of the focused output, one at a time, gone 1.5 s after the last value.
    static var container: ContainerSpec {
        var container = ContainerConfiguration(name: containerName, displayType: .stacking, queueType: .oneByOne)
        container.defaults.alignment = .bottom
        container.defaults.transition = .opacity
        container.defaults.animation = .easeOut(duration: 0.15)
        container.defaults.autoDismiss = .value(autoDismiss)
        container.defaults.dismissGesture = .value(.tap)
        var placement = SurfacePlacement()
        placement.anchor = [.bottom]
        placement.margins = [0, 0, 80, 0]
        placement.width = 360
        placement.height = 120
        return ContainerSpec(configuration: container, placement: placement)
    }

    /// Dark text on a light panel: themed icons are symbolic (dark) pictures.
    static let text = Color(hex: "#2E3440")!
    /// The panel under it, a little see-through.
    static let panel = Color(hex: "#ECEFF4E6")!

    /// What a level's display shows besides its value and icon: a new value with the same look
    /// changes only the icon, the bar and the percentage of the tree shown (`changes`).
    struct Look: Equatable {
        var label: String
        var hasIcon: Bool
        var muted: Bool
    }

    /// An icon, a label over a bar filled to `value / maximum`, and the percentage (or "Muted").
    static func view(label: String, value: Double, maximum: Double, icon: String?, muted: Bool) -> ViewNode {
        let fraction = self.fraction(value, maximum)
        var row: [ViewNode] = []
        if let icon { row.append(self.icon(icon)) }
        row.append(VStack(alignment: .leading, spacing: 6) {
            Text("<b>\(Markup.escape(label))</b>", color: text, lineLimit: 1)
            let bar = ProgressBar(value: fraction).frame(width: 200)
            (muted ? bar.opacity(0.4) : bar).id("level")
        })
        row.append(percentage(fraction, muted: muted).frame(width: 48, alignment: .trailing))
        return ViewNode(.hstack(spacing: 12, alignment: .center), children: row)
            .padding(14).background(panel).cornerRadius(14).id("osd")
    }

    /// The nodes of `view` that differ between two values of one look: the icon, the bar and the
    /// percentage (the root, the icon, the column, the label, the bar, the percentage), with their new kinds.
    static func changes(value: Double, maximum: Double, icon: String?, muted: Bool) -> [ValueChange] {
        let fraction = self.fraction(value, maximum)
        let bar = icon == nil ? 3 : 4
        var changes: [ValueChange] = []
        changes.reserveCapacity(3)
        if let icon { changes.append(ValueChange(index: 1, kind: self.icon(icon).kind)) }
        changes.append(ValueChange(index: bar, kind: .progressBar(value: fraction, total: 1)))
        changes.append(ValueChange(index: bar + 1, kind: percentage(fraction, muted: muted).kind))
        return changes
    }

    private static func fraction(_ value: Double, _ maximum: Double) -> Double {
        maximum > 0 ? min(1, max(0, value / maximum)) : 0
    }

    private static func icon(_ name: String) -> ViewNode { Image(.icon(name), size: Size(width: 24, height: 24)) }

    /// The percentage as wide as three digits (figure spaces before a shorter number): a new
    /// value never moves it, nor lays the display out again.
    private static func percentage(_ fraction: Double, muted: Bool) -> ViewNode {
        let digits = String(Int((fraction * 100).rounded()))
        let number = String(repeating: "\u{2007}", count: max(0, 3 - digits.count)) + digits
        return Text(muted ? "Muted" : "\(number) %", font: FontSpec(size: 11), color: text, lineLimit: 1)
    }

    /// The default icon of a volume level.
    static func volumeIcon(_ percent: Double, muted: Bool) -> String {
        if muted || percent <= 0 { return "audio-volume-muted-symbolic" }
        return percent < 34 ? "audio-volume-low-symbolic" : percent < 67 ? "audio-volume-medium-symbolic" : "audio-volume-high-symbolic"
    }
}

struct OSDCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "osd",
        abstract: "Show a level (volume, brightness, any value) in the osd container; a new one updates it in place.",
        discussion: """
            overlay-wl osd volume 40 [--muted] [--icon NAME]; overlay-wl osd brightness 80; \
            overlay-wl osd --value V [--max M] [--label TEXT] [--icon NAME]. Prints the view's id, the same \
            while the OSD shows. With --stdin (overlay-wl osd volume --stdin), each line of standard input \
            is a level (or value), shown as it comes over one bus connection: a number, a % after it \
            allowed, and for volume `muted` after it; a bad line is reported and skipped.
            """)

    @Argument(help: "volume or brightness (or none, with --value).") var kind: String?
    @Argument(help: "The level in percent, 0 to 100.") var level: Double?
    @Option(help: "The value, 0 to --max (instead of KIND LEVEL).") var value: Double?
    @Option(help: "The largest value (default 100).") var max: Double?
    @Option(help: "The label over the bar (default: the kind, capitalised).") var label: String?
    @Option(help: "An icon-theme name drawn before the label.") var icon: String?
    @Flag(help: "Volume: muted (the bar dimmed, \"Muted\" for the percentage).") var muted = false
    @Flag(help: "Read the levels (or values) from standard input, one a line, until it ends.") var stdin = false

    func validate() throws {
        if stdin { return try validateReading() }
        if let kind {
            guard kind == "volume" || kind == "brightness" else { throw ValidationError("KIND must be volume or brightness") }
            guard let level, value == nil else { throw ValidationError("give the level after \(kind), without --value") }
            guard (0...100).contains(level) else { throw ValidationError("the level must be 0…100") }
            if self.max != nil { throw ValidationError("--max applies to --value") }
        } else {
            guard let value else { throw ValidationError("give volume LEVEL, brightness LEVEL or --value V") }
            let maximum = self.max ?? 100
            guard maximum > 0, maximum.isFinite else { throw ValidationError("--max must be above 0") }
            guard value.isFinite, (0...maximum).contains(value) else { throw ValidationError("--value must be 0…\(maximum)") }
        }
        if muted && kind != "volume" { throw ValidationError("--muted applies to volume") }
    }

    /// With `--stdin` the levels come on its lines: none is given here.
    private func validateReading() throws {
        if let kind {
            guard kind == "volume" || kind == "brightness" else { throw ValidationError("KIND must be volume or brightness") }
            guard level == nil, value == nil else { throw ValidationError("with --stdin the levels come on standard input") }
            if self.max != nil { throw ValidationError("--max applies to --value") }
        } else {
            guard value == nil else { throw ValidationError("with --stdin the values come on standard input") }
            let maximum = self.max ?? 100
            guard maximum > 0, maximum.isFinite else { throw ValidationError("--max must be above 0") }
        }
        if muted { throw ValidationError("with --stdin a volume is muted by `muted` after its level on the line") }
    }

    /// This command showing one line of `--stdin`: `LEVEL` (or, without a kind, `VALUE`), a `%`
    /// after it allowed, then `muted` for a muted volume. Throws what is wrong with the line.
    func reading(_ line: String) throws -> OSDCommand {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let first = words.first, words.count <= 2 else {
            throw ValidationError("expected a level and at most `muted` after it, got \"\(line)\"")
        }
        guard let number = Double(first.hasSuffix("%") ? first.dropLast() : first), number.isFinite else {
            throw ValidationError("expected a number, got \"\(first)\"")
        }
        var read = self
        read.stdin = false
        if kind == nil { read.value = number } else { read.level = number }
        if let word = words.dropFirst().first {
            guard word == "muted" else { throw ValidationError("expected `muted` after the level, got \"\(word)\"") }
            read.muted = true
        }
        try read.validate()
        return read
    }

    /// What this invocation shows: the label, the value of the maximum, the icon, muted.
    var shown: (label: String, value: Double, maximum: Double, icon: String?, muted: Bool) {
        switch kind {
        case "volume":
            (label ?? "Volume", level ?? 0, 100, icon ?? OSD.volumeIcon(level ?? 0, muted: muted), muted)
        case "brightness":
            (label ?? "Brightness", level ?? 0, 100, icon ?? "display-brightness-symbolic", false)
        default:
            (label ?? "", value ?? 0, self.max ?? 100, icon, false)
        }
    }

    /// The tree this invocation shows (the daemon builds it from `shown`).
    var tree: ViewNode {
        let l = shown
        return OSD.view(label: l.label, value: l.value, maximum: l.maximum, icon: l.icon, muted: l.muted)
    }

    /// One `ShowLevel` call: the daemon builds the tree, so no JSON is written or read.
    func run() throws {
        let client = try ControlClient()
        guard stdin else { return printNow(String(try show(on: client))) }
        var lineNumber = 0
        while let line = readLine() {
            lineNumber += 1
            guard line.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { continue }
            do {
                _ = try reading(line).show(on: client)
            } catch let error as ValidationError {
                _ = fail("line \(lineNumber): \(error.message)")
            } catch {
                // The daemon's answer was reported (`ControlClient.call`): the next line may find it again.
            }
        }
    }

    private func show(on client: ControlClient) throws -> UInt32 {
        let l = shown
        return try client.uint("ShowLevel", [.string(l.label), .double(l.value), .double(l.maximum), .string(l.icon ?? ""), .bool(l.muted)])
    }
}
