import OverlayEngine

/// A real engine with one vertical container of 300×100 views, plus the input router fed from
/// its render lists: recorded event sequences go in, engine effects come out.
final class InputTestWorld {
    static let container = "toasts"
    static let size = Size(width: 400, height: 600)
    var manager = OverlayManager()
    lazy var router: InputRouter = {
        var router = InputRouter { [unowned self] in self.manager.resolvedConfiguration(of: $0)?.dismissGesture }
        router.bindingOf = { [unowned self] id, trigger in
            self.manager.resolvedConfiguration(of: id)?.binding(for: trigger) ?? .standard(for: trigger)
        }
        return router
    }()
    /// Every effect drained so far.
    private(set) var effects: [EngineEffect] = []
    /// What the caller does with a tap the engine hands back.
    enum TapDecision { case notClaimed, claimed, dismiss }
    /// Taps handed back to the caller, and what it decides.
    var claimTap: (ViewID, Point) -> TapDecision = { _, _ in .notClaimed }
    private(set) var offeredTaps: [ViewID] = []
    /// Views whose "default" action a binding invoked.
    private(set) var invokedDefault: [ViewID] = []

    /// `count` views (newest on top of the column), no animations, with `gesture`.
    init(views count: Int = 2, gesture: DismissGesture?, autoDismiss: Double? = nil,
         bindings: PointerBindings = [:]) throws {
        var config = ContainerConfiguration(name: Self.container, displayType: .vertical, queueType: .multiple)
        config.spacing = 10
        config.displayOrder = .newestOnTop
        config.defaults.alignment = .top
        config.defaults.transition = .identity
        if let gesture { config.defaults.dismissGesture = .value(gesture) }
        if let autoDismiss { config.defaults.autoDismiss = .value(autoDismiss) }
        config.defaults.pointerBindings = bindings
        try manager.register(config, now: 0)
        for _ in 0..<count {
            try manager.show(in: Self.container, size: Size(width: 300, height: 100), animated: false, now: 0)
        }
        sync(now: 0)
    }

    /// Ids in column order, top first.
    var column: [ViewID] {
        router.setItems(list(now: 0).items, for: Self.container)
        return list(now: 0).items.sorted { $0.frame.minY < $1.frame.minY }.map(\.id)
    }

    func list(now: Double) -> RenderList { manager.renderList(for: Self.container, size: Self.size, now: now) }

    /// Advances the engine and the router to `now` and gives the router the new layout.
    func sync(now: Double) {
        manager.advance(to: now)
        effects += manager.drainEffects()
        router.setItems(list(now: now).items, for: Self.container)
        apply(router.layoutChanged(), now: now)
        apply(router.advance(to: now), now: now)
    }

    func apply(_ actions: [InputAction], now: Double) {
        for request in manager.apply(actions, now: now) {
            switch request {
            case .tap(let id, let point):
                offeredTaps.append(id)
                switch claimTap(id, point) {
                case .claimed: break
                case .dismiss: manager.dismiss(id, reason: .gesture, now: now)
                case .notClaimed: manager.applyTap(at: point, to: id, now: now)
                }
            case .invokeDefault(let id):
                invokedDefault.append(id)
            }
        }
        effects += manager.drainEffects()
    }

    /// Ids dismissed with `reason`.
    func dismissed(reason: DismissReason = .gesture) -> [ViewID] {
        effects.compactMap { if case .dismissed(let id, _, reason) = $0 { return id }; return nil }
    }

    /// Where a view is drawn now (its drag offset included).
    func frame(of id: ViewID, now: Double) -> Rect? {
        list(now: now).items.first { $0.id == id }?.visualFrame
    }

    /// The middle of a view's frame.
    func center(of id: ViewID) -> Point {
        let f = frame(of: id, now: 0)!
        return Point(x: f.midX, y: f.midY)
    }
}
