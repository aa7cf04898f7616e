import OverlayEngine
import OverlayRenderer

/// Shows the engine's containers on a Wayland desktop: one layer surface per container,
/// created when it has something to show and destroyed when it is empty.
public final class OverlayPresenter {
    public let display: WaylandDisplay
    /// Every mutation bumps `revision` (in place: the observer does not read oldValue), so an
    /// update pass knows whether the engine changed without scanning it.
    public internal(set) var manager = OverlayManager() { didSet { revision &+= 1 } }
    private var revision: UInt64 = 0
    private var seenRevision: UInt64 = .max
    /// The engine's next deadline, recomputed only when the engine changed.
    private var engineDeadline: Double?
    /// Every engine effect, after the presenter has handled it (the daemon maps dismissals to D-Bus).
    public var onEffect: (EngineEffect) -> Void = { _ in }
    public var style = ToastStyle()

    private var placements: [String: LayerPlacement] = [:]
    private var order: [String] = []
    var surfaces: [String: ContainerSurface] = [:]
    private var contents: [ViewID: ToastContent] = [:]
    private var contentVersions: [String: Int] = [:]
    let renderer = ToastRenderer()
    /// Pointer and touch state (Input/OverlayPresenter+Input.swift).
    lazy var input = PresenterInput(presenter: self)

    public init(display: WaylandDisplay) {
        self.display = display
        display.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        attachInput()
    }

    /// Surfaces go before the display: their proxies must be destroyed on a live connection.
    deinit { surfaces.removeAll() }

    /// Registers a container and where its surface goes.
    public func register(_ container: ContainerConfiguration, placement: LayerPlacement) throws {
        try manager.register(container, now: monotonicNow())
        if placements.updateValue(placement, forKey: container.name) == nil { order.append(container.name) }
    }

    /// Moves a registered container's surface (config reload): its views stay in the engine and
    /// are drawn on a new surface at the next update. False for an unknown container.
    @discardableResult
    public func setPlacement(_ placement: LayerPlacement, of container: String) -> Bool {
        guard placements[container] != nil else { return false }
        if placements[container] != placement {
            surfaces[container] = nil
            revision &+= 1  // so the next update() recreates it
        }
        placements[container] = placement
        return true
    }

    /// Shows (or, for an id already present, replaces in place) a toast; returns its id.
    @discardableResult
    public func show(_ content: ToastContent, id: ViewID? = nil, in container: String,
                     configuration: ViewConfiguration = .init(), animated: Bool = true) throws -> ViewID {
        let measured = renderer.measure(content, style: style)
        let size = Size(width: measured.width, height: measured.height)
        let shown = try manager.show(id, in: container, configuration: configuration, size: size,
                                     animated: animated, now: monotonicNow())
        manager.setSize(size, of: shown)
        contents[shown] = content
        contentVersions[container, default: 0] += 1
        return shown
    }

    @discardableResult
    public func dismiss(_ id: ViewID, reason: DismissReason = .request, animated: Bool = true) -> Bool {
        manager.dismiss(id, reason: reason, animated: animated, now: monotonicNow())
    }

    public func dismissAll(in names: [String], onlyShowing: Bool = false, animated: Bool = true) {
        manager.dismissAll(in: names, onlyShowing: onlyShowing, animated: animated, now: monotonicNow())
    }

    public func dismissAll(except names: [String], onlyShowing: Bool = false, animated: Bool = true) {
        manager.dismissAll(except: names, onlyShowing: onlyShowing, animated: animated, now: monotonicNow())
    }

    @discardableResult
    public func dismissTopmost(in names: [String], animated: Bool = true) -> ViewID? {
        manager.dismissTopmost(in: names, animated: animated, now: monotonicNow())
    }

    /// Changes a container's settings at runtime (queue type and clipping cannot change).
    public func updateContainer(_ name: String, _ change: (inout ContainerConfiguration) -> Void) throws {
        try manager.updateContainer(name, now: monotonicNow(), change)
    }

    public var containerNames: [String] { order }
    public func placement(of container: String) -> LayerPlacement? { placements[container] }
    public func content(of id: ViewID) -> ToastContent? { contents[id] }

    /// The loop's after-dispatch pass: advance the engine, report effects, draw what changed.
    /// Returns the next engine deadline for the timerfd.
    public func update() throws -> Double? {
        let now = monotonicNow()
        advanceInput(to: now)
        let changed = revision != seenRevision || engineDeadline.map { now >= $0 } == true
        if changed {
            // Effects may lead frontends to show or dismiss more: settle until nothing changes.
            repeat {
                manager.advance(to: now)
                let effects = manager.drainEffects()
                seenRevision = revision
                for effect in effects {
                    if case .removed(let id, _) = effect { contents[id] = nil }
                    onEffect(effect)
                }
            } while revision != seenRevision
            engineDeadline = manager.nextDeadline
        }
        for name in order { try updateSurface(of: name, now: now, engineChanged: changed) }
        display.flush()
        return inputDeadline(after: engineDeadline)
    }

    private func updateSurface(of name: String, now: Double, engineChanged: Bool) throws {
        if let existing = surfaces[name], existing.surface.phase == .closed {
            surfaces[name] = nil  // output gone: recreate below on whatever output is left
        }
        // Nothing changed and no frame is due: skip the render list entirely (the common case).
        if !engineChanged, surfaces[name]?.surface.phase != .needsDraw { return }
        let occupied = !manager.showing(in: name).isEmpty || !manager.waiting(in: name).isEmpty
        guard let surface = surfaceFor(name, occupied: occupied) else { return }
        let list = manager.renderList(for: name, size: surface.logicalSize, now: now)
        input.router.setItems(list.items, for: name)
        if list.items.isEmpty && !occupied {
            surfaces[name] = nil
            return
        }
        let version = contentVersions[name, default: 0]
        surface.invalidateIfChanged(list, contentVersion: version)
        try surface.drawIfNeeded(list, contentVersion: version) { id in
            contents[id].map { PaintedView(content: $0, style: style, configuration: manager.resolvedConfiguration(of: id)) }
        }
    }

    private func surfaceFor(_ name: String, occupied: Bool) -> ContainerSurface? {
        if let surface = surfaces[name] { return surface }
        guard occupied, !display.outputs.isEmpty, let placement = placements[name] else { return nil }
        let surface = ContainerSurface(display: display, placement: placement, namespace: "overlay-wl.\(name)") {}
        surfaces[name] = surface
        return surface
    }

    private func outputsChanged() {
        // A scale change needs a redraw; a vanished output closes its surfaces, handled in update().
        for surface in surfaces.values { surface.surface.requestRedraw() }
    }
}
