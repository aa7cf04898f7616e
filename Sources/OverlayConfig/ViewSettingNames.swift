import OverlayEngine

/// Names of view settings as written in the config, the control interface and the CLI,
/// both ways: parse (with clear errors) and describe (for `list --json`).
public enum ViewSettingNames {
    public static let alignments: [(String, Alignment)] = [
        ("top-leading", .topLeading), ("top", .top), ("top-trailing", .topTrailing),
        ("leading", .leading), ("center", .center), ("trailing", .trailing),
        ("bottom-leading", .bottomLeading), ("bottom", .bottom), ("bottom-trailing", .bottomTrailing),
    ]
    /// Synonyms accepted on input.
    static let alignmentSynonyms: [String: Alignment] = [
        "top-left": .topLeading, "top-right": .topTrailing, "left": .leading, "right": .trailing,
        "bottom-left": .bottomLeading, "bottom-right": .bottomTrailing, "centre": .center,
    ]
    public static let edges: [(String, Edge)] = [("top", .top), ("leading", .leading), ("bottom", .bottom), ("trailing", .trailing)]
    public static let priorities: [(String, ViewPriority)] = [("normal", .normal), ("high", .high)]
    public static let swipes: [(String, SwipeDirection)] = [("left", .left), ("right", .right), ("up", .up), ("down", .down)]

    public static func alignment(_ text: String, key: String = "alignment") throws -> Alignment {
        if let a = alignments.first(where: { $0.0 == text })?.1 ?? alignmentSynonyms[text] { return a }
        throw SettingError(key, "unknown alignment '\(text)' (one of \(alignments.map(\.0).joined(separator: ", ")))")
    }

    public static func name(of alignment: Alignment) -> String { alignments.first { $0.1 == alignment }!.0 }

    static func edge(_ text: String, key: String) throws -> Edge {
        let synonyms: [String: Edge] = ["left": .leading, "right": .trailing]
        if let e = edges.first(where: { $0.0 == text })?.1 ?? synonyms[text] { return e }
        throw SettingError(key, "unknown edge '\(text)' (top, leading, bottom, trailing)")
    }

    static func name(of edge: Edge) -> String { edges.first { $0.1 == edge }!.0 }

    // MARK: Colours

    public static func color(_ text: String, key: String) throws -> Color {
        guard let color = Color(hex: text) else { throw SettingError(key, "'\(text)' is not a colour (#RRGGBB or #RRGGBBAA)") }
        return color
    }

    public static func hex(_ c: Color) -> String {
        func byte(_ v: Double) -> String {
            let s = String(Int((min(1, max(0, v)) * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + byte(c.alpha)
    }

    // MARK: Gestures: tap | double-tap | long-press[:S] | swipe-left|right|up|down | none

    public static func gesture(_ text: String, key: String = "gesture") throws -> Setting<DismissGesture> {
        switch text {
        case "none": return .disabled
        case "tap": return .value(.tap)
        case "double-tap": return .value(.doubleTap)
        case "long-press": return .value(.longPress(seconds: 0.5))
        default: break
        }
        if text.hasPrefix("long-press:") {
            let seconds = try SettingValue.string(String(text.dropFirst("long-press:".count)))
                .parsedNumber(key, in: 0.05...60)
            return .value(.longPress(seconds: seconds))
        }
        if text.hasPrefix("swipe-"), let d = swipes.first(where: { "swipe-" + $0.0 == text })?.1 { return .value(.swipe(d)) }
        throw SettingError(key, "unknown gesture '\(text)' (tap, double-tap, long-press[:SECONDS], swipe-left|right|up|down, none)")
    }

    public static func name(of gesture: DismissGesture) -> String {
        switch gesture {
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .longPress(let s): "long-press:\(SettingValue.format(s))"
        case .swipe(let d): "swipe-" + swipes.first { $0.1 == d }!.0
        case .custom(let name): name
        }
    }
}

// MARK: Pointer bindings: on-button-left|middle|right, on-scroll-up|down

extension ViewSettingNames {
    public static let triggerKeys: [(String, PointerTrigger)] = [
        ("on-button-left", .left), ("on-button-middle", .middle), ("on-button-right", .right),
        ("on-scroll-up", .scrollUp), ("on-scroll-down", .scrollDown),
    ]
    public static let bindings: [(String, PointerBinding)] = [
        ("gesture", .gesture), ("none", .none), ("dismiss", .dismiss), ("dismiss-container", .dismissContainer),
        ("dismiss-all", .dismissAll), ("invoke-default-action", .invokeDefaultAction),
    ]

    /// A binding for `trigger` (`gesture` is for buttons only: scrolling has no gesture).
    public static func binding(_ text: String, for trigger: PointerTrigger, key: String) throws -> PointerBinding {
        let allowed = bindings.filter { !trigger.isScroll || $0.1 != .gesture }
        guard let binding = allowed.first(where: { $0.0 == text })?.1 else {
            throw SettingError(key, "unknown binding '\(text)' (one of \(allowed.map(\.0).joined(separator: ", ")))")
        }
        return binding
    }

    public static func name(of binding: PointerBinding) -> String { bindings.first { $0.1 == binding }!.0 }
}

extension SettingValue {
    /// A number written inside a string ("0.8" in "scale:0.8").
    func parsedNumber(_ key: String, in range: ClosedRange<Double>) throws -> Double {
        let text = try string(key)
        guard let value = Double(text), value.isFinite else { throw SettingError(key, "'\(text)' is not a number") }
        return try SettingValue.double(value).number(key, in: range)
    }
}
