// Dismissal, hover pauses and timers of the manager.

extension OverlayManager {
    /// Dismisses a view wherever it is (waiting, held, pending or showing).
    /// False when the id is unknown or already dismissed. Never debounced.
    @discardableResult
    public mutating func dismiss(_ id: ViewID, reason: DismissReason = .request,
                                 animated: Bool = true, now: Double) -> Bool {
        guard let name = location[id] else { return false }
        guard containerIndex[name] != nil else { return dropPending(id, in: name, reason: reason) }
        return mutate(name) { $0.dismiss(id, reason: reason, animated: animated, now: now, effects: &$1) }
    }

    /// Dismisses every view in the named containers (and shows pending for them).
    /// With `onlyShowing`, waiting and hidden views stay and then refill the screen.
    public mutating func dismissAll(in names: [String], onlyShowing: Bool = false,
                                    animated: Bool = true, now: Double) {
        for name in names { dismissEverything(in: name, onlyShowing: onlyShowing, animated: animated, now: now) }
    }

    /// Dismisses every view in every container not named (registered or pending).
    public mutating func dismissAll(except names: [String], onlyShowing: Bool = false,
                                    animated: Bool = true, now: Double) {
        let excluded = Set(names)
        let all = containerNames + pending.keys.sorted()
        for name in all where !excluded.contains(name) {
            dismissEverything(in: name, onlyShowing: onlyShowing, animated: animated, now: now)
        }
    }

    private mutating func dismissEverything(in name: String, onlyShowing: Bool, animated: Bool, now: Double) {
        guard containerIndex[name] != nil else {
            if !onlyShowing { for show in pending[name] ?? [] { dropPending(show.id, in: name, reason: .request) } }
            return
        }
        mutate(name) { state, effects in
            if !onlyShowing {
                // Before the showing ones, so none comes back only to be dismissed.
                for id in state.hiddenIDs() {
                    state.dismiss(id, reason: .request, animated: animated, now: now, effects: &effects)
                }
            }
            for id in state.showingIDs() {
                state.dismiss(id, reason: .request, animated: animated, now: now, effects: &effects)
            }
            if !onlyShowing {
                for id in state.waitingIDs() {
                    state.dismiss(id, reason: .request, animated: animated, now: now, effects: &effects)
                }
            }
        }
    }

    /// Dismisses the top view: per container the newest (newestOnTop) or oldest
    /// (oldestOnTop) showing view; across containers, the one that appeared last.
    @discardableResult
    public mutating func dismissTopmost(in names: [String], reason: DismissReason = .request,
                                        animated: Bool = true, now: Double) -> ViewID? {
        var best: (id: ViewID, appearedAt: Double)?
        for name in names {
            guard let index = containerIndex[name], let id = containers[index].showing().last else { continue }
            let appearedAt = containers[index].entries[id]!.appearedAt
            if best.map({ appearedAt > $0.appearedAt }) ?? true { best = (id, appearedAt) }
        }
        guard let best else { return nil }
        dismiss(best.id, reason: reason, animated: animated, now: now)
        return best.id
    }

    /// Stops a view's auto-dismiss countdown (pointer hovering it); a stack's header stops its
    /// members'.
    public mutating func pauseAutoDismiss(_ id: ViewID, now: Double) {
        if id.isGroupHeader { _ = setHeaderHovered(id, true, now: now); return }
        withContainer(of: id) { $0.pauseCountdown(of: id, now: now) }
    }

    /// Continues a paused countdown; the paused time does not count. During a suspension
    /// (`suspendCountdowns`) only the paused time before it counts: the suspension moves the
    /// countdown on by itself when it ends.
    public mutating func resumeAutoDismiss(_ id: ViewID, now: Double) {
        if id.isGroupHeader { _ = setHeaderHovered(id, false, now: now); return }
        let until = countdownsSuspendedSince.map { min(now, $0) } ?? now
        withContainer(of: id) { $0.resumeCountdown(of: id, until: until) }
    }

    /// Stops every auto-dismiss countdown, of views showing and waiting (`expiresWhileWaiting`),
    /// and of views that arrive before `resumeCountdowns`: nothing expires unseen while there is
    /// no compositor. Other timers (queue moves, debounces, removals) go on. Composes with the
    /// per-view hover pauses; nothing is done per frame. No-op when already suspended.
    public mutating func suspendCountdowns(now: Double) {
        guard countdownsSuspendedSince == nil else { return }
        countdownsSuspendedSince = now
        for index in containers.indices { containers[index].countdownsSuspended = true }
    }

    /// Continues every countdown: the suspended time does not count (a view that arrived during
    /// the suspension counts from now). O(views). No-op when not suspended.
    public mutating func resumeCountdowns(now: Double) {
        guard let since = countdownsSuspendedSince else { return }
        countdownsSuspendedSince = nil
        for index in containers.indices { containers[index].resumeCountdowns(suspendedSince: since, now: now) }
    }

    /// Earliest time `advance(to:)` has work: auto-dismissals, queue moves, debounce
    /// releases, removal ends and pending-container expiries. Nil when nothing is pending.
    public var nextDeadline: Double? {
        earliestDeadline()?.time
    }

    /// Fires every timer due at or before `now`, in time order, each at its own time. A
    /// container's timers due before any other's fire in one pass over it (a flood's views
    /// expire one by one, each at its own time).
    public mutating func advance(to now: Double) {
        while let next = earliestDeadline(), next.time <= now {
            guard let index = next.container else {
                expirePending(at: next.time)
                continue
            }
            let others = earliestDeadline(except: index)?.time ?? .infinity
            mutate(at: index) { state, effects in
                var t = next.time
                while true {
                    state.fire(at: t, effects: &effects)
                    state.pruneDrawnDeadlines()
                    guard let due = state.nextDeadline, due <= now, due < others else { break }
                    t = due
                }
            }
        }
    }

    /// (time, container index) of the earliest timer, of every container but `skipped`;
    /// container nil for a pending expiry.
    private func earliestDeadline(except skipped: Int? = nil) -> (time: Double, container: Int?)? {
        var best: (time: Double, container: Int?)?
        for index in containers.indices where index != skipped {
            if let t = containers[index].nextDeadline, best.map({ t < $0.time }) ?? true { best = (t, index) }
        }
        for list in pending.values {
            for show in list where best.map({ show.expiresAt < $0.time }) ?? true {
                best = (show.expiresAt, nil)
            }
        }
        return best
    }

    private mutating func expirePending(at t: Double) {
        for name in pending.keys.sorted() {
            for show in pending[name]! where show.expiresAt <= t {
                dropPending(show.id, in: name, reason: .unknownContainer)
            }
        }
    }

    /// Removes a pending show, reporting it dismissed and removed.
    @discardableResult
    mutating func dropPending(_ id: ViewID, in name: String, reason: DismissReason) -> Bool {
        guard let i = pending[name]?.firstIndex(where: { $0.id == id }) else { return false }
        pending[name]!.remove(at: i)
        if pending[name]!.isEmpty { pending[name] = nil }
        location[id] = nil
        effects.append(.dismissed(id, container: name, reason: reason))
        effects.append(.removed(id, container: name))
        return true
    }

    /// Edits the registered container that holds `id`, in place.
    mutating func withContainer(of id: ViewID, _ body: (inout ContainerState) -> Void) {
        guard let name = location[id], let index = containerIndex[name] else { return }
        body(&containers[index])
    }

    /// Edits a registered view's entry in place.
    mutating func withEntry(_ id: ViewID, _ body: (inout ViewEntry) -> Void) {
        guard let name = location[id], let index = containerIndex[name],
              containers[index].entries[id] != nil else { return }
        body(&containers[index].entries[id]!)
    }
}
