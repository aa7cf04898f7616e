// How much things move on screen: everything the engine animates asks this policy first.

/// `full` is the product's motion. `reduced` (the desktop's reduced-motion setting) keeps every
/// change visible but moves nothing across the screen: transitions become short opacity fades,
/// springs settle at once, and the views around one that comes or goes jump to their places.
public enum MotionPolicy: Equatable, Sendable {
    case full
    case reduced

    /// Longest fade under reduced motion.
    public static let reducedFadeDuration = 0.15

    /// The transition drawn: under reduced motion anything but `identity` is an opacity fade.
    public func transition(_ transition: Transition) -> Transition {
        guard self == .reduced, transition != .identity else { return transition }
        return .opacity
    }

    /// The curve a transition runs on: under reduced motion a short ease-out, never a spring
    /// (a fade never lasts longer than the animation asked for).
    public func animation(_ animation: Animation) -> Animation {
        guard self == .reduced else { return animation }
        return .easeOut(duration: min(animation.duration, Self.reducedFadeDuration))
    }

    /// Seconds a spring (a stack opening, a drag returning, a drawer settling) takes to
    /// settle: 0 under reduced motion, so it is at its goal at once.
    public func springDuration(_ full: Double) -> Double { self == .reduced ? 0 : full }

    /// Whether a bar or slider moves to a new value along its view's animation (an OSD's next
    /// level); under reduced motion it jumps there.
    public var animatesValues: Bool { self == .full }

    /// The share of its place a view coming in or going out takes in the layout: under reduced
    /// motion the whole of it from the first frame to the last, so its neighbours do not slide.
    public func layoutWeight(presence: Double) -> Double {
        self == .reduced ? 1 : min(1, max(0, presence))
    }
}

extension OverlayManager {
    /// Changes how much views move, for every container: views already on screen take the new
    /// policy's transitions and curves from their next change on, and new views take them at once.
    public mutating func setMotion(_ policy: MotionPolicy, now: Double) {
        guard policy != motion else { return }
        motion = policy
        for index in containers.indices {
            let config = containers[index].config
            mutate(at: index) { state, effects in
                state.motion = policy
                state.reconfigure(config, now: now, effects: &effects)
            }
        }
    }
}
