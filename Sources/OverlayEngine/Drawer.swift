// A draggable drawer resting on notches (OverlayContainer's model), as a value type.

/// What a drawer tells its caller as it moves between notches.
public enum DrawerEffect: Equatable, Sendable {
    /// The drawer started moving towards a notch (after a release or `moveDrawer`).
    case willMove(toNotch: Int)
    /// It arrived and is resting there.
    case didMove(toNotch: Int)
}

/// A drawer's height among its notches: dragged (rubber band past the first and last), released
/// towards the notch its policy picks from where and how fast it moved, and settled there on a spring.
public struct Drawer: Sendable {
    public private(set) var notches: [Notch]
    public var style: DrawerStyle
    /// Height of the container the drawer lives in; fractions are of this.
    public var availableSpace: Double
    public var rubberBand = RubberBand()
    public var policy = TargetNotchPolicy()
    /// Spring that settles the drawer on its target notch.
    public var spring = Spring(response: 0.45, dampingFraction: 0.85)
    /// Points within which a settling drawer counts as arrived.
    public static let settleTolerance = 0.5
    /// Under reduced motion the drawer is on its notch at once instead of springing there.
    public var motionPolicy = MotionPolicy.full

    private enum Motion: Sendable {
        case resting(notch: Int)
        case dragging(startHeight: Double, height: Double)
        case settling(from: Double, velocity: Double, target: Int, start: Double, duration: Double)
    }
    private var motion: Motion
    private var effects: [DrawerEffect] = []

    /// `notches` in any order; `initialNotch` indexes them and must be enabled.
    public init(notches: [Notch], style: DrawerStyle = .expandableHeight,
                availableSpace: Double, initialNotch: Int = 0) {
        precondition(notches.indices.contains(initialNotch), "initial notch out of range")
        self.notches = notches
        self.style = style
        self.availableSpace = availableSpace
        self.motion = .resting(notch: initialNotch)
    }

    // MARK: Notches

    public func height(ofNotch index: Int) -> Double { notches[index].points(in: availableSpace) }

    /// Enabled notch indices, lowest first.
    public var enabledNotches: [Int] {
        notches.indices.filter { notches[$0].isEnabled }.sorted { height(ofNotch: $0) < height(ofNotch: $1) }
    }

    /// The lowest enabled notch (`enabledNotches.first`), found without building the list: it is
    /// asked at every pass of the daemon's loop (is the centre open?).
    public var lowestEnabledNotch: Int? {
        var lowest: Int?
        for index in notches.indices where notches[index].isEnabled {
            if lowest.map({ height(ofNotch: index) < height(ofNotch: $0) }) ?? true { lowest = index }
        }
        return lowest
    }

    /// The notch the drawer rests on or is heading to; nil while dragged.
    public var targetNotch: Int? {
        switch motion {
        case .resting(let n): n
        case .settling(_, _, let target, _, _): target
        case .dragging: nil
        }
    }

    /// Enables or disables a notch. When the drawer rests on or heads to a notch that
    /// becomes disabled, it moves to the nearest enabled one.
    public mutating func setNotch(_ index: Int, enabled: Bool, now: Double) {
        notches[index].isEnabled = enabled
        guard !enabled, targetNotch == index else { return }
        let h = height(at: now)
        if let nearest = enabledNotches.min(by: { abs(height(ofNotch: $0) - h) < abs(height(ofNotch: $1) - h) }) {
            settle(to: nearest, from: h, velocity: velocity(at: now), now: now)
        }
    }

    // MARK: Dragging

    public mutating func beginDrag(now: Double) {
        let h = height(at: now)
        motion = .dragging(startHeight: h, height: h)
    }

    /// `translation`: points the finger moved up since `beginDrag` (negative = down).
    /// Past the lowest and highest enabled notches the drawer rubber-bands.
    public mutating func drag(translation: Double) {
        guard case .dragging(let start, _) = motion else { return }
        let heights = enabledNotches.map(height(ofNotch:))
        let lo = heights.first ?? 0, hi = heights.last ?? availableSpace
        motion = .dragging(startHeight: start,
                           height: rubberBand.apply(start + translation, minimum: lo, maximum: hi,
                                                    dimension: availableSpace))
    }

    /// Releases at `velocity` (points/s, positive = growing): the policy picks the
    /// notch and the spring settles there, starting from the release velocity.
    public mutating func endDrag(velocity: Double, now: Double) {
        guard case .dragging(_, let h) = motion else { return }
        let order = enabledNotches
        guard let i = policy.target(height: h, velocity: velocity, heights: order.map(height(ofNotch:))) else { return }
        settle(to: order[i], from: h, velocity: velocity, now: now)
    }

    /// Moves to a notch; false (and nothing happens) when it is disabled or out of range.
    @discardableResult
    public mutating func moveDrawer(toNotch index: Int, animated: Bool, now: Double) -> Bool {
        guard notches.indices.contains(index), notches[index].isEnabled else { return false }
        if animated {
            settle(to: index, from: height(at: now), velocity: velocity(at: now), now: now)
        } else {
            effects.append(.willMove(toNotch: index))
            motion = .resting(notch: index)
            effects.append(.didMove(toNotch: index))
        }
        return true
    }

    private mutating func settle(to index: Int, from h: Double, velocity v: Double, now: Double) {
        let x0 = h - height(ofNotch: index)
        let duration = motionPolicy.springDuration(spring.settlingDuration(from: x0, velocity: v, tolerance: Self.settleTolerance))
        effects.append(.willMove(toNotch: index))
        motion = .settling(from: h, velocity: v, target: index, start: now, duration: duration)
        if duration <= 0 { advance(to: now) }
    }

    // MARK: Time

    /// When the current settle ends (reported by `advance` as `.didMove`).
    public var nextDeadline: Double? {
        if case .settling(_, _, _, let start, let duration) = motion { return start + duration }
        return nil
    }

    public mutating func advance(to now: Double) {
        if case .settling(_, _, let target, let start, let duration) = motion, now >= start + duration {
            motion = .resting(notch: target)
            effects.append(.didMove(toNotch: target))
        }
    }

    public mutating func drainEffects() -> [DrawerEffect] {
        defer { effects.removeAll() }
        return effects
    }

    /// Visible height (points up from the container's bottom) at `now`.
    public func height(at now: Double) -> Double {
        switch motion {
        case .resting(let n): return height(ofNotch: n)
        case .dragging(_, let h): return h
        case .settling(let from, let v, let target, let start, let duration):
            let goal = height(ofNotch: target)
            if now >= start + duration { return goal }
            return goal + spring.displacement(at: now - start, from: from - goal, velocity: v)
        }
    }

    /// Points/s, positive = growing. Zero unless settling.
    public func velocity(at now: Double) -> Double {
        guard case .settling(let from, let v, let target, let start, let duration) = motion,
              now < start + duration else { return 0 }
        return spring.velocity(at: now - start, from: from - height(ofNotch: target), velocity: v)
    }

    /// True while settling (frames needed); a drag is paced by the pointer instead.
    public func isAnimating(at now: Double) -> Bool {
        if case .settling(_, _, _, let start, let duration) = motion { return now < start + duration }
        return false
    }

    /// 0 at the lowest enabled notch, 1 at the highest; a backdrop's opacity follows it.
    public func progress(at now: Double) -> Double {
        let heights = enabledNotches.map(height(ofNotch:))
        guard let lo = heights.first, let hi = heights.last, hi > lo else { return 1 }
        return min(1, max(0, (height(at: now) - lo) / (hi - lo)))
    }

    public func backdropOpacity(at now: Double, maximum: Double = 1) -> Double { progress(at: now) * maximum }

    /// The drawer's frame in `container`, its top edge `height(at:)` above the bottom.
    public func frame(in container: Rect, at now: Double) -> Rect {
        let h = height(at: now)
        let highest = notches.indices.map(height(ofNotch:)).max() ?? 0
        let drawn: Double
        switch style {
        case .rigid: drawn = highest
        case .flexibleHeight: drawn = max(0, h)
        case .expandableHeight: drawn = max(highest, h)
        }
        return Rect(x: container.minX, y: container.maxY - h, width: container.width, height: drawn)
    }
}
