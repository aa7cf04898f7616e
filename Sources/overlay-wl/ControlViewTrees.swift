import DBusService
import OverlayConfig
import OverlayEngine
import WaylandPresenter

/// The control methods for view trees (docs/VIEWS.md): `ShowView(s container, s json, a{sv}
/// settings) → u`, `UpdateView(u id, s json)`, and the `ViewAction(u id, s action, v value)`
/// signal. A tree's view is a `ControlView` in the registry, under the engine's one allocator.
extension ControlFrontend {
    static let viewTreeMethods: [BusMethod] = [
        BusMethod("ShowView", input: "ssa{sv}", output: "u", inputNames: ["container", "json", "settings"], outputNames: ["id"]),
        BusMethod("UpdateView", input: "us", inputNames: ["id", "json"]),
        BusMethod("ShowLevel", input: "sddsb", output: "u", inputNames: ["label", "value", "maximum", "icon", "muted"],
                  outputNames: ["id"]),
        BusMethod("ShowMessage", input: "ss", output: "u", inputNames: ["label", "icon"], outputNames: ["id"]),
    ]
    static let viewActionSignal = BusSignal("ViewAction", signature: "usv", argumentNames: ["id", "action", "value"])

    /// Settings of `ShowView`: how the view sits and moves, not what it shows; `tag` replaces
    /// the tree shown in the container under the same tag (an OSD's next value).
    static let viewTreeSettingKeys = ["id", "animated", "tag"] + ViewSettings.keys
    /// Longest tag, in UTF-8 bytes.
    static let maximumTagLength = 256

    func showView(container: String, json: String, settings: BusValue) throws -> UInt32 {
        let node = try Self.viewTree(json, method: "ShowView")
        let (request, tag) = try Self.viewTreeSettings(settings, container: container)
        return try show(node, in: container, request: request, tag: tag)
    }

    /// The longest OSD label and icon name `ShowLevel` takes, in UTF-8 bytes.
    static let maximumLevelText = 1024

    /// `ShowLevel`: the on-screen display `overlay-wl osd` shows (`OSD.view`), built here from its
    /// values instead of read from JSON, in the `osd` container under the tag `osd`.
    func showLevel(label: String, value: Double, maximum: Double, icon: String, muted: Bool) throws -> UInt32 {
        guard maximum > 0, maximum.isFinite, value.isFinite else {
            throw BusMethodError.invalidArgs("ShowLevel: value and maximum must be finite, maximum above 0")
        }
        guard label.utf8.count <= Self.maximumLevelText, icon.utf8.count <= Self.maximumLevelText else {
            throw BusMethodError.invalidArgs("ShowLevel: label and icon: at most \(Self.maximumLevelText) bytes each")
        }
        let icon = osdIcon(icon)
        let palette = OSD.Palette(screen.style)  // the theme's in force
        let look = OSD.Look(label: label, hasIcon: icon != nil, muted: muted, palette: palette)
        if let id = tagged(OSD.tag, in: OSD.containerName), case .control(let shown)? = registry[id]?.kind, shown.level == look {
            // The display shows this look: its icon, bar and percentage change in place.
            let changes = OSD.changes(value: value, maximum: maximum, icon: icon, muted: muted, palette: palette)
            do {
                if try screen.show(changing: changes, of: id, in: OSD.containerName, configuration: Self.levelRequest.view,
                                   animated: Self.levelRequest.animated) { return id.busID }
            } catch {
                throw Self.error("Failed", "cannot show in '\(OSD.containerName)': \(error)")
            }
        }
        let node = OSD.view(label: label, value: value, maximum: maximum, icon: icon, muted: muted, palette: palette)
        return try show(node, in: OSD.containerName, request: Self.levelRequest, tag: OSD.tag, level: look)
    }

    /// `ShowMessage`: the on-screen display `overlay-wl osd --label TEXT` shows, an icon and a label
    /// without a level (`OSD.message`), in place of the level or message shown under the tag `osd`.
    func showMessage(label: String, icon: String) throws -> UInt32 {
        guard !label.isEmpty, label.utf8.count <= Self.maximumLevelText, icon.utf8.count <= Self.maximumLevelText else {
            throw BusMethodError.invalidArgs("ShowMessage: label: 1…\(Self.maximumLevelText) bytes, icon: at most \(Self.maximumLevelText)")
        }
        let node = OSD.message(label: label, icon: osdIcon(icon), palette: OSD.Palette(screen.style))
        return try show(node, in: OSD.containerName, request: Self.levelRequest, tag: OSD.tag)
    }

    /// An OSD's icon, nil for none: one the theme does not have is left out (reported once), not
    /// drawn as a gap.
    private func osdIcon(_ name: String) -> String? {
        name.isEmpty || !screen.themedIconLoads(name, side: OSD.iconSide) ? nil : name
    }

    /// What every `ShowLevel` and `ShowMessage` asks: the `osd` container, its own settings.
    private static let levelRequest = ShowRequest(container: OSD.containerName)

    /// The settings of `ShowView`: the show request and the tag.
    private static func viewTreeSettings(_ settings: BusValue, container: String) throws -> (ShowRequest, String?) {
        guard case .dict(let entries, "s", _) = settings.unwrapped else { throw BusMethodError.invalidArgs("ShowView: settings: expected a{sv}") }
        var pairs: [(String, SettingValue)] = [("container", .string(container))]
        var tag: String?
        for entry in entries {
            guard case .string(let key) = entry.key else { continue }
            if key == "tag" {
                guard let text = entry.value.stringValue, !text.isEmpty, text.utf8.count <= Self.maximumTagLength else {
                    throw BusMethodError.invalidArgs("ShowView: tag: expected a string of 1…\(Self.maximumTagLength) bytes")
                }
                tag = text
                continue
            }
            guard Self.viewTreeSettingKeys.contains(key) else {
                throw BusMethodError.invalidArgs("ShowView: \(key): unknown setting (known: \(Self.viewTreeSettingKeys.joined(separator: ", ")))")
            }
            guard let value = ShowRequest.setting(entry.value) else {
                throw BusMethodError.invalidArgs("ShowView: \(key): unsupported D-Bus type '\(entry.value.unwrapped.signature)'")
            }
            pairs.append((key, value))
        }
        do { return (try ShowRequest(settings: pairs), tag) } catch { throw BusMethodError.invalidArgs("ShowView: \(error)") }
    }

    /// Shows `node` in `container` (under `request.id`, else in place of the tree shown under
    /// `tag`, else under a new id).
    private func show(_ node: ViewNode, in container: String, request: ShowRequest, tag: String?,
                      level: OSD.Look? = nil) throws -> UInt32 {
        try requireContainers([container])
        try requireOwnSettingsFit(request.view, in: container, method: "ShowView")
        if let id = request.id, registry[ViewID(id)] != nil, viewTree(id) == nil {
            throw BusMethodError.invalidArgs("ShowView: id \(id) is not a view tree")
        }
        let id = request.id.map { ViewID($0) } ?? tag.flatMap { tagged($0, in: container) } ?? screen.newID()
        do {
            try screen.show(node, id: id, in: container, configuration: request.view, animated: request.animated)
        } catch {
            throw Self.error("Failed", "cannot show in '\(container)': \(error)")
        }
        registry.insert(ControlView(container: container, actions: [], tag: tag, level: level), id: id)
        return id.busID
    }

    /// The view tree shown (or waiting) in `container` under `tag`.
    private func tagged(_ tag: String, in container: String) -> ViewID? {
        guard let id = registry.control(taggedWith: tag, in: container), screen.containerName(of: id) == container,
              screen.showsTree(id) else { return nil }
        return id
    }

    func updateView(_ id: UInt32, json: String) throws {
        let node = try Self.viewTree(json, method: "UpdateView")
        guard viewTree(id) != nil, screen.update(ViewID(id), to: node) else {
            if registry[ViewID(id)] != nil {
                throw Self.error("UnknownView", "view \(id) is not a view tree (a notification or a toast: only a tree shown by show --view can be updated)")
            }
            throw Self.error("UnknownView", "no view tree \(id) is showing or waiting")
        }
        registry.update(ViewID(id)) { record in  // no longer a level's display as ShowLevel made it
            if case .control(var view) = record.kind, view.level != nil {
                view.level = nil
                record.kind = .control(view)
            }
        }
    }

    /// The tree view `id` shows, if it shows one.
    func viewTree(_ id: UInt32) -> ViewNode? { screen.viewTree(of: ViewID(id)) }

    private static func viewTree(_ json: String, method: String) throws -> ViewNode {
        do { return try ViewNode(json: json) } catch { throw BusMethodError.invalidArgs("\(method): \(error)") }
    }

    /// A control of the view acted: ViewAction.
    func viewAction(_ id: ViewID, _ action: ViewAction) {
        signals.emit(.viewAction(id: id.busID, action: action.action, value: action.value))
    }
}

extension ViewActionValue {
    /// The signal's variant: a boolean, a double, a string; "" for a button.
    var busValue: BusValue {
        switch self {
        case .none: .variant(.string(""))
        case .bool(let b): .variant(.bool(b))
        case .number(let n): .variant(.double(n))
        case .text(let s): .variant(.string(s))
        }
    }
}
