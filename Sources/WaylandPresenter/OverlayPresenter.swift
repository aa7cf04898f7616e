import OverlayEngine
import OverlayRenderer

/// What a view shows: a laid-out view tree, for a toast with what it was filled from. Boxed: the
/// presenter's table of views holds a word per slot of its capacity, not 600 bytes, when a flood
/// fills it with thousands of waiting and hidden notifications.
public indirect enum ViewContent {
    /// A view tree shown as given: its controls report `ClickedPart.viewAction`.
    case tree(LaidOutView)
    /// A toast drawn through its template (OverlayPresenter+Toast.swift): filled again when the
    /// theme changes, its parts clicked as a toast's.
    case toast(TemplatedToast, LaidOutView)
    /// A help tip drawn through the tip template (`TipView`): its buttons are clicked as a toast's.
    case tip(LaidOutView)

    /// The laid-out tree it draws.
    public var tree: LaidOutView {
        switch self {
        case .tree(let tree), .toast(_, let tree), .tip(let tree): tree
        }
    }
}

/// What a container's toasts change of the presenter's `style`.
public struct ToastLook: Equatable, Sendable {
    /// A close button in each toast's corner.
    public var closeButton = false
    /// The bar of urgent toasts; nil keeps the style's.
    public var accent: Color?
    /// The "+N more" pill when views are hidden or waiting, and its colours (nil: the toasts').
    public var overflowIndicator = true
    public var indicatorBackground: Color?
    public var indicatorText: Color?
    public init(closeButton: Bool = false, accent: Color? = nil, overflowIndicator: Bool = true,
                indicatorBackground: Color? = nil, indicatorText: Color? = nil) {
        self.closeButton = closeButton
        self.accent = accent
        self.overflowIndicator = overflowIndicator
        self.indicatorBackground = indicatorBackground
        self.indicatorText = indicatorText
    }
}

/// A click on a view that the presenter leaves to its owner: which part was hit. `point` is
/// where a tap landed (surface-local); nil for a binding or a key, after which no dismiss
/// gesture applies.
public struct ViewClick: Equatable, Sendable {
    public var view: ViewID
    public var part: ClickedPart
    public var point: Point?
    public init(view: ViewID, part: ClickedPart, point: Point?) { self.view = view; self.part = part; self.point = point }
}

/// The presenter's owner: told each engine effect and each click, always after the engine has
/// finished changing, so it may show and dismiss at once.
public protocol OverlayPresenterDelegate: AnyObject {
    func presenter(_ presenter: OverlayPresenter, didApply effect: EngineEffect)
    /// Act on the click, or call `applyTap(_:)` to let the view's dismiss gesture decide.
    func presenter(_ presenter: OverlayPresenter, clicked click: ViewClick)
    /// Every update pass, after the effects and before drawing.
    func presenterDidUpdate(_ presenter: OverlayPresenter)
    /// Nothing shows and the heap is about to be trimmed (`HeapTrimSchedule`): the time to put
    /// long-lived data a burst left scattered together.
    func presenterWillTrimHeap(_ presenter: OverlayPresenter)
}

extension OverlayPresenterDelegate {
    public func presenterDidUpdate(_ presenter: OverlayPresenter) {}
    public func presenterWillTrimHeap(_ presenter: OverlayPresenter) {}
}

/// Shows the engine's containers on a Wayland desktop: one layer surface per container,
/// created when it has something to show and destroyed when it is empty.
public final class OverlayPresenter {
    /// The compositor connection; nil draws nothing (the engine, views and clicks still work:
    /// the daemon's tests run so, and the daemon while it waits for a compositor). Changed by
    /// `attach(_:)`.
    public private(set) var display: WaylandDisplay?
    /// Monotonic seconds: the one clock of the presenter and its owner.
    public let clock: () -> Double
    /// The engine. Every change bumps `revision`, so an update pass knows whether the engine
    /// changed without scanning it.
    public internal(set) var manager: OverlayManager {
        _read { yield engine }
        _modify {
            defer { revision &+= 1 }
            yield &engine
        }
    }
    private var engine = OverlayManager()
    /// Answers `query` on the engine where it is, without bumping `revision`: a method called on
    /// `manager` (a class's stored value) runs on a copy of the whole engine.
    func inspectingEngine<R>(_ query: (inout OverlayManager) -> R) -> R { query(&engine) }
    var revision: UInt64 = 0
    private var seenRevision: UInt64 = .max
    /// The engine's next deadline, recomputed only when the engine changed.
    private var engineDeadline: Double?
    /// Told every engine effect and every click, after the engine has finished changing (held weakly).
    public weak var delegate: OverlayPresenterDelegate?
    /// The look of every toast (a theme beneath each container's `ToastLook`); a change redraws them all.
    public var style = ToastStyle() {
        didSet {
            guard style != oldValue else { return }
            for name in order where refreshToastStyle(name) { remeasure(in: name) }
            relayoutToasts()
            for name in order { contentVersions[name, default: 0] += 1 }
            center?.style = nil  // the centre's rows are measured again in the new style
            revision &+= 1
        }
    }
    /// Where icon names are looked up; a new theme redraws every view with its icons.
    public var iconTheme: IconTheme {
        get { trees.layouts.iconTheme }
        set {
            trees.layouts.iconTheme = newValue
            trees.layouts.forgetIconPictures()
            relayoutToasts()
            for name in order { contentVersions[name, default: 0] += 1 }
            center?.style = nil  // the centre's rows are measured again with the new icons
            revision &+= 1
        }
    }
    /// True when the theme's icon `name` loads for a box of `side` points (`ViewTreeRenderer.themedIconLoads`).
    public func themedIconLoads(_ name: String, side: Double) -> Bool { trees.layouts.themedIconLoads(name, side: side) }

    /// Told why an icon, action icon or body image was left out (missing file, bad data, …).
    public var onImageError: (ImageLoadError) -> Void {
        get { trees.layouts.onImageError }
        set { trees.layouts.onImageError = newValue }
    }

    var placements: [String: SurfacePlacement] = [:]
    var toastStyles: [String: ToastStyle] = [:]
    /// What a container's toasts change of `style` (close button, accent, the pill).
    var looks: [String: ToastLook] = [:]
    /// What each container's "+N more" pill counts now.
    var indicatorCounts: [String: Int] = [:]
    private var order: [String] = []
    /// One surface per container and output (output nil: the compositor's choice).
    var surfaces: [SurfaceKey: ContainerSurface] = [:]
    /// What every view the engine holds shows: the one record per view.
    var views: [ViewID: ViewContent] = [:]
    var contentVersions: [String: Int] = [:]
    /// Toasts laid out before they are measured (OverlayPresenter+Measure.swift).
    var lazyMeasure = LazyMeasure()
    /// Clicks waiting for the delegate (input is recorded while Wayland dispatches; the
    /// delegate hears of it after dispatch).
    var pendingClicks: [ViewClick] = []
    /// Lays out view trees (OverlayPresenter+ViewTree.swift).
    var trees = ViewTreePresentation()
    /// Pointer and touch state (Input/OverlayPresenter+Input.swift).
    var input: PresenterInput!
    /// Drawer containers: their notches, drags and keyboard focus (OverlayPresenter+Drawer.swift).
    var drawers: DrawerInput {
        get { drawerState }
        _modify {
            defer {
                drawersChanged = true
                centerOpen = nil
            }
            yield &drawerState
        }
    }
    private var drawerState = DrawerInput()
    /// The drawers' next deadline, read in place (a getter called on `drawers` runs on a copy of
    /// all of them).
    private var drawersDeadline: Double? { Self.nextDeadline(of: &drawerState) }
    private static func nextDeadline(of drawers: inout DrawerInput) -> Double? { drawers.nextDeadline }
    /// The inline-reply field being typed into (Input/OverlayPresenter+Reply.swift).
    var reply = ReplyInput()
    var column = ColumnFocusPresentation()  // keyboard focus on a column (Input/OverlayPresenter+ColumnFocus.swift)
    private var drawersChanged = false
    /// The notification centre, when a drawer shows it (OverlayPresenter+Center.swift).
    var center: CenterPresentation?
    /// `isCenterOpen` until the drawers or the centre change (asked at every pass).
    var centerOpen: Bool?
    var centerChanged = false
    /// `containersUnderCenter()` as of the latest pass that redrew.
    private var underCenter: Set<String> = []
    /// The buffers of a container's last surface, kept a while after it emptied: notifications
    /// come in bursts, and new buffers cost a page fault per 4 KiB drawn.
    var spareBuffers: [String: (buffers: BufferPair, until: Double)] = [:]
    /// Seconds spare buffers are kept.
    static let spareBufferLifetime = 5.0
    /// When an animation whose frames change nothing on screen is looked at again (no frame
    /// callback comes for a frame not committed: `ContainerSurface.awaitsAnimationTick`).
    private var animationTick: Double?
    /// The earliest frame a burst holds back (`BurstPacing`).
    private var heldFrame: Double?
    static let animationTickInterval = 1.0 / 60
    /// How late the loop may wake for the engine's timers (expiries, queue moves, removals): a
    /// flood's notifications expire one by one, each at its own time, and are handled a few to a
    /// pass instead of one wakeup each.
    static let timerSlack = 1.0 / 60
    /// When freed heap memory goes back to the system after a burst (HeapTrim.swift).
    var heapTrim = HeapTrimSchedule(delay: OverlayPresenter.spareBufferLifetime)

    /// A presenter drawing on `display` (nil: nothing drawn until `attach(_:)`), reading time from
    /// `clock` (monotonic seconds; tests inject their own). Register containers, set `delegate`, then
    /// call `update()` after every round of the event loop (`EventLoop.afterDispatch`).
    public init(display: WaylandDisplay?, clock: @escaping () -> Double = monotonicNow) {
        self.display = display
        self.clock = clock
        input = PresenterInput(presenter: self)
        display?.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        attachInput()
        checkIconsAtOutputScale()
    }

    /// Surfaces and the cursor theme go before the display: their proxies must be destroyed on a
    /// live connection.
    deinit {
        surfaces.removeAll()
        spareBuffers.removeAll()
        input.cursor = nil
    }

    /// Draws on `display` from the next update, or (nil) on nothing.
    ///
    /// Detaching (the compositor went away) releases everything made on the old connection while
    /// it still exists — container surfaces, spare buffers, the cursor theme, the input state of
    /// its seats — and stops every auto-dismiss countdown: no notification expires unseen. Every
    /// view stays, with its id, and the engine, clicks and effects go on. Attaching a display
    /// draws every view again on it (its outputs and seats are its own) and lets the countdowns
    /// run on from where they stopped. The caller drops the old display after detaching.
    public func attach(_ display: WaylandDisplay?) {
        let now = clock()
        if let old = self.display, old !== display {
            surfaces.removeAll()
            spareBuffers.removeAll()
            input.cursor = nil
            input.lastPress = nil
            input.shapes = [:]
            endReply(clearing: false)  // a new connection's surfaces start without the keyboard
            endColumnFocus()
            // The old seats stay this presenter's sink: when the old display goes, their
            // devices report themselves removed, which ends hovers, presses and drags.
            old.onOutputsChanged = {}
        }
        self.display = display
        if let display {
            display.onOutputsChanged = { [unowned self] in self.outputsChanged() }
            attachInput()
        }
        checkIconsAtOutputScale()
        holdCountdownsWhileUnseen(now: now)
        revision &+= 1  // the next update() draws (or forgets) every container
    }

    /// Countdowns run only while views can be seen: with a compositor that has an output. With
    /// none (the compositor gone, or its last output unplugged) every view waits, its countdown
    /// stopped, and runs on from there when an output comes.
    func holdCountdownsWhileUnseen(now: Double) {
        if let display, !display.outputs.isEmpty {
            manager.resumeCountdowns(now: now)
        } else {
            manager.suspendCountdowns(now: now)
        }
    }

    /// Registers a container and where its surface goes.
    public func register(_ container: ContainerConfiguration, placement: SurfacePlacement) throws {
        try manager.register(container, now: clock())
        if placements.updateValue(placement, forKey: container.name) == nil { order.append(container.name) }
        refreshToastStyle(container.name)
    }

    /// Moves a registered container's surface (config reload): its views stay in the engine and
    /// are drawn on a new surface at the next update. False for an unknown container.
    @discardableResult
    public func setPlacement(_ placement: SurfacePlacement, of container: String) -> Bool {
        guard placements[container] != nil else { return false }
        if placements[container] != placement {
            surfaces = surfaces.filter { $0.key.container != container }
            revision &+= 1  // so the next update() recreates it
        }
        placements[container] = placement
        if refreshToastStyle(container) { remeasure(in: container) }  // toasts follow the container's width
        return true
    }

    /// A fresh view id from the engine's one allocator.
    public func newID() -> ViewID { manager.newID() }

    /// Ids up to `id` are not given again before the allocator wraps.
    public func skipIDs(through id: ViewID) { manager.skipIDs(through: id) }

    /// The largest id `newID()` gives before it wraps to 1.
    public var maximumID: UInt64 {
        get { manager.maximumID }
        set { manager.maximumID = newValue }
    }

    /// Changes a container's settings at runtime (queue type and clipping cannot change).
    public func updateContainer(_ name: String, _ change: (inout ContainerConfiguration) -> Void) throws {
        try manager.updateContainer(name, now: clock(), change)
        if refreshToastStyle(name) { remeasure(in: name) }
    }

    /// The registered containers, in registration order.
    public var containerNames: [String] { order }
    /// Where a registered container's surface goes; nil for an unknown container.
    public func placement(of container: String) -> SurfacePlacement? { placements[container] }
    /// Views of `container` hidden or waiting: what its pill counts. Asked of the presenter, the
    /// engine is read in place (a method called on `manager` runs on a copy of it).
    public func overflowCount(in container: String) -> Int { inspectingEngine { $0.overflowCount(in: container) } }
    /// True while the engine holds view `id` (read in place, as `overflowCount`).
    public func holds(_ id: ViewID) -> Bool { inspectingEngine { $0.contains(id) } }
    /// The container the engine holds view `id` in (read in place, as `overflowCount`).
    public func containerName(of id: ViewID) -> String? { inspectingEngine { $0.containerName(of: id) } }
    /// What view `id` shows (a toast, a callout or a view tree); nil for an unknown id.
    public func content(of id: ViewID) -> ViewContent? { views[id] }

    /// The loop's after-dispatch pass: advance the engine, report effects, draw what changed.
    /// Returns the next engine deadline for the timerfd.
    public func update() throws -> Double? {
        let now = clock()
        advanceInput(to: now)
        advanceCenter(to: now)
        var moved: Set<String> = []  // containers of view trees moving on (their frames only)
        let treeAnimationEnd = advanceTreeAnimations(to: now, moved: &moved)
        deliverClicks()
        let changed = revision != seenRevision || engineDeadline.map { now >= $0 } == true
            || animationTick.map { now >= $0 } == true
        if changed {
            var expired: [String: Int] = [:]  // per container: a flood expiring is drawn at a burst's pace
            // Effects may lead frontends to show or dismiss more: settle until nothing changes.
            repeat {
                manager.advance(to: now)
                let effects = manager.drainEffects()
                seenRevision = revision
                for effect in effects {
                    if case .dismissed(_, let container, .autoDismiss) = effect { expired[container, default: 0] += 1 }
                    // A view moved to another container under its id (a tip following its
                    // window to another output) keeps its content.
                    if case .removed(let id, _) = effect, manager.containerName(of: id) == nil {
                        views[id] = nil
                        views.shrinkIfSparse()
                        heapTrim.viewClosed()
                        trees.removed(id)
                        lazyMeasure.pending.remove(id)
                        replyViewRemoved(id)
                    }
                    delegate?.presenter(self, didApply: effect)
                }
            } while revision != seenRevision
            engineDeadline = inspectingEngine { $0.nextDeadline }
            if !expired.isEmpty {
                for (key, surface) in surfaces { surface.viewsExpired(expired[key.container, default: 0], at: now) }
            }
        }
        if let due = drawersDeadline, due <= now { drawers.advance(to: now) }
        delegate?.presenterDidUpdate(self)
        let redraw = changed || drawersChanged || centerChanged
        drawersChanged = false
        centerChanged = false
        heldFrame = nil
        if redraw { underCenter = containersUnderCenter() }
        for name in order { try updateSurface(of: name, now: now, engineChanged: redraw || moved.contains(name)) }
        lazyMeasure.pending.shrinkIfSparse()  // emptied by removals above and by measuring while drawing
        animationTick = surfaces.values.contains { $0.awaitsAnimationTick } ? now + Self.animationTickInterval : nil
        if !spareBuffers.isEmpty { spareBuffers = spareBuffers.filter { $0.value.until > now } }
        if heapTrim.update(now: now, occupied: !views.isEmpty) {
            // Nothing is on screen: the renderers' layouts and pictures go (the icon theme's index
            // stays), and the spare buffers with them, due about now anyway: the trim is the
            // burst's last wake-up, as code run after it would map again the code pages it returned.
            spareBuffers.removeAll()
            trees.layouts.invalidate()
            delegate?.presenterWillTrimHeap(self)
            returnIdleMemory()
        }
        display?.flush()
        let spareDeadline = earliest(spareBuffers.values.map(\.until).min(), heapTrim.due)
        let centerDue = centerDeadline(now: now)
        let engineWake = engineDeadline.map { $0 + Self.timerSlack }
        return earliest(earliest(earliest(earliest(earliest(inputDeadline(after: engineWake), spareDeadline), drawersDeadline),
                                          earliest(animationTick, heldFrame)), centerDue), treeAnimationEnd)
    }

    /// Takes a container's surface off its output, its buffers kept a while for the next one.
    private func retireSurface(_ key: SurfaceKey, now: Double) {
        input.router.setItems([], for: key.routerKey)
        guard let gone = surfaces.removeValue(forKey: key) else { return }
        spareBuffers[key.container] = (gone.buffers, now + Self.spareBufferLifetime)
    }

    private func earliest(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        return b.map { min(a, $0) } ?? a
    }

    private func updateSurface(of name: String, now: Double, engineChanged: Bool) throws {
        // Nothing changed, and no surface of it is due a frame or closed: nothing to do (most
        // passes of the loop; outputs and placements changing count as changes).
        if !engineChanged, !surfaces.contains(where: { $0.key.container == name && $0.value.surface.phase.wantsAttention }) {
            return
        }
        if underCenter.contains(name) {
            for key in surfaces.keys where key.container == name { retireSurface(key, now: now) }
            return
        }
        let drawer = drawers.drawers[name]
        let occupied = drawer.map { $0.isVisible(at: now) } ?? inspectingEngine { $0.hasViews(in: name) }
        // Nothing to show and no surface (an empty container, a closed drawer): nothing to do.
        if !occupied, !surfaces.keys.contains(where: { $0.container == name }) { return }
        guard let placement = placements[name], let display else { return }
        let targets = outputs(for: placement.output, on: display)
        // Drop surfaces whose output is gone or no longer wanted, and those the compositor closed.
        for (key, surface) in surfaces where key.container == name
            && (!targets.contains(key.output) || surface.surface.phase == .closed) {
            surfaces[key] = nil
        }
        let keys = targets.map { SurfaceKey(container: name, output: $0) }
        // Nothing changed and no frame is due: skip the render list entirely.
        if !engineChanged, !keys.contains(where: { surfaces[$0]?.surface.phase == .needsDraw }) { return }
        for key in keys {
            guard let surface = surfaceFor(key, placement: placement, occupied: occupied, on: display) else { continue }
            if drawer == nil { updateReplyKeyboard(surface, container: name) }
            // A frame is asked for already: its render list is made when it is due, not at every
            // change before it (a flood changes the engine once per notification). Hit tests keep
            // the items on screen meanwhile.
            if drawer == nil, surface.surface.phase == .awaitingFrame(redrawRequested: true) { continue }
            if drawer == nil, let due = surface.heldBack(now: now, valueAt: latestTreeValue(in: name)) {
                heldFrame = earliest(heldFrame, due)
                try drawAhead(name, on: surface, due: due)
                continue
            }
            if drawer == nil, surface.hasFrameDrawnAhead, let items = surface.presentFrameDrawnAhead(now: now, source: frameSource(name)) {
                input.router.setItems(items, for: key.routerKey)
                continue
            }
            let room = drawer == nil ? overflowRoom(in: name) : 0
            let layout = { drawer != nil ? self.drawerFrame(name, surface: surface, now: now)
                                         : (self.inspectingEngine { $0.renderList(for: name, size: surface.logicalSize, overflowRoom: room, now: now) }, nil) }
            var (list, decor) = layout()
            if drawer == nil, surface.drawsChangesNow, let due = surface.heldForBurst(list, now: now, valueAt: latestTreeValue(in: name)) {
                heldFrame = earliest(heldFrame, due)
                continue
            }
            if surface.drawsChangesNow {
                // Only a pass that draws measures (an idle surface draws the change it sees now):
                // between frames a flood just queues.
                list = measuringVisible(list, of: name, in: surface.bounds, painter: surface.painter) { layout().0 }
            } else if surface.surface.phase == .awaitingConfigure, let expected = surface.expectedLogicalSize {
                // While the first configure is on its way, measure what the granted size will show;
                // not the several views of a burst: its first frame waits, and by then a flood has
                // buried them under newer ones (BurstPacing).
                let guess = inspectingEngine { $0.renderList(for: name, size: expected, overflowRoom: room, now: now) }
                if drawer != nil || !surface.beginsBurst(guess) {
                    _ = measuringVisible(guess, of: name, in: Rect(origin: .zero, size: expected), painter: surface.painter) {
                        self.inspectingEngine { $0.renderList(for: name, size: expected, overflowRoom: room, now: now) }
                    }
                }
            }
            if drawer == nil { list = withOverflowIndicator(list, of: name, in: surface.bounds) }
            input.router.setItems(list.items, for: key.routerKey)
            let ring = drawer == nil ? columnFocusRing(list, on: surface, container: name) : nil
            if (list.items.isEmpty || drawer != nil) && !occupied {
                retireSurface(key, now: now)
                continue
            }
            let version = contentVersions[name, default: 0]
            // The pill's count is its content's revision; other views change content by version.
            let pill = indicatorCounts[name, default: 0]
            let revision: (ViewID) -> Int = { $0 == .overflowIndicator ? pill : self.trees.revision(of: $0) }
            var painted: [ViewID: PaintedView] = [:]  // a frame asks for each view several times
            try surface.show(list, contentVersion: version, decor: decor, ring: ring, revision: revision, now: now) { id in
                if let known = painted[id] { return known }
                guard let view = paintedView(id, in: name) else { return nil }
                painted[id] = view
                return view
            }
        }
    }

    /// What the painter draws for a view of `container`.
    public func paintedView(_ id: ViewID, in container: String) -> PaintedView? { paintedView(id, in: container, at: nil) }

    /// What the painter draws for a view of `container`; `time`: in a frame drawn for then
    /// (`drawAhead`), not now.
    func paintedView(_ id: ViewID, in container: String, at time: Double?) -> PaintedView? {
        if id == .overflowIndicator { return indicatorView(in: container) }
        if id.isGroupHeader { return groupHeaderView(id, in: container) }
        if container == center?.name, let row = centerView(id) { return row }
        let configuration = { self.inspectingEngine { $0.resolvedConfiguration(of: id) } }
        switch views[id] {
        case .toast(_, let tree)?:
            return PaintedView(tree: tree, configuration: configuration(), shadow: toastStyle(in: container).shadow)
        case .tip(let tree)?:
            return PaintedView(tree: tree, configuration: configuration())
        case .tree(let tree)?:
            return PaintedView(tree: treeShown(tree, of: id, now: time ?? clock(), drawing: time != nil), configuration: configuration())
        case nil:
            return nil
        }
    }
}
