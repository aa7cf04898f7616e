
/// The pure core of input handling: surface-local pointer and touch events in, actions out.
///
/// It knows each container's latest render list (hit tests use the items' visual frames, topmost
/// z first), which view each contact pressed, and one `GestureRecognizer` per view, configured
/// from the view's dismiss gesture. No Wayland, no clock: the caller passes times, so recorded
/// sequences replay exactly in tests.
public struct InputRouter {
    /// Thresholds for every recogniser (a long-press gesture's own seconds override the duration).
    public var thresholds = GestureThresholds.standard

    private struct ContactState {
        enum Press { case view(ViewID), background(String), ignored }
        /// The container surface the contact is over (kept for the whole press: implicit grab).
        var container: String?
        var position: Point
        var hovered: ViewID?
        var press: Press?
        /// The button driving `press` (nil: a touch, or a press through the gesture-button call).
        var gestureButton: PointerTrigger?
        /// Buttons held with a binding other than `.gesture`: the view and binding of the press.
        var clicks: [PointerTrigger: (id: ViewID, binding: PointerBinding)] = [:]
        /// Vertical scroll gathered over one view towards the next step.
        var scroll: (id: ViewID, amount: Double)?
    }

    /// A view's binding for a button or scroll step; by default the left button drives the
    /// gesture and nothing else is bound.
    public var bindingOf: (ViewID, PointerTrigger) -> PointerBinding = { _, trigger in .standard(for: trigger) }
    /// Scroll (wl_pointer axis units; a wheel notch is 10–15) that makes one step.
    public static let scrollStep = 10.0

    private let gestureOf: (ViewID) -> DismissGesture?
    private var items: [String: [RenderItem]] = [:]
    private var contacts: [InputContact: ContactState] = [:]
    private var recognizers: [ViewID: GestureRecognizer] = [:]
    /// The contact driving each pressed view; a second finger on the same view is ignored.
    private var owners: [ViewID: InputContact] = [:]
    /// Set when a render list changed since the last `layoutChanged()`.
    private var layoutDirty = false

    /// `gestureOf` gives a view's resolved dismiss gesture (nil: none).
    public init(gestureOf: @escaping (ViewID) -> DismissGesture?) {
        self.gestureOf = gestureOf
    }

    // MARK: Layout

    /// Records a container's latest render list (ascending z).
    public mutating func setItems(_ items: [RenderItem], for container: String) {
        if self.items[container] != items {
            self.items[container] = items
            layoutDirty = true
        }
    }

    /// The topmost view whose visual frame contains `point`.
    public func view(at point: Point, in container: String) -> ViewID? {
        guard let list = items[container] else { return nil }
        for item in list.reversed() where item.visualFrame.contains(point) { return item.id }
        return nil
    }

    /// The surface (router key) a view is drawn on now.
    public func surface(of id: ViewID) -> String? {
        items.first { $0.value.contains { $0.id == id } }?.key
    }

    /// Where a view is drawn now, and its scale (for mapping a point into the view).
    public func drawn(_ id: ViewID) -> (frame: Rect, scale: Double)? {
        for list in items.values {
            if let item = list.first(where: { $0.id == id }) { return (item.visualFrame, item.scale) }
        }
        return nil
    }

    /// Views under a pointer now.
    public var hoveredViews: [ViewID] { contacts.values.compactMap(\.hovered) }

    /// Views currently pressed by some contact.
    public var pressedViews: [ViewID] { Array(owners.keys) }

    // MARK: Pointer

    /// Pointer motion (or enter) over `container`'s surface; nil when over no surface of ours.
    public mutating func pointerMoved(_ contact: InputContact, in container: String?, to point: Point,
                                      time: Double) -> [InputAction] {
        var out: [InputAction] = []
        var state = contacts[contact] ?? ContactState(container: container, position: point)
        state.position = point
        if state.press == nil {
            state.container = container
            updateHover(&state, &out)
        } else if case .view(let id) = state.press {
            feed(id, .move, at: point, time: time, into: &out)
        }
        contacts[contact] = state
        return out
    }

    /// The pointer left our surfaces: ends hover, cancels a press still held.
    public mutating func pointerLeft(_ contact: InputContact, time: Double) -> [InputAction] {
        guard let state = contacts.removeValue(forKey: contact) else { return [] }
        var out: [InputAction] = []
        cancelPress(state, contact, time: time, into: &out)
        if let hovered = state.hovered { out.append(.hoverEnded(hovered)) }
        return out
    }

    /// The gesture button went down or up at the pointer's position.
    public mutating func pointerButton(_ contact: InputContact, pressed: Bool, time: Double) -> [InputAction] {
        guard var state = contacts[contact] else { return [] }
        var out: [InputAction] = []
        if pressed {
            guard state.press == nil else { return [] }
            press(&state, contact, time: time, into: &out)
        } else {
            release(&state, contact, time: time, into: &out)
            updateHover(&state, &out)
        }
        contacts[contact] = state
        return out
    }

    /// `button` went down or up at the pointer's position; the binding of the view under it
    /// decides. `.gesture` drives a press as `pointerButton(_:pressed:time:)` does (over no view,
    /// the left button does, for backdrop taps); other bindings act on a click, a release over
    /// the view the button went down on.
    public mutating func pointerButton(_ contact: InputContact, _ button: PointerTrigger, pressed: Bool,
                                       time: Double) -> [InputAction] {
        guard var state = contacts[contact], !button.isScroll else { return [] }
        if pressed {
            guard state.clicks[button] == nil, state.gestureButton != button else { return [] }
            let id = state.container.flatMap { view(at: state.position, in: $0) }
            let binding = id.map { bindingOf($0, button) } ?? .standard(for: button)
            switch binding {
            case .none: return []
            case .gesture:
                guard state.press == nil else { return [] }
                contacts[contact]!.gestureButton = button
                return pointerButton(contact, pressed: true, time: time)
            default:
                state.clicks[button] = (id!, binding)
                contacts[contact] = state
                return []
            }
        }
        if state.gestureButton == button {
            contacts[contact]!.gestureButton = nil
            return pointerButton(contact, pressed: false, time: time)
        }
        guard let click = contacts[contact]!.clicks.removeValue(forKey: button),
              state.container.flatMap({ view(at: state.position, in: $0) }) == click.id else { return [] }
        return [.bound(click.binding, click.id)]
    }

    /// Vertical scroll (positive: down) at the pointer's position: each `scrollStep` gathered
    /// over one view fires its scroll-down or scroll-up binding once.
    public mutating func pointerScrolled(_ contact: InputContact, vertical delta: Double, time: Double) -> [InputAction] {
        guard var state = contacts[contact], state.press == nil, delta != 0,
              let id = state.container.flatMap({ view(at: state.position, in: $0) }) else { return [] }
        var amount = delta
        if let gathered = state.scroll, gathered.id == id, (gathered.amount > 0) == (delta > 0) { amount += gathered.amount }
        state.scroll = (id, amount)
        var out: [InputAction] = []
        if abs(amount) >= Self.scrollStep {
            state.scroll = nil
            let binding = bindingOf(id, amount > 0 ? .scrollDown : .scrollUp)
            if binding != .none && binding != .gesture { out.append(.bound(binding, id)) }
        }
        contacts[contact] = state
        return out
    }

    // MARK: Touch

    public mutating func touchDown(_ contact: InputContact, in container: String?, at point: Point,
                                   time: Double) -> [InputAction] {
        var out: [InputAction] = []
        if let old = contacts.removeValue(forKey: contact) { cancelPress(old, contact, time: time, into: &out) }
        var state = ContactState(container: container, position: point)
        press(&state, contact, time: time, into: &out)
        contacts[contact] = state
        return out
    }

    public mutating func touchMoved(_ contact: InputContact, to point: Point, time: Double) -> [InputAction] {
        guard contacts[contact] != nil else { return [] }
        contacts[contact]!.position = point
        guard case .view(let id)? = contacts[contact]!.press else { return [] }
        var out: [InputAction] = []
        feed(id, .move, at: point, time: time, into: &out)
        return out
    }

    public mutating func touchUp(_ contact: InputContact, time: Double) -> [InputAction] {
        guard var state = contacts.removeValue(forKey: contact) else { return [] }
        var out: [InputAction] = []
        release(&state, contact, time: time, into: &out)
        return out
    }

    /// wl_touch.cancel: the compositor took every touch point of the seat; gestures abort.
    public mutating func touchCancelled(seat: UInt32, time: Double) -> [InputAction] {
        var out: [InputAction] = []
        for (contact, state) in contacts where contact.seat == seat && contact.kind != .pointer {
            contacts[contact] = nil
            cancelPress(state, contact, time: time, into: &out)
        }
        return out
    }

    // MARK: Time and layout changes

    /// When a held press becomes a long press.
    public var nextDeadline: Double? {
        var earliest: Double?
        for recognizer in recognizers.values {
            if let t = recognizer.nextDeadline, earliest.map({ t < $0 }) ?? true { earliest = t }
        }
        return earliest
    }

    /// Fires due long presses.
    public mutating func advance(to now: Double) -> [InputAction] {
        guard let deadline = nextDeadline, deadline <= now else { return [] }
        var out: [InputAction] = []
        for id in recognizers.keys {
            for gesture in recognizers[id]?.advance(to: now) ?? [] { out.append(.gesture(gesture, id)) }
        }
        return out
    }

    /// After the layout changed: the view under a resting pointer may be another one now.
    /// Also forgets recognisers of views no longer drawn.
    public mutating func layoutChanged() -> [InputAction] {
        guard layoutDirty else { return [] }
        layoutDirty = false
        var out: [InputAction] = []
        for contact in contacts.keys where contact.kind == .pointer && contacts[contact]!.press == nil {
            updateHover(&contacts[contact]!, &out)
        }
        if !recognizers.isEmpty {
            for id in recognizers.keys where owners[id] == nil && drawn(id) == nil { recognizers[id] = nil }
        }
        return out
    }

    // MARK: Internals

    private func updateHover(_ state: inout ContactState, _ out: inout [InputAction]) {
        let now = state.container.flatMap { view(at: state.position, in: $0) }
        guard now != state.hovered else { return }
        if let old = state.hovered { out.append(.hoverEnded(old)) }
        if let now { out.append(.hoverBegan(now)) }
        state.hovered = now
    }

    private mutating func press(_ state: inout ContactState, _ contact: InputContact, time: Double,
                                into out: inout [InputAction]) {
        guard let container = state.container else { state.press = .ignored; return }
        guard let id = view(at: state.position, in: container) else {
            state.press = .background(container)
            return
        }
        guard owners[id] == nil else { state.press = .ignored; return }
        owners[id] = contact
        state.press = .view(id)
        configureRecognizer(for: id)
        feed(id, .down, at: state.position, time: time, into: &out)
    }

    private mutating func release(_ state: inout ContactState, _ contact: InputContact, time: Double,
                                  into out: inout [InputAction]) {
        switch state.press {
        case .view(let id)?:
            owners[id] = nil
            feed(id, .up, at: state.position, time: time, into: &out)
        case .background(let container)?:
            if view(at: state.position, in: container) == nil, state.container == container {
                out.append(.backgroundTap(container: container))
            }
        case .ignored?, nil:
            break
        }
        state.press = nil
    }

    private mutating func cancelPress(_ state: ContactState, _ contact: InputContact, time: Double,
                                      into out: inout [InputAction]) {
        guard case .view(let id)? = state.press, owners[id] == contact else { return }
        owners[id] = nil
        feed(id, .cancel, at: state.position, time: time, into: &out)
    }

    /// Long-press seconds and swipe axis come from the view's dismiss gesture.
    private mutating func configureRecognizer(for id: ViewID) {
        let gesture = gestureOf(id)
        var recognizer = recognizers.removeValue(forKey: id) ?? GestureRecognizer(thresholds: thresholds)
        recognizer.thresholds = thresholds
        if case .longPress(let seconds)? = gesture, seconds > 0, seconds.isFinite {
            recognizer.thresholds.longPressDuration = seconds
        }
        if case .swipe(let direction)? = gesture {
            recognizer.swipeDirection = direction
        } else {
            recognizer.swipeDirection = nil
        }
        recognizers[id] = recognizer
    }

    private mutating func feed(_ id: ViewID, _ kind: PointerEvent.Kind, at point: Point, time: Double,
                               into out: inout [InputAction]) {
        guard let gestures = recognizers[id]?.handle(PointerEvent(kind, time: time, position: point)) else { return }
        for gesture in gestures { out.append(.gesture(gesture, id)) }
    }
}
