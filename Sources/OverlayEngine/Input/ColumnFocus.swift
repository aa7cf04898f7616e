
/// Where on a toast the keyboard focus is: the toast itself, one of its action buttons, or its
/// close button.
public enum ColumnFocusPart: Hashable, Sendable {
    case view
    case action(String)
    case closeButton
}

/// One place the keyboard focus can rest on.
public struct ColumnFocusStop: Hashable, Sendable {
    public var view: ViewID
    public var part: ColumnFocusPart
    public init(view: ViewID, part: ColumnFocusPart) { self.view = view; self.part = part }
}

/// A focusable view of the column, as drawn: its action keys in logical order and whether it has
/// a close button. `rightToLeft` mirrors Left and Right (its buttons are drawn in reverse).
public struct ColumnFocusItem: Equatable, Sendable {
    public var view: ViewID
    public var actions: [String]
    public var closeButton: Bool
    public var rightToLeft: Bool

    public init(view: ViewID, actions: [String] = [], closeButton: Bool = false, rightToLeft: Bool = false) {
        self.view = view; self.actions = actions; self.closeButton = closeButton; self.rightToLeft = rightToLeft
    }

    /// The toast, its buttons, then its close button: the Tab order within the view.
    public var stops: [ColumnFocusStop] {
        [ColumnFocusStop(view: view, part: .view)] + actions.map { ColumnFocusStop(view: view, part: .action($0)) }
            + (closeButton ? [ColumnFocusStop(view: view, part: .closeButton)] : [])
    }
}

/// The keys the focused column understands (evdev codes in `init(evdevCode:shift:)`).
public enum ColumnKey: Equatable, Sendable {
    case tab, backTab, up, down, left, right, enter, delete, escape

    /// KEY_TAB 15 (with Shift: back), KEY_UP 103, KEY_DOWN 108, KEY_LEFT 105, KEY_RIGHT 106,
    /// KEY_ENTER 28, KEY_KPENTER 96, KEY_DELETE 111, KEY_ESC 1; nil for others.
    public init?(evdevCode: UInt32, shift: Bool) {
        switch evdevCode {
        case 15: self = shift ? .backTab : .tab
        case 103: self = .up
        case 108: self = .down
        case 105: self = .left
        case 106: self = .right
        case 28, 96: self = .enter
        case 111: self = .delete
        case 1: self = .escape
        default: return nil
        }
    }
}

/// What the owner of the focus does after a key or a change of the column.
public enum ColumnFocusAction: Equatable, Sendable {
    /// Enter on a toast: what a click on its body does.
    case activate(ViewID)
    /// Enter on an action button.
    case invoke(ViewID, action: String)
    /// Delete, or Enter on the close button: what the close button does.
    case dismiss(ViewID)
    /// Escape, or nothing left to focus: the keyboard goes back.
    case release
}

/// Keyboard focus on a container's column of toasts. Pure: the owner gives the focusable views
/// in reading order (after every frame) and keys, and performs the actions returned.
///
/// Tab and Shift+Tab go through every stop (each toast, then its buttons and close button) and
/// wrap; Down and Up go to the next or previous toast, wrapping; Right and Left move between a
/// toast's own stops. A focused view that goes away leaves the focus on the view after it in the
/// old order (else the one before); when none is left the focus is released.
public struct ColumnFocus: Sendable {
    /// The container with the focus; nil when the column does not have it.
    public private(set) var container: String?
    public private(set) var items: [ColumnFocusItem] = []
    public private(set) var focused: ColumnFocusStop?

    public init() {}

    public var isActive: Bool { container != nil }

    /// Gives `container` the focus on `view` (nil or absent: the first item). False, and no
    /// focus, when there is nothing to focus.
    public mutating func begin(in container: String, items: [ColumnFocusItem], at view: ViewID?) -> Bool {
        guard let first = items.first else { end(); return false }
        self.container = container
        self.items = items
        let target = items.first { $0.view == view } ?? first
        focused = ColumnFocusStop(view: target.view, part: .view)
        return true
    }

    public mutating func end() {
        container = nil
        items = []
        focused = nil
    }

    /// The column as drawn now. Returns `.release` when nothing is left to focus.
    public mutating func setItems(_ newItems: [ColumnFocusItem]) -> ColumnFocusAction? {
        guard isActive, newItems != items || focused == nil else { return nil }
        let old = items
        items = newItems
        guard !newItems.isEmpty else { end(); return .release }
        guard let focused else { self.focused = newItems[0].stops[0]; return nil }
        if let kept = newItems.first(where: { $0.view == focused.view }) {
            if !kept.stops.contains(focused) { self.focused = kept.stops[0] }
            return nil
        }
        self.focused = ColumnFocusStop(view: successor(of: focused.view, in: old, present: newItems), part: .view)
        return nil
    }

    /// A key while the column has the focus.
    public mutating func keyPressed(_ key: ColumnKey) -> ColumnFocusAction? {
        guard isActive else { return nil }
        if key == .escape {
            end()
            return .release
        }
        guard let focused, let index = items.firstIndex(where: { $0.view == focused.view }) else { return nil }
        let item = items[index]
        let stops = item.stops
        let position = stops.firstIndex(of: focused) ?? 0
        switch key {
        case .escape:
            return nil
        case .tab, .backTab:
            let all = items.flatMap(\.stops)
            let at = all.firstIndex(of: focused) ?? 0
            let step = key == .tab ? 1 : all.count - 1
            self.focused = all[(at + step) % all.count]
        case .down, .up:
            let step = key == .down ? 1 : items.count - 1
            self.focused = items[(index + step) % items.count].stops[0]
        case .left, .right:
            let forward = (key == .right) != item.rightToLeft
            let next = position + (forward ? 1 : -1)
            if stops.indices.contains(next) { self.focused = stops[next] }
        case .enter:
            switch focused.part {
            case .view: return .activate(item.view)
            case .action(let key): return .invoke(item.view, action: key)
            case .closeButton: return dismiss(at: index)
            }
        case .delete:
            return dismiss(at: index)
        }
        return nil
    }

    /// Dismisses the focused view: the focus moves on to the view after it (else before it).
    private mutating func dismiss(at index: Int) -> ColumnFocusAction {
        let view = items[index].view
        let rest = items.filter { $0.view != view }
        focused = rest.isEmpty ? nil : ColumnFocusStop(view: successor(of: view, in: items, present: rest), part: .view)
        return .dismiss(view)
    }

    /// The first view after `view` in `old` that is in `present`, else the nearest before it,
    /// else the first of `present` (which must not be empty).
    private func successor(of view: ViewID, in old: [ColumnFocusItem], present: [ColumnFocusItem]) -> ViewID {
        let kept = Set(present.map(\.view))
        if let at = old.firstIndex(where: { $0.view == view }) {
            if let after = old[(at + 1)...].first(where: { kept.contains($0.view) }) { return after.view }
            if let before = old[..<at].last(where: { kept.contains($0.view) }) { return before.view }
        }
        return present[0].view
    }
}
