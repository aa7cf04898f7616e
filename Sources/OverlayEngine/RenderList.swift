// What the presenter draws for one container at one instant.

/// One view as drawn now: its frame, and its transition's opacity, scale and offset.
public struct RenderItem: Equatable, Sendable {
    public var id: ViewID
    /// Layout frame, before transition effects.
    public var frame: Rect
    public var opacity: Double
    public var scale: Double
    /// Unit point (0...1 on both axes) of the frame that scaling keeps fixed.
    public var scaleAnchor: Point
    /// Transition offset plus any drag offset.
    public var offset: Point
    /// Draw in ascending order; fixed while the view stays on screen.
    public var z: Int
    /// Opacity of the view's background (drawn over the whole container, under the view).
    /// In horizontal/vertical containers only the lowest item carries it: one shared background.
    public var backgroundOpacity: Double
    /// Set on a stacked group's header (its id is `ViewID.groupHeader(serial:)`): what it says.
    public var groupHeader: GroupHeader?

    public init(id: ViewID, frame: Rect, opacity: Double = 1, scale: Double = 1,
                scaleAnchor: Point = Point(x: 0.5, y: 0.5), offset: Point = .zero,
                z: Int, backgroundOpacity: Double = 1, groupHeader: GroupHeader? = nil) {
        self.id = id; self.frame = frame; self.opacity = opacity; self.scale = scale
        self.scaleAnchor = scaleAnchor; self.offset = offset; self.z = z
        self.backgroundOpacity = backgroundOpacity
        self.groupHeader = groupHeader
    }

    /// Where the view actually appears: `frame` scaled about its anchor, then offset.
    public var visualFrame: Rect {
        let ax = frame.minX + frame.width * scaleAnchor.x
        let ay = frame.minY + frame.height * scaleAnchor.y
        return Rect(x: ax + (frame.minX - ax) * scale + offset.x,
                    y: ay + (frame.minY - ay) * scale + offset.y,
                    width: frame.width * scale, height: frame.height * scale)
    }
}

extension RenderItem {
    /// True when `scale` is one of the few a closed stack's peeking cards rest at, not a scale
    /// passing by (a `scale` transition, a stack springing open or shut).
    public static func isPeekScale(_ scale: Double) -> Bool { GroupStack.peekScales.contains(scale) }
    /// True when the item rests at a peeking card's scale (`isPeekScale`).
    public var restsAtPeekScale: Bool { Self.isPeekScale(scale) }
}

/// What a container shows at one instant, bottom to top, and whether anything in it still moves.
public struct RenderList: Equatable, Sendable {
    /// Ascending z: draw in this order.
    public var items: [RenderItem]
    /// True while any transition, slot change or drag spring is in flight.
    /// When false the picture is static: the presenter needs no more frames.
    public var isAnimating: Bool
    /// Where views are laid out: the container inset by safe area and insets.
    public var contentBounds: Rect
    /// The container rectangle when it is `clipped`; nil when drawing may overflow.
    public var clipRect: Rect?
    /// Views of a row or column left out because they would cross its far edge (`Layout.leftOut`).
    public var beyondEdge = 0

    public init(items: [RenderItem] = [], isAnimating: Bool = false,
                contentBounds: Rect = .zero, clipRect: Rect? = nil) {
        self.items = items; self.isAnimating = isAnimating
        self.contentBounds = contentBounds; self.clipRect = clipRect
    }
}

/// The header over a stacked group: its key, how many members are showing, whether it is open,
/// and the top (newest) member, whose app icon and name a presenter shows.
public struct GroupHeader: Equatable, Sendable {
    public var key: String
    public var count: Int
    public var expanded: Bool
    public var top: ViewID
    public init(key: String, count: Int, expanded: Bool, top: ViewID) {
        self.key = key; self.count = count; self.expanded = expanded; self.top = top
    }
}
