// The pointer over a stack's header pauses every member's countdown, as it pauses a toast's:
// the stack stays while the user reads it. Members that come into the stack meanwhile pause too.

extension ContainerState {
    /// The pointer came over the header of group `key`. O(members).
    mutating func pauseGroup(_ key: String, now: Double) {
        guard let group = groups[key], group.hoverPaused == nil else { return }
        var paused: [ViewID] = []
        group.members.forEach { id in
            if entries[id]?.pausedAt == nil { paused.append(id) }
        }
        for id in paused { pauseCountdown(of: id, now: now) }
        groups[key]!.hoverPaused = paused
    }

    /// The pointer left the header: the countdowns it paused go on; the time paused until
    /// `until` does not count.
    mutating func resumeGroup(_ key: String, until: Double) {
        guard let paused = groups[key]?.hoverPaused else { return }
        groups[key]!.hoverPaused = nil
        for id in paused where entries[id]?.phase == .showing { resumeCountdown(of: id, until: until) }
    }

    /// A view joined the group at `g`: when the pointer is over its header, its countdown pauses too.
    mutating func pauseIfHeaderHovered(_ id: ViewID, group g: Dictionary<String, GroupState>.Index, now: Double) {
        guard groups.values[g].hoverPaused != nil, entries[id]?.pausedAt == nil else { return }
        pauseCountdown(of: id, now: now)
        groups.values[g].hoverPaused!.append(id)
    }
}

extension OverlayManager {
    /// Pauses or resumes the countdowns of the members of the group whose header is `header`.
    /// False when `header` names no group.
    mutating func setHeaderHovered(_ header: ViewID, _ hovered: Bool, now: Double) -> Bool {
        guard let (container, key) = group(ofHeader: header), let index = containerIndex[container] else { return false }
        if hovered {
            containers[index].pauseGroup(key, now: now)
        } else {
            containers[index].resumeGroup(key, until: countdownsSuspendedSince.map { min(now, $0) } ?? now)
        }
        return true
    }
}
