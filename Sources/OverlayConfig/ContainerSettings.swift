import OverlayEngine

/// The keys of a `[containers.NAME]` table (engine settings, placement, view defaults).
public enum ContainerSettings {
    public static let engineKeys = ["display", "queue", "delay-for-showing-next", "maximum-visible", "overflow",
                                    "maximum-hidden", "maximum-pinned", "maximum-waiting", "swap-delay", "spacing", "expire-while-waiting", "insets", "clipped",
                                    "ignores-safe-area", "display-order", "debounce"]
    public static let placementKeys = ["output", "layer", "anchor", "margins", "width", "height"]
    /// How the container's toasts look beyond the view settings.
    public static let lookKeys = ["close-button", "follow", "accent", "overflow-indicator", "indicator-background",
                                  "indicator-color"]

    public static let displayTypes: [(String, DisplayType)] = [("stacking", .stacking), ("horizontal", .horizontal), ("vertical", .vertical)]
    public static let queueTypes: [(String, QueueType)] = [("multiple", .multiple), ("one-by-one", .oneByOne), ("one-by-one-wait-finish", .oneByOneWaitFinish)]
    public static let displayOrders: [(String, DisplayOrder)] = [("newest-on-top", .newestOnTop), ("oldest-on-top", .oldestOnTop)]
    public static let overflows: [(String, Overflow)] = [("oldest", .oldest), ("newest", .newest)]

    /// Builds a container from its table's settings (display and queue first: they are fixed),
    /// over `base` (a built-in container's settings) or else the defaults.
    public static func container(named name: String, settings: [(String, SettingValue)],
                                 base: ContainerSpec? = nil) throws -> ContainerSpec {
        let lookup = Dictionary(settings, uniquingKeysWith: { a, _ in a })
        let display = try lookup["display"].map { try pick($0, displayTypes, key: "display") }
            ?? base?.configuration.displayType ?? .vertical
        let queue = try lookup["queue"].map { try pick($0, queueTypes, key: "queue") } ?? base?.configuration.queueType ?? .multiple
        let drawer = try DrawerSettings.drawer(lookup)
        var configuration = base?.configuration ?? ContainerConfiguration(name: name, displayType: display, queueType: queue)
        configuration.displayType = display
        configuration.queueType = queue
        var spec = ContainerSpec(configuration: configuration,
                                 placement: drawer == nil ? base?.placement ?? SurfacePlacement() : DrawerSettings.placement)
        spec.drawer = drawer
        spec.drawerView = try DrawerSettings.viewFile(lookup)
        for (key, value) in settings where key != "display" && key != "queue" && !DrawerSettings.keys.contains(key) {
            if try ViewSettings.apply(key, value, to: &spec.configuration.defaults) { continue }
            if try GroupBy.apply(key, value, to: &spec) { continue }
            if key == "close-button" {
                spec.closeButton = try value.bool(key)
                continue
            }
            if key == "overflow-indicator" {
                spec.overflowIndicator = try value.bool(key)
                continue
            }
            if ["accent", "indicator-background", "indicator-color"].contains(key) {
                let text = try value.string(key)
                guard let color = Color(hex: text) else { throw SettingError(key, "expected #RRGGBB or #RRGGBBAA, not '\(text)'") }
                switch key {
                case "accent": spec.accent = color
                case "indicator-background": spec.indicatorBackground = color
                default: spec.indicatorColor = color
                }
                continue
            }
            if key == "follow" {
                spec.followsFocus = try pick(value, [("focus", true), ("none", false)], key: key)
                continue
            }
            if placementKeys.contains(key) {
                try applyPlacement(key, value, to: &spec.placement)
                continue
            }
            try applyEngine(key, value, to: &spec.configuration)
        }
        try validate(spec.placement)
        return spec
    }

    static func pick<T>(_ value: SettingValue, _ table: [(String, T)], key: String) throws -> T {
        let text = try value.string(key)
        guard let found = table.first(where: { $0.0 == text }) else {
            throw SettingError(key, "unknown value '\(text)' (one of \(table.map(\.0).joined(separator: ", ")))")
        }
        return found.1
    }

    static func applyEngine(_ key: String, _ value: SettingValue, to c: inout ContainerConfiguration) throws {
        switch key {
        case "delay-for-showing-next": c.delayForShowingNext = try value.number(key, in: 0...60)
        case "maximum-visible":
            if case .string("unlimited") = value { c.maximumVisible = nil } else {
                c.maximumVisible = try value.integer(key, in: 1...10_000)
            }
        case "overflow": c.overflow = try pick(value, overflows, key: key)
        case "maximum-hidden": c.maximumHidden = try value.integer(key, in: 0...100_000)
        case "maximum-pinned": c.maximumPinned = try value.integer(key, in: 1...10_000)
        case "maximum-waiting": c.maximumWaiting = try value.integer(key, in: 0...100_000)
        case "swap-delay": c.swapDelay = try value.number(key, in: 0...10)
        case "expire-while-waiting": c.expiresWhileWaiting = try value.bool(key)
        case "spacing": c.spacing = try value.number(key, in: -1000...1000)
        case "insets": c.insets = try insets(value, key: key)
        case "clipped": c.clipped = try value.bool(key)
        case "ignores-safe-area":
            switch value {
            case .string("none"): c.ignoresSafeArea = .none
            case .string("all"): c.ignoresSafeArea = .all
            default: c.ignoresSafeArea = .edges(Set(try value.strings(key).map { try ViewSettingNames.edge($0, key: key) }))
            }
        case "display-order": c.displayOrder = try pick(value, displayOrders, key: key)
        case "debounce":
            let seconds = try value.number(key, in: 0...60)
            c.queueControl = seconds == 0 ? .none : .debounce(seconds)
        default:
            throw SettingError(key, "unknown container key (see docs/CONFIG.md)")
        }
    }

    /// A number for all four, or [top, leading, bottom, trailing].
    static func insets(_ value: SettingValue, key: String) throws -> EdgeInsets {
        if case .array(let items) = value {
            guard items.count == 4 else { throw SettingError(key, "expected 4 numbers [top, leading, bottom, trailing]") }
            let v = try items.map { try $0.number(key, in: 0...10_000) }
            return EdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
        }
        return EdgeInsets(all: try value.number(key, in: 0...10_000))
    }

    static func applyPlacement(_ key: String, _ value: SettingValue, to p: inout SurfacePlacement) throws {
        switch key {
        case "output":
            let text = try value.string(key)
            guard !text.isEmpty else { throw SettingError(key, "empty output name") }
            p.output = text == "focused" ? .focused : text == "all" ? .all : .named(text)
        case "layer":
            let text = try value.string(key)
            guard let layer = SurfacePlacement.Layer(rawValue: text) else {
                throw SettingError(key, "unknown layer '\(text)' (background, bottom, top, overlay)")
            }
            p.layer = layer
        case "anchor":
            var anchor = SurfacePlacement.Anchor()
            for edge in try value.strings(key) {
                switch edge {
                case "top": anchor.insert(.top)
                case "bottom": anchor.insert(.bottom)
                case "left": anchor.insert(.left)
                case "right": anchor.insert(.right)
                default: throw SettingError(key, "unknown anchor '\(edge)' (top, bottom, left, right)")
                }
            }
            p.anchor = anchor
        case "margins":
            if case .array(let items) = value {
                guard items.count == 4 else { throw SettingError(key, "expected 4 integers [top, right, bottom, left]") }
                p.margins = SurfacePlacement.Margins(try items.map { Int32(try $0.integer(key, in: -10_000...10_000)) })
            } else {
                p.margins = SurfacePlacement.Margins(Array(repeating: Int32(try value.integer(key, in: -10_000...10_000)), count: 4))
            }
        case "width": p.width = UInt32(try value.integer(key, in: 0...20_000))
        case "height": p.height = UInt32(try value.integer(key, in: 0...20_000))
        default: break
        }
    }

    /// Layer-shell needs a size, or anchors on both opposite edges to stretch between.
    static func validate(_ p: SurfacePlacement) throws {
        if p.width == 0 && !p.anchor.isSuperset(of: [.left, .right]) {
            throw SettingError("width", "width 0 needs anchor on both left and right (it stretches between them): give a width, "
                + "or anchor both and place the views with alignment")
        }
        if p.height == 0 && !p.anchor.isSuperset(of: [.top, .bottom]) {
            throw SettingError("height", "height 0 needs anchor on both top and bottom (it stretches between them): give a height, "
                + "or anchor both and place the views with alignment (a column in the bottom-right corner: "
                + "anchor = [\"top\", \"right\", \"bottom\"], alignment = \"bottom-trailing\")")
        }
    }
}
