// Where one view is in its life, for callers that report on views (`overlay-wl list`).

/// A view's place in its container's life.
public enum ViewState: Equatable, Sendable {
    /// Queued (or held by a debounce, or sent to a container not registered yet).
    case waiting
    /// On screen.
    case showing
    /// Moved off screen by newer or high-priority views (`Overflow.newest`); it may come back.
    case hidden
    /// Dismissed; its removal transition is still drawn.
    case leaving
}

extension OverlayManager {
    /// Nil for an id the model does not hold.
    public func state(of id: ViewID) -> ViewState? {
        guard let name = location[id] else { return nil }
        guard let index = containerIndex[name] else { return .waiting }
        switch containers[index].entries[id]?.phase {
        case .waiting?: return .waiting
        case .showing?: return .showing
        case .hidden?: return .hidden
        case .removing?: return .leaving
        case nil: return nil
        }
    }
}
