// Per-view settings and the merge rule: view value, else container value, else fallback.

/// A setting that can be explicitly switched off. A view's `.disabled` beats the container's value.
public enum Setting<Value: Equatable & Sendable>: Equatable, Sendable {
    case disabled
    case value(Value)

    var wrapped: Value? {
        if case .value(let v) = self { return v }
        return nil
    }
}

/// How a view competes for a `multiple` container's slots.
public enum ViewPriority: Sendable {
    case normal
    /// Shows at once, taking the slot of the oldest normal view on screen (which is hidden,
    /// never dismissed); laid out at the end where the newest go, above every normal view;
    /// never hidden by other views. High-priority views all show even beyond `maximumVisible`.
    case high
}

/// What a view asks for. Every field is optional; nil means "inherit".
public struct ViewConfiguration: Equatable, Sendable {
    /// Where the view sits in its container.
    public var alignment: Alignment?
    /// Stacking only: the view's top-left corner in container coordinates, instead of its
    /// alignment (help tips placed by `TipPlacer`).
    public var position: Point?
    /// Tapping the view's background dismisses it.
    public var tapToDismiss: Bool?
    /// What is drawn behind the view (`.disabled` for nothing).
    public var background: Setting<Background>?
    /// How the background comes and goes with the view.
    public var backgroundTransition: BackgroundTransition?
    /// The toast's own card drawn frosted in this material instead of its opaque colour
    /// (`.disabled` for the opaque card).
    public var toastMaterial: Setting<BlurMaterial>?
    /// The view's drop shadow (`.disabled` for none).
    public var shadow: Setting<Shadow>?
    /// The pointer or touch gesture that dismisses the view (`.disabled` for none).
    public var dismissGesture: Setting<DismissGesture>?
    /// How the view enters and leaves (opacity, move, scale…).
    public var transition: Transition?
    /// The timing curve of the view's transitions and moves.
    public var animation: Animation?
    /// Seconds on screen before dismissing itself.
    public var autoDismiss: Setting<Double>?
    /// Opaque hook names the caller maps to commands or closures.
    public var appearAction: String?
    /// Hook name reported (`EngineEffect.hook`) when the view leaves the screen, as `appearAction` when it comes.
    public var disappearAction: String?
    /// Mouse buttons and scroll steps bound to something other than their default.
    public var pointerBindings: PointerBindings = [:]
    /// Multiple containers only; the other queue types show one view at a time whatever
    /// its priority. Read when the view arrives: an update in place keeps its first priority.
    public var priority: ViewPriority?
    /// Views of one container with the same key form a group, which stacks into one card once
    /// `ContainerConfiguration.groupThreshold` of them are showing. Read when the view goes on
    /// screen; nil stands alone.
    public var groupKey: String?

    /// A configuration that inherits everything from its container.
    public init() {}
}

/// A view's settings after merging with its container: nothing left to inherit.
public struct ResolvedViewConfiguration: Equatable, Sendable {
    public var alignment: Alignment
    /// Stacking only (see `ViewConfiguration.position`).
    public var position: Point?
    public var tapToDismiss: Bool
    public var background: Background?
    public var backgroundTransition: BackgroundTransition
    /// The toast card's material; nil: the opaque card.
    public var toastMaterial: BlurMaterial?
    public var shadow: Shadow?
    public var dismissGesture: DismissGesture?
    public var transition: Transition
    public var animation: Animation
    public var autoDismiss: Double?
    /// The view's own hook, then the container's: run in this order.
    public var appearActions: [String]
    public var disappearActions: [String]
    /// The view's bindings over the container's (unset triggers: `PointerBinding.standard`).
    public var pointerBindings: PointerBindings
    public var priority: ViewPriority

    /// Merges `view` over `container` for a container of `displayType`.
    /// Horizontal and vertical containers take alignment, background, shadow and
    /// tapToDismiss from the container only.
    public init(view: ViewConfiguration, container: ViewConfiguration, displayType: DisplayType) {
        let groupOnly = displayType != .stacking
        let local = groupOnly ? ViewConfiguration() : view
        alignment = local.alignment ?? container.alignment ?? Self.fallbackAlignment(displayType)
        position = local.position
        tapToDismiss = local.tapToDismiss ?? container.tapToDismiss ?? false
        background = Self.merge(local.background, container.background)
        shadow = Self.merge(local.shadow, container.shadow)
        toastMaterial = Self.merge(view.toastMaterial, container.toastMaterial)
        backgroundTransition = view.backgroundTransition ?? container.backgroundTransition ?? .opacity
        dismissGesture = Self.merge(view.dismissGesture, container.dismissGesture)
        transition = view.transition ?? container.transition ?? .identity
        animation = view.animation ?? container.animation ?? .default
        autoDismiss = Self.merge(view.autoDismiss, container.autoDismiss)
        appearActions = Self.both(view.appearAction, container.appearAction)
        disappearActions = Self.both(view.disappearAction, container.disappearAction)
        pointerBindings = view.pointerBindings.isEmpty ? container.pointerBindings
            : container.pointerBindings.merging(view.pointerBindings) { _, mine in mine }
        priority = view.priority ?? container.priority ?? .normal
    }

    /// What `trigger` does on this view.
    public func binding(for trigger: PointerTrigger) -> PointerBinding {
        pointerBindings[trigger] ?? .standard(for: trigger)
    }

    /// Default alignment: stacking centre, horizontal leading, vertical bottom.
    public static func fallbackAlignment(_ type: DisplayType) -> Alignment {
        switch type {
        case .stacking: .center
        case .horizontal: .leading
        case .vertical: .bottom
        }
    }

    /// The view's then the container's, whichever are set (no array built for neither).
    private static func both<A>(_ first: A?, _ second: A?) -> [A] {
        switch (first, second) {
        case (nil, nil): return []
        case (let a?, nil): return [a]
        case (nil, let b?): return [b]
        case (let a?, let b?): return [a, b]
        }
    }

    /// View's explicit choice (value or disabled) wins, then the container's; none otherwise.
    static func merge<V>(_ view: Setting<V>?, _ container: Setting<V>?) -> V? {
        if let view { return view.wrapped }
        return container?.wrapped
    }
}
