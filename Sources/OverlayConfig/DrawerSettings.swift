import OverlayEngine

/// The drawer keys of a `[containers.NAME]` table: `drawer = EDGE` makes the container a drawer.
public enum DrawerSettings {
    public static let keys = ["drawer", "notches", "notch", "drawer-backdrop", "drawer-color", "view"]
    public static let defaultNotches = [Notch(.points(0)), Notch(.points(360))]

    /// Nil when the table has no `drawer` key; the other drawer keys need it.
    static func drawer(_ lookup: [String: SettingValue]) throws -> DrawerConfiguration? {
        guard let edgeValue = lookup["drawer"] else {
            if let stray = keys.first(where: { lookup[$0] != nil }) {
                throw SettingError(stray, "only for drawers: add drawer = \"left\" (or top, bottom, right)")
            }
            return nil
        }
        let edge = try ContainerSettings.pick(edgeValue, DrawerEdge.allCases.map { ($0.rawValue, $0) }, key: "drawer")
        var drawer = DrawerConfiguration(edge: edge, notches: defaultNotches)
        if let value = lookup["notches"] {
            guard case .array(let items) = value, (1...16).contains(items.count) else {
                throw SettingError("notches", "expected an array of 1 to 16 notches (points, or \"40%\")")
            }
            drawer.notches = try items.map(notch)
        }
        if let value = lookup["notch"] {
            drawer.initialNotch = try value.integer("notch", in: 0...(drawer.notches.count - 1))
        }
        if let value = lookup["drawer-backdrop"] { drawer.backdropOpacity = try value.number("drawer-backdrop", in: 0...1) }
        if let value = lookup["drawer-color"] {
            drawer.panelColor = try ViewSettingNames.color(try value.string("drawer-color"), key: "drawer-color")
        }
        return drawer
    }

    /// `view = "menu.json"`: a view tree file shown in the drawer's panel (relative to the config
    /// file's folder; the daemon reads it).
    static func viewFile(_ lookup: [String: SettingValue]) throws -> String? {
        guard let value = lookup["view"] else { return nil }
        let path = try value.string("view")
        guard !path.isEmpty, path.utf8.count <= 4096, !path.utf8.contains(0) else {
            throw SettingError("view", "expected the path of a view tree JSON file (1…4096 bytes)")
        }
        return path
    }

    /// Points (0…20000), or a percentage of the surface's extent along the drawer's axis.
    static func notch(_ value: SettingValue) throws -> Notch {
        if case .string(let text) = value {
            guard text.hasSuffix("%"), let percent = Double(text.dropLast()), (0...100).contains(percent) else {
                throw SettingError("notches", "'\(text)' is not a notch (points, or a percentage like \"40%\")")
            }
            return Notch(.fraction(percent / 100))
        }
        return Notch(.points(try value.number("notches", in: 0...20_000)))
    }

    /// A drawer's surface covers its whole output: the panel slides in over a backdrop. It is on
    /// the `top` layer, so notifications and tips (`overlay`) show above its backdrop.
    public static var placement: SurfacePlacement {
        var p = SurfacePlacement()
        p.layer = .top
        p.anchor = SurfacePlacement.Anchor(top: true, bottom: true, left: true, right: true)
        p.margins = [0, 0, 0, 0]
        p.width = 0
        p.height = 0
        return p
    }
}
