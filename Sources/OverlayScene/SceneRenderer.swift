import OverlayEngine
import OverlayRenderer

/// Runs a scene's timeline through the real `OverlayManager` and draws it with the daemon's
/// `RenderListPainter` — the same code path as a layer surface, minus Wayland.
public final class SceneRenderer {
    public let scene: SceneFile
    /// Directory relative icon paths are resolved against.
    public let baseDirectory: String
    public let painter = RenderListPainter()
    private var containers: [(name: String, frame: Rect?)] = []
    private var registered: [ContainerConfiguration] = []
    private var views: [(id: ViewID, spec: ViewSpec, content: ToastContent, style: ToastStyle, config: ViewConfiguration,
                         tip: SceneTip?, tree: LaidOutView?)] = []

    /// Validates the whole scene up front (every value parsed, every container known). Toasts
    /// are drawn through their `template`, `default` when they name none.
    public init(scene: SceneFile, baseDirectory: String = ".") throws {
        try Self.checkPictureFields(of: scene)
        self.scene = scene
        self.baseDirectory = baseDirectory
        painter.blurSource = .canvas  // the wallpaper is on the canvas: frosted backdrops blur it
        if scene.iconTheme != nil || scene.iconPaths != nil {
            let extra = (scene.iconPaths ?? []).map { $0.hasPrefix("/") ? $0 : baseDirectory + "/" + $0 }
            painter.trees.iconTheme = IconTheme(name: scene.iconTheme ?? "hicolor", searchPaths: extra + IconTheme.defaultSearchPaths())
        }
        for spec in scene.containers {
            registered.append(try Self.container(spec))
            containers.append((spec.name, try spec.frame.map { try Self.rect($0, field: "frame") }))
        }
        for (index, spec) in scene.views.enumerated() {
            guard containers.contains(where: { $0.name == spec.container }) else {
                throw SceneError.unknownContainer(spec.container)
            }
            var content = ToastContent(summary: spec.summary ?? "", body: spec.body ?? "", appName: spec.appName ?? "scene",
                                       progress: spec.progress,
                                       actions: (spec.actions ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil },
                                       icon: icon(spec.icon))
            if let emphasis = spec.emphasis {
                guard let value = ToastEmphasis(rawValue: emphasis) else { throw SceneError.badValue(field: "emphasis", value: emphasis) }
                content.emphasis = value
            }
            var config = try SceneValues.configuration(spec.settings)
            config.groupKey = spec.group
            if case .value(.custom(let name))? = config.background, !name.hasPrefix("pattern:"), !name.hasPrefix("/") {
                config.background = .value(.custom(baseDirectory + "/" + name))  // image relative to the scene
            }
            let tip = try spec.tip.map { try SceneTip($0, summary: spec.summary, body: spec.body) }
            let style = try SceneValues.style(spec.style, base: .standard)
            var tree = try spec.view.map { json in
                do {
                    let node = try ViewNode(jsonValue: json.value).resolvingImageFiles(relativeTo: baseDirectory)
                    return painter.trees.layout(node)
                } catch { throw SceneError.badValue(field: "views[\(index)].view", value: "\(error)") }
            }
            if tree == nil, tip == nil {
                let template = try spec.template.map(Self.template) ?? BuiltInTemplates.standard
                let toast = TemplatedToast(template: template, content: content, image: icon(spec.image))
                // The card in the view's material, else its container's.
                let defaults = registered.first { $0.name == spec.container }?.defaults
                var material: BlurMaterial?
                if case .value(let m)? = config.toastMaterial ?? defaults?.toastMaterial { material = m }
                do { tree = try painter.trees.layoutTemplate(toast, style: style.withMaterial(material)) } catch {
                    throw SceneError.badValue(field: "views[\(index)].template", value: "\(error)")
                }
            }
            views.append((ViewID(UInt64(index + 1)), spec, content, style, config, tip, tree))
        }
    }

    public convenience init(path: String) throws {
        let scene = try SceneFile.load(path: path)
        let dir = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        try self.init(scene: scene, baseDirectory: dir.isEmpty ? "." : dir)
    }

    /// A built-in template by name.
    static func template(_ name: String) throws -> NotificationTemplate {
        guard let template = BuiltInTemplates.template(named: name) else {
            throw SceneError.badValue(field: "template", value: name + " (built in: " + BuiltInTemplates.names.joined(separator: ", ") + ")")
        }
        return template
    }

    /// Logical size: the scene's, else 480×240.
    public var defaultSize: Size {
        guard let s = scene.size, s.count == 2 else { return Size(width: 480, height: 240) }
        return Size(width: s[0], height: s[1])
    }

    /// Draws the scene at time `t` onto `canvas` (whose logical size is the picture's).
    public func draw(at t: Double, on canvas: Canvas) throws {
        let whole = Rect(x: 0, y: 0, width: canvas.logicalWidth, height: canvas.logicalHeight)
        Wallpaper.paint(scene.wallpaper ?? "desktop", on: canvas, baseDirectory: baseDirectory)
        let manager = try timeline(until: t, picture: whole.size)
        for view in views { view.tip?.drawMarker(on: canvas) }
        for (name, frame) in containers {
            let rect = frame ?? whole
            let list = manager.renderList(for: name, size: rect.size, now: t)
            painter.paint(list, container: rect, on: canvas) { id in
                if let header = list.items.first(where: { $0.id == id })?.groupHeader {
                    let top = views.first { $0.id == header.top }
                    return GroupHeaderView.painted(header, top: top?.content, toastStyle: top?.style ?? .standard,
                                                   height: manager.container(name)?.groupHeaderHeight ?? 28, trees: painter.trees)
                }
                guard let view = views.first(where: { $0.id == id }) else { return nil }
                let configuration = manager.resolvedConfiguration(of: id)
                if let tip = view.tip, let placement = tipPlacement(of: view.spec, tip, picture: whole.size) {
                    return PaintedView(tree: painter.trees.layoutTip(tip.content, style: tip.style, placement: placement.inOwnFrame),
                                       configuration: configuration)
                }
                guard let tree = view.tree else { return nil }
                return PaintedView(tree: tree, configuration: configuration, shadow: view.style.shadow)
            }
        }
    }

    /// Where the tip of view `index` (in the scene's `views`) goes, in picture coordinates; nil
    /// when that view is not a tip.
    public func tipPlacement(ofView index: Int, picture: Size? = nil) -> TipPlacement? {
        guard views.indices.contains(index), let tip = views[index].tip else { return nil }
        return tipPlacement(of: views[index].spec, tip, picture: picture ?? defaultSize)
    }

    private func tipPlacement(of spec: ViewSpec, _ tip: SceneTip, picture: Size) -> TipPlacement? {
        guard let container = containers.first(where: { $0.name == spec.container }) else { return nil }
        let frame = container.frame ?? Rect(origin: .zero, size: picture)
        return tip.placement(in: frame, measuredBy: painter.trees)
    }

    /// One frame as a new canvas, `size` logical points at `scale`.
    public func render(at t: Double, size: Size? = nil, scale: Double = 1) throws -> Canvas {
        let size = size ?? defaultSize
        try Self.checkPicture(width: size.width, height: size.height, scale: scale)
        try Self.checkTime(t)
        let canvas = Canvas(pixelWidth: Int((size.width * scale).rounded()), pixelHeight: Int((size.height * scale).rounded()),
                            scale: scale)
        try draw(at: t, on: canvas)
        return canvas
    }

    /// `frames` evenly spaced times over the scene's span (inclusive), as a contact sheet of at
    /// most 4 columns, each tile labelled with its time.
    public func contactSheet(frames: Int, size: Size? = nil, scale: Double = 1) throws -> Canvas {
        let size = size ?? defaultSize
        let n = max(1, frames)
        let span = scene.span.flatMap { $0.count == 2 ? ($0[0], $0[1]) : nil } ?? (0, 1)
        let columns = min(n, 4), rows = (n + columns - 1) / columns
        let label = 18.0
        let tile = Size(width: size.width, height: size.height + label)
        try Self.checkPicture(width: tile.width * Double(columns), height: tile.height * Double(rows), scale: scale)
        try Self.checkTime(span.0)
        try Self.checkTime(span.1)
        let sheet = Canvas(pixelWidth: Int((tile.width * Double(columns) * scale).rounded()),
                           pixelHeight: Int((tile.height * Double(rows) * scale).rounded()), scale: scale)
        sheet.fill(Color(hex: 0xFFFFFF))
        for i in 0..<n {
            let t = n == 1 ? span.0 : span.0 + (span.1 - span.0) * Double(i) / Double(n - 1)
            let frame = try render(at: t, size: size, scale: scale)
            let x = Double(i % columns) * tile.width, y = Double(i / columns) * tile.height
            sheet.draw(frame, x: x, y: y + label)
            sheet.label("t = \(Self.milliseconds(t)) s", x: x + 6, y: y + 2)
        }
        return sheet
    }

    /// A fresh manager with the containers registered and every show/dismiss up to `t` applied
    /// in time order, advanced to `t`.
    func timeline(until t: Double, picture: Size? = nil) throws -> OverlayManager {
        var manager = OverlayManager()
        for config in registered { try manager.register(config, now: 0) }
        var events: [(time: Double, order: Int, apply: (inout OverlayManager, Double) throws -> Void)] = []
        for (index, view) in views.enumerated() {
            events.append((view.spec.at ?? 0, 2 * index, { manager, now in
                if let tip = view.tip {  // like OverlayPresenter.showTip: the frame at the placement's
                    guard let placement = self.tipPlacement(of: view.spec, tip, picture: picture ?? self.defaultSize),
                          let container = self.containers.first(where: { $0.name == view.spec.container }) else { return }
                    var config = view.config
                    config.position = placement.frame.origin - (container.frame?.origin ?? .zero)
                    try manager.show(view.id, in: view.spec.container, configuration: config,
                                     size: placement.frame.size, now: now)
                    return
                }
                try manager.show(view.id, in: view.spec.container, configuration: view.config, size: view.tree?.size ?? .zero, now: now)
            }))
            if let end = view.spec.dismissAt {
                events.append((end, 2 * index + 1, { manager, now in manager.dismiss(view.id, now: now) }))
            }
        }
        for event in events.sorted(by: { ($0.time, $0.order) < ($1.time, $1.order) }) where event.time <= t {
            manager.advance(to: event.time)
            try event.apply(&manager, event.time)
        }
        manager.advance(to: t)
        _ = manager.drainEffects()
        return manager
    }

    private func icon(_ spec: IconSpec?) -> ImageSource? {
        guard let spec else { return nil }
        if let file = spec.file { return .file(file.hasPrefix("/") ? file : baseDirectory + "/" + file) }
        if let name = spec.themed { return .themed(name) }
        if let raw = spec.raw { return .raw(SceneValues.rawImage(raw)) }
        return nil
    }

    static func rect(_ values: [Double], field: String) throws -> Rect {
        guard values.count == 4 else { throw SceneError.badValue(field: field, value: "\(values)") }
        let v = try values.map { try bounded($0, field) }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    static func container(_ spec: ContainerSpec) throws -> ContainerConfiguration {
        let display: DisplayType = switch spec.displayType ?? "vertical" {
        case "stacking": .stacking
        case "horizontal": .horizontal
        case "vertical": .vertical
        case let other: throw SceneError.badValue(field: "displayType", value: other)
        }
        let queue: QueueType = switch spec.queueType ?? "multiple" {
        case "multiple": .multiple
        case "oneByOne": .oneByOne
        case "oneByOneWaitFinish": .oneByOneWaitFinish
        case let other: throw SceneError.badValue(field: "queueType", value: other)
        }
        var config = ContainerConfiguration(name: spec.name, displayType: display, queueType: queue)
        if let v = spec.spacing { config.spacing = try Self.bounded(v, "spacing") }
        if let v = try spec.insets?.map({ try Self.bounded($0, "insets") }) {
            switch v.count {
            case 1: config.insets = EdgeInsets(all: v[0])
            case 4: config.insets = EdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
            default: throw SceneError.badValue(field: "insets", value: "\(v)")
            }
        }
        config.maximumVisible = spec.maximumVisible
        if let v = spec.delayForShowingNext { config.delayForShowingNext = try Self.bounded(v, "delayForShowingNext") }
        if let v = spec.clipped { config.clipped = v }
        config.groupThreshold = spec.groupThreshold
        if spec.displayOrder == "oldestOnTop" { config.displayOrder = .oldestOnTop }
        config.defaults = try SceneValues.configuration(spec.defaults)
        return config
    }

    /// Seconds with three decimals ("0.350"), without Foundation's String(format:).
    static func milliseconds(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        let fraction = String(abs(ms) % 1000)
        return "\(ms < 0 ? "-" : "")\(abs(ms) / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
