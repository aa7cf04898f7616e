// A drawer on one edge of a surface: the edge-agnostic `Drawer` (heights up from the bottom)
// mapped to surface coordinates, plus the press–drag–release tracking that moves it.

/// The surface edge a drawer comes out of.
public enum DrawerEdge: String, CaseIterable, Sendable {
    case top, bottom, left, right

    /// True when the drawer moves vertically.
    public var isVertical: Bool { self == .top || self == .bottom }
}

/// A drawer container's settings.
public struct DrawerConfiguration: Equatable, Sendable {
    public var edge: DrawerEdge
    /// Heights (depth out of the edge); a fraction is of the surface's extent along the edge's axis.
    public var notches: [Notch]
    public var initialNotch: Int
    /// Opacity of the black backdrop when fully open; 0: no backdrop (clicks beside the panel pass through).
    public var backdropOpacity: Double
    public var panelColor: Color

    public init(edge: DrawerEdge, notches: [Notch], initialNotch: Int = 0, backdropOpacity: Double = 0.4,
                panelColor: Color = Color(red: 0.16, green: 0.17, blue: 0.2)) {
        self.edge = edge; self.notches = notches; self.initialNotch = initialNotch
        self.backdropOpacity = backdropOpacity; self.panelColor = panelColor
    }
}

/// What releasing a press on a drawer surface did.
public enum DrawerRelease: Equatable, Sendable {
    case none
    /// Released without moving past the slop: a click at this surface-local point.
    case tap(Point)
    /// The drawer was dragged; it now settles on the notch the policy picked.
    case dragged
}

/// A drawer on one edge of a surface: the `Drawer` along that edge, its configuration, where its panel and content are, and the presses and drags that move it.
public struct EdgeDrawer: Sendable {
    public private(set) var drawer: Drawer
    public private(set) var configuration: DrawerConfiguration
    /// The surface the drawer lives in (logical points).
    public private(set) var size: Size
    /// Points a press moves before it drags the drawer (less is a click).
    public static let slop = 6.0
    /// Seconds of motion before a release that set its velocity.
    public static let velocityWindow = 0.1

    private struct Press: Sendable {
        var start: Point
        var dragging = false
        /// (time, opening translation) of recent motion.
        var samples: [(time: Double, translation: Double)]
    }
    private var press: Press?

    /// `configuration.initialNotch` must index an enabled notch (the config parser checks).
    public init(_ configuration: DrawerConfiguration, size: Size) {
        self.configuration = configuration
        self.size = size
        drawer = Drawer(notches: configuration.notches, style: .expandableHeight,
                        availableSpace: configuration.edge.isVertical ? size.height : size.width,
                        initialNotch: configuration.initialNotch)
    }

    /// New settings (config reload). With the same edge and notches the drawer stays where it is
    /// and only its look changes; otherwise it starts again on the initial notch.
    public mutating func reconfigure(_ configuration: DrawerConfiguration) {
        guard configuration != self.configuration else { return }
        if configuration.edge == self.configuration.edge, configuration.notches == self.configuration.notches {
            self.configuration = configuration
        } else {
            self = EdgeDrawer(configuration, size: size)
        }
    }

    /// How the drawer moves to its notches (`MotionPolicy`).
    public mutating func setMotion(_ policy: MotionPolicy) { drawer.motionPolicy = policy }

    public mutating func resize(_ size: Size) {
        guard size != self.size else { return }
        self.size = size
        drawer.availableSpace = configuration.edge.isVertical ? size.height : size.width
    }

    // MARK: Geometry

    /// The highest notch's depth: how deep views are laid out.
    public var thickness: Double { drawer.notches.indices.map(drawer.height(ofNotch:)).max() ?? 0 }

    /// The panel drawn now: it grows when rubber-banded past the highest notch.
    public func panelFrame(at now: Double) -> Rect {
        let h = drawer.height(at: now)
        return band(openTo: h, depth: max(thickness, h))
    }

    /// Where the views are laid out: `thickness` deep, flush with the panel's open side.
    public func contentFrame(at now: Double) -> Rect { band(openTo: drawer.height(at: now), depth: thickness) }

    /// A band along the edge, `depth` deep, whose side facing away from the edge is `h` out.
    private func band(openTo h: Double, depth: Double) -> Rect {
        switch configuration.edge {
        case .bottom: Rect(x: 0, y: size.height - h, width: size.width, height: depth)
        case .top: Rect(x: 0, y: h - depth, width: size.width, height: depth)
        case .left: Rect(x: h - depth, y: 0, width: depth, height: size.height)
        case .right: Rect(x: size.width - h, y: 0, width: depth, height: size.height)
        }
    }

    /// Points moved in the opening direction from `a` to `b`.
    private func opening(from a: Point, to b: Point) -> Double {
        switch configuration.edge {
        case .bottom: a.y - b.y
        case .top: b.y - a.y
        case .left: b.x - a.x
        case .right: a.x - b.x
        }
    }

    // MARK: State

    /// Open unless resting on (or heading to) the lowest enabled notch; open while dragged.
    public var isOpen: Bool {
        guard let target = drawer.targetNotch else { return true }
        return target != drawer.lowestEnabledNotch
    }

    /// Something is on screen or about to be: the panel is out, moving, or held.
    public func isVisible(at now: Double) -> Bool {
        press != nil || drawer.isAnimating(at: now) || drawer.height(at: now) > 0.5
    }

    public var isPressed: Bool { press != nil }
    public var isDragging: Bool { press?.dragging == true }

    /// The backdrop's opacity now: the configured maximum times the drawer's progress.
    public func backdropOpacity(at now: Double) -> Double {
        drawer.backdropOpacity(at: now, maximum: configuration.backdropOpacity)
    }

    // MARK: Moving

    /// Moves to an enabled notch; false when it is out of range or disabled.
    @discardableResult
    public mutating func move(toNotch index: Int, animated: Bool, now: Double) -> Bool {
        drawer.moveDrawer(toNotch: index, animated: animated, now: now)
    }

    /// Moves to the lowest enabled notch.
    public mutating func close(animated: Bool = true, now: Double) {
        if let lowest = drawer.lowestEnabledNotch { move(toNotch: lowest, animated: animated, now: now) }
    }

    public mutating func setNotch(_ index: Int, enabled: Bool, now: Double) {
        drawer.setNotch(index, enabled: enabled, now: now)
    }

    public mutating func advance(to now: Double) {
        drawer.advance(to: now)
        _ = drawer.drainEffects()
    }

    // MARK: Press, drag, release

    public mutating func press(at point: Point, time: Double) {
        press = Press(start: point, samples: [(time, 0)])
    }

    /// The held press moved: past the slop it drags the drawer (rubber-banding beyond the
    /// outer notches).
    public mutating func move(to point: Point, time: Double) {
        guard var held = press else { return }
        if !held.dragging {
            let dx = point.x - held.start.x, dy = point.y - held.start.y
            guard dx * dx + dy * dy > Self.slop * Self.slop else { return }
            held.dragging = true
            drawer.beginDrag(now: time)
        }
        let translation = opening(from: held.start, to: point)
        drawer.drag(translation: translation)
        held.samples.append((time, translation))
        held.samples.removeAll { time - $0.time > Self.velocityWindow }
        press = held
    }

    /// Ends the press: a drag settles where the target-notch policy says (position plus
    /// velocity over the last `velocityWindow` seconds); a press that never dragged is a tap.
    public mutating func release(time: Double) -> DrawerRelease {
        guard let held = press else { return .none }
        press = nil
        guard held.dragging else { return .tap(held.start) }
        drawer.endDrag(velocity: Self.velocity(held.samples, at: time), now: time)
        return .dragged
    }

    /// The press was taken away (pointer gone, touch cancelled): a drag settles at rest.
    public mutating func cancelPress(time: Double) {
        guard let held = press else { return }
        press = nil
        if held.dragging { drawer.endDrag(velocity: 0, now: time) }
    }

    /// Opening speed in points/s over the samples within the window before `time`.
    static func velocity(_ samples: [(time: Double, translation: Double)], at time: Double) -> Double {
        let recent = samples.filter { time - $0.time <= velocityWindow }
        guard let first = recent.first, let last = recent.last, last.time > first.time else { return 0 }
        return (last.translation - first.translation) / (last.time - first.time)
    }
}
