import OverlayConfig
import OverlayEngine
import OverlayRenderer

/// Turns the scene file's strings into engine and renderer values (throwing `SceneError.badValue`).
/// Alignments, transitions and animations are written as in the config (`ViewSettingNames`);
/// the older scene spellings (`topTrailing`, `move(top)`, `easeOut(0.3)`) are still read.
enum SceneValues {
    static func color(_ text: String, field: String) throws -> Color {
        guard let color = Color(hex: text) else { throw SceneError.badValue(field: field, value: text) }
        return color
    }

    static func alignment(_ text: String) throws -> Alignment {
        if let value = try? ViewSettingNames.alignment(text) { return value }
        guard let value = Alignment.allCases.first(where: { "\($0)" == text }) else {
            throw SceneError.badValue(field: "alignment", value: text)
        }
        return value
    }

    static func edge(_ text: String) throws -> Edge {
        guard let value = Edge.allCases.first(where: { "\($0)" == text }) else {
            throw SceneError.badValue(field: "edge", value: text)
        }
        return value
    }

    static func material(_ text: String) throws -> BlurMaterial {
        guard let value = BlurMaterial.allCases.first(where: { "\($0)".lowercased() == text.lowercased() }) else {
            throw SceneError.badValue(field: "blur", value: text)
        }
        return value
    }

    /// "name(a, b)" → ("name", ["a", "b"]); "name" → ("name", []).
    static func call(_ text: String) -> (name: String, args: [String]) {
        let t = text.trimmed(" ")
        guard let open = t.firstIndex(of: "("), t.hasSuffix(")") else { return (t, []) }
        let inner = t[t.index(after: open)..<t.index(before: t.endIndex)]
        return (String(t[..<open]), inner.split(separator: ",").map { String($0).trimmed(" ") })
    }

    static func transition(_ text: String) throws -> Transition {
        if let value = try? ViewSettingNames.transition(text) { return value }
        return try olderTransition(text)
    }

    /// `move(top)`, `scale(0.8, bottom)`, `offset(0, 20)`, joined with "+".
    static func olderTransition(_ text: String) throws -> Transition {
        let parts = text.split(separator: "+").map(String.init)
        guard !parts.isEmpty else { throw SceneError.badValue(field: "transition", value: text) }
        let single = try parts.map { part -> Transition in
            let (name, args) = call(part)
            let numbers = args.compactMap(Double.init)
            switch (name, args.count) {
            case ("identity", 0): return .identity
            case ("opacity", 0): return .opacity
            case ("move", 1): return .move(try edge(args[0]))
            case ("offset", 2) where numbers.count == 2: return .offset(Point(x: numbers[0], y: numbers[1]))
            case ("scale", 1) where numbers.count == 1: return .scale(numbers[0], anchor: .center)
            case ("scale", 2) where Double(args[0]) != nil: return .scale(Double(args[0])!, anchor: try alignment(args[1]))
            default: throw SceneError.badValue(field: "transition", value: text)
            }
        }
        return single.dropFirst().reduce(single[0]) { .combined($0, $1) }
    }

    static func animation(_ text: String) throws -> Animation {
        if let value = try? ViewSettingNames.animation(text) { return value }
        return try olderAnimation(text)
    }

    /// `easeOut(0.3)`, `linear(1)`, `spring(0.4, 0.8)`, `bezier(x1, y1, x2, y2, seconds)`.
    static func olderAnimation(_ text: String) throws -> Animation {
        let (name, args) = call(text)
        let n = args.compactMap(Double.init)
        guard n.count == args.count else { throw SceneError.badValue(field: "animation", value: text) }
        switch (name, n.count) {
        case ("linear", 1): return .linear(duration: n[0])
        case ("easeIn", 1): return .easeIn(duration: n[0])
        case ("easeOut", 1): return .easeOut(duration: n[0])
        case ("easeInOut", 1): return .easeInOut(duration: n[0])
        case ("bezier", 5): return .bezier(x1: n[0], y1: n[1], x2: n[2], y2: n[3], duration: n[4])
        case ("spring", 2): return .spring(response: n[0], dampingFraction: n[1])
        default: throw SceneError.badValue(field: "animation", value: text)
        }
    }

    static func configuration(_ spec: SettingsSpec?) throws -> ViewConfiguration {
        var config = ViewConfiguration()
        guard let spec else { return config }
        config.alignment = try spec.alignment.map(alignment)
        config.tapToDismiss = spec.tapToDismiss
        if let b = spec.background {
            if b.disabled == true {
                config.background = .disabled
            } else if let c = b.color {
                config.background = .value(.color(try color(c, field: "background.color")))
            } else if let m = b.blur {
                config.background = .value(.blur(try material(m)))
            } else if let custom = b.custom {
                config.background = .value(.custom(custom))
            }
        }
        if let m = spec.toastMaterial { config.toastMaterial = m == "none" ? .disabled : .value(try material(m)) }
        if let t = spec.backgroundTransition {
            switch t {
            case "opacity": config.backgroundTransition = .opacity
            case "identity": config.backgroundTransition = .identity
            default: throw SceneError.badValue(field: "backgroundTransition", value: t)
            }
        }
        if let s = spec.shadow {
            if s.disabled == true {
                config.shadow = .disabled
            } else {
                let offset = try (s.offset ?? [0, 0]).map { try SceneRenderer.bounded($0, "shadow.offset") }
                guard offset.count == 2 else { throw SceneError.badValue(field: "shadow.offset", value: "\(offset)") }
                var shadow = Shadow(radius: try SceneRenderer.bounded(s.radius, "shadow.radius"), offset: Point(x: offset[0], y: offset[1]))
                if let c = s.color { shadow.color = try color(c, field: "shadow.color") }
                config.shadow = .value(shadow)
            }
        }
        config.transition = try spec.transition.map(transition)
        config.animation = try spec.animation.map(animation)
        config.autoDismiss = spec.autoDismiss.map { .value($0) }
        return config
    }

    static func style(_ spec: StyleSpec?, base: ToastStyle) throws -> ToastStyle {
        var style = base
        guard let spec else { return style }
        if let name = spec.theme { style = try theme(name).style }
        if let v = spec.width { style.width = try SceneRenderer.bounded(v, "style.width") }
        if let v = spec.padding { style.padding = try SceneRenderer.bounded(v, "style.padding") }
        if let v = spec.cornerRadius { style.cornerRadius = try SceneRenderer.bounded(v, "style.cornerRadius") }
        if let v = spec.borderWidth { style.borderWidth = try SceneRenderer.bounded(v, "style.borderWidth") }
        if let v = spec.background { style.background = try color(v, field: "style.background") }
        if let v = spec.gradient { style.backgroundGradient = try color(v, field: "style.gradient") }
        if let v = spec.border { style.border = try color(v, field: "style.border") }
        if let v = spec.font { style.font = v }
        if let v = spec.summaryFont { style.summaryFont = v }
        if let v = spec.bodyMaxLines { style.bodyMaxLines = Int(try SceneRenderer.bounded(Double(v), "style.bodyMaxLines")) }
        if let v = spec.closeButton { style.showsCloseButton = v }
        if let v = spec.iconSize { style.iconSize = try SceneRenderer.bounded(v, "style.iconSize") }
        return style
    }

    static func theme(_ name: String) throws -> ToastTheme {
        let highContrast = name.hasPrefix("high-contrast-")
        let scheme = highContrast ? String(name.dropFirst("high-contrast-".count)) : name
        guard let found = ColorScheme(rawValue: scheme) else { throw SceneError.badValue(field: "style.theme", value: name) }
        return ToastTheme(scheme: found, highContrast: highContrast)
    }

    /// A generated RGBA test image: a diagonal gradient with a transparent corner. `length`,
    /// `rowstride` and `channels` may describe inconsistent data on purpose.
    static func rawImage(_ spec: RawSpec) -> RawImage {
        let alpha = spec.hasAlpha ?? true
        let channels = spec.channels ?? (alpha ? 4 : 3)
        let w = max(0, min(spec.width, 512)), h = max(0, min(spec.height, 512))  // generated bytes stay small
        let stride = spec.rowstride ?? spec.width * channels
        var bytes = [UInt8](repeating: 0, count: spec.length ?? max(0, stride * max(0, h - 1) + w * channels))
        for y in 0..<h {
            for x in 0..<w {
                let i = y * stride + x * channels
                guard i + channels <= bytes.count, channels >= 3 else { continue }
                bytes[i] = UInt8(255 * x / max(1, w - 1))
                bytes[i + 1] = UInt8(255 * y / max(1, h - 1))
                bytes[i + 2] = 200
                if channels == 4 { bytes[i + 3] = (x + y < w / 3) ? 0 : 255 }
            }
        }
        return RawImage(width: spec.width, height: spec.height, rowstride: stride, hasAlpha: alpha,
                        channels: channels, bytes: bytes)
    }
}
