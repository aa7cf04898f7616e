
/// One source of input positions: a seat's pointer, or one touch point of a seat.
public struct InputContact: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case pointer
        /// A touch point, by its wl_touch id (unique while the finger is down).
        case touch(Int32)
    }
    /// The seat's registry name (any stable per-seat number in tests).
    public var seat: UInt32
    public var kind: Kind

    public init(seat: UInt32, kind: Kind) { self.seat = seat; self.kind = kind }
    public static func pointer(seat: UInt32) -> InputContact { InputContact(seat: seat, kind: .pointer) }
    public static func touch(seat: UInt32, id: Int32) -> InputContact { InputContact(seat: seat, kind: .touch(id)) }

    public var description: String {
        switch kind {
        case .pointer: "pointer@\(seat)"
        case .touch(let id): "touch\(id)@\(seat)"
        }
    }
}

/// What the router asks the presenter to do.
public enum InputAction: Equatable, Sendable {
    /// The pointer came over a view: pause its auto-dismiss.
    case hoverBegan(ViewID)
    /// The pointer left the view (or went away): resume its auto-dismiss.
    case hoverEnded(ViewID)
    /// A gesture recognised on a view; positions are container-surface-local.
    case gesture(RecognizedGesture, ViewID)
    /// A press and release on a container's surface outside every view (its backdrop).
    case backgroundTap(container: String)
    /// A click (or scroll step) whose binding is not the gesture.
    case bound(PointerBinding, ViewID)
}

/// The part of a view a click landed on.
public enum ClickedPart: Equatable, Sendable {
    /// The view itself (notifications: the "default" action).
    case body
    /// An action button, by its key.
    case action(String)
    /// A link in the body, by its `href` (not yet checked: the opener decides).
    case link(String)
    /// The close button (`ToastStyle.showsCloseButton`).
    case closeButton
    /// The "+N more" pill of a container with views hidden or waiting.
    case overflowIndicator
    /// The inline-reply text field (the presenter gives it the keyboard).
    case replyField
    /// The inline-reply field's submit button (the presenter sends the field's text as `reply`).
    case replySubmit
    /// An inline reply the user submitted (Enter or the submit button), with its text.
    case reply(String)
    /// A control of a view tree, by its node index (`PlacedView.index`); the presenter acts on it.
    case viewControl(Int)
    /// A view tree's control acted: its action and value.
    case viewAction(ViewAction)
}

