// Suspending every auto-dismiss countdown of a container (the manager's, while no compositor
// shows anything).

extension ContainerState {
    /// Ends a suspension that began at `since`: every countdown continues as if the suspended
    /// time had not passed. A countdown that started before it moves `now - since` later; one
    /// that started during it starts at `now`. A hover pause is moved the same way, so the two
    /// pauses overlapping are not counted twice. O(views), once per suspension.
    mutating func resumeCountdowns(suspendedSince since: Double, now: Double) {
        countdownsSuspended = false
        let gap = max(0, now - since)
        func moved(_ t: Double) -> Double { t < since ? t + gap : now }
        for slot in entries.indices {
            entries.values[slot].countdownStart = moved(entries.values[slot].countdownStart)
            if let pausedAt = entries.values[slot].pausedAt { entries.values[slot].pausedAt = moved(pausedAt) }
        }
        // Every deadline moved: the heaps are rebuilt.
        rescheduleDrawnDeadlines()
        hiddenDeadlines.removeAll()
        hidden.forEach { id in
            if let deadline = entries[id]?.hiddenDeadline { hiddenDeadlines.push(deadline, id) }
        }
        waitingDeadlines.removeAll()
        guard config.expiresWhileWaiting else { return }
        queue.forEach { id in
            if let deadline = entries[id]?.waitingDeadline { waitingDeadlines.push(deadline, id) }
        }
    }
}
