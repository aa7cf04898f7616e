// The manager: every container, the views in them, and the effects to drain.

/// A show addressed to a container that is not registered yet.
struct PendingShow: Sendable {
    var id: ViewID
    var configuration: ViewConfiguration
    var size: Size
    var animated: Bool
    var expiresAt: Double
}

/// The whole overlay model. A value type: no clocks, no I/O. Feed it `now`, drain its effects.
public struct OverlayManager: Sendable {
    /// Seconds a show to an unregistered container is kept before it is refused
    /// with `.dismissed(…, reason: .unknownContainer)`.
    public var pendingContainerTimeout: Double = 5
    /// Shows kept per unregistered container; beyond it `show` throws `.pendingLimitReached`.
    public var maximumPendingShows = 256

    var containers: [ContainerState] = []
    var containerIndex: [String: Int] = [:]
    /// Pending shows per unregistered container name, in arrival order.
    var pending: [String: [PendingShow]] = [:]
    /// Container name of every view the model still knows (pending, waiting, drawn).
    var location: [ViewID: String] = [:]
    var effects: [EngineEffect] = []
    var nextID: UInt64 = 1
    /// The largest id `newID()` hands out before it wraps to 1 (the daemon's ids are UInt32).
    public var maximumID: UInt64 = .max
    /// When `suspendCountdowns(now:)` stopped every auto-dismiss countdown; nil while they run.
    public internal(set) var countdownsSuspendedSince: Double?
    /// How much views move (`setMotion(_:now:)`, MotionPolicy.swift).
    public internal(set) var motion = MotionPolicy.full

    /// An engine with no containers and no views.
    public init() {}

    // MARK: Containers

    /// Registers a container and delivers any shows that were waiting for it, in order.
    public mutating func register(_ container: ContainerConfiguration, now: Double) throws {
        guard containerIndex[container.name] == nil else {
            throw EngineError.duplicateContainer(container.name)
        }
        containerIndex[container.name] = containers.count
        containers.append(ContainerState(config: container))
        containers[containers.count - 1].countdownsSuspended = countdownsSuspendedSince != nil
        containers[containers.count - 1].motion = motion
        let waiting = pending.removeValue(forKey: container.name) ?? []
        for show in waiting {
            mutate(container.name) { state, effects in
                let entry = ViewEntry(id: show.id, settings: state.settings(for: show.configuration),
                                      size: show.size, animated: show.animated)
                state.show(entry, now: now, effects: &effects)
            }
        }
    }

    /// Changes a container at runtime; the change applies to the views already present.
    /// Throws `.immutableSetting` for queueType, clipped and name.
    public mutating func updateContainer(_ name: String, now: Double,
                                         _ change: (inout ContainerConfiguration) -> Void) throws {
        guard let index = containerIndex[name] else { throw EngineError.unknownContainer(name) }
        var config = containers[index].config
        change(&config)
        if config.queueType != containers[index].config.queueType { throw EngineError.immutableSetting("queueType") }
        if config.clipped != containers[index].config.clipped { throw EngineError.immutableSetting("clipped") }
        if config.name != name { throw EngineError.immutableSetting("name") }
        mutate(name) { $0.reconfigure(config, now: now, effects: &$1) }
    }

    /// The settings of the registered container `name`; nil when it is not registered.
    public func container(_ name: String) -> ContainerConfiguration? {
        containerIndex[name].map { containers[$0].config }
    }

    /// `container(name)?.placesFromAnchoredEdge`, without copying the configuration.
    public func placesFromAnchoredEdge(_ name: String) -> Bool {
        containerIndex[name].map { containers[$0].config.placesFromAnchoredEdge } ?? false
    }

    /// Names of registered containers, in registration order.
    public var containerNames: [String] { containers.map(\.name) }

    /// Records the container's current size, reported to its views by `environment(of:)`.
    public mutating func setContainerSize(_ size: Size, for name: String) {
        if let index = containerIndex[name] { containers[index].size = size }
    }

    // MARK: Shows

    /// Shows a view and returns its id (`id`, or a fresh one that is never reused).
    /// An id already present is updated in place: new configuration and size, no second
    /// entry, no new insertion transition. A show to an unregistered container is kept
    /// for `pendingContainerTimeout` seconds and delivered if the container registers.
    @discardableResult
    public mutating func show(_ id: ViewID? = nil, in container: String,
                              configuration: ViewConfiguration = .init(), size: Size,
                              animated: Bool = true, now: Double) throws -> ViewID {
        let id = id ?? newID()
        if id.rawValue >= nextID { nextID = id.rawValue == maximumID ? 1 : id.rawValue + 1 }
        if let home = location[id] {
            if home == container, updateInPlace(id, in: container, configuration: configuration, size: size, now: now) {
                return id
            }
            evict(id, from: home, now: now)
        }
        guard let index = containerIndex[container] else {
            var list = pending[container] ?? []
            guard list.count < maximumPendingShows else { throw EngineError.pendingLimitReached(container) }
            list.append(PendingShow(id: id, configuration: configuration, size: size,
                                    animated: animated, expiresAt: now + pendingContainerTimeout))
            pending[container] = list
            location[id] = container
            return id
        }
        location[id] = container
        mutate(at: index) { state, effects in
            let entry = ViewEntry(id: id, settings: state.settings(for: configuration), size: size, animated: animated)
            state.show(entry, now: now, effects: &effects)
        }
        return id
    }

    /// A fresh id: the one allocator for every view. Never 0 and never one the model still
    /// holds; ids count up to `maximumID`, then start again at 1.
    public mutating func newID() -> ViewID {
        while true {
            let id = ViewID(nextID)
            nextID = nextID >= maximumID ? 1 : nextID + 1
            if location[id] == nil { return id }
        }
    }

    /// Ids up to `id` are not handed out again until the allocator wraps (ids a previous run
    /// gave out, kept in history).
    public mutating func skipIDs(through id: ViewID) {
        if id.rawValue < maximumID, id.rawValue >= nextID { nextID = id.rawValue + 1 }
    }

    /// The measured size of a view changed (e.g. its content was replaced).
    public mutating func setSize(_ size: Size, of id: ViewID) {
        guard let name = location[id] else { return }
        if let index = containerIndex[name] {
            containers[index].entries[id]?.size = size
        } else if let i = pending[name]?.firstIndex(where: { $0.id == id }) {
            pending[name]![i].size = size
        }
    }

    /// Updates a live (not removing) view where it is. False when it cannot.
    private mutating func updateInPlace(_ id: ViewID, in name: String, configuration: ViewConfiguration,
                                        size: Size, now: Double) -> Bool {
        if let index = containerIndex[name] {
            guard let entry = containers[index].entries[id], entry.phase != .removing else { return false }
            containers[index].update(id, configuration: configuration, size: size, now: now)
            return true
        }
        guard let i = pending[name]?.firstIndex(where: { $0.id == id }) else { return false }
        pending[name]![i].configuration = configuration
        pending[name]![i].size = size
        return true
    }

    /// Frees an id for reuse elsewhere: a removing view is cut short, a live one in another
    /// container is dismissed (`.replaced`) without animation.
    private mutating func evict(_ id: ViewID, from name: String, now: Double) {
        if containerIndex[name] != nil {
            mutate(name) { state, effects in
                state.dismiss(id, reason: .replaced, animated: false, now: now, effects: &effects)
                state.finishRemoval(id, effects: &effects)
            }
        } else {
            dropPending(id, in: name, reason: .replaced)
        }
    }

    // MARK: Effects

    /// Effects since the last drain, in the order they happened. The list starts again empty:
    /// the caller holds the drained storage, and a burst's capacity is not kept.
    public mutating func drainEffects() -> [EngineEffect] {
        defer { effects = [] }
        return effects
    }

    /// Runs `body` on a container, then forgets the ids it reported removed.
    @discardableResult
    mutating func mutate<R>(_ name: String, _ body: (inout ContainerState, inout [EngineEffect]) -> R) -> R {
        mutate(at: containerIndex[name]!, body)
    }

    mutating func mutate<R>(at index: Int, _ body: (inout ContainerState, inout [EngineEffect]) -> R) -> R {
        let start = effects.count
        let result = body(&containers[index], &effects)
        containers[index].pruneDrawnDeadlines()
        forgetRemoved(from: start)
        containers[index].releaseSpareCapacity()
        location.shrinkIfSparse()
        return result
    }

    mutating func forgetRemoved(from start: Int) {
        for effect in effects[start...] {
            if case .removed(let id, _) = effect { location[id] = nil }
        }
    }
}
