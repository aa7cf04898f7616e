// A stacked group in the render list: a header, then its cards, laid out as one item of the
// container's layout. Collapsed, the newest card is on top and the next two peek out below it;
// expanded, the cards form a column under the header. The spring in `GroupState` moves every
// card between the two layouts, and the container's layout springs with the stack's height.
// A closed stack at rest draws only its top cards, so only those become slots: a frame costs
// O(cards drawn), and the other members add only their width, presence and motion (read in the
// render walk, `ContainerState.renderList`).

struct GroupStack {
    let key: String
    let state: GroupState
    /// The container's motion: under reduced motion cards coming and going do not move the others.
    var motion = MotionPolicy.full
    /// Drawn members, oldest first: all of them, or a closed stack at rest's top cards.
    var members: [ContainerState.Slot] = []
    /// How many members are drawn (`members` may hold only the top ones).
    var count = 0
    /// The widest member's width.
    var width = 0.0
    /// How much of the stack is in: its most present member's presence, within 0...1.
    var weight = 0.0
    /// Index of the layout unit the stack occupies.
    var unitIndex = 0

    /// How many cards below the top one peek out of a collapsed stack.
    static let peeking = 2
    /// How much smaller each peeking card is drawn.
    static let peekShrink = 0.04
    /// The scales a closed stack's peeking cards rest at, shallowest first (what `items` gives
    /// them when the stack is not springing).
    static let peekScales = (1...peeking).map { 1 - Double($0) * peekShrink }

    init(key: String, state: GroupState, motion: MotionPolicy = .full) {
        self.motion = motion
        self.key = key
        self.state = state
    }

    /// Sizes and weights of the cards, newest first.
    private var cards: [(size: Size, weight: Double)] {
        members.reversed().map { ($0.size, motion.layoutWeight(presence: $0.presence)) }
    }

    /// Card tops relative to the first card's, newest first: collapsed and expanded.
    private func offsets(spacing: Double, peek: Double) -> (collapsed: [Double], expanded: [Double], heights: (Double, Double)) {
        let cards = self.cards
        let topHeight = cards.first?.size.height ?? 0
        var collapsed: [Double] = [], expanded: [Double] = []
        var cursor = 0.0, weights = 0.0
        for (rank, card) in cards.enumerated() {
            let peekDepth = Double(min(rank, Self.peeking)) * peek
            collapsed.append(rank == 0 ? 0 : max(0, topHeight + peekDepth - card.size.height))
            expanded.append(cursor)
            cursor += card.weight * (card.size.height + spacing)
            weights += card.weight
        }
        let collapsedHeight = topHeight + Double(min(count - 1, Self.peeking)) * peek
        let expandedHeight = max(0, cursor - (weights > 0 ? spacing : 0))
        return (collapsed, expanded, (collapsedHeight, expandedHeight))
    }

    /// The stack as one item of the container's layout.
    func layoutItem(now: Double, config: ContainerConfiguration) -> LayoutItem {
        let e = state.progress(at: now)
        let (_, _, heights) = offsets(spacing: config.spacing, peek: config.groupPeek)
        let area = max(0, heights.0 + (heights.1 - heights.0) * e)
        let top = members.last!
        return LayoutItem(size: Size(width: width, height: config.groupHeaderHeight + config.groupHeaderGap + area),
                          alignment: top.alignment, weight: motion.layoutWeight(presence: weight), position: top.position)
    }

    /// True when only the top cards are drawn: closed, and not springing at `now`.
    static func drawsTopOnly(_ state: GroupState, at now: Double) -> Bool {
        !state.isSpringing(at: now) && !state.expanded
    }

    /// The header and the cards, in drawing order: oldest card first, the header last.
    func items(in block: Rect, unitX: Double, now: Double, state container: ContainerState,
               container whole: Rect, animating: inout Bool) -> [RenderItem] {
        let config = container.config
        let e = state.progress(at: now)
        animating = animating || state.isSpringing(at: now)
        let (collapsed, expanded, _) = offsets(spacing: config.spacing, peek: config.groupPeek)
        let firstTop = block.minY + config.groupHeaderHeight + config.groupHeaderGap
        let settledClosed = Self.drawsTopOnly(state, at: now)
        var items: [RenderItem] = []
        items.reserveCapacity(min(members.count, Self.peeking + 1) + 1)
        for (index, slot) in members.enumerated() {
            let rank = members.count - 1 - index
            // Cards under the peeking ones are not drawn while the stack is closed.
            if rank > Self.peeking && settledClosed { continue }
            let y = firstTop + collapsed[rank] + (expanded[rank] - collapsed[rank]) * e
            let frame = Rect(x: block.minX + (block.width - slot.size.width) * unitX, y: y,
                             width: slot.size.width, height: slot.size.height)
            let shrink = Double(min(rank, Self.peeking)) * Self.peekShrink
            let scale = 1 - shrink * (1 - min(1, max(0, e)))
            let opacity = rank > Self.peeking ? min(1, max(0, e)) : 1
            items.append(container.item(for: slot, frame: frame, scale: scale, opacity: opacity, now: now,
                                        container: whole, animating: &animating))
        }
        let top = members.last!
        let header = Rect(x: block.minX + (block.width - width) * unitX, y: block.minY,
                          width: width, height: config.groupHeaderHeight)
        items.append(RenderItem(id: .groupHeader(serial: state.serial), frame: header, opacity: weight,
                                z: top.z, backgroundOpacity: 0,
                                groupHeader: GroupHeader(key: key, count: state.members.count,
                                                         expanded: state.expanded, top: state.members.last ?? top.id)))
        return items
    }
}
