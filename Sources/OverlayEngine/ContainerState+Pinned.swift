// The bound on pinned (high-priority) views showing in one container. A pinned view shows at
// once, above normal ones, even past `maximumVisible`; past `maximumPinned` the oldest showing
// pinned view is hidden like any overflowed view, so `maximumHidden` bounds it in turn.

extension ContainerState {
    /// Pinned views that may show at once (at least 1: a critical view always shows).
    var pinnedCapacity: Int { max(1, config.maximumPinned) }

    /// Hides the oldest showing pinned views while more than `pinnedCapacity` show.
    mutating func capPinned(now: Double) {
        while pinnedShowing.count > pinnedCapacity, let oldest = pinnedShowing.first {
            hide(oldest, now: now)
        }
    }

    /// Brings hidden pinned views back, newest first, while the cap leaves room; each takes
    /// the slot of the oldest normal view on screen when the container is full.
    mutating func restorePinned(now: Double, effects: inout [EngineEffect]) {
        while pinnedShowing.count < pinnedCapacity, let id = pinnedHidden.last {
            if !fits(id), let oldest = normalShowing.first { hide(oldest, now: now) }
            appear(id, now: now, effects: &effects)
        }
    }

    /// The newest hidden normal view. Hidden pinned views wait for a pinned slot
    /// (`restorePinned`); skipping them scans at most `maximumHidden` ids.
    func newestNormalHidden() -> ViewID? {
        if pinnedHidden.isEmpty { return hidden.last }
        if pinnedHidden.count == hidden.count { return nil }
        return hidden.last { !entries[$0]!.pinned }
    }
}
