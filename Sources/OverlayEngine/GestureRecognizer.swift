// Turns a stream of pointer events into taps, double taps, long presses and swipes.

/// A value-type recogniser for one pointer. Feed it events with `handle(_:)`, and call
/// `advance(to:)` by `nextDeadline` so a long press fires while the finger stays still.
public struct GestureRecognizer: Sendable {
    public var thresholds: GestureThresholds
    /// When set, swipes only move along this direction's axis and only fling this way.
    public var swipeDirection: SwipeDirection?

    private enum State: Sendable {
        case idle
        /// Finger down, not yet moved past the slop.
        case pressed(start: PointerEvent, longPressFired: Bool)
        case swiping(start: PointerEvent)
    }
    private var state = State.idle
    private var samples: [PointerEvent] = []
    /// Last completed tap, for double-tap detection.
    private var lastTap: PointerEvent?

    public init(thresholds: GestureThresholds = .standard, swipeDirection: SwipeDirection? = nil) {
        self.thresholds = thresholds
        self.swipeDirection = swipeDirection
    }

    /// When a long press would fire if nothing else happens.
    public var nextDeadline: Double? {
        if case .pressed(let start, false) = state { return start.time + thresholds.longPressDuration }
        return nil
    }

    /// Fires a due long press.
    public mutating func advance(to now: Double) -> [RecognizedGesture] {
        guard case .pressed(let start, false) = state,
              now >= start.time + thresholds.longPressDuration else { return [] }
        state = .pressed(start: start, longPressFired: true)
        lastTap = nil
        return [.longPress(start.position)]
    }

    public mutating func handle(_ event: PointerEvent) -> [RecognizedGesture] {
        var out = advance(to: event.time)
        switch (event.kind, state) {
        case (.down, _):
            state = .pressed(start: event, longPressFired: false)
            samples = [event]
        case (.move, .pressed(let start, let fired)):
            record(event)
            if (event.position - start.position).length > thresholds.slop {
                state = .swiping(start: start)
                out.append(.swipeChanged(translation: constrained(event.position - start.position)))
            } else {
                state = .pressed(start: start, longPressFired: fired)
            }
        case (.move, .swiping(let start)):
            record(event)
            out.append(.swipeChanged(translation: constrained(event.position - start.position)))
        case (.up, .pressed(let start, let fired)):
            state = .idle
            if !fired { out.append(tapOrDoubleTap(event, start: start)) }
        case (.up, .swiping(let start)):
            record(event)
            state = .idle
            out.append(release(event, start: start))
        case (.cancel, .swiping):
            state = .idle
            out.append(.swipeCancelled)
        case (.cancel, _), (.up, .idle), (.move, .idle):
            state = .idle
        }
        return out
    }

    private mutating func tapOrDoubleTap(_ up: PointerEvent, start: PointerEvent) -> RecognizedGesture {
        if let previous = lastTap,
           up.time - previous.time <= thresholds.doubleTapInterval,
           (start.position - previous.position).length <= thresholds.slop {
            lastTap = nil
            return .doubleTap(start.position)
        }
        lastTap = PointerEvent(.up, time: up.time, position: start.position)
        return .tap(start.position)
    }

    private func release(_ up: PointerEvent, start: PointerEvent) -> RecognizedGesture {
        let translation = constrained(up.position - start.position)
        let velocity = constrained(currentVelocity())
        let direction = swipeDirection ?? SwipeDirection.dominant(translation)
        let unit = direction.unitVector
        let distance = translation.x * unit.x + translation.y * unit.y
        let speed = velocity.x * unit.x + velocity.y * unit.y
        let flings = (distance >= thresholds.flingDistance && speed > -thresholds.flingVelocity)
            || speed >= thresholds.flingVelocity
        return .swipeEnded(direction: direction, translation: translation, velocity: velocity, flings: flings)
    }

    /// Projects onto the allowed axis when a swipe direction is set.
    private func constrained(_ v: Point) -> Point {
        guard let swipeDirection else { return v }
        switch swipeDirection {
        case .left, .right: return Point(x: v.x, y: 0)
        case .up, .down: return Point(x: 0, y: v.y)
        }
    }

    private mutating func record(_ event: PointerEvent) {
        samples.append(event)
        let horizon = event.time - thresholds.velocityWindow
        // Keep one sample older than the window so the estimate spans all of it.
        while samples.count > 2 && samples[1].time <= horizon { samples.removeFirst() }
    }

    /// Points per second over the trailing velocity window.
    private func currentVelocity() -> Point {
        guard let last = samples.last, let first = samples.first, last.time > first.time else { return .zero }
        return (last.position - first.position) * (1 / (last.time - first.time))
    }
}
