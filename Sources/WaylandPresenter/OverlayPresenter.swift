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
    public var style = ToastStyle() { didSet { for name in order where refreshToastStyle(name) { remeasure(in: name) } } }
    /// Told why an icon, action icon or body image was left out (missing file, bad data, …).
    public var onImageError: (ImageLoadError) -> Void {
        get { renderer.onImageError }
        set { renderer.onImageError = newValue }
    }

    private var placements: [String: LayerPlacement] = [:]
    private var toastStyles: [String: ToastStyle] = [:]
    private var order: [String] = []
    /// One surface per container and output (output nil: the compositor's choice).
    var surfaces: [SurfaceKey: ContainerSurface] = [:]
    private var contents: [ViewID: ToastContent] = [:]
    private var contentVersions: [String: Int] = [:]
    /// Toasts laid out before they are measured (OverlayPresenter+Measure.swift).
    var lazyMeasure = LazyMeasure()
    /// Help tips: drawn as callouts instead of toasts.
    private var callouts: [ViewID: PaintedCallout] = [:]
    let renderer = ToastRenderer()
    /// Pointer and touch state (Input/OverlayPresenter+Input.swift).
    lazy var input = PresenterInput(presenter: self)
    /// Drawer containers: their notches, drags and keyboard focus (OverlayPresenter+Drawer.swift).
    var drawers = DrawerInput() { didSet { drawersChanged = true } }
    private var drawersChanged = false
    /// The buffers of a container's last surface, kept a while after it emptied: notifications
    /// come in bursts, and new buffers cost a page fault per 4 KiB drawn.
    private var spareBuffers: [String: (buffers: BufferPair, until: Double)] = [:]
    /// Seconds spare buffers are kept.
    static let spareBufferLifetime = 5.0
    /// When an animation whose frames change nothing on screen is looked at again (no frame
    /// callback comes for a frame not committed: `ContainerSurface.awaitsAnimationTick`).
    private var animationTick: Double?
    static let animationTickInterval = 1.0 / 60
    /// When the renderer's spare fade-image memory goes back to the system (kept, like spare
    /// buffers, for the next burst).
    private var spareMemoryUntil: Double?

    public init(display: WaylandDisplay) {
        self.display = display
        display.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        attachInput()
    }

    /// Surfaces and the cursor theme go before the display: their proxies must be destroyed on a
    /// live connection.
    deinit {
        surfaces.removeAll()
        spareBuffers.removeAll()
        input.cursor = nil
    }

    /// Registers a container and where its surface goes.
    public func register(_ container: ContainerConfiguration, placement: LayerPlacement) throws {
        try manager.register(container, now: monotonicNow())
        if placements.updateValue(placement, forKey: container.name) == nil { order.append(container.name) }
        refreshToastStyle(container.name)
    }

    /// Moves a registered container's surface (config reload): its views stay in the engine and
    /// are drawn on a new surface at the next update. False for an unknown container.
    @discardableResult
    public func setPlacement(_ placement: LayerPlacement, of container: String) -> Bool {
        guard placements[container] != nil else { return false }
        if placements[container] != placement {
            surfaces = surfaces.filter { $0.key.container != container }
            revision &+= 1  // so the next update() recreates it
        }
        placements[container] = placement
        if refreshToastStyle(container) { remeasure(in: container) }  // toasts follow the container's width
        return true
    }

    /// Shows (or, for an id already present, replaces in place) a toast; returns its id.
    @discardableResult
    public func show(_ content: ToastContent, id: ViewID? = nil, in container: String,
                     configuration: ViewConfiguration = .init(), animated: Bool = true) throws -> ViewID {
        let (size, measured) = layoutSize(of: content, in: container)
        let replacing = id.map { contents[$0] != nil } ?? false
        let shown = try manager.show(id, in: container, configuration: configuration, size: size,
                                     animated: animated, now: monotonicNow())
        contents[shown] = content
        if !callouts.isEmpty { callouts[shown] = nil }
        if measured { lazyMeasure.pending.remove(shown) } else { lazyMeasure.pending.insert(shown) }
        // A new view changes the picture only by appearing (the render list shows that); a
        // replaced one may look different in the same place.
        if replacing { contentVersions[container, default: 0] += 1 }
        return shown
    }

    /// Shows (or, for an id already present, moves in place) a help tip: a callout at `placement`
    /// (container coordinates). The view's frame is the callout's frame, so input, hit testing
    /// and damage cover just the bubble and its arrow.
    @discardableResult
    public func showTip(_ callout: CalloutContent, style: CalloutStyle, placement: TipPlacement, id: ViewID? = nil,
                        in container: String, configuration: ViewConfiguration = .init(),
                        animated: Bool = true) throws -> ViewID {
        let (relative, size) = PaintedCallout.relative(placement)
        var configuration = configuration
        configuration.position = placement.frame.origin
        let shown = try manager.show(id, in: container, configuration: configuration, size: size,
                                     animated: animated, now: monotonicNow())
        manager.setSize(size, of: shown)
        lazyMeasure.pending.remove(shown)
        contents[shown] = ToastContent(summary: callout.title, body: callout.body,
                                       actions: callout.actions.map { ($0.key, $0.label) })
        callouts[shown] = PaintedCallout(content: callout, style: style, placement: relative)
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
        if refreshToastStyle(name) { remeasure(in: name) }
    }

    /// The style a container's toasts are drawn with: never wider than a fixed-width container
    /// leaves them (its width less its insets), so a narrow container does not clip its toasts.
    /// Kept per container (not derived from the engine on use: input handlers run inside it).
    func toastStyle(in container: String) -> ToastStyle { toastStyles[container] ?? style }

    /// Recomputes a container's toast style; true when its width changed.
    @discardableResult
    private func refreshToastStyle(_ container: String) -> Bool {
        var narrowed = style
        if let width = placements[container]?.width, width > 0 {
            let insets = manager.container(container)?.insets ?? .zero
            narrowed.width = min(style.width, max(Double(width) - insets.leading - insets.trailing, Self.narrowestToast))
        }
        let old = toastStyles.updateValue(narrowed, forKey: container)
        if old != narrowed { lazyMeasure.estimates[container] = nil }
        return old?.width != narrowed.width
    }
    static let narrowestToast = 48.0

    public var containerNames: [String] { order }
    public func placement(of container: String) -> LayerPlacement? { placements[container] }
    public func content(of id: ViewID) -> ToastContent? { contents[id] }
    /// The callout a help tip is drawn as (placement relative to the view's frame); nil for a toast.
    public func callout(of id: ViewID) -> PaintedCallout? { callouts[id] }

    /// The loop's after-dispatch pass: advance the engine, report effects, draw what changed.
    /// Returns the next engine deadline for the timerfd.
    public func update() throws -> Double? {
        let now = monotonicNow()
        advanceInput(to: now)
        let changed = revision != seenRevision || engineDeadline.map { now >= $0 } == true
            || animationTick.map { now >= $0 } == true
        if changed {
            // Effects may lead frontends to show or dismiss more: settle until nothing changes.
            repeat {
                manager.advance(to: now)
                let effects = manager.drainEffects()
                seenRevision = revision
                for effect in effects {
                    if case .removed(let id, _) = effect {
                        contents[id] = nil
                        callouts[id] = nil
                        lazyMeasure.pending.remove(id)
                    }
                    onEffect(effect)
                }
            } while revision != seenRevision
            engineDeadline = manager.nextDeadline
        }
        if let due = drawers.nextDeadline, due <= now { drawers.advance(to: now) }
        let redraw = changed || drawersChanged
        drawersChanged = false
        for name in order { try updateSurface(of: name, now: now, engineChanged: redraw) }
        animationTick = surfaces.values.contains { $0.awaitsAnimationTick } ? now + Self.animationTickInterval : nil
        if !spareBuffers.isEmpty { spareBuffers = spareBuffers.filter { $0.value.until > now } }
        if !renderer.holdsSpareMemory {
            spareMemoryUntil = nil
        } else if let until = spareMemoryUntil, until <= now {
            renderer.releaseSpareMemory()
            spareMemoryUntil = nil
        } else if spareMemoryUntil == nil {
            spareMemoryUntil = now + Self.spareBufferLifetime
        }
        display.flush()
        let spareDeadline = earliest(spareBuffers.values.map(\.until).min(), spareMemoryUntil)
        return earliest(earliest(earliest(inputDeadline(after: engineDeadline), spareDeadline), drawers.nextDeadline), animationTick)
    }

    private func earliest(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        return b.map { min(a, $0) } ?? a
    }

    private func updateSurface(of name: String, now: Double, engineChanged: Bool) throws {
        guard let placement = placements[name] else { return }
        let targets = outputs(for: placement.output)
        // Drop surfaces whose output is gone or no longer wanted, and those the compositor closed.
        for (key, surface) in surfaces where key.container == name
            && (!targets.contains(key.output) || surface.surface.phase == .closed) {
            surfaces[key] = nil
        }
        let keys = targets.map { SurfaceKey(container: name, output: $0) }
        // Nothing changed and no frame is due: skip the render list entirely (the common case).
        if !engineChanged, !keys.contains(where: { surfaces[$0]?.surface.phase == .needsDraw }) { return }
        let drawer = drawers.drawers[name]
        let occupied = drawer.map { $0.isVisible(at: now) }
            ?? manager.hasViews(in: name)
        for key in keys {
            guard let surface = surfaceFor(key, placement: placement, occupied: occupied) else { continue }
            let layout = { drawer != nil ? self.drawerFrame(name, surface: surface, now: now)
                                         : (self.manager.renderList(for: name, size: surface.logicalSize, now: now), nil) }
            var (list, decor) = layout()
            if surface.canDrawNow {
                // Only a frame about to be drawn measures: between frames a flood just queues.
                list = measuringVisible(list, of: name, in: surface.bounds, painter: surface.painter) { layout().0 }
            } else if surface.surface.phase == .awaitingConfigure, let expected = surface.expectedLogicalSize {
                // While the first configure is on its way, measure what the granted size will show.
                let guess = manager.renderList(for: name, size: expected, now: now)
                _ = measuringVisible(guess, of: name, in: Rect(origin: .zero, size: expected), painter: surface.painter) {
                    self.manager.renderList(for: name, size: expected, now: now)
                }
            }
            input.router.setItems(list.items, for: key.routerKey)
            if (list.items.isEmpty || drawer != nil) && !occupied {
                if let gone = surfaces.removeValue(forKey: key) {
                    spareBuffers[name] = (gone.buffers, now + Self.spareBufferLifetime)
                }
                continue
            }
            let version = contentVersions[name, default: 0]
            surface.invalidateIfChanged(list, contentVersion: version, decor: decor)
            var painted: [ViewID: PaintedView] = [:]  // a frame asks for each view several times
            try surface.drawIfNeeded(list, contentVersion: version, decor: decor) { id in
                if let known = painted[id] { return known }
                guard let content = contents[id] else { return nil }
                var view = PaintedView(content: content, style: toastStyle(in: name), configuration: manager.resolvedConfiguration(of: id))
                view.callout = callouts[id]
                painted[id] = view
                return view
            }
        }
    }

    /// The outputs a placement puts surfaces on: nil is the compositor's choice. A named output
    /// that is not connected falls back to the focused one, so nothing is dropped.
    private func outputs(for selection: OutputSelection) -> [String?] {
        switch selection {
        case .focused: return [nil]
        case .named(let name): return display.output(named: name) != nil ? [name] : [nil]
        case .all:
            let names = display.outputs.filter { $0.isDescribed && !$0.name.isEmpty }.map(\.name)
            return names.isEmpty ? [nil] : names
        }
    }

    private func surfaceFor(_ key: SurfaceKey, placement: LayerPlacement, occupied: Bool) -> ContainerSurface? {
        if let surface = surfaces[key] { return surface }
        guard occupied, !display.outputs.isEmpty else { return nil }
        let output = key.output.flatMap { display.output(named: $0) }
        let spare = spareBuffers.removeValue(forKey: key.container)?.buffers
        spare?.reclaim()
        let surface = ContainerSurface(display: display, placement: placement, output: output,
                                       namespace: "overlay-wl.\(key.container)", renderer: renderer, buffers: spare)
        surfaces[key] = surface
        display.flush()  // the configure round trip runs while the first frame is prepared
        return surface
    }

    private func outputsChanged() {
        // A scale change needs a redraw; outputs coming and going are handled in update().
        for surface in surfaces.values { surface.surface.requestRedraw() }
        revision &+= 1
    }
}

/// A container's surface on one output (nil: the output the compositor chose).
struct SurfaceKey: Hashable {
    let container: String
    let output: String?

    /// The input router's name for this surface's area: each output's surface has its own
    /// layout (outputs differ in size), so hit tests use that surface's render list.
    var routerKey: String { output.map { "\(container)\u{1F}\($0)" } ?? container }

    /// The container a router key belongs to.
    static func container(ofRouterKey key: String) -> String {
        key.split(separator: "\u{1F}", maxSplits: 1).first.map(String.init) ?? key
    }
}
