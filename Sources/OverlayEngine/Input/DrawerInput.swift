
/// A focusable stop in a drawer: an action of a view shown in it, or a control of a view tree
/// (its node index; a slider also moves with Left and Right, a text field takes typing).
public struct DrawerButton: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, slider, textField }
    public var view: ViewID
    public var action: String
    public var control: Int?
    public var kind: Kind
    public var isSlider: Bool { kind == .slider }
    public init(view: ViewID, action: String, control: Int? = nil, kind: Kind = .press) {
        self.view = view; self.action = action; self.control = control; self.kind = kind
    }
}

/// The keys a drawer understands (evdev codes in `init(evdevCode:shift:)`).
public enum DrawerKey: Equatable, Sendable {
    case escape, tab, backTab, enter, space, up, down, left, right
    /// Any other key that types text (the presenter knows it from the keymap).
    case character

    /// KEY_ESC 1, KEY_TAB 15 (with shift: back), KEY_ENTER 28, KEY_KPENTER 96, KEY_SPACE 57,
    /// KEY_UP 103, KEY_LEFT 105, KEY_RIGHT 106, KEY_DOWN 108; nil for others.
    public init?(evdevCode: UInt32, shift: Bool) {
        switch evdevCode {
        case 1: self = .escape
        case 15: self = shift ? .backTab : .tab
        case 28, 96: self = .enter
        case 57: self = .space
        case 103: self = .up
        case 108: self = .down
        case 105: self = .left
        case 106: self = .right
        default: return nil
        }
    }
}

/// What the presenter does after drawer input.
public enum DrawerInputAction: Equatable, Sendable {
    /// A click on the panel at this surface-local point (a view or its button may take it).
    case tap(container: String, at: Point)
    /// Enter (or Space) on the focused button.
    case invoke(DrawerButton)
    /// Left (-1) or Right (+1) on a focused slider.
    case adjust(DrawerButton, by: Int)
    /// A typing key on a focused text field: the field takes the keyboard and this key.
    case type(into: DrawerButton)
}

/// Every drawer container's state, which contact holds which drawer, and each drawer's
/// keyboard focus. Pure: surface-local events and times in, actions out (the presenter's
/// pointer, touch and keyboard handlers drive it; tests replay recorded sequences).
public struct DrawerInput {
    public private(set) var drawers: [String: EdgeDrawer] = [:]
    /// The drawer (container) each pressing contact holds; one contact per drawer.
    private var holders: [InputContact: String] = [:]
    /// The keyboard-focused button of each drawer.
    public private(set) var focus: [String: DrawerButton] = [:]
    /// Each drawer's focusable buttons in reading order (from its latest frame).
    public private(set) var buttons: [String: [DrawerButton]] = [:]

    /// How every drawer moves (`setMotion`).
    public private(set) var motion = MotionPolicy.full

    public init() {}

    /// Reduced motion puts drawers on their notches at once, now and when made again.
    public mutating func setMotion(_ policy: MotionPolicy) {
        motion = policy
        for name in drawers.keys { drawers[name]!.setMotion(policy) }
    }

    /// Makes `name` a drawer (or updates its settings); nil makes it a plain container again.
    public mutating func configure(_ name: String, _ configuration: DrawerConfiguration?, size: Size) {
        guard let configuration else {
            drawers[name] = nil
            holders = holders.filter { $0.value != name }
            focus[name] = nil
            buttons[name] = nil
            return
        }
        if drawers[name] == nil {
            drawers[name] = EdgeDrawer(configuration, size: size)
        } else {
            drawers[name]!.reconfigure(configuration)
        }
        drawers[name]!.setMotion(motion)
    }

    /// Changes one drawer (CLI moves, notch switches, resizes); false when there is none.
    @discardableResult
    public mutating func update(_ name: String, _ change: (inout EdgeDrawer) -> Void) -> Bool {
        guard drawers[name] != nil else { return false }
        change(&drawers[name]!)
        return true
    }

    public var nextDeadline: Double? { drawers.values.compactMap(\.drawer.nextDeadline).min() }

    public mutating func advance(to now: Double) {
        for name in drawers.keys where drawers[name]!.drawer.nextDeadline.map({ $0 <= now }) == true {
            drawers[name]!.advance(to: now)
        }
    }

    // MARK: Pointer and touch

    /// A button press or touch down on drawer `name`'s surface; false when it is no drawer's
    /// or the drawer is already held by another contact.
    @discardableResult
    public mutating func contactDown(_ contact: InputContact, in name: String, at point: Point, time: Double) -> Bool {
        guard let drawer = drawers[name], !drawer.isPressed, holders[contact] == nil else { return false }
        holders[contact] = name
        drawers[name]!.press(at: point, time: time)
        return true
    }

    public mutating func contactMoved(_ contact: InputContact, to point: Point, time: Double) {
        guard let name = holders[contact] else { return }
        drawers[name]?.move(to: point, time: time)
    }

    /// The release: a drag settles; a click on the panel is a tap for its views; a click on
    /// the backdrop (beside the panel) closes the drawer.
    public mutating func contactUp(_ contact: InputContact, time: Double) -> DrawerInputAction? {
        guard let name = holders.removeValue(forKey: contact), var drawer = drawers[name] else { return nil }
        defer { drawers[name] = drawer }
        guard case .tap(let point) = drawer.release(time: time) else { return nil }
        if drawer.panelFrame(at: time).contains(point) { return .tap(container: name, at: point) }
        if drawer.configuration.backdropOpacity > 0 { drawer.close(now: time) }
        return nil
    }

    /// The contact went away (pointer left or removed, touch cancelled).
    public mutating func contactCancelled(_ contact: InputContact, time: Double) {
        guard let name = holders.removeValue(forKey: contact) else { return }
        drawers[name]?.cancelPress(time: time)
    }

    /// wl_touch.cancel: every touch point of the seat.
    public mutating func touchCancelled(seat: UInt32, time: Double) {
        for contact in holders.keys where contact.seat == seat && contact.kind != .pointer {
            contactCancelled(contact, time: time)
        }
    }

    /// True when `contact` holds a drawer.
    public func holds(_ contact: InputContact) -> Bool { holders[contact] != nil }

    // MARK: Keyboard

    /// A key pressed while drawer `name` has keyboard focus. Escape closes; Tab and Shift+Tab
    /// (Down and Up, Right and Left but on a slider) move the focus round its buttons; Enter and
    /// Space invoke the focused one; Left and Right move a focused slider; a typing key on a
    /// focused text field starts typing into it.
    public mutating func keyPressed(_ key: DrawerKey, in name: String, time: Double) -> DrawerInputAction? {
        guard drawers[name] != nil else { return nil }
        let buttons = self.buttons[name] ?? []
        let current = focus[name].flatMap { buttons.firstIndex(of: $0) }
        if let current, buttons[current].isSlider, key == .left || key == .right {
            return .adjust(buttons[current], by: key == .left ? -1 : 1)
        }
        if let current, buttons[current].kind == .textField, key == .character {
            return .type(into: buttons[current])
        }
        let key: DrawerKey = switch key {
        case .down, .right: .tab
        case .up, .left: .backTab
        case .space: .enter
        default: key
        }
        switch key {
        case .escape:
            drawers[name]!.close(now: time)
            focus[name] = nil
        case .tab, .backTab:
            guard !buttons.isEmpty else { return nil }
            let step = key == .tab ? 1 : buttons.count - 1
            let next = current.map { ($0 + step) % buttons.count } ?? (key == .tab ? 0 : buttons.count - 1)
            focus[name] = buttons[next]
        case .enter:
            guard let current else { return nil }
            return .invoke(buttons[current])
        default:
            break
        }
        return nil
    }

    /// Focus moves to `button` (a control taken with the pointer), when it is one of the drawer's.
    public mutating func focus(_ button: DrawerButton, in name: String) {
        if buttons[name]?.contains(button) == true { focus[name] = button }
    }

    /// The drawer's buttons now, in reading order; a focused button that is gone loses focus.
    public mutating func setButtons(_ buttons: [DrawerButton], in name: String) {
        self.buttons[name] = buttons
        if let f = focus[name], !buttons.contains(f) { focus[name] = nil }
    }
}
