// One view's record inside a container: where it is in its life, and its timings.

enum ViewPhase: Sendable {
    /// Queued (or held by a debounce); never drawn yet.
    case waiting
    /// On screen and counted against the container's capacity.
    case showing
    /// Dismissed; its removal transition is still being drawn.
    case removing
    /// Moved off screen by a newer or high-priority view, not dismissed: its countdown
    /// runs on, and it may come back. Drawn until its removal transition ends.
    case hidden
}

/// A finger dragging the view, then springing back when released short of a fling.
struct DragState: Sendable {
    var offset: Point
    var releasedAt: Double?
    /// Spring used to return a released drag to rest.
    static let springBack = Spring(response: 0.3, dampingFraction: 0.8)
    static let springBackDuration = springBack.settlingDuration()

    /// Offset at `now`, and whether it is still moving.
    func offset(at now: Double) -> (offset: Point, moving: Bool) {
        guard let releasedAt else { return (offset, false) }
        let t = now - releasedAt
        if t >= Self.springBackDuration { return (.zero, false) }
        return (offset * Self.springBack.displacement(at: t, from: 1), true)
    }
}

/// A view's configuration merged with its container's defaults. Immutable and shared: views
/// shown with the same configuration (a flood of notifications) hold one copy, which keeps a
/// container's entries small.
final class ViewSettings: Sendable {
    let configuration: ViewConfiguration
    let resolved: ResolvedViewConfiguration
    /// `resolved.animation.duration`, solved once (a spring's is not free).
    let animationDuration: Double

    init(_ configuration: ViewConfiguration, in container: ContainerConfiguration, motion: MotionPolicy = .full) {
        self.configuration = configuration
        var resolved = ResolvedViewConfiguration(
            view: configuration, container: container.defaults, displayType: container.displayType)
        resolved.transition = motion.transition(resolved.transition)
        resolved.animation = motion.animation(resolved.animation)
        self.resolved = resolved
        animationDuration = resolved.animation.duration
    }
}

struct ViewEntry: Sendable {
    let id: ViewID
    var settings: ViewSettings
    var size: Size
    var phase: ViewPhase = .waiting
    /// Queue key: order of admission into the container.
    var arrival: UInt64 = 0
    /// Layout and z key: the arrival, lifted above every normal view's for a high-priority
    /// view. Fixed while the view is in the container, so a hidden view that comes back
    /// takes its place by age.
    var order: UInt64 = 0
    /// High priority, read when the view arrives.
    var pinned = false
    /// Appear hooks ran (they run once, not again when a hidden view comes back).
    var hasAppeared = false
    var insertAnimated: Bool
    var appearedAt = 0.0
    /// Auto-dismiss counts from here; pauses push it later.
    var countdownStart = 0.0
    var pausedAt: Double?
    var removalStart = 0.0
    var removalDuration = 0.0
    /// How far in the view was when removal began (insertion may not have finished).
    var presenceAtRemoval = 1.0
    /// Fling dismissal: replaces the resolved transition and animation for removal.
    var removalOverride: (transition: Transition, animation: Animation)?
    var drag: DragState?
    /// The group it joined when it last went on screen (`ContainerState.joinGroup`).
    var groupKey: String?
    /// While a swap is pending in a full newest-first container, a view still coming in holds
    /// still from this instant (nothing is drawn for a set about to be replaced), and goes on
    /// from where it stopped when the swap is done (`resumeInsertion`).
    var insertionHeldAt: Double?

    init(id: ViewID, settings: ViewSettings, size: Size, animated: Bool) {
        self.id = id
        self.settings = settings
        self.size = size
        self.insertAnimated = animated
    }

    var configuration: ViewConfiguration { settings.configuration }
    var resolved: ResolvedViewConfiguration { settings.resolved }
    var animationDuration: Double { settings.animationDuration }

    var autoDismissDeadline: Double? {
        guard phase == .showing, pausedAt == nil, let seconds = resolved.autoDismiss else { return nil }
        return countdownStart + seconds
    }

    /// When a queued view runs out of time, if its container lets waiting views expire.
    var waitingDeadline: Double? {
        guard phase == .waiting, let seconds = resolved.autoDismiss else { return nil }
        return countdownStart + seconds
    }

    /// When a hidden view's countdown runs out.
    var hiddenDeadline: Double? {
        guard phase == .hidden, let seconds = resolved.autoDismiss else { return nil }
        return countdownStart + seconds
    }

    /// True while the view is going off screen (dismissed or hidden).
    var isLeaving: Bool { phase == .removing || phase == .hidden }

    var removalEnd: Double? { isLeaving ? removalStart + removalDuration : nil }

    /// 1 = fully in, 0 = fully out; springs may overshoot either way.
    func presence(at now: Double) -> Double {
        switch phase {
        case .waiting: return 0
        case .showing:
            guard insertAnimated else { return 1 }
            let t = min(now, insertionHeldAt ?? now)
            return resolved.animation.progress(at: t - appearedAt, duration: animationDuration)
        case .removing, .hidden:
            guard removalDuration > 0 else { return 0 }
            let animation = removalOverride?.animation ?? resolved.animation
            let q = animation.progress(at: now - removalStart, duration: removalDuration)
            return presenceAtRemoval * (1 - q)
        }
    }

    /// Seconds into the insertion transition at which presence reaches `target` (bisection:
    /// exact for curves that only rise, close for a spring's overshoot).
    func insertionTime(reaching target: Double) -> Double {
        var lo = 0.0, hi = animationDuration
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            if resolved.animation.progress(at: mid, duration: animationDuration) < target { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// True while an insertion or removal transition is in flight at `now`.
    func isTransitioning(at now: Double) -> Bool {
        switch phase {
        case .waiting: false
        case .showing: insertAnimated && insertionHeldAt == nil && now < appearedAt + animationDuration
        case .removing, .hidden: now < removalStart + removalDuration
        }
    }

    /// Holds a view that is still coming in where it is at `now` (see `insertionHeldAt`).
    mutating func holdInsertion(at now: Double) {
        if insertionHeldAt == nil, isTransitioning(at: now) { insertionHeldAt = now }
    }

    /// Lets a held view go on coming in from where it stopped.
    mutating func resumeInsertion(at now: Double) {
        guard let heldAt = insertionHeldAt else { return }
        appearedAt += max(0, now - heldAt)
        insertionHeldAt = nil
    }

    /// Transition currently in charge (fling override during removal).
    var activeTransition: Transition {
        if phase == .removing, let o = removalOverride { return o.transition }
        return resolved.transition
    }
}
