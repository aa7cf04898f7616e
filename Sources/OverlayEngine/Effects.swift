// What the engine tells its caller: effects to carry out, and errors.

/// Why a view was dismissed.
public enum DismissReason: Equatable, Sendable {
    /// Its countdown ran out, or it was the oldest hidden view past
    /// `ContainerConfiguration.maximumHidden`.
    case autoDismiss
    /// A dismiss gesture (tap, swipe, …) or a background tap.
    case gesture
    /// An explicit dismiss / dismissAll / dismissTopmost call.
    case request
    /// Dismissed by the user through a control tool (`overlay-wl dismiss`), not by a gesture.
    case user
    /// Replaced by a newer view (oneByOne), or moved to another container.
    case replaced
    /// Superseded by a newer show while held by a debounce.
    case debounced
    /// Its container was never registered within `OverlayManager.pendingContainerTimeout`.
    case unknownContainer
}

/// A view moved off screen by a newer or high-priority one (`Overflow.newest`,
/// `ViewPriority.high`) gets no effect when it goes: it is still in the model, so it gets
/// neither `.dismissed` nor `.removed` (the presenter keeps its content); the render list
/// draws its removal transition and `hidden(in:)` lists it. When it comes back it gets
/// `.appeared` again, without its appear hooks. Its one `.dismissed` and `.removed` come
/// when it is dismissed, whether showing or hidden.
public enum EngineEffect: Equatable, Sendable {
    /// The view went on screen; its insertion transition starts now. A hidden view that
    /// comes back gets it again.
    case appeared(ViewID, container: String)
    /// The view left the model (removal transition starts). Also sent for views dismissed
    /// while waiting; those never appeared and get no hooks.
    case dismissed(ViewID, container: String, reason: DismissReason)
    /// Nothing is left to draw for the view: free its resources.
    case removed(ViewID, container: String)
    /// Run this appear/disappear hook. Appear hooks come just before `.appeared`,
    /// disappear hooks just after `.dismissed`; view's hook first, then container's.
    case hook(String, ViewID, container: String)
}

/// A request the engine refuses: an unknown or duplicate container, a setting that cannot change, too many shows waiting for a container not yet registered.
public enum EngineError: Error, Equatable, Sendable {
    case unknownContainer(String)
    /// queueType and clipped are fixed once a container is registered.
    case immutableSetting(String)
    case duplicateContainer(String)
    /// Too many shows are already waiting for this unregistered container.
    case pendingLimitReached(String)
}
