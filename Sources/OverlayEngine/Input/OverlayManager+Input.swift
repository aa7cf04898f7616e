// Input the engine applies by itself, and what it hands back for the caller to decide.

/// A decision input leaves to the caller: the engine never calls out while it changes.
public enum InputRequest: Equatable, Sendable {
    /// A tap on a view (surface-local point). The caller looks at what was hit (an action
    /// button, a link, the close button) and acts, or lets the view's dismiss gesture apply
    /// (`applyTap(_:to:now:)`).
    case tap(ViewID, at: Point)
    /// A click bound to `.invokeDefaultAction`.
    case invokeDefault(ViewID)
}

/// Which container a surface (router key) shows: a container's surfaces on several outputs
/// share its name before the separator.
public enum SurfaceName {
    static let separator: Character = "\u{1F}"

    /// The router key of `container`'s surface on `output` (nil: the compositor's choice).
    public static func key(container: String, output: String?) -> String {
        output.map { "\(container)\(separator)\($0)" } ?? container
    }

    /// The container a router key belongs to.
    public static func container(of key: String) -> String {
        key.split(separator: separator, maxSplits: 1).first.map(String.init) ?? key
    }
}

extension OverlayManager {
    /// Applies what input needs no decision for: hover pauses and resumes auto-dismiss, drags,
    /// flings and long presses go to the views' dismiss gestures (reason `.gesture`), bindings
    /// dismiss, backdrop taps go to `tapBackground`. Taps on views and default-action bindings
    /// are returned, in order, for the caller.
    public mutating func apply(_ actions: [InputAction], now: Double) -> [InputRequest] {
        var requests: [InputRequest] = []
        for action in actions {
            switch action {
            case .hoverBegan(let id): pauseAutoDismiss(id, now: now)
            case .hoverEnded(let id): resumeAutoDismiss(id, now: now)
            case .backgroundTap(let key): tapBackground(in: SurfaceName.container(of: key), now: now)
            case .gesture(.tap(let point), let id): requests.append(.tap(id, at: point))
            case .gesture(let gesture, let id): handle(gesture, on: id, now: now)
            case .bound(let binding, let id):
                if binding == .invokeDefaultAction { requests.append(.invokeDefault(id)) } else { apply(binding, to: id, now: now) }
            }
        }
        return requests
    }

    /// A tap nobody claimed: the view's dismiss gesture decides.
    public mutating func applyTap(at point: Point, to id: ViewID, now: Double) {
        handle(.tap(point), on: id, now: now)
    }

    /// Dismissals by a binding have reason `.gesture`, like dismiss gestures.
    mutating func apply(_ binding: PointerBinding, to id: ViewID, now: Double) {
        switch binding {
        case .gesture, .none, .invokeDefaultAction: break
        case .dismiss: dismiss(id, reason: .gesture, now: now)
        case .dismissContainer, .dismissAll:
            let names = binding == .dismissAll ? containerNames : containerName(of: id).map { [$0] } ?? []
            for name in names {
                for view in showing(in: name) { dismiss(view, reason: .gesture, now: now) }
            }
        }
    }
}
