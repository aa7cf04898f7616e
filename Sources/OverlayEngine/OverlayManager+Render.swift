// The render list: every drawn view's frame and transition state at one instant.

extension OverlayManager {
    /// What to draw for `container` at `now`, in ascending z. Views whose removal has
    /// ended are left out even before `advance(to:)` reports them removed.
    public func renderList(for container: String, size: Size, safeArea: EdgeInsets = .zero,
                           now: Double) -> RenderList {
        guard let index = containerIndex[container] else { return RenderList() }
        return containers[index].renderList(size: size, safeArea: safeArea, now: now)
    }
}

extension ContainerState {
    /// What one drawn view contributes, gathered in a single dictionary pass.
    private struct Slot {
        var id: ViewID
        var presence: Double
        var removing: Bool
        var transition: Transition
        var drag: DragState?
        var backgroundOpacity: Double
        var z: Int
    }

    func renderList(size: Size, safeArea: EdgeInsets, now: Double) -> RenderList {
        let whole = Rect(origin: .zero, size: size)
        let bounds = Layout.contentBounds(containerSize: size, safeArea: safeArea,
                                          ignoring: config.ignoresSafeArea, insets: config.insets)
        var slots: [Slot] = []
        var layoutItems: [LayoutItem] = []
        slots.reserveCapacity(drawn.count)
        layoutItems.reserveCapacity(drawn.count)
        var animating = false
        drawn.forEach { id in
            let entry = entries[id]!
            if let end = entry.removalEnd, now >= end { return }
            let p = entry.presence(at: now)
            animating = animating || entry.isTransitioning(at: now)
            slots.append(Slot(id: id, presence: p, removing: entry.isLeaving,
                              transition: entry.activeTransition, drag: entry.drag,
                              backgroundOpacity: backgroundOpacity(entry, presence: p), z: z(of: entry)))
            layoutItems.append(LayoutItem(size: entry.size, alignment: entry.resolved.alignment,
                                          weight: min(1, max(0, p)), position: entry.resolved.position))
        }
        let groupAlignment = config.defaults.alignment ?? ResolvedViewConfiguration.fallbackAlignment(config.displayType)
        let frames = Layout.frames(layoutItems, displayType: config.displayType,
                                   groupAlignment: groupAlignment, spacing: config.spacing, in: bounds)

        var items: [RenderItem] = []
        items.reserveCapacity(slots.count)
        var sharedBackground = 0.0
        for (i, slot) in slots.enumerated() {
            let p = slot.presence
            let effect = slot.transition.effect(presence: p, isRemoval: slot.removing,
                                                frame: frames[i], container: whole)
            var offset = effect.offset
            if let drag = slot.drag {
                let (dragOffset, moving) = drag.offset(at: now)
                animating = animating || moving
                offset = offset + dragOffset * (slot.removing ? min(1, max(0, p)) : 1)
            }
            sharedBackground = max(sharedBackground, slot.backgroundOpacity)
            items.append(RenderItem(id: slot.id, frame: frames[i], opacity: min(1, max(0, effect.opacity)),
                                    scale: effect.scale, scaleAnchor: effect.anchor, offset: offset,
                                    z: slot.z, backgroundOpacity: slot.backgroundOpacity))
        }
        if config.displayOrder == .oldestOnTop { items.reverse() }
        if config.displayType != .stacking, !items.isEmpty {
            // One background for the whole group, under its lowest view.
            for i in items.indices { items[i].backgroundOpacity = 0 }
            items[0].backgroundOpacity = sharedBackground
        }
        return RenderList(items: items, isAnimating: animating, contentBounds: bounds,
                          clipRect: config.clipped ? whole : nil)
    }

    private func backgroundOpacity(_ entry: ViewEntry, presence p: Double) -> Double {
        guard entry.resolved.background != nil else { return 0 }
        switch entry.resolved.backgroundTransition {
        case .identity: return 1
        case .opacity: return min(1, max(0, p))
        }
    }
}
