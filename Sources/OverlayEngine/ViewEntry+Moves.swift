// An entry's own part of going on and off screen. The container reaches these through one
// in-place access (`ContainerState.withEntry`): a copy of an entry out of the table and back costs
// more than the change.

extension ViewEntry {
    /// What the container files the entry under: its phase and the keys of its sets.
    struct Filing {
        let phase: ViewPhase
        let arrival: UInt64
        let order: UInt64
        let pinned: Bool
        let groupKey: String?
    }

    var filing: Filing { Filing(phase: phase, arrival: arrival, order: order, pinned: pinned, groupKey: groupKey) }

    /// Puts it on screen at `now`. A hidden entry comes in again, from where it is when it is
    /// still going out (`turnsBack`); a waiting one restarts its countdown when
    /// `restartsCountdown`. Returns the appear hooks to run: its own the first time, none after.
    mutating func appear(at now: Double, turnsBack: Bool, restartsCountdown: Bool) -> [String] {
        var appearedAt = now
        if phase == .hidden {
            if turnsBack {  // it turns back from where it is, in the same place
                let presence = min(1, max(0, presence(at: now)))
                appearedAt = now - insertionTime(reaching: presence)
            }
            insertAnimated = true
        } else if restartsCountdown {
            countdownStart = now
        }
        phase = .showing
        self.appearedAt = appearedAt
        insertionHeldAt = nil
        pausedAt = nil
        guard !hasAppeared else { return [] }
        hasAppeared = true
        return resolved.appearActions
    }

    /// Takes it off screen at `now`. A showing entry goes out with its removal transition when it
    /// is fully in and not `buried` in a stack, else at once; a paused countdown resumes (nobody
    /// can hover a hidden view).
    mutating func hide(at now: Double, buried: Bool) {
        if phase == .showing {
            if let pausedAt {
                countdownStart += max(0, now - pausedAt)
                self.pausedAt = nil
            }
            presenceAtRemoval = min(1, max(0, presence(at: now)))
            // One still coming in (a flood pushes each out within its own fade-in) goes at once,
            // so a burst draws only the views that stay.
            removalDuration = presenceAtRemoval >= 1 && !buried ? animationDuration : 0
            if let drag { self.drag = DragState(offset: drag.offset(at: now).offset) }
        } else {
            removalDuration = 0
        }
        phase = .hidden
        insertionHeldAt = nil
        removalStart = now
        removalOverride = nil
    }
}
