import OverlayEngine

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

/// What becomes of a tap offered to the frontend first.
public enum TapOutcome: Equatable, Sendable {
    /// The view's dismiss gesture applies.
    case notClaimed
    /// Handled (e.g. an action invoked): nothing else happens.
    case claimed
    /// Dismiss the view (reason `.gesture`), e.g. its close button.
    case dismiss
}

/// The part of a view a click landed on.
public enum ClickedPart: Equatable, Sendable {
    /// The view itself (notifications: the "default" action).
    case body
    /// An action button, by its key.
    case action(String)
    /// A link in the body, by its `href` (not yet checked: the opener decides).
    case link(String)
    case closeButton
}

extension OverlayManager {
    /// Carries the router's actions out: hover pauses and resumes auto-dismiss, gestures go to
    /// the views' dismiss gestures (dismissals have reason `.gesture`), backdrop taps to
    /// `tapBackground`. `claimTap` sees each tap first (view, surface-local point) and says
    /// what becomes of it; `invokeDefault` carries out `.invokeDefaultAction` bindings.
    /// Shared by the presenter and the tests.
    public mutating func apply(_ actions: [InputAction], now: Double,
                               claimTap: (ViewID, Point) -> TapOutcome = { _, _ in .notClaimed },
                               invokeDefault: (ViewID) -> Void = { _ in }) {
        for action in actions {
            switch action {
            case .bound(let binding, let id): apply(binding, to: id, now: now, invokeDefault: invokeDefault)
            case .hoverBegan(let id): pauseAutoDismiss(id, now: now)
            case .hoverEnded(let id): resumeAutoDismiss(id, now: now)
            case .backgroundTap(let key): tapBackground(in: SurfaceKey.container(ofRouterKey: key), now: now)
            case .gesture(let gesture, let id):
                if case .tap(let point) = gesture {
                    switch claimTap(id, point) {
                    case .claimed: continue
                    case .dismiss: dismiss(id, reason: .gesture, now: now); continue
                    case .notClaimed: break
                    }
                }
                handle(gesture, on: id, now: now)
            }
        }
    }
}

extension OverlayManager {
    /// Dismissals by a binding have reason `.gesture`, like dismiss gestures.
    mutating func apply(_ binding: PointerBinding, to id: ViewID, now: Double, invokeDefault: (ViewID) -> Void) {
        switch binding {
        case .gesture, .none: break
        case .dismiss: dismiss(id, reason: .gesture, now: now)
        case .dismissContainer, .dismissAll:
            let names = binding == .dismissAll ? containerNames : containerName(of: id).map { [$0] } ?? []
            for name in names {
                for view in showing(in: name) { dismiss(view, reason: .gesture, now: now) }
            }
        case .invokeDefaultAction: invokeDefault(id)
        }
    }
}
