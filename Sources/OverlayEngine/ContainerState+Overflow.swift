// A full multiple container: the newest-first overflow policy, high-priority views and the
// hidden views they move off screen.
//
// A hidden view is not dismissed: it stays in the model with its countdown running and
// comes back (newest hidden first) as soon as a slot is free, before any waiting view.
// Every step is O(log n) in the number of views: the oldest normal view on screen, the
// newest hidden one and the earliest hidden deadline are each one lookup away.

extension ContainerState {
    /// Added to a high-priority view's arrival to make its order: above every normal view.
    static let pinnedBand: UInt64 = 1 << 62
    /// The longest a steady stream of newcomers holds a swap back.
    static let maximumSwapWait = 1.0

    /// Admission to a multiple container (the entry's arrival and order are set).
    mutating func admitToMultiple(_ id: ViewID, waitingDeadline: Double?, now: Double,
                                  effects: inout [EngineEffect]) {
        // `fits` is asked only where the answer matters: a flood's newcomers to a full stack swap without it.
        if withEntry(at: entries.index(forKey: id)!, { $0.pinned }) {
            if !fits(id), let oldest = normalShowing.first { hide(oldest, now: now) }
            appear(id, now: now, effects: &effects)
            capPinned(now: now)
            makeRoom(now: now)
        } else if config.overflow == .newest {
            if swapIntoFullGroup(id, now: now, effects: &effects) {
                // A full stack keeps its newest members.
            } else if fits(id) {
                appear(id, now: now, effects: &effects)
            } else if config.swapDelay > 0, !normalShowing.isEmpty {
                // Full: newcomers wait hidden until none has come for `swapDelay` (but never
                // more than `maximumSwapWait` after the first), then the newest hidden views take
                // the oldest ones' places (`promote`). A burst swaps the screen once, after it.
                hide(id, now: now)
                if swapSince == nil {
                    // The views still coming in hold still until the swap: a burst draws no
                    // frames for a set it is about to replace.
                    swapSince = now
                    for shown in normalShowing.elements { entries[shown]!.holdInsertion(at: now) }
                }
                promoteAt = min(now + config.swapDelay, swapSince! + Self.maximumSwapWait)
            } else if let oldest = normalShowing.first {
                hide(oldest, now: now)
                appear(id, now: now, effects: &effects)
                makeRoom(now: now)
            } else {
                // High-priority views fill every slot: the newest normal view waits hidden.
                hide(id, now: now)
            }
        } else if queue.isEmpty && fits(id) {
            appear(id, now: now, effects: &effects)
        } else {
            enqueue(id, deadline: waitingDeadline, now: now, effects: &effects)
        }
        trimHidden(now: now, effects: &effects)
    }

    /// Hidden views newer than views on screen take the oldest ones' places, newest first.
    mutating func promote(now: Double, effects: inout [EngineEffect]) {
        while let newest = newestNormalHidden(), let oldest = normalShowing.first,
              entries[newest]!.arrival > entries[oldest]!.arrival {
            // A newcomer joining a stack needs no slot; otherwise the oldest makes room.
            if fits(newest) {
                appear(newest, now: now, effects: &effects)
            } else if !swapIntoFullGroup(newest, now: now, effects: &effects) {
                // Its stack is full of newer members: it stays hidden, and so do older ones.
                if isFull(groupKey(for: entries[newest]!)) { break }
                hide(oldest, now: now)
            }
        }
        makeRoom(now: now)
        for shown in normalShowing.elements { entries[shown]!.resumeInsertion(at: now) }
    }

    /// Hides the oldest normal views while the showing ones take more slots than there are (a
    /// stack broken up by a member leaving takes more than the one slot it had).
    mutating func makeRoom(now: Double) {
        guard groupsStack else { return }
        while slotsUsed > config.capacity, let oldest = normalShowing.first {
            hide(oldest, now: now)
        }
    }

    /// Queues a view; past `maximumWaiting` the oldest waiting view is dismissed (`.autoDismiss`).
    mutating func enqueue(_ id: ViewID, deadline: Double?, now: Double, effects: inout [EngineEffect]) {
        queue.append(id, key: entries[id]!.arrival)
        scheduleExpiry(of: id, deadline: deadline)
        while queue.count > max(0, config.maximumWaiting), let oldest = queue.first {
            dismiss(oldest, reason: .autoDismiss, animated: false, now: now, effects: &effects)
        }
    }

    /// Moves a showing view off screen with its removal transition (a view still coming
    /// in goes at once), or puts a view that never appeared straight into
    /// the hidden set. A paused countdown resumes: nobody can hover a hidden view.
    mutating func hide(_ id: ViewID, now: Double) {
        let slot = entries.index(forKey: id)!
        let was = withEntry(at: slot) { $0.filing }
        // Its group, looked up once for the three steps that read it (none adds or removes a group).
        let group = was.groupKey.flatMap { groups.index(forKey: $0) }
        let buried = group.map { isBuriedInStack(was, group: $0, now: now) } ?? false
        if was.phase == .showing {
            if let group { leaveGroup(id, at: group, order: was.order) }
            if was.pinned { pinnedShowing.remove(id, key: was.order) } else { normalShowing.remove(id, key: was.order) }
            showingCount -= 1
        }
        let (goesAtOnce, deadline) = withEntry(at: slot) { entry in
            entry.hide(at: now, buried: buried)
            return (entry.removalDuration <= 0, entry.hiddenDeadline)
        }
        if goesAtOnce { drawn.remove(id, key: was.order) }
        hidden.insert(id, key: was.arrival)
        if was.pinned { pinnedHidden.insert(id, key: was.arrival) }
        if let deadline { hiddenDeadlines.push(deadline, id) }
        if goesAtOnce {
            if let group { releaseGroupIfUnused(at: group) }
        } else {
            scheduleRemovalEnd(of: id)
        }
    }

    /// Dismisses a hidden view: `.dismissed`, its disappear hooks if it ever appeared, and
    /// `.removed` at once, or when the removal transition it is still drawn with ends.
    mutating func dismissHidden(_ entry: ViewEntry, reason: DismissReason, now: Double,
                                effects: inout [EngineEffect]) {
        let id = entry.id
        hidden.remove(id, key: entry.arrival)
        if entry.pinned { pinnedHidden.remove(id, key: entry.arrival) }
        effects.append(.dismissed(id, container: name, reason: reason))
        if entry.hasAppeared {
            for hook in entry.resolved.disappearActions { effects.append(.hook(hook, id, container: name)) }
        }
        if let end = entry.removalEnd, end > now, drawn.contains(id, key: entry.order) {
            entries[id]!.phase = .removing
        } else {
            drawn.remove(id, key: entry.order)
            entries[id] = nil
            releaseGroupIfUnused(entry.groupKey)
            effects.append(.removed(id, container: name))
        }
    }

    /// Dismisses (`.autoDismiss`) the oldest hidden views beyond `maximumHidden`.
    mutating func trimHidden(now: Double, effects: inout [EngineEffect]) {
        while hidden.count > max(0, config.maximumHidden), let oldest = hidden.first {
            dismiss(oldest, reason: .autoDismiss, animated: true, now: now, effects: &effects)
        }
    }

    /// Dismisses (`.autoDismiss`) the hidden views whose countdown ran out by `t`.
    mutating func expireHidden(at t: Double, effects: inout [EngineEffect]) {
        var lapsed: [ViewID] = []
        while let top = hiddenDeadlines.top, top.deadline <= t {
            hiddenDeadlines.popTop()
            if isCurrentHidden(top) { lapsed.append(top.id) }
        }
        for id in lapsed { dismiss(id, reason: .autoDismiss, animated: true, now: t, effects: &effects) }
    }

    /// True when the heap item still describes a hidden view's deadline.
    private func isCurrentHidden(_ item: DeadlineHeap.Item) -> Bool {
        guard let entry = entries[item.id] else { return false }
        return entry.hiddenDeadline == item.deadline
    }

    /// Drops stale items from the top, so `nextDeadline` never wakes the loop for nothing.
    mutating func pruneHiddenDeadlines() {
        while let top = hiddenDeadlines.top, !isCurrentHidden(top) { hiddenDeadlines.popTop() }
    }

    /// Hidden views, oldest first.
    func hiddenIDs() -> [ViewID] { hidden.elements }
}
