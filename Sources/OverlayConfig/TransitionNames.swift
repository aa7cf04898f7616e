import OverlayEngine

/// Transitions and animations as text, the one syntax of the config, the CLI and scene files:
///   transition: identity | opacity | move-top|bottom|leading|trailing | scale[:FACTOR[:ANCHOR]] |
///               offset:X,Y | A+B (combined)
///   animation:  linear|ease-in|ease-out|ease-in-out[:SECONDS] | spring[:RESPONSE[:DAMPING]] | bezier:X1,Y1,X2,Y2[:SECONDS]
/// (ANCHOR is an alignment: center, top-leading, bottom, …)
extension ViewSettingNames {
    public static func transition(_ text: String, key: String = "transition") throws -> Transition {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 4 else { throw SettingError(key, "at most 4 transitions can be combined") }
        let single = try parts.map { try singleTransition($0, key: key) }
        return single.dropFirst().reduce(single[0]) { .combined($0, $1) }
    }

    private static func singleTransition(_ text: String, key: String) throws -> Transition {
        switch text {
        case "identity", "none": return .identity
        case "opacity", "fade": return .opacity
        case "scale": return .scale(0.5, anchor: .center)
        default: break
        }
        if text.hasPrefix("move-") {
            return .move(try edge(String(text.dropFirst(5)), key: key))
        }
        if text.hasPrefix("scale:") {
            let parts = text.dropFirst(6).split(separator: ":", maxSplits: 1).map(String.init)
            let factor = try SettingValue.string(parts.first ?? "").parsedNumber(key, in: 0...10)
            return .scale(factor, anchor: try parts.count == 2 ? alignment(parts[1], key: key) : .center)
        }
        if text.hasPrefix("offset:") {
            let numbers = try text.dropFirst(7).split(separator: ",", omittingEmptySubsequences: false)
                .map { try SettingValue.string(String($0)).parsedNumber(key, in: -100_000...100_000) }
            guard numbers.count == 2 else { throw SettingError(key, "offset needs X,Y") }
            return .offset(Point(x: numbers[0], y: numbers[1]))
        }
        throw SettingError(key, "unknown transition '\(text)' (identity, opacity, move-top|bottom|leading|trailing, scale[:FACTOR[:ANCHOR]], offset:X,Y, combined with +)")
    }

    public static func name(of transition: Transition) -> String {
        switch transition {
        case .identity: "identity"
        case .opacity: "opacity"
        case .move(let edge): "move-" + name(of: edge)
        case .offset(let p): "offset:\(SettingValue.format(p.x)),\(SettingValue.format(p.y))"
        case .scale(let s, let anchor) where anchor == .center: s == 0.5 ? "scale" : "scale:\(SettingValue.format(s))"
        case .scale(let s, let anchor): "scale:\(SettingValue.format(s)):\(name(of: anchor))"
        case .combined(let a, let b): name(of: a) + "+" + name(of: b)
        case .asymmetric(let i, let r): "asymmetric(\(name(of: i)),\(name(of: r)))"
        }
    }

    public static func animation(_ text: String, key: String = "animation") throws -> Animation {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        func number(_ index: Int, default value: Double, in range: ClosedRange<Double>) throws -> Double {
            guard index < parts.count else { return value }
            return try SettingValue.string(parts[index]).parsedNumber(key, in: range)
        }
        let durations = 0.0...30
        switch parts[0] {
        case "linear", "ease-in", "ease-out", "ease-in-out":
            guard parts.count <= 2 else { break }
            let d = try number(1, default: 0.35, in: durations)
            switch parts[0] {
            case "linear": return .linear(duration: d)
            case "ease-in": return .easeIn(duration: d)
            case "ease-out": return .easeOut(duration: d)
            default: return .easeInOut(duration: d)
            }
        case "spring":
            guard parts.count <= 3 else { break }
            return .spring(response: try number(1, default: 0.5, in: 0.01...10),
                           dampingFraction: try number(2, default: 0.825, in: 0.05...10))
        case "bezier":
            guard parts.count == 2 || parts.count == 3 else { break }
            let points = try parts[1].split(separator: ",", omittingEmptySubsequences: false)
                .map { try SettingValue.string(String($0)).parsedNumber(key, in: -10...10) }
            guard points.count == 4, (0...1).contains(points[0]), (0...1).contains(points[2]) else {
                throw SettingError(key, "bezier needs X1,Y1,X2,Y2 with X1 and X2 in 0...1")
            }
            return .bezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3],
                           duration: try number(2, default: 0.35, in: durations))
        default: break
        }
        throw SettingError(key, "unknown animation '\(text)' (linear|ease-in|ease-out|ease-in-out[:SECONDS], spring[:RESPONSE[:DAMPING]], bezier:X1,Y1,X2,Y2[:SECONDS])")
    }

    public static func name(of animation: Animation) -> String {
        let f = SettingValue.format
        switch animation {
        case .linear(let d): return "linear:\(f(d))"
        case .easeIn(let d): return "ease-in:\(f(d))"
        case .easeOut(let d): return "ease-out:\(f(d))"
        case .easeInOut(let d): return "ease-in-out:\(f(d))"
        case .spring(let r, let damping): return "spring:\(f(r)):\(f(damping))"
        case .bezier(let x1, let y1, let x2, let y2, let d): return "bezier:\(f(x1)),\(f(y1)),\(f(x2)),\(f(y2)):\(f(d))"
        }
    }
}
