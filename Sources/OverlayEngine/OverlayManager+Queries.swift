// Read-only questions about the model.

/// What a view can know about its container, and how to dismiss itself
/// (`manager.dismiss(environment.id, now:)`).
public struct ViewEnvironment: Equatable, Sendable {
    public var id: ViewID
    public var containerName: String
    /// Last size given to `setContainerSize(_:for:)`; zero until then.
    public var containerSize: Size
    public var displayType: DisplayType
    public var queueType: QueueType
}

extension ContainerState {
    /// Showing views in ascending z.
    func showing() -> [ViewID] {
        let ids = showingIDs()
        return config.displayOrder == .newestOnTop ? ids : ids.reversed()
    }
}

extension OverlayManager {
    public func resolvedConfiguration(of id: ViewID) -> ResolvedViewConfiguration? {
        guard let name = location[id], let index = containerIndex[name] else { return nil }
        return containers[index].entries[id]?.resolved
    }

    /// Views on screen (not removing), ascending z.
    public func showing(in container: String) -> [ViewID] {
        containerIndex[container].map { containers[$0].showing() } ?? []
    }

    /// True when views are showing, hidden or waiting in the container (or pending for it),
    /// without listing them: O(1) however long the queue.
    public func hasViews(in container: String) -> Bool {
        guard let index = containerIndex[container] else { return !(pending[container]?.isEmpty ?? true) }
        let state = containers[index]
        return state.showingCount > 0 || !state.queue.isEmpty || state.held != nil || !state.hidden.isEmpty
    }

    /// Views moved off screen by newer or high-priority ones (`Overflow`, `ViewPriority`),
    /// oldest first: the last comes back first.
    public func hidden(in container: String) -> [ViewID] {
        containerIndex[container].map { containers[$0].hiddenIDs() } ?? []
    }

    /// `hidden(in:).count`, in O(1).
    public func hiddenCount(in container: String) -> Int {
        containerIndex[container].map { containers[$0].hidden.count } ?? 0
    }

    /// Views in the model but not on screen: hidden plus waiting (pending shows for an
    /// unregistered container). O(1), for a "+N more" indicator.
    /// True while newcomers to a full `.newest` container wait for their swap (`swapDelay`).
    public func swapPending(in container: String) -> Bool {
        containerIndex[container].map { containers[$0].promoteAt != nil } ?? false
    }

    public func overflowCount(in container: String) -> Int {
        guard let index = containerIndex[container] else { return pending[container]?.count ?? 0 }
        return containers[index].offScreenCount
    }

    /// Views waiting, in the order they will appear (pending shows for an unregistered container).
    public func waiting(in container: String) -> [ViewID] {
        if let index = containerIndex[container] { return containers[index].waitingIDs() }
        return pending[container]?.map(\.id) ?? []
    }

    /// True while the view is pending, waiting, showing or hidden; false once dismissed.
    public func contains(_ id: ViewID) -> Bool {
        guard let name = location[id] else { return false }
        guard let index = containerIndex[name] else { return true }
        return containers[index].entries[id].map { $0.phase != .removing } ?? false
    }

    /// Container name of a view the model still holds (including one still animating out).
    public func containerName(of id: ViewID) -> String? { location[id] }

    /// The container facts a view may read.
    public func environment(of id: ViewID) -> ViewEnvironment? {
        guard let name = location[id], let index = containerIndex[name] else { return nil }
        let state = containers[index]
        return ViewEnvironment(id: id, containerName: name, containerSize: state.size,
                               displayType: state.config.displayType, queueType: state.config.queueType)
    }

    /// Measured size last given for a view.
    public func size(of id: ViewID) -> Size? {
        guard let name = location[id], let index = containerIndex[name] else { return nil }
        return containers[index].entries[id]?.size
    }
}
