// One container's state machine: admission, queueing, dismissal and timers. No I/O:
// every observable change is appended to the caller's effect list.

struct ContainerState: Sendable {
    var config: ContainerConfiguration
    var entries: [ViewID: ViewEntry] = [:]
    /// Waiting views in FIFO order (key: arrival).
    var queue = SequencedIDs()
    /// Auto-dismiss deadlines of queued views, when the container lets them expire waiting.
    var waitingDeadlines = DeadlineHeap()
    /// Showing and leaving views in layout order (key: order).
    var drawn = SequencedIDs()
    var showingCount = 0
    /// Showing normal-priority views, oldest first (key: order).
    var normalShowing = SequencedIDs()
    /// Showing pinned (high-priority) views, oldest first (key: order); at most `maximumPinned`.
    var pinnedShowing = SequencedIDs()
    /// Hidden views, newest last (key: arrival).
    var hidden = SequencedIDs()
    /// The pinned views among `hidden` (key: arrival).
    var pinnedHidden = SequencedIDs()
    /// Auto-dismiss deadlines of hidden views; stale items are skipped like `waitingDeadlines`'.
    var hiddenDeadlines = DeadlineHeap()
    /// Auto-dismiss deadlines of showing views, and removal ends of drawn leaving views
    /// (ContainerState+Deadlines.swift).
    var showingDeadlines = DeadlineHeap()
    var removalEnds = DeadlineHeap()
    /// A show held back by a debounce, and when it is released.
    var held: ViewID?
    var heldUntil: Double?
    /// Views the container keeps off screen: hidden, waiting, or held back by a debounce.
    var offScreenCount: Int { hidden.count + queue.count + (held == nil ? 0 : 1) }
    /// When the next waiting view may move in. For oneByOneWaitFinish it is also the
    /// gap after a dismissal during which nothing new may appear.
    var refillAt: Double?
    /// When hidden views newer than the ones on screen take their places (`Overflow.newest`).
    var promoteAt: Double?
    /// When the first newcomer now waiting for that swap came.
    var swapSince: Double?
    var size: Size = .zero
    /// Set while the manager suspends every countdown (no compositor): no auto-dismissal fires,
    /// showing or waiting (ContainerState+Countdowns.swift).
    var countdownsSuspended = false
    /// Groups by key (ViewGroups.swift); `groupSavings` is the slots stacking saves.
    var groups: [String: GroupState] = [:]
    var groupSavings = 0
    var groupSerial: UInt64 = 0
    /// How much its views move (`OverlayManager.setMotion`).
    var motion = MotionPolicy.full
    private var nextArrival: UInt64 = 0
    /// The settings made last, shared while views keep coming with the same configuration.
    private var lastSettings: ViewSettings?

    init(config: ContainerConfiguration) { self.config = config }

    var name: String { config.name }

    /// `configuration` merged with this container's defaults; the previous view's copy when equal.
    mutating func settings(for configuration: ViewConfiguration) -> ViewSettings {
        if let last = lastSettings, last.configuration == configuration { return last }
        let made = ViewSettings(configuration, in: config, motion: motion)
        lastSettings = made
        return made
    }

    // MARK: Shows

    /// A new view arrives (its id is not in this container).
    mutating func show(_ entry: consuming ViewEntry, now: Double, effects: inout [EngineEffect]) {
        let id = entry.id
        if case .debounce(let seconds) = config.queueControl, seconds > 0 {
            if let previous = held { dismiss(previous, reason: .debounced, animated: false, now: now, effects: &effects) }
            entries[id] = entry
            held = id
            heldUntil = now + seconds
            return
        }
        entries[id] = consume entry
        admit(id, now: now, effects: &effects)
    }

    /// Updates a present view in place: no second entry, no new insertion transition.
    /// A showing view's auto-dismiss countdown restarts.
    mutating func update(_ id: ViewID, configuration: ViewConfiguration, size: Size, now: Double) {
        guard var entry = entries[id] else { return }
        entry.settings = settings(for: configuration)
        entry.size = size
        if entry.phase == .showing || entry.phase == .hidden {
            entry.countdownStart = now
            if entry.pausedAt != nil { entry.pausedAt = now }
        } else if config.expiresWhileWaiting {
            entry.countdownStart = now
        }
        entries[id] = entry
        if config.expiresWhileWaiting && held != id { scheduleExpiry(of: id) }
        if let deadline = entry.hiddenDeadline { hiddenDeadlines.push(deadline, id) }
        scheduleAutoDismiss(of: id)
        pruneWaitingDeadlines()
        pruneHiddenDeadlines()
        pruneDrawnDeadlines()
    }

    /// Puts a view into the queue, or on screen when the queue rules allow.
    private mutating func admit(_ id: ViewID, now: Double, effects: inout [EngineEffect]) {
        // In place: the entry is large, and a flood admits thousands.
        guard let slot = entries.index(forKey: id) else { return }
        let arrival = nextArrival
        nextArrival += 1
        let multiple = config.queueType == .multiple
        let (waitingDeadline, animated) = withEntry(at: slot) { entry in
            entry.arrival = arrival
            entry.countdownStart = now
            entry.pinned = multiple && entry.resolved.priority == .high
            entry.order = entry.pinned ? Self.pinnedBand + arrival : arrival
            return (entry.waitingDeadline, entry.insertAnimated)
        }
        switch config.queueType {
        case .oneByOne:
            for other in showingIDs() {
                dismiss(other, reason: .replaced, animated: animated, now: now, effects: &effects)
            }
            appear(id, now: now, effects: &effects)
        case .multiple:
            admitToMultiple(id, waitingDeadline: waitingDeadline, now: now, effects: &effects)
        case .oneByOneWaitFinish:
            if queue.isEmpty && showingCount == 0 && refillAt == nil {
                appear(id, now: now, effects: &effects)
            } else {
                enqueue(id, deadline: waitingDeadline, now: now, effects: &effects)
            }
        }
        reconcile(now: now, effects: &effects)
    }

    /// Puts a waiting or hidden view on screen. A hidden one keeps its countdown, and its
    /// appear hooks are not run again.
    mutating func appear(_ id: ViewID, now: Double, effects: inout [EngineEffect]) {
        let slot = entries.index(forKey: id)!
        let was = withEntry(at: slot) { $0.filing }
        var turnsBack = false
        if was.phase == .hidden {
            hidden.remove(id, key: was.arrival)
            if was.pinned { pinnedHidden.remove(id, key: was.arrival) }
            // Still going out: it turns back from where it is, in the same place.
            turnsBack = drawn.contains(id, key: was.order)
            if !turnsBack { drawn.insert(id, key: was.order) }
        } else {
            drawn.insert(id, key: was.order)
        }
        // A view that could expire while waiting keeps counting from its arrival.
        let restartsCountdown = !config.expiresWhileWaiting, stacks = groupsStack
        let (hooks, key, deadline) = withEntry(at: slot) { entry in
            let hooks = entry.appear(at: now, turnsBack: turnsBack, restartsCountdown: restartsCountdown)
            let key = Self.groupKey(of: entry, stacking: stacks)
            if let key { entry.groupKey = key }
            return (hooks, key, entry.autoDismissDeadline)
        }
        for hook in hooks { effects.append(.hook(hook, id, container: name)) }
        effects.append(.appeared(id, container: name))
        if was.pinned { pinnedShowing.insert(id, key: was.order) } else { normalShowing.insert(id, key: was.order) }
        showingCount += 1
        scheduleAutoDismiss(of: id, deadline: deadline)
        if let key { joinGroup(id, key: key, order: was.order, now: now) }
    }

    /// Reads or changes entry `slot` in place: a read through `entries.values[slot]` or
    /// `entries[id]` copies the whole entry.
    mutating func withEntry<R>(at slot: Dictionary<ViewID, ViewEntry>.Index, _ body: (inout ViewEntry) -> R) -> R {
        body(&entries.values[slot])
    }

    // MARK: Dismissals

    /// Dismisses a waiting, held or showing view. False if absent or already dismissed.
    @discardableResult
    mutating func dismiss(_ id: ViewID, reason: DismissReason, animated: Bool, now: Double,
                          override: (transition: Transition, animation: Animation)? = nil,
                          effects: inout [EngineEffect]) -> Bool {
        guard var entry = entries[id] else { return false }
        switch entry.phase {
        case .removing:
            return false
        case .waiting:
            if held == id { held = nil; heldUntil = nil } else { queue.remove(id, key: entry.arrival) }
            entries[id] = nil
            effects.append(.dismissed(id, container: name, reason: reason))
            effects.append(.removed(id, container: name))
        case .hidden:
            dismissHidden(entry, reason: reason, now: now, effects: &effects)
        case .showing:
            // A card buried in a closed stack is not drawn: it goes at once.
            let transition = animated && !isBuriedInStack(entry.filing, now: now)
            entry.presenceAtRemoval = min(1, max(0, entry.presence(at: now)))
            entry.phase = .removing
            entry.removalStart = now
            entry.removalOverride = override
            let animation = override?.animation ?? entry.resolved.animation
            entry.removalDuration = transition ? (override == nil ? entry.animationDuration : animation.duration) : 0
            if let drag = entry.drag { entry.drag = DragState(offset: drag.offset(at: now).offset) }
            showingCount -= 1
            if entry.pinned { pinnedShowing.remove(id, key: entry.order) } else { normalShowing.remove(id, key: entry.order) }
            entries[id] = entry
            leaveGroup(id, key: entry.groupKey, order: entry.order)
            effects.append(.dismissed(id, container: name, reason: reason))
            for hook in entry.resolved.disappearActions { effects.append(.hook(hook, id, container: name)) }
            if entry.removalDuration <= 0 { finishRemoval(id, effects: &effects) } else { scheduleRemovalEnd(of: id) }
            if config.queueType == .oneByOneWaitFinish { refillAt = now + config.delayForShowingNext }
        }
        reconcile(now: now, effects: &effects)
        return true
    }

    /// Drops a removing view immediately (its transition is cut short). A hidden one only
    /// stops being drawn.
    mutating func finishRemoval(_ id: ViewID, effects: inout [EngineEffect]) {
        guard let entry = entries[id], entry.isLeaving else { return }
        if entry.phase == .hidden {
            drawn.remove(id, key: entry.order)
            releaseGroupIfUnused(entry.groupKey)
            return
        }
        drawn.remove(id, key: entry.order)
        entries[id] = nil
        releaseGroupIfUnused(entry.groupKey)
        effects.append(.removed(id, container: name))
    }

    // MARK: Timers

    /// Earliest time `fire(at:)` has work.
    var nextDeadline: Double? {
        var best = refillAt
        if let promoteAt, best.map({ promoteAt < $0 }) ?? true { best = promoteAt }
        func consider(_ t: Double?) { if let t, best.map({ t < $0 }) ?? true { best = t } }
        consider(heldUntil)
        if !countdownsSuspended {
            consider(waitingDeadlines.top?.deadline)
            consider(hiddenDeadlines.top?.deadline)
            consider(showingDeadlines.top?.deadline)
        }
        consider(removalEnds.top?.deadline)
        return best
    }

    /// Runs everything due at or before `t`, with `t` as the current time.
    mutating func fire(at t: Double, effects: inout [EngineEffect]) {
        let finished = takeFinishedRemovals(at: t)
        let expired = countdownsSuspended ? [] : takeExpired(at: t)
        for id in finished { finishRemoval(id, effects: &effects) }
        // Hidden views first, so a slot freed below goes to a view whose time is not up.
        if !countdownsSuspended { expireHidden(at: t, effects: &effects) }
        dissolveStacks(leavingWhole: expired)
        for id in expired { dismiss(id, reason: .autoDismiss, animated: true, now: t, effects: &effects) }
        var overdue: [ViewID] = []
        while !countdownsSuspended, let top = waitingDeadlines.top, top.deadline <= t {
            waitingDeadlines.popTop()
            if isCurrent(top) { overdue.append(top.id) }
        }
        for id in overdue { dismiss(id, reason: .autoDismiss, animated: false, now: t, effects: &effects) }
        if let until = heldUntil, until <= t, let id = held {
            held = nil
            heldUntil = nil
            admit(id, now: t, effects: &effects)
        }
        if let due = promoteAt, due <= t {
            promoteAt = nil
            swapSince = nil
            promote(now: t, effects: &effects)
            reconcile(now: t, effects: &effects)
        }
        if let due = refillAt, due <= t {
            refillAt = nil
            if let next = queue.first, fits(next) {
                _ = queue.popFirst()
                appear(next, now: t, effects: &effects)
            }
            reconcile(now: t, effects: &effects)
        }
    }

    /// Re-establishes the refill invariant: a refill is pending exactly when a waiting
    /// view could move in. This is what keeps the queue from getting stuck.
    /// Hidden views come back first, at once, while there is room.
    mutating func reconcile(now: Double, effects: inout [EngineEffect]) {
        pruneWaitingDeadlines()
        pruneHiddenDeadlines()
        defer { pruneDrawnDeadlines() }
        switch config.queueType {
        case .oneByOne:
            refillAt = nil
        case .multiple:
            makeRoom(now: now)
            restorePinned(now: now, effects: &effects)
            while let id = newestNormalHidden(), fits(id) { appear(id, now: now, effects: &effects) }
            if queue.isEmpty || slotsUsed >= config.capacity {
                refillAt = nil
            } else if refillAt == nil {
                refillAt = now + config.delayForShowingNext
            }
        case .oneByOneWaitFinish:
            if showingCount > 0 {
                refillAt = nil
            } else if refillAt == nil && !queue.isEmpty {
                refillAt = now + config.delayForShowingNext
            }
        }
    }

    // MARK: Expiry while waiting

    /// Adds a queued view's deadline to the heap, when the container lets waiting views expire.
    private mutating func scheduleExpiry(of id: ViewID) {
        scheduleExpiry(of: id, deadline: entries[id]?.waitingDeadline)
    }

    mutating func scheduleExpiry(of id: ViewID, deadline: Double?) {
        guard config.expiresWhileWaiting, let deadline else { return }
        waitingDeadlines.push(deadline, id)
    }

    /// True when the heap item still describes a queued view's deadline.
    private func isCurrent(_ item: DeadlineHeap.Item) -> Bool {
        guard config.expiresWhileWaiting, held != item.id, let entry = entries[item.id] else { return false }
        return entry.waitingDeadline == item.deadline
    }

    /// Drops stale items from the top, so `nextDeadline` never wakes the loop for nothing.
    private mutating func pruneWaitingDeadlines() {
        while let top = waitingDeadlines.top, !isCurrent(top) { waitingDeadlines.popTop() }
    }

    // MARK: Configuration

    /// Applies a runtime change to every present view. Raising the maximum brings hidden
    /// views back and schedules a refill; lowering it evicts nothing. Lowering `maximumPinned`
    /// hides the oldest pinned views past it. Turning a debounce off releases the held show.
    mutating func reconfigure(_ new: ContainerConfiguration, now: Double, effects: inout [EngineEffect]) {
        let regroup = new.groupThreshold != config.groupThreshold
        config = new
        lastSettings = nil
        if regroup { recountGroups() }
        // Views that shared settings share the merged ones (the old copy is kept alive while
        // its identity is a key).
        var remade: [ObjectIdentifier: (old: ViewSettings, new: ViewSettings)] = [:]
        for id in Array(entries.keys) {
            let old = entries[id]!.settings
            let new = remade[ObjectIdentifier(old)]?.new ?? ViewSettings(old.configuration, in: config, motion: motion)
            remade[ObjectIdentifier(old)] = (old, new)
            entries[id]!.settings = new
        }
        waitingDeadlines.removeAll()
        queue.forEach { scheduleExpiry(of: $0) }
        hiddenDeadlines.removeAll()
        hidden.forEach { id in
            if let deadline = entries[id]!.hiddenDeadline { hiddenDeadlines.push(deadline, id) }
        }
        rescheduleDrawnDeadlines()
        capPinned(now: now)
        trimHidden(now: now, effects: &effects)
        if config.queueControl == .none, let id = held {
            held = nil
            heldUntil = nil
            admit(id, now: now, effects: &effects)
        }
        reconcile(now: now, effects: &effects)
    }

    // MARK: Queries

    /// Showing views in appearance order (oldest first).
    func showingIDs() -> [ViewID] {
        var out: [ViewID] = []
        drawn.forEach { if entries[$0]!.phase == .showing { out.append($0) } }
        return out
    }

    /// Z value of a drawn view: its order, negated when the oldest is on top.
    func z(of entry: ViewEntry) -> Int {
        config.displayOrder == .newestOnTop ? Int(entry.order) : -Int(entry.order)
    }

    /// Waiting views in the order they will be shown; a debounced show comes last.
    func waitingIDs() -> [ViewID] {
        var out = queue.elements
        if let held { out.append(held) }
        return out
    }
}
