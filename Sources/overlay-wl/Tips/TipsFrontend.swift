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
    unowned let service: OverlayService
    var style = CalloutStyle()
    private let measurer = CalloutRenderer()
    private let events = SwayEventSource()
    private var sway: SwayClient?
    /// `$SWAYSOCK` override (tests); nil reads the environment.
    var socketPath: String?
    /// Window tips to re-place or dismiss on window events.
    private var followed: [ViewID: FollowedTip] = [:]
    /// "Don't show again" keys of live tips, and tips closed because their window went.
    let seen = SeenTips()
    private var onceKeys: [ViewID: String] = [:]
    private var closedWithWindow: Set<ViewID> = []

    struct FollowedTip {
        var conID: Int
        var content: CalloutContent
        var container: String
        var configuration: ViewConfiguration
        var frame: Rect
    }

    init(service: OverlayService) throws {
        self.service = service
        try service.presenter.register(Self.container(Self.containerName), placement: Self.placement(.focused))
        try service.presenter.register(Self.container(Self.tourName), placement: Self.placement(.focused))
        events.onEvents = { [unowned self] batch in self.windowsChanged(batch) }
        events.onClosed = { [unowned self] in self.sway = nil }
        service.loop.add(events)
        service.observeEffects { [unowned self] effect in self.handle(effect) }
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
    static func placement(_ output: OutputSelection) -> LayerPlacement {
        var placement = LayerPlacement(layer: .overlay, anchor: [.top, .bottom, .left, .right], width: 0, height: 0, output: output)
        placement.exclusiveZone = -1
        return placement
    }

    private func handle(_ effect: EngineEffect) {
        switch effect {
        case .dismissed(let id, _, let reason):
            // The user closed it (tap, dismiss, action): remember its key; not when its window went.
            if let key = onceKeys.removeValue(forKey: id), reason == .user || reason == .gesture,
               !closedWithWindow.contains(id) {
                seen.remember(key)
            }
        case .removed(let id, _):
            closedWithWindow.remove(id)
            onceKeys[id] = nil
            if followed.removeValue(forKey: id) != nil, followed.isEmpty { events.disconnect() }
        default: break
        }
    }

    // MARK: Show

    /// Shows (or replaces, for an id already present) a tip from a control `Show`. False when its
    /// "don't show again" key was dismissed before (nothing is shown).
    func show(_ request: ShowRequest, id: UInt32) throws -> Bool {
        let viewID = ViewID(UInt64(id))
        if let key = request.once {
            guard SeenTips.isValidKey(key) else { throw TipError("--once '\(key)': a key is one line of at most 200 bytes") }
            if seen.contains(key) { return false }
        }
        try show(request, viewID: viewID)
        if let key = request.once { onceKeys[viewID] = key }
        return true
    }

    private func show(_ request: ShowRequest, viewID: ViewID) throws {
        let base = Self.base(of: request.container)
        let content = CalloutContent(title: request.title, body: request.body,
                                     actions: request.actions.map { CalloutAction(key: $0.key, label: $0.label) })
        let size = measurer.measure(content, style: style)
        switch try TipTargetSpec(at: request.at, window: request.window) {
        case .area(let rect):
            try show(content, at: rect, output: request.output ?? focusedOutput(), viewID: viewID, base: base,
                     configuration: request.view, animated: request.animated)
        case .window(let selector):
            guard request.output == nil else { throw TipError("--output does not apply to --window (the window's output is used)") }
            // Subscribe before the query: a window closing in between still reaches us as an event.
            try events.connect(socketPath: socketPath)
            let window: SwayWindow
            do { window = try client().window(selector) } catch {
                if followed.isEmpty { events.disconnect() }
                throw TipError("\(error)")
            }
            do {
                guard let output = window.output, let placement = place(size: size, beside: window) else {
                    throw TipError("window \(selector) is not on any output")
                }
                let name = try container(for: output, base: base)
                try service.presenter.showTip(content, style: style, placement: placement, id: viewID, in: name,
                                              configuration: request.view, animated: request.animated)
                followed[viewID] = FollowedTip(conID: window.conID, content: content, container: name,
                                               configuration: request.view, frame: placement.frame)
            } catch {
                if followed.isEmpty { events.disconnect() }
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
        let size = measurer.measure(content, style: style)
        let (area, bounds) = try usableArea(of: output)
        guard rect.maxX >= bounds.minX, rect.minX <= bounds.maxX, rect.maxY >= bounds.minY, rect.minY <= bounds.maxY else {
            throw TipError("target \(Self.text(rect)) is outside output \(output ?? "(focused)") (\(Int(bounds.width))x\(Int(bounds.height)))")
        }
        let target: TipTarget = rect.width == 0 && rect.height == 0 ? .point(rect.origin) : .rect(rect)
        let placement = TipPlacer.place(target, size: size, in: area, metrics: style.metrics)
        try service.presenter.showTip(content, style: style, placement: placement, id: viewID,
                                      in: try container(for: output, base: base), configuration: configuration,
                                      animated: animated)
        followed[viewID] = nil   // an id replaced by a point tip no longer follows a window
    }

    /// Placement beside a window in its output's usable area (output-local coordinates).
    private func place(size: Size, beside window: SwayWindow) -> TipPlacement? {
        guard let local = window.localRect, let area = window.localUsableArea else { return nil }
        return TipPlacer.place(.rect(Self.rect(local)), size: size, in: Self.rect(area), metrics: style.metrics)
    }

    // MARK: Following windows

    /// Any window event may move a followed window (sway re-tiles siblings without events for
    /// them), so one tree query per batch re-places every followed tip.
    private func windowsChanged(_ batch: [WindowEvent]) {
        guard !followed.isEmpty else { return }
        let windows: [SwayWindow]
        do { windows = try client().windows() } catch {
            log("tips: cannot query sway's windows: \(error)")
            sway = nil
            return
        }
        for (id, tip) in followed {
            guard let window = windows.first(where: { $0.conID == tip.conID }), let output = window.output,
                  let placement = place(size: measurer.measure(tip.content, style: style), beside: window) else {
                followed[id] = nil
                closedWithWindow.insert(id)
                service.presenter.dismiss(id, reason: .user)   // the window closed: "dismissed" (2)
                continue
            }
            let name = (try? container(for: output, base: Self.base(of: tip.container))) ?? tip.container
            guard placement.frame != tip.frame || name != tip.container else { continue }
            do {
                try service.presenter.showTip(tip.content, style: style, placement: placement, id: id, in: name,
                                              configuration: tip.configuration, animated: false)
                followed[id]?.frame = placement.frame
                followed[id]?.container = name
            } catch {
                log("tips: cannot move tip \(id.rawValue): \(error)")
            }
        }
        if followed.isEmpty { events.disconnect() }
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
        let outputs = service.presenter.display.outputs.filter { $0.isDescribed && !$0.name.isEmpty }
        return outputs.count == 1 ? outputs[0].name : nil
    }

    /// The output's usable area and bounds in output-local coordinates: sway's workspace rect
    /// when sway answers, else the whole output as Wayland describes it.
    private func usableArea(of output: String?) throws -> (area: Rect, bounds: Rect) {
        if let output, let sway = try? client(), let found = try? sway.usableArea(of: output) {
            return (Self.rect(found.area), Self.rect(found.size))
        }
        let outputs = service.presenter.display.outputs.filter(\.isDescribed)
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
        if !service.presenter.containerNames.contains(name) {
            try service.presenter.register(Self.container(name), placement: Self.placement(.named(output)))
        }
        return name
    }

    static func rect(_ r: SwayRect) -> Rect { Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)) }
    static func text(_ r: Rect) -> String {
        r.width == 0 && r.height == 0 ? "\(r.minX),\(r.minY)" : "\(r.minX),\(r.minY) \(r.width)x\(r.height)"
    }
}
