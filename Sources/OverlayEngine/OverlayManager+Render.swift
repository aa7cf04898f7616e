// The render list: every drawn view's frame and transition state at one instant.

extension OverlayManager {
    /// What to draw for `container` at `now`, in ascending z. Views whose removal has
    /// ended are left out even before `advance(to:)` reports them removed, and so are a row's or
    /// column's oldest views that would cross its far edge (`RenderList.beyondEdge`). While any
    /// view is left out, hidden or waiting, `overflowRoom` points at that far edge stay free (for
    /// an overflow indicator).
    public func renderList(for container: String, size: Size, safeArea: EdgeInsets = .zero,
                           overflowRoom: Double = 0, now: Double) -> RenderList {
        guard let index = containerIndex[container] else { return RenderList() }
        return containers[index].renderList(size: size, safeArea: safeArea, overflowRoom: overflowRoom, now: now)
    }
}

extension ContainerState {
    /// What one drawn view contributes, gathered in a single dictionary pass.
    struct Slot {
        var id: ViewID
        var presence: Double
        var removing: Bool
        var transition: Transition
        var drag: DragState?
        var backgroundOpacity: Double
        var z: Int
        var size: Size
        var alignment: Alignment
        var position: Point?
    }

    /// One place in the layout: a view alone, or a stacked group (its index among the stacks).
    enum Unit {
        case single(Slot)
        case group(Int)
    }

    /// A drawn view's slot.
    func slot(_ id: ViewID, _ entry: ViewEntry, presence p: Double) -> Slot {
        Slot(id: id, presence: p, removing: entry.isLeaving,
             transition: motion.transition(entry.activeTransition), drag: entry.drag,
             backgroundOpacity: backgroundOpacity(entry, presence: p), z: z(of: entry),
             size: entry.size, alignment: entry.resolved.alignment, position: entry.resolved.position)
    }

    /// Starts gathering the stack `key` when its group is stacked; nil when it is not.
    private func startStack(_ key: String, in stacks: inout [StackWalk], now: Double) -> Int? {
        guard let group = groups[key], group.stacked else { return nil }
        stacks.append(StackWalk(key: key, state: group, topOnly: GroupStack.drawsTopOnly(group, at: now)))
        return stacks.count - 1
    }

    /// One stack's members as the render walk meets them, oldest first. Only a closed stack at
    /// rest's newest `peeking + 1` become slots; every member adds its width, and its presence
    /// only while the stack's weight or background may still rise (both are capped at 1).
    struct StackWalk {
        let key: String
        let state: GroupState
        let topOnly: Bool
        var ids: [ViewID] = []
        var width = 0.0
        var weight = 0.0
        var backgroundOpacity = 0.0
        /// Units (views alone) met before its newest member, and that member's place in the walk:
        /// where the stack goes in the layout.
        var position = 0
        var newest = 0

        init(key: String, state: GroupState, topOnly: Bool) {
            self.key = key
            self.state = state
            self.topOnly = topOnly
        }

        mutating func add(_ id: ViewID, _ entry: ViewEntry, _ container: ContainerState, now: Double) {
            width = max(width, entry.size.width)
            ids.append(id)
            let backgroundMayRise = backgroundOpacity < 1 && entry.resolved.background != nil
            guard weight < 1 || backgroundMayRise else { return }
            let p = entry.presence(at: now)
            weight = max(weight, min(1, max(0, p)))
            backgroundOpacity = max(backgroundOpacity, container.backgroundOpacity(entry, presence: p))
        }

        func stack(_ container: ContainerState, now: Double) -> GroupStack {
            var stack = GroupStack(key: key, state: state, motion: container.motion)
            stack.members = ids.suffix(topOnly ? GroupStack.peeking + 1 : ids.count).map { id in
                let entry = container.entries[id]!
                return container.slot(id, entry, presence: entry.presence(at: now))
            }
            stack.count = ids.count
            stack.width = width
            stack.weight = weight
            return stack
        }
    }

    func renderList(size: Size, safeArea: EdgeInsets, overflowRoom: Double, now: Double) -> RenderList {
        let whole = Rect(origin: .zero, size: size)
        let bounds = Layout.contentBounds(containerSize: size, safeArea: safeArea,
                                          ignoring: config.ignoresSafeArea, insets: config.insets)
        var units: [Unit] = []
        // Stacks in the order their first member is drawn; few, so found by key in a short scan.
        var stacks: [StackWalk] = []
        var animating = false
        var met = 0
        drawn.forEach { id in
            guard let index = entries.index(forKey: id) else { return }
            let entry = entries.values[index]
            if let end = entry.removalEnd, now >= end { return }
            if !animating, entry.isTransitioning(at: now) { animating = true }
            met += 1
            if let key = entry.groupKey,
               let s = stacks.firstIndex(where: { $0.key == key }) ?? startStack(key, in: &stacks, now: now) {
                stacks[s].position = units.count
                stacks[s].newest = met
                stacks[s].add(id, entry, self, now: now)
            } else {
                units.append(.single(slot(id, entry, presence: entry.presence(at: now))))
            }
        }
        // Each stack sits where its newest member would (stacks met at one place in that order).
        let placed = stacks.indices.sorted { (stacks[$0].position, stacks[$0].newest) < (stacks[$1].position, stacks[$1].newest) }
        for (offset, s) in placed.enumerated() { units.insert(.group(s), at: stacks[s].position + offset) }
        let built = stacks.map { $0.stack(self, now: now) }
        let groupAlignment = config.defaults.alignment ?? ResolvedViewConfiguration.fallbackAlignment(config.displayType)
        var layoutItems = units.map { unit -> LayoutItem in
            switch unit {
            case .single(let slot):
                return LayoutItem(size: slot.size, alignment: slot.alignment,
                                  weight: motion.layoutWeight(presence: slot.presence), position: slot.position)
            case .group(let s):
                return built[s].layoutItem(now: now, config: config)
            }
        }
        var frames = Layout.frames(layoutItems, displayType: config.displayType,
                                   groupAlignment: groupAlignment, spacing: config.spacing, in: bounds)
        var beyondEdge = 0
        if config.displayType != .stacking, units.count > 1 {
            // The oldest views that would cross the container's far edge are left out, and
            // counted (past the insets is still on screen); while any is, or any is hidden or
            // waiting, `overflowRoom` is kept free there.
            let vertical = config.displayType == .vertical
            var limit = whole, area = bounds
            if overflowRoom > 0, offScreenCount > 0
                || Layout.leftOut(frames, vertical: vertical, in: whole) > 0 {
                let atEnd = (vertical ? groupAlignment.unitY : groupAlignment.unitX) == 1
                limit = Layout.keepingRoom(overflowRoom, in: whole, vertical: vertical, anchoredAtEnd: atEnd)
                area = bounds.intersection(limit)
                frames = Layout.frames(layoutItems, displayType: config.displayType,
                                       groupAlignment: groupAlignment, spacing: config.spacing, in: area)
            }
            // A centred group moves as views leave it: until what is left fits.
            while case let out = Layout.leftOut(frames, vertical: vertical, in: limit), out > 0 {
                for unit in units[..<out] {
                    switch unit {
                    case .single(let slot): beyondEdge += slot.removing ? 0 : 1
                    case .group(let s): beyondEdge += stacks[s].ids.count { !entries[$0]!.isLeaving }
                    }
                }
                units.removeFirst(out)
                layoutItems.removeFirst(out)
                frames = Layout.frames(layoutItems, displayType: config.displayType,
                                       groupAlignment: groupAlignment, spacing: config.spacing, in: area)
            }
        }

        var drawnUnits: [[RenderItem]] = []
        drawnUnits.reserveCapacity(units.count)
        var sharedBackground = 0.0
        for (i, unit) in units.enumerated() {
            switch unit {
            case .single(let slot):
                sharedBackground = max(sharedBackground, slot.backgroundOpacity)
                drawnUnits.append([item(for: slot, frame: frames[i], scale: nil, opacity: 1, now: now,
                                        container: whole, animating: &animating)])
            case .group(let s):
                let stack = built[s]
                sharedBackground = max(sharedBackground, stacks[s].backgroundOpacity)
                drawnUnits.append(stack.items(in: frames[i], unitX: groupAlignment.unitX, now: now, state: self,
                                              container: whole, animating: &animating))
            }
        }
        if config.displayOrder == .oldestOnTop { drawnUnits.reverse() }
        var items = Array(drawnUnits.joined())
        if config.displayType != .stacking, !items.isEmpty {
            // One background for the whole group, under its lowest view.
            for i in items.indices { items[i].backgroundOpacity = 0 }
            items[0].backgroundOpacity = sharedBackground
        }
        var list = RenderList(items: items, isAnimating: animating, contentBounds: bounds,
                              clipRect: config.clipped ? whole : nil)
        list.beyondEdge = beyondEdge
        return list
    }

    /// The render item of one view at `frame`: its transition, drag offset and, inside a stack,
    /// the stack's own scale (about the card's bottom edge) and opacity.
    func item(for slot: Slot, frame: Rect, scale stackScale: Double?, opacity stackOpacity: Double,
              now: Double, container whole: Rect, animating: inout Bool) -> RenderItem {
        let p = slot.presence
        let effect = slot.transition.effect(presence: p, isRemoval: slot.removing, frame: frame, container: whole)
        var offset = effect.offset
        if let drag = slot.drag {
            let (dragOffset, moving) = drag.offset(at: now)
            animating = animating || moving
            // Reduced motion: a flung view fades where the finger left it.
            offset = offset + dragOffset * (slot.removing && motion == .full ? min(1, max(0, p)) : 1)
        }
        var scale = effect.scale, anchor = effect.anchor
        if let stackScale, stackScale != 1 {
            scale *= stackScale
            anchor = Point(x: 0.5, y: 1)
        }
        return RenderItem(id: slot.id, frame: frame, opacity: min(1, max(0, effect.opacity * stackOpacity)),
                          scale: scale, scaleAnchor: anchor, offset: offset,
                          z: slot.z, backgroundOpacity: slot.backgroundOpacity)
    }

    func backgroundOpacity(_ entry: ViewEntry, presence p: Double) -> Double {
        guard entry.resolved.background != nil else { return 0 }
        switch entry.resolved.backgroundTransition {
        case .identity: return 1
        case .opacity: return min(1, max(0, p))
        }
    }
}
