/// One line of the test-input client's stdin protocol.
enum Command {
    enum Button: String { case left, right, middle }
    enum Axis: String { case vertical = "V", horizontal = "H" }

    case move(x: Double, y: Double)
    case down(Button)
    case up(Button)
    case click(x: Double, y: Double, Button)
    case scroll(Axis, Double)
    case drag(from: (Double, Double), to: (Double, Double), milliseconds: Int, steps: Int)
    /// One finger down, moved in `steps` over `milliseconds`, lifted (KWin's fake input only).
    case swipe(from: (Double, Double), to: (Double, Double), milliseconds: Int, steps: Int)
    case sleep(milliseconds: Int)
    /// Press and release a key (escape, tab, enter, kpenter, backspace, up, down, pageup, pagedown, home, end, delete, …), `shift` held when `shifted`.
    case key(String, shifted: Bool)
    /// Press and release a modifier-held key: `ctrl v`.
    case chord(modifier: String, key: String)
    /// Types the rest of the line, one key per character (`VirtualKeyboardDevice.typable`).
    case type(String)
    /// Holds a key down for a while (the client repeats it), then releases it.
    case hold(String, milliseconds: Int)
    /// `stripes`: 8-px black and white vertical stripes instead of the solid colour.
    case window(appID: String, width: Int, height: Int, stripes: Bool)
    /// Sets the output's scale (KWin, through kde_output_management_v2).
    case scale(Double)
    case quit

    static let usage = """
        move X Y | down [left|right|middle] | up [BUTTON] | click X Y [BUTTON] | scroll V|H AMOUNT
        drag X1 Y1 X2 Y2 DURATION_MS STEPS | swipe X1 Y1 X2 Y2 DURATION_MS STEPS (a finger; KWin) | sleep MS | window APP_ID W H [stripes]
        key escape|tab|enter|kpenter|space|backspace|delete|left|right|up|down|home|end [shift] | hold KEY MS | chord ctrl v
        type TEXT (letters, digits, space, .,!?:;-' é ü ✓) | scale FACTOR (KWin) | quit
        """

    /// Parses one line; nil for an empty line, throws a readable message for a bad one.
    static func parse(_ line: Substring) throws -> Command? {
        if line.hasPrefix("type ") {
            let text = String(line.dropFirst(5))
            if let bad = text.first(where: { VirtualKeyboardDevice.code(typing: $0) == nil }) {
                throw CommandError("type: no key types \(bad)")
            }
            return .type(text)
        }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let verb = words.first else { return nil }
        let args = Array(words.dropFirst())
        func number(_ i: Int) throws -> Double {
            guard i < args.count, let v = Double(args[i]), v.isFinite else { throw CommandError("\(verb): argument \(i + 1) must be a number") }
            return v
        }
        func integer(_ i: Int) throws -> Int {
            guard i < args.count, let v = Int(args[i]), v >= 0 else { throw CommandError("\(verb): argument \(i + 1) must be a whole number ≥ 0") }
            return v
        }
        func button(_ i: Int) throws -> Button {
            guard i < args.count else { return .left }
            guard let b = Button(rawValue: args[i]) else { throw CommandError("\(verb): unknown button \(args[i])") }
            return b
        }
        func arity(_ range: ClosedRange<Int>) throws {
            guard range.contains(args.count) else { throw CommandError("\(verb): wrong number of arguments") }
        }
        switch verb {
        case "move": try arity(2...2); return .move(x: try number(0), y: try number(1))
        case "down": try arity(0...1); return .down(try button(0))
        case "up": try arity(0...1); return .up(try button(0))
        case "click": try arity(2...3); return .click(x: try number(0), y: try number(1), try button(2))
        case "scroll":
            try arity(2...2)
            guard let axis = Axis(rawValue: args[0].uppercased()) else { throw CommandError("scroll: axis must be V or H") }
            return .scroll(axis, try number(1))
        case "drag", "swipe":
            try arity(6...6)
            let from = (try number(0), try number(1)), to = (try number(2), try number(3))
            let milliseconds = try integer(4), steps = max(1, try integer(5))
            return verb == "drag" ? .drag(from: from, to: to, milliseconds: milliseconds, steps: steps)
                                  : .swipe(from: from, to: to, milliseconds: milliseconds, steps: steps)
        case "sleep": try arity(1...1); return .sleep(milliseconds: try integer(0))
        case "window":
            try arity(3...4)
            guard args.count == 3 || args[3] == "stripes" else { throw CommandError("window: the 4th argument can only be stripes") }
            return .window(appID: args[0], width: max(1, try integer(1)), height: max(1, try integer(2)), stripes: args.count == 4)
        case "key":
            try arity(1...2)
            guard VirtualKeyboardDevice.codes[args[0]] != nil, args[0] != "shift", args[0] != "ctrl" else { throw CommandError("key: unknown key \(args[0])") }
            guard args.count == 1 || args[1] == "shift" else { throw CommandError("key: the 2nd argument can only be shift") }
            return .key(args[0], shifted: args.count == 2)
        case "hold":
            try arity(2...2)
            guard VirtualKeyboardDevice.codes[args[0]] != nil else { throw CommandError("hold: unknown key \(args[0])") }
            return .hold(args[0], milliseconds: try integer(1))
        case "chord":
            try arity(2...2)
            guard args[0] == "ctrl", args[1] == "v" else { throw CommandError("chord: only ctrl v") }
            return .chord(modifier: args[0], key: args[1])
        case "scale":
            try arity(1...1)
            let factor = try number(0)
            guard factor > 0 && factor <= 8 else { throw CommandError("scale: the factor must be in (0, 8]") }
            return .scale(factor)
        case "quit": try arity(0...0); return .quit
        default: throw CommandError("unknown command \(verb)")
        }
    }
}

struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
