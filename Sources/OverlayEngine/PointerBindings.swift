// Mouse button and scroll bindings: what a click or a scroll step on a view does.

/// A pointer button, or one scroll step, that a binding is for.
public enum PointerTrigger: String, CaseIterable, Sendable {
    case left, middle, right, scrollUp, scrollDown

    public var isScroll: Bool { self == .scrollUp || self == .scrollDown }
}

/// What a bound button or scroll step does to the view under the pointer.
public enum PointerBinding: Equatable, Sendable {
    /// The view's parts and dismiss gesture: action buttons, close button, "default" action,
    /// then tap, swipe, long press… (the left button's default; buttons only).
    case gesture
    /// Nothing (the default of every trigger but the left button).
    case none
    /// Dismisses the view (as a dismiss gesture does).
    case dismiss
    /// Dismisses every view showing in the view's container.
    case dismissContainer
    /// Dismisses every view showing in every container.
    case dismissAll
    /// Invokes the view's "default" action, when it has one.
    case invokeDefaultAction

    public static func standard(for trigger: PointerTrigger) -> PointerBinding {
        trigger == .left ? .gesture : .none
    }
}

/// Bindings of one view, container or rule: only the triggers it sets (others inherit).
public typealias PointerBindings = [PointerTrigger: PointerBinding]
