// Paging a full multiple container: the views it keeps off screen (hidden or waiting) come on a
// page at a time, and the ones showing go hidden with their countdowns running.
//
// Pages follow the container's overflow order: newest first for `Overflow.newest`, oldest first
// for `Overflow.oldest`. The last page is filled up with the views just before it (it may repeat
// some), and the page after it is the first again. High-priority views stay where they are.

extension ContainerState {
    /// Shows the next page of views. False when there is nothing to page to (every view shows,
    /// or the container is not a multiple one). O(views in the container), once per click.
    mutating func pageForward(now: Double, effects: inout [EngineEffect]) -> Bool {
        guard config.queueType == .multiple, !hidden.isEmpty || !queue.isEmpty else { return false }
        if promoteAt != nil {
            // A pending swap would undo the page: it happens first.
            promoteAt = nil
            swapSince = nil
            promote(now: now, effects: &effects)
            reconcile(now: now, effects: &effects)
        }
        let order = pageOrder()
        let showingIndices = order.indices.filter { entries[order[$0]]!.phase == .showing }
        var start = (showingIndices.last ?? -1) + 1
        if start >= order.count { start = 0 }
        for id in normalShowing.elements { hide(id, now: now) }
        var index = start
        while index < order.count, bringOn(order[index], now: now, effects: &effects) { index += 1 }
        if index == order.count {
            // The last page: filled with the views before it.
            var before = start - 1
            while before >= 0, bringOn(order[before], now: now, effects: &effects) { before -= 1 }
        }
        trimHidden(now: now, effects: &effects)
        reconcile(now: now, effects: &effects)
        return true
    }

    /// Normal views on screen, hidden or waiting, in the order pages show them.
    private func pageOrder() -> [ViewID] {
        // Hidden pinned views come back only when a pinned view leaves (`restorePinned`).
        var ids = normalShowing.elements + hidden.elements.filter { !entries[$0]!.pinned } + queue.elements
        ids.sort { entries[$0]!.arrival < entries[$1]!.arrival }
        return config.overflow == .newest ? ids.reversed() : ids
    }

    /// Puts a hidden or waiting view on screen when it fits; false when it does not.
    private mutating func bringOn(_ id: ViewID, now: Double, effects: inout [EngineEffect]) -> Bool {
        guard fits(id) else { return false }
        if entries[id]!.phase == .waiting { queue.remove(id, key: entries[id]!.arrival) }
        appear(id, now: now, effects: &effects)
        return true
    }
}

extension OverlayManager {
    /// Shows the next page of a full container's views (what a click on its "+N more" pill
    /// does outside the notification column); after the last page comes the first. False when
    /// the container has nothing off screen.
    @discardableResult
    public mutating func pageForward(in container: String, now: Double) -> Bool {
        guard containerIndex[container] != nil else { return false }
        return mutate(container) { $0.pageForward(now: now, effects: &$1) }
    }
}
