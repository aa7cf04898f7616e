// Gestures applied to views: dismiss gestures, dragging, flings and background taps.

extension OverlayManager {
    /// Seconds a flung view takes to leave the screen.
    public static let flingDuration = 0.25

    /// Applies a recognised gesture to a view per its resolved `dismissGesture`.
    /// Returns true when the gesture did something (dismissed, dragged or released it).
    @discardableResult
    public mutating func handle(_ gesture: RecognizedGesture, on id: ViewID, now: Double) -> Bool {
        guard let dismissGesture = resolvedConfiguration(of: id)?.dismissGesture, contains(id) else { return false }
        switch (gesture, dismissGesture) {
        case (.tap, .tap), (.doubleTap, .doubleTap), (.longPress, .longPress):
            return dismiss(id, reason: .gesture, now: now)
        case (.swipeChanged(let translation), .swipe):
            dragView(id, translation: translation)
            return true
        case (.swipeEnded(let direction, _, _, let flings), .swipe(let wanted)):
            endDrag(id, fling: flings && direction == wanted ? direction : nil, now: now)
            return true
        case (.swipeCancelled, .swipe):
            endDrag(id, fling: nil, now: now)
            return true
        default:
            return false
        }
    }

    /// Moves a showing view with the finger.
    public mutating func dragView(_ id: ViewID, translation: Point) {
        withEntry(id) { entry in
            guard entry.phase == .showing else { return }
            entry.drag = DragState(offset: translation)
        }
    }

    /// Ends a drag: with a direction the view flings off screen that way (dismissed,
    /// reason `.gesture`); without one it springs back to rest.
    public mutating func endDrag(_ id: ViewID, fling direction: SwipeDirection?, now: Double) {
        guard let direction else {
            let reduced = motion == .reduced
            withEntry(id) { entry in
                // Reduced motion: the view is back at rest at once instead of springing there.
                if reduced { entry.drag = nil } else if let drag = entry.drag, drag.releasedAt == nil { entry.drag?.releasedAt = now }
            }
            return
        }
        guard let name = location[id], containerIndex[name] != nil else { return }
        let override = (motion.transition(.move(direction.exitEdge)), motion.animation(.easeOut(duration: Self.flingDuration)))
        mutate(name) {
            $0.dismiss(id, reason: .gesture, animated: true, now: now, override: override, effects: &$1)
        }
    }

    /// A tap on a container's background. Stacking: dismisses the topmost view that has
    /// a background and `tapToDismiss`. Horizontal/vertical (one shared background):
    /// dismisses every showing view when the container's `tapToDismiss` is on.
    /// Returns the dismissed ids.
    @discardableResult
    public mutating func tapBackground(in container: String, now: Double) -> [ViewID] {
        guard let index = containerIndex[container] else { return [] }
        let state = containers[index]
        let candidates = state.showing().filter {
            let resolved = state.entries[$0]!.resolved
            return resolved.tapToDismiss && resolved.background != nil
        }
        let targets = state.config.displayType == .stacking ? Array(candidates.suffix(1)) : candidates
        for id in targets { dismiss(id, reason: .gesture, now: now) }
        return targets
    }
}
