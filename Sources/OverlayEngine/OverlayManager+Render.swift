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
    func renderList(size: Size, safeArea: EdgeInsets, now: Double) -> RenderList {
        let whole = Rect(origin: .zero, size: size)
        let bounds = Layout.contentBounds(containerSize: size, safeArea: safeArea,
                                          ignoring: config.ignoresSafeArea, insets: config.insets)
        var live: [ViewEntry] = []
        var presences: [Double] = []
        var layoutItems: [LayoutItem] = []
        live.reserveCapacity(drawn.count)
        presences.reserveCapacity(drawn.count)
        layoutItems.reserveCapacity(drawn.count)
        var animating = false
        drawn.forEach { id in
            let entry = entries[id]!
            if let end = entry.removalEnd, now >= end { return }
            let p = entry.presence(at: now)
            animating = animating || entry.isTransitioning(at: now)
            live.append(entry)
            presences.append(p)
            layoutItems.append(LayoutItem(size: entry.size, alignment: entry.resolved.alignment,
                                          weight: min(1, max(0, p))))
        }
        let groupAlignment = config.defaults.alignment ?? ResolvedViewConfiguration.fallbackAlignment(config.displayType)
        let frames = Layout.frames(layoutItems, displayType: config.displayType,
                                   groupAlignment: groupAlignment, spacing: config.spacing, in: bounds)

        var items: [RenderItem] = []
        items.reserveCapacity(live.count)
        var sharedBackground = 0.0
        for (i, entry) in live.enumerated() {
            let p = presences[i]
            let removing = entry.phase == .removing
            let effect = entry.activeTransition.effect(presence: p, isRemoval: removing,
                                                       frame: frames[i], container: whole)
            var offset = effect.offset
            if let drag = entry.drag {
                let (dragOffset, moving) = drag.offset(at: now)
                animating = animating || moving
                offset = offset + dragOffset * (removing ? min(1, max(0, p)) : 1)
            }
            let background = backgroundOpacity(entry, presence: p)
            sharedBackground = max(sharedBackground, background)
            items.append(RenderItem(id: entry.id, frame: frames[i], opacity: min(1, max(0, effect.opacity)),
                                    scale: effect.scale, scaleAnchor: effect.anchor, offset: offset,
                                    z: z(of: entry), backgroundOpacity: background))
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
