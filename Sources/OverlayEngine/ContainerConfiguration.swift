// Container settings: how views are arranged, queued and inset.

/// How a container arranges the views it shows.
public enum DisplayType: Sendable {
    /// Views on top of each other, each at its own alignment (a ZStack).
    case stacking
    /// A row with spacing (an HStack).
    case horizontal
    /// A column with spacing (a VStack).
    case vertical
}

/// How many views a container shows at once, and what a new one does when it is full.
public enum QueueType: Sendable {
    /// Several at once, up to `maximumVisible`; the rest wait in FIFO order.
    case multiple
    /// One at a time; a new view replaces the current one.
    case oneByOne
    /// One at a time; a new view waits until the current one is dismissed.
    case oneByOneWaitFinish
}

/// Which views a full `multiple` container keeps on screen.
public enum Overflow: Sendable {
    /// The first `maximumVisible` show; later ones wait in FIFO order (the default).
    case oldest
    /// The newest `maximumVisible` show. A new view moves the oldest showing one out with its
    /// removal transition into the container's hidden views; it is not dismissed: its
    /// auto-dismiss countdown keeps running, and when a showing view leaves, the newest
    /// hidden one comes back. Nothing waits.
    case newest
}

/// Which end of a row or column the newest view takes.
public enum DisplayOrder: Sendable {
    case newestOnTop, oldestOnTop
}

/// Which safe-area edges the container extends under.
public enum SafeAreaPolicy: Equatable, Sendable {
    case none
    case all
    case edges(Set<Edge>)

    func ignores(_ edge: Edge) -> Bool {
        switch self {
        case .none: false
        case .all: true
        case .edges(let set): set.contains(edge)
        }
    }
}

/// Throttling applied to shows (never to dismissals).
public enum QueueControl: Equatable, Sendable {
    case none
    /// Trailing-edge debounce: a show is held until no other show has arrived for
    /// this many seconds; a newer show supersedes the held one (dismissed `.debounced`).
    case debounce(Double)
}

/// A named place on screen and how it shows views: arrangement, queue, spacing, insets, grouping
/// and the defaults of its views. Registered with `OverlayManager.register(_:now:)` (or
/// `OverlayPresenter.register(_:placement:)`); `name` is how views are shown in it.
public struct ContainerConfiguration: Equatable, Sendable {
    /// The name views are shown in; unique among registered containers. Fixed at registration.
    public var name: String
    /// Stacking, a row or a column.
    public var displayType: DisplayType
    /// Fixed at registration.
    public var queueType: QueueType
    /// Seconds between moves from the waiting queue onto the screen.
    public var delayForShowingNext: Double = 0.5
    /// Multiple mode only; nil is unlimited. Lowering it evicts nothing.
    public var maximumVisible: Int? = nil
    /// Multiple mode only: which views stay on screen when there are more than the maximum.
    /// A change applies to views that arrive afterwards.
    public var overflow: Overflow = .oldest
    /// Multiple mode only: how many views may be hidden (moved off screen by newer or
    /// high-priority views) at once. Past it the oldest hidden view is dismissed with
    /// `.autoDismiss`, as if its time had run out.
    public var maximumHidden = 1000
    /// Multiple mode only: how many pinned (high-priority) views may show at once. They show
    /// even past `maximumVisible`; past this cap the oldest showing pinned view is hidden
    /// (`maximumHidden` then bounds it) and comes back, before normal hidden views, when a
    /// pinned view leaves; lowering it hides the oldest at once. At least 1.
    public var maximumPinned = 32
    /// `.newest` only: newcomers to a full container wait hidden until none has come for this
    /// many seconds (at most 1 s after the first), then the newest hidden views take the oldest
    /// ones' places, all at once; 0 swaps at each arrival. A burst changes the screen once.
    public var swapDelay: Double = 0
    /// How many views may wait (queued) at once. Past it the oldest waiting view is dismissed
    /// with `.autoDismiss`, as if its time had run out: a flood cannot grow the queue without bound.
    public var maximumWaiting = 1000
    /// When true, a view's auto-dismiss countdown starts when it arrives, not when it appears:
    /// a waiting view whose time runs out is dismissed (`.autoDismiss`) without ever showing,
    /// so a burst drains in the background instead of holding the screen for minutes.
    public var expiresWhileWaiting = false
    /// Points between views in horizontal/vertical; negative overlaps them.
    public var spacing: Double = 10
    /// Stacking: insets of each view; horizontal/vertical: insets of the group.
    public var insets: EdgeInsets = .zero
    /// Fixed at registration. The presenter clips drawing to the container.
    public var clipped = false
    /// Which safe-area edges the container extends under.
    public var ignoresSafeArea: SafeAreaPolicy = .none
    /// Rows and columns: whether the newest view comes first or last.
    public var displayOrder: DisplayOrder = .newestOnTop
    /// Throttling of shows (none, or a debounce); dismissals are never throttled.
    public var queueControl: QueueControl = .none
    /// Multiple mode only: when this many views with the same `ViewConfiguration.groupKey` are
    /// showing, they stack into one card under a header (newest on top, two peeking below) that
    /// takes one slot of `maximumVisible`; nil never groups. At least 1.
    public var groupThreshold: Int? = nil
    /// Height of a stacked group's header, and the gap below it.
    public var groupHeaderHeight: Double = 28
    public var groupHeaderGap: Double = 4
    /// Showing members a group keeps; past it its oldest member is hidden (`maximumHidden`
    /// bounds those), so a flood from one sender cannot grow a stack without bound.
    public var maximumGroupMembers = 100
    /// How far each of the two cards under a stack's top card peeks out.
    public var groupPeek: Double = 6
    /// Defaults for every view in this container.
    public var defaults: ViewConfiguration = .init()

    /// A container with every other setting at its default.
    public init(name: String, displayType: DisplayType, queueType: QueueType) {
        self.name = name
        self.displayType = displayType
        self.queueType = queueType
    }

    /// True when each view's place depends only on the views between it and the anchored edge
    /// (a row or column pinned to an edge, spacing ≥ 0), so a view laid out past the far edge
    /// stays past it whatever the sizes of the views further out. The presenter relies on it
    /// to measure views only once they can show.
    public var placesFromAnchoredEdge: Bool {
        guard displayType != .stacking, spacing >= 0 else { return false }
        let alignment = defaults.alignment ?? ResolvedViewConfiguration.fallbackAlignment(displayType)
        let main = displayType == .vertical ? alignment.unitY : alignment.unitX
        return main == 0 || main == 1
    }

    /// How many views may be on screen at once under the current settings.
    public var capacity: Int {
        switch queueType {
        case .multiple: max(0, maximumVisible ?? .max)
        case .oneByOne, .oneByOneWaitFinish: 1
        }
    }
}
