// Raw pointer/touch input and the gestures recognised from it.

/// A pointer button or a touch going down, moving, up or cancelled, at a point and a time.
public struct PointerEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case down, move, up, cancel }
    public var kind: Kind
    /// Seconds, same monotonic clock as every other `now`.
    public var time: Double
    public var position: Point
    public init(_ kind: Kind, time: Double, position: Point) {
        self.kind = kind; self.time = time; self.position = position
    }
}

/// A gesture recognised from pointer events (`GestureRecognizer`).
public enum RecognizedGesture: Equatable, Sendable {
    case tap(Point)
    case doubleTap(Point)
    case longPress(Point)
    /// The finger is dragging: move the view by `translation`.
    case swipeChanged(translation: Point)
    /// Released. `flings` says it went far or fast enough to dismiss in `direction`;
    /// otherwise the view should spring back.
    case swipeEnded(direction: SwipeDirection, translation: Point, velocity: Point, flings: Bool)
    /// The drag was cancelled by the system: spring back.
    case swipeCancelled
}

/// The named thresholds gesture recognition uses.
public struct GestureThresholds: Equatable, Sendable {
    /// Movement (points) under which a press still counts as a tap or long press.
    public var slop: Double = 10
    /// Most seconds between two taps of a double tap.
    public var doubleTapInterval: Double = 0.3
    /// Seconds a press must be held to be a long press.
    public var longPressDuration: Double = 0.5
    /// Swipe distance (points along its direction) past which release flings.
    public var flingDistance: Double = 80
    /// Swipe speed (points/s along its direction) past which release flings.
    public var flingVelocity: Double = 600
    /// Velocity is measured over this many trailing seconds of movement.
    public var velocityWindow: Double = 0.1

    public init() {}
    public static let standard = GestureThresholds()
}

extension SwipeDirection {
    /// Unit vector (y grows downwards).
    public var unitVector: Point {
        switch self {
        case .left: Point(x: -1, y: 0)
        case .right: Point(x: 1, y: 0)
        case .up: Point(x: 0, y: -1)
        case .down: Point(x: 0, y: 1)
        }
    }

    /// The container edge a view flung this way leaves through.
    public var exitEdge: Edge {
        switch self {
        case .left: .leading
        case .right: .trailing
        case .up: .top
        case .down: .bottom
        }
    }

    /// Dominant direction of a vector; ties favour horizontal.
    public static func dominant(_ v: Point) -> SwipeDirection {
        abs(v.x) >= abs(v.y) ? (v.x < 0 ? .left : .right) : (v.y < 0 ? .up : .down)
    }
}
