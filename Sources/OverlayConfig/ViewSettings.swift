import OverlayEngine

/// The view settings every container default, rule override and control `Show` shares.
public enum ViewSettings {
    /// Keys, in the order they are documented.
    public static let keys = ["alignment", "background", "toast-material", "shadow", "gesture", "tap-to-dismiss",
                              "transition", "animation", "auto-dismiss", "appear-action", "disappear-action", "priority"]
                              + ViewSettingNames.triggerKeys.map(\.0)

    /// Sets one setting on `configuration`; false when `key` is not a view setting.
    @discardableResult
    public static func apply(_ key: String, _ value: SettingValue, to c: inout ViewConfiguration) throws -> Bool {
        switch key {
        case "alignment": c.alignment = try ViewSettingNames.alignment(value.string(key), key: key)
        case "background":
            let text = try value.string(key)
            c.background = text == "none" ? .disabled : .value(try background(text, key: key))
        case "toast-material": c.toastMaterial = try toastMaterial(value.string(key), key: key)
        case "shadow": c.shadow = try shadow(value, key: key)
        case "gesture": c.dismissGesture = try ViewSettingNames.gesture(value.string(key), key: key)
        case "tap-to-dismiss": c.tapToDismiss = try value.bool(key)
        case "transition": c.transition = try ViewSettingNames.transition(value.string(key), key: key)
        case "animation": c.animation = try ViewSettingNames.animation(value.string(key), key: key)
        case "auto-dismiss": c.autoDismiss = try autoDismiss(value, key: key)
        case "appear-action": c.appearAction = try value.string(key)
        case "disappear-action": c.disappearAction = try value.string(key)
        case "priority": c.priority = try ContainerSettings.pick(value, ViewSettingNames.priorities, key: key)
        default:
            guard let trigger = ViewSettingNames.triggerKeys.first(where: { $0.0 == key })?.1 else { return false }
            c.pointerBindings[trigger] = try ViewSettingNames.binding(value.string(key), for: trigger, key: key)
        }
        return true
    }

    /// Blur material names, thinnest first ("blur:NAME").
    static let materials: [(String, BlurMaterial)] = [("ultra-thin", .ultraThin), ("thin", .thin), ("regular", .regular),
                                                      ("thick", .thick), ("ultra-thick", .ultraThick)]

    /// "#RRGGBB[AA]", or "blur:MATERIAL": a frosted backdrop of what is under the container.
    static func background(_ text: String, key: String) throws -> Background {
        guard text.hasPrefix("blur:") else { return .color(try ViewSettingNames.color(text, key: key)) }
        let name = String(text.dropFirst(5))
        guard let material = materials.first(where: { $0.0 == name })?.1 else {
            throw SettingError(key, "'\(text)' is not a blur (blur:ultra-thin, thin, regular, thick or ultra-thick)")
        }
        return .blur(material)
    }

    /// "none" (the opaque card) or a material name: the toast card itself frosted.
    static func toastMaterial(_ text: String, key: String) throws -> Setting<BlurMaterial> {
        if text == "none" { return .disabled }
        guard let material = materials.first(where: { $0.0 == text })?.1 else {
            throw SettingError(key, "'\(text)' is not a toast material (none, ultra-thin, thin, regular, thick or ultra-thick)")
        }
        return .value(material)
    }

    /// Seconds (> 0, at most a day); 0, false or "never" switch it off.
    static func autoDismiss(_ value: SettingValue, key: String) throws -> Setting<Double> {
        if case .bool(false) = value { return .disabled }
        if case .string("never") = value { return .disabled }
        let seconds = try value.number(key, in: 0...86_400)
        return seconds == 0 ? .disabled : .value(seconds)
    }

    /// "none", a radius, or "RADIUS[:#COLOUR[:DX,DY]]".
    static func shadow(_ value: SettingValue, key: String) throws -> Setting<Shadow> {
        if case .string("none") = value { return .disabled }
        if value.typeName != "a string" { return .value(Shadow(radius: try value.number(key, in: 0...Shadow.maximumRadius))) }
        let parts = try value.string(key).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 3 else { throw SettingError(key, "expected none or RADIUS[:#COLOUR[:DX,DY]]") }
        var shadow = Shadow(radius: try SettingValue.string(parts[0]).parsedNumber(key, in: 0...Shadow.maximumRadius))
        if parts.count > 1 { shadow.color = try ViewSettingNames.color(parts[1], key: key) }
        if parts.count > 2 {
            let offset = try parts[2].split(separator: ",").map { try SettingValue.string(String($0)).parsedNumber(key, in: -Shadow.maximumOffset...Shadow.maximumOffset) }
            guard offset.count == 2 else { throw SettingError(key, "shadow offset is DX,DY") }
            shadow.offset = Point(x: offset[0], y: offset[1])
        }
        return .value(shadow)
    }

    /// The settings `c` sets that a horizontal or vertical container takes from itself only:
    /// it lays its views out as one group, with one alignment, background, shadow and
    /// tap-to-dismiss (`ResolvedViewConfiguration`).
    public static func groupKeys(setIn c: ViewConfiguration) -> [String] {
        [("alignment", c.alignment != nil), ("background", c.background != nil), ("shadow", c.shadow != nil),
         ("tap-to-dismiss", c.tapToDismiss != nil)].filter(\.1).map(\.0)
    }

    /// The explicit settings of `c` as text, for `list --json` (nil fields are left out).
    public static func describe(_ c: ViewConfiguration) -> [String: String] {
        var out: [String: String] = [:]
        if let a = c.alignment { out["alignment"] = ViewSettingNames.name(of: a) }
        switch c.background {
        case .disabled: out["background"] = "none"
        case .value(.color(let color)): out["background"] = ViewSettingNames.hex(color)
        case .value(.blur(let m)): out["background"] = "blur:" + (materials.first { $0.1 == m }?.0 ?? "regular")
        case .value(let other): out["background"] = "\(other)"
        case nil: break
        }
        switch c.toastMaterial {
        case .disabled: out["toast-material"] = "none"
        case .value(let m): out["toast-material"] = materials.first { $0.1 == m }?.0 ?? "regular"
        case nil: break
        }
        switch c.shadow {
        case .disabled: out["shadow"] = "none"
        case .value(let s):
            out["shadow"] = "\(SettingValue.format(s.radius)):\(ViewSettingNames.hex(s.color)):\(SettingValue.format(s.offset.x)),\(SettingValue.format(s.offset.y))"
        case nil: break
        }
        switch c.dismissGesture {
        case .disabled: out["gesture"] = "none"
        case .value(let g): out["gesture"] = ViewSettingNames.name(of: g)
        case nil: break
        }
        if let t = c.tapToDismiss { out["tap-to-dismiss"] = String(t) }
        if let t = c.transition { out["transition"] = ViewSettingNames.name(of: t) }
        if let a = c.animation { out["animation"] = ViewSettingNames.name(of: a) }
        switch c.autoDismiss {
        case .disabled: out["auto-dismiss"] = "never"
        case .value(let s): out["auto-dismiss"] = SettingValue.format(s)
        case nil: break
        }
        if let a = c.appearAction { out["appear-action"] = a }
        if let a = c.disappearAction { out["disappear-action"] = a }
        if let p = c.priority { out["priority"] = ViewSettingNames.priorities.first { $0.1 == p }!.0 }
        for (key, trigger) in ViewSettingNames.triggerKeys {
            if let b = c.pointerBindings[trigger] { out[key] = ViewSettingNames.name(of: b) }
        }
        return out
    }
}
