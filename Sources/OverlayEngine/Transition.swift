// View transitions and how they look part-way through.

/// How a view enters and leaves the screen (SwiftUI's transition vocabulary).
public indirect enum Transition: Equatable, Sendable {
    case identity
    case opacity
    /// Slides fully off the container past the given edge.
    case move(Edge)
    case offset(Point)
    /// Scale factor when absent, about a unit-point anchor.
    case scale(Double, anchor: Alignment)
    case combined(Transition, Transition)
    case asymmetric(insertion: Transition, removal: Transition)
}

/// The visual change a transition applies at one instant.
public struct TransitionEffect: Equatable, Sendable {
    public var opacity: Double = 1
    public var scale: Double = 1
    public var anchor: Point = Point(x: 0.5, y: 0.5)
    public var offset: Point = .zero
    public static let none = TransitionEffect()
}

extension Transition {
    /// The effect at `presence` (1 = fully shown, 0 = fully absent; springs may overshoot).
    /// `frame` is the view's layout frame; `container` is the whole container rectangle,
    /// used by `move` to slide the view completely out of sight.
    public func effect(presence p: Double, isRemoval: Bool, frame: Rect, container: Rect) -> TransitionEffect {
        let absent = 1 - p
        switch self {
        case .identity:
            return .none
        case .opacity:
            return TransitionEffect(opacity: min(1, max(0, p)))
        case .move(let edge):
            let full = Transition.moveOffset(edge, frame: frame, container: container)
            return TransitionEffect(offset: full * absent)
        case .offset(let d):
            return TransitionEffect(offset: d * absent)
        case .scale(let s, let anchor):
            return TransitionEffect(scale: max(0, s + (1 - s) * p), anchor: anchor.unitPoint)
        case .combined(let a, let b):
            let ea = a.effect(presence: p, isRemoval: isRemoval, frame: frame, container: container)
            let eb = b.effect(presence: p, isRemoval: isRemoval, frame: frame, container: container)
            return TransitionEffect(opacity: ea.opacity * eb.opacity, scale: ea.scale * eb.scale,
                                    anchor: ea.scale != 1 ? ea.anchor : eb.anchor,
                                    offset: ea.offset + eb.offset)
        case .asymmetric(let insertion, let removal):
            return (isRemoval ? removal : insertion)
                .effect(presence: p, isRemoval: isRemoval, frame: frame, container: container)
        }
    }

    /// Offset that puts `frame` just outside `container` past `edge`.
    static func moveOffset(_ edge: Edge, frame: Rect, container: Rect) -> Point {
        switch edge {
        case .top: Point(x: 0, y: container.minY - frame.maxY)
        case .bottom: Point(x: 0, y: container.maxY - frame.minY)
        case .leading: Point(x: container.minX - frame.maxX, y: 0)
        case .trailing: Point(x: container.maxX - frame.minX, y: 0)
        }
    }
}
