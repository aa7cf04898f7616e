import OverlayConfig
import OverlayEngine
import OverlayRenderer
import SwayIPC
import WaylandPresenter

/// Help tips: callouts pointing at a point, a rectangle or a sway window. Each output has its own
/// `tips@NAME` container (plain `tips` when the output is unknown) whose layer surface covers the
/// output; its input region is only the visible bubbles. `tour` containers are the same but show
/// one tip at a time, the next when the current is dismissed (oneByOneWaitFinish). Window tips
/// follow sway's window events and are dismissed (reason `.user`, "dismissed") when their window closes.
final class TipsFrontend {
    static let containerName = "tips"
    static let tourName = "tour"
    private let screen: OverlayPresenter
    private let registry: ViewRegistry
    var style = CalloutStyle()
    /// Sway's window events: a poll-loop source, connected only while window tips exist.
    let events = SwayEventSource()
    private var sway: SwayClient?
    /// `$SWAYSOCK` override (tests); nil reads the environment.
    var socketPath: String?
    /// "Don't show again" keys the user dismissed.
    let seen = SeenTips()

    init(screen: OverlayPresenter, registry: ViewRegistry) throws {
        self.screen = screen
        self.registry = registry
        try screen.register(Self.container(Self.containerName), placement: Self.placement(.focused))
        try screen.register(Self.container(Self.tourName), placement: Self.placement(.focused))
        events.onEvents = { [unowned self] _ in self.windowsChanged() }
        events.onClosed = { [unowned self] in self.sway = nil }
    }

    /// `tips` or `tour`, with or without `@OUTPUT`.
    static func isTipsContainer(_ name: String) -> Bool { [containerName, tourName].contains(base(of: name)) }
    static func base(of name: String) -> String { String(name.split(separator: "@", maxSplits: 1).first ?? "") }

    static func container(_ name: String) -> ContainerConfiguration {
        let queue: QueueType = base(of: name) == tourName ? .oneByOneWaitFinish : .multiple
        var container = ContainerConfiguration(name: name, displayType: .stacking, queueType: queue)
        container.delayForShowingNext = 0.2
        container.defaults.transition = .opacity
        container.defaults.animation = .easeOut(duration: 0.15)
        container.defaults.dismissGesture = .value(.tap)
        return container
    }

    /// The whole output, over panels too (exclusive zone -1): tips may point at a bar.
    static func placement(_ output: SurfacePlacement.Output) -> SurfacePlacement {
        SurfacePlacement(layer: .overlay, anchor: [.top, .bottom, .left, .right], width: 0, height: 0, output: output,
                         exclusiveZone: -1)
    }

    /// A tip's view was dismissed: the user closed it (tap, dismiss, action), so its key is
    /// remembered; not when its window went.
    func dismissed(_ tip: TipRecord, reason: DismissReason) {
        if let key = tip.onceKey, reason == .user || reason == .gesture, !tip.closedWithWindow { seen.remember(key) }
    }

    /// Stops listening to sway once no tip follows a window.
    func stopFollowingIfIdle() {
        if events.isConnected, registry.followedTips.isEmpty { events.disconnect() }
    }

    // MARK: Show

    /// Shows (or replaces, for an id already present) a tip from a control `Show`; returns what
    /// the registry keeps of it. Nil when its "don't show again" key was dismissed before
    /// (nothing is shown).
    func show(_ request: ShowRequest, id viewID: ViewID) throws -> TipRecord? {
        if let key = request.once {
            guard SeenTips.isValidKey(key) else { throw TipError("--once '\(key)': a key is one line of at most 200 bytes") }
            if seen.contains(key) { return nil }
        }
        var tip = try show(request, viewID: viewID)
        tip.onceKey = request.once
        return tip
    }

    private func show(_ request: ShowRequest, viewID: ViewID) throws -> TipRecord {
        let base = Self.base(of: request.container)
        let content = CalloutContent(title: request.title, body: request.body,
                                     actions: request.actions.map { CalloutAction(key: $0.key, label: $0.label) })
        let size = screen.tipSize(content, style: style)
        switch try TipTargetSpec(at: request.at, window: request.window) {
        case .area(let rect):
            try show(content, at: rect, output: request.output ?? focusedOutput(), viewID: viewID, base: base,
                     configuration: request.view, animated: request.animated)
            return TipRecord()
        case .window(let selector):
            guard request.output == nil else { throw TipError("--output does not apply to --window (the window's output is used)") }
            // Subscribe before the query: a window closing in between still reaches us as an event.
            try events.connect(socketPath: socketPath)
            let window: SwayWindow
            do { window = try client().window(selector) } catch {
                stopFollowingIfIdle()
                throw TipError("\(error)")
            }
            do {
                guard let output = window.output, let placement = place(size: size, beside: window) else {
                    throw TipError("window \(selector) is not on any output")
                }
                let name = try container(for: output, base: base)
                try screen.showTip(content, style: style, placement: placement, id: viewID, in: name,
                                   configuration: request.view, animated: request.animated)
                return TipRecord(window: TipRecord.Window(conID: window.conID, content: content, container: name,
                                                          configuration: request.view, frame: placement.frame))
            } catch {
                stopFollowingIfIdle()
                throw error
            }
        }
    }

    /// A notification carrying the `x` and `y` hints: a tip pointing at that point of the
    /// focused output, in the `tips` container, under the notification's id (so its close
    /// reaches the notification frontend as usual).
    func showNotificationTip(title: String, body: String, at point: Point, id: ViewID,
                             configuration: ViewConfiguration) throws {
        try show(CalloutContent(title: title, body: body), at: Rect(origin: point, size: .zero),
                 output: focusedOutput(), viewID: id, base: Self.containerName, configuration: configuration, animated: true)
    }

    /// A tip at a point or rectangle of `output` (output-local coordinates).
    private func show(_ content: CalloutContent, at rect: Rect, output: String?, viewID: ViewID, base: String,
                      configuration: ViewConfiguration, animated: Bool) throws {
        let size = screen.tipSize(content, style: style)
        let (area, bounds) = try usableArea(of: output)
        guard rect.maxX >= bounds.minX, rect.minX <= bounds.maxX, rect.maxY >= bounds.minY, rect.minY <= bounds.maxY else {
            throw TipError("target \(Self.text(rect)) is outside output \(output ?? "(focused)") (\(Int(bounds.width))x\(Int(bounds.height)))")
        }
        let target: TipTarget = rect.width == 0 && rect.height == 0 ? .point(rect.origin) : .rect(rect)
        let placement = TipPlacer.place(target, size: size, in: area, metrics: style.metrics)
        try screen.showTip(content, style: style, placement: placement, id: viewID,
                           in: try container(for: output, base: base), configuration: configuration, animated: animated)
        registry.update(viewID) { $0.tip?.window = nil }   // an id replaced by a point tip no longer follows a window
    }

    /// Placement beside a window in its output's usable area (output-local coordinates).
    private func place(size: Size, beside window: SwayWindow) -> TipPlacement? {
        guard let local = window.localRect, let area = window.localUsableArea else { return nil }
        return TipPlacer.place(.rect(Self.rect(local)), size: size, in: Self.rect(area), metrics: style.metrics)
    }

    // MARK: Following windows

    /// Any window event may move a followed window (sway re-tiles siblings without events for
    /// them), so one tree query per batch re-places every followed tip.
    private func windowsChanged() {
        let followed = registry.followedTips
        guard !followed.isEmpty else { return }
        let windows: [SwayWindow]
        do { windows = try client().windows() } catch {
            log("tips: cannot query sway's windows: \(error)")
            sway = nil
            return
        }
        for (id, tip) in followed {
            let followedWindow = tip.window!
            guard let window = windows.first(where: { $0.conID == followedWindow.conID }), let output = window.output,
                  let placement = place(size: screen.tipSize(followedWindow.content, style: style), beside: window) else {
                registry.update(id) {
                    $0.tip?.window = nil
                    $0.tip?.closedWithWindow = true
                }
                screen.dismiss(id, reason: .user)   // the window closed: "dismissed" (2)
                continue
            }
            let name = (try? container(for: output, base: Self.base(of: followedWindow.container))) ?? followedWindow.container
            guard placement.frame != followedWindow.frame || name != followedWindow.container else { continue }
            do {
                try screen.showTip(followedWindow.content, style: style, placement: placement, id: id, in: name,
                                   configuration: followedWindow.configuration, animated: false)
                registry.update(id) {
                    $0.tip?.window?.frame = placement.frame
                    $0.tip?.window?.container = name
                }
            } catch {
                log("tips: cannot move tip \(id.rawValue): \(error)")
            }
        }
        stopFollowingIfIdle()
    }

    // MARK: Outputs and sway

    private func client() throws -> SwayClient {
        if let sway { return sway }
        let client = try SwayClient(socketPath: socketPath)
        sway = client
        return client
    }

    /// The focused output's name (sway's, else the only output's); nil lets the compositor choose.
    private func focusedOutput() -> String? {
        if let name = try? client().outputs().first(where: { $0.focused })?.name { return name }
        let outputs = (screen.display?.outputs ?? []).filter { $0.isDescribed && !$0.name.isEmpty }
        return outputs.count == 1 ? outputs[0].name : nil
    }

    /// The output's usable area and bounds in output-local coordinates: sway's workspace rect
    /// when sway answers, else the whole output as Wayland describes it.
    private func usableArea(of output: String?) throws -> (area: Rect, bounds: Rect) {
        if let output, let sway = try? client(), let found = try? sway.usableArea(of: output) {
            return (Self.rect(found.area), Self.rect(found.size))
        }
        let outputs = (screen.display?.outputs ?? []).filter(\.isDescribed)
        guard let described = output.map({ name in outputs.first { $0.name == name } }) ?? outputs.first else {
            throw TipError(output.map { "no output named '\($0)'" } ?? "no output to show a tip on")
        }
        let scale = Double(max(1, described.scale))
        let bounds = Rect(x: 0, y: 0, width: Double(described.pixelWidth) / scale, height: Double(described.pixelHeight) / scale)
        return (bounds, bounds)
    }

    /// `BASE@NAME` (`tips@HEADLESS-1`), registered on first use; `BASE` when the output is unknown.
    private func container(for output: String?, base: String) throws -> String {
        guard let output else { return base }
        let name = "\(base)@\(output)"
        if !screen.containerNames.contains(name) {
            try screen.register(Self.container(name), placement: Self.placement(.named(output)))
        }
        return name
    }

    static func rect(_ r: SwayRect) -> Rect { Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)) }
    static func text(_ r: Rect) -> String {
        r.width == 0 && r.height == 0 ? "\(r.minX),\(r.minY)" : "\(r.minX),\(r.minY) \(r.width)x\(r.height)"
    }
}

/// What the registry keeps of a help tip.
struct TipRecord {
    /// A tip beside a sway window: re-placed when the window moves, dismissed when it closes.
    struct Window {
        var conID: Int
        var content: CalloutContent
        var container: String
        var configuration: ViewConfiguration
        var frame: Rect
    }
    var window: Window?
    /// The "don't show again" key (`--once`).
    var onceKey: String?
    /// Dismissed because its window closed: its key is not remembered.
    var closedWithWindow = false
}
