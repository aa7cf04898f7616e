// The deadlines of drawn views: showing views' auto-dismissals and the ends of removal
// transitions. Like the hidden and waiting views' deadlines they live in heaps whose stale items
// are skipped, so finding the next one is O(1) and a show, hide or dismissal adds O(log n),
// however many members a stack keeps showing.

extension ContainerState {
    /// Records a showing view's auto-dismiss deadline, after it appeared, was updated or its
    /// countdown went on from a pause.
    mutating func scheduleAutoDismiss(of id: ViewID) {
        scheduleAutoDismiss(of: id, deadline: entries[id]?.autoDismissDeadline)
    }

    /// `scheduleAutoDismiss` with the entry's deadline already read.
    mutating func scheduleAutoDismiss(of id: ViewID, deadline: Double?) {
        guard let deadline else { return }
        showingDeadlines.push(deadline, id)
        compactDrawnDeadlines()
    }

    /// Records when a leaving view's removal transition ends (it is drawn until then).
    mutating func scheduleRemovalEnd(of id: ViewID) {
        guard let entry = entries[id], entry.removalDuration > 0, let end = entry.removalEnd else { return }
        removalEnds.push(end, id)
        compactDrawnDeadlines()
    }

    /// Items that went stale leave the heaps only at the top; a view updated again and again
    /// with a long timeout leaves many below it. Past twice the drawn views (plus a margin) both
    /// heaps are rebuilt: O(drawn), amortised O(1) per item.
    private mutating func compactDrawnDeadlines() {
        let bound = 2 * drawn.count + 64
        if showingDeadlines.count > bound || removalEnds.count > bound { rescheduleDrawnDeadlines() }
    }

    /// True when the heap item still describes a showing view's running countdown.
    private func isCurrentAutoDismiss(_ item: DeadlineHeap.Item) -> Bool {
        entries[item.id]?.autoDismissDeadline == item.deadline
    }

    /// True when the heap item still describes a drawn leaving view's removal end.
    private func isCurrentRemovalEnd(_ item: DeadlineHeap.Item) -> Bool {
        guard let entry = entries[item.id], entry.removalEnd == item.deadline else { return false }
        return drawn.contains(item.id, key: entry.order)
    }

    /// Drops stale items from the tops, so `nextDeadline` never wakes the loop for nothing.
    mutating func pruneDrawnDeadlines() {
        while let top = showingDeadlines.top, !isCurrentAutoDismiss(top) { showingDeadlines.popTop() }
        while let top = removalEnds.top, !isCurrentRemovalEnd(top) { removalEnds.popTop() }
    }

    /// Showing views whose countdown ran out by `t`, in layout order; their items leave the heap.
    mutating func takeExpired(at t: Double) -> [ViewID] {
        var due: [ViewID] = []
        while let top = showingDeadlines.top, top.deadline <= t {
            showingDeadlines.popTop()
            if isCurrentAutoDismiss(top) { due.append(top.id) }
        }
        return inLayoutOrder(due)
    }

    /// Leaving views whose removal transition ended by `t`, in layout order.
    mutating func takeFinishedRemovals(at t: Double) -> [ViewID] {
        var due: [ViewID] = []
        while let top = removalEnds.top, top.deadline <= t {
            removalEnds.popTop()
            if isCurrentRemovalEnd(top) { due.append(top.id) }
        }
        return inLayoutOrder(due)
    }

    /// `ids` without repeats, in ascending order (a view may be in a heap more than once).
    private func inLayoutOrder(_ ids: [ViewID]) -> [ViewID] {
        guard ids.count > 1 else { return ids }
        var seen = Set<ViewID>()
        return ids.filter { seen.insert($0).inserted }.sorted { entries[$0]!.order < entries[$1]!.order }
    }

    /// Rebuilds both heaps from the drawn views: after every countdown moved (a suspension
    /// ended) or the settings changed. O(drawn).
    mutating func rescheduleDrawnDeadlines() {
        showingDeadlines.removeAll()
        removalEnds.removeAll()
        drawn.forEach { id in
            let entry = entries[id]!
            if let deadline = entry.autoDismissDeadline { showingDeadlines.push(deadline, id) }
            if entry.removalDuration > 0, let end = entry.removalEnd { removalEnds.push(end, id) }
        }
    }

    // MARK: Hover pauses

    /// Stops a showing view's countdown (the pointer is over it).
    mutating func pauseCountdown(of id: ViewID, now: Double) {
        guard let entry = entries[id], entry.phase == .showing, entry.pausedAt == nil else { return }
        entries[id]!.pausedAt = now
        pruneDrawnDeadlines()
    }

    /// Lets a paused countdown go on; the time paused until `until` does not count.
    mutating func resumeCountdown(of id: ViewID, until: Double) {
        guard let pausedAt = entries[id]?.pausedAt else { return }
        entries[id]!.countdownStart += max(0, until - pausedAt)
        entries[id]!.pausedAt = nil
        scheduleAutoDismiss(of: id)
    }
}
