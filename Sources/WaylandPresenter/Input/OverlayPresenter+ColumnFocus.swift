import OverlayEngine
import OverlayRenderer

/// The column's keyboard focus in the presenter: the model, and the view whose countdown it holds.
struct ColumnFocusPresentation {
    var model = ColumnFocus()
    /// The focused view, whose auto-dismiss countdown is paused while it has the focus.
    var paused: ViewID?
}

/// Why `focusColumn(_:)` was refused.
public enum ColumnFocusError: Error, Equatable, CustomStringConvertible {
    case unknownContainer(String, known: [String])
    case drawer(String)
    case nothingToFocus(String)

    public var description: String {
        switch self {
        case .unknownContainer(let name, let known): "unknown container '\(name)' (known: \(known.joined(separator: ", ")))"
        case .drawer(let name): "'\(name)' is a drawer: it takes the keyboard while open (overlay-wl drawer \(name) --notch open)"
        case .nothingToFocus(let name): "container '\(name)' shows nothing to focus"
        }
    }
}

/// Keyboard focus on a container's column (`overlay-wl focus`): the column's surface takes the
/// keyboard exclusively until Escape or until the column empties (on sway an on-demand layer
/// surface gets the keyboard only when clicked, so on-demand would not do for a key binding).
/// Keys move a ring over the toasts and their buttons (`ColumnFocus`); Enter, Delete and Enter on
/// the close button become the clicks a pointer would make, so they take the clicks' one path to
/// the delegate. The focused toast's countdown is paused, as under the pointer.
extension OverlayPresenter {
    /// Where the column's keyboard focus is (the container, the focused stop), for tests and the CLI.
    public var columnFocus: ColumnFocus { column.model }

    /// Gives the keyboard to `container`'s column, the ring on its newest view.
    public func focusColumn(_ container: String) throws(ColumnFocusError) {
        guard containerNames.contains(container) else { throw .unknownContainer(container, known: containerNames) }
        guard drawers.drawers[container] == nil else { throw .drawer(container) }
        let shown = Set(manager.showing(in: container))
        // Top of the column first until a frame gives the drawn order.
        let items = manager.showing(in: container).reversed().compactMap { focusItem($0, in: container, showing: shown) }
        let previous = column.model
        guard column.model.begin(in: container, items: items, at: items.map(\.view).max()) else {
            column.model = previous
            throw .nothingToFocus(container)
        }
        if reply.editing != nil { endReply(clearing: false) }
        columnFocusChanged()
    }

    /// Gives the keyboard back (Escape does the same).
    public func endColumnFocus() {
        guard column.model.isActive else { return }
        column.model.end()
        columnFocusChanged()
    }

    /// A key while the column may have the keyboard; false when it is not the column's.
    func columnKeyPressed(_ code: UInt32, from keyboard: KeyboardDevice) -> Bool {
        guard let name = column.model.container, let focus = keyboard.focus,
              surfaces.contains(where: { $0.key.container == name && $0.value.surface.wlSurface == focus }),
              let key = ColumnKey(evdevCode: code, shift: keyboard.isShiftHeld) else { return false }
        if let action = column.model.keyPressed(key) { performColumnAction(action) }
        columnFocusChanged()
        return true
    }

    /// The keyboard left our surfaces (another surface took it): the column lets go too.
    func columnKeyboardLeft() { endColumnFocus() }

    /// A hover that ends on the focused view does not restart its countdown.
    func keepColumnFocusPaused(after actions: [InputAction], now: Double) {
        guard let paused = column.paused, actions.contains(.hoverEnded(paused)) else { return }
        manager.pauseAutoDismiss(paused, now: now)
    }

    /// After a frame's layout of `container` on `surface`: the focus follows the views drawn
    /// (releasing, and the surface the keyboard, when none is left), and the ring to draw over them.
    func columnFocusRing(_ list: RenderList, on surface: ContainerSurface, container: String) -> FocusRing? {
        guard column.model.container == container else { return nil }
        defer { updateReplyKeyboard(surface, container: container) }
        let shown = Set(manager.showing(in: container))
        let items = list.items
            .sorted { ($0.visualFrame.minY, $0.visualFrame.minX) < ($1.visualFrame.minY, $1.visualFrame.minX) }
            .filter { $0.opacity > 0 }
            .compactMap { focusItem($0.id, in: container, showing: shown) }
        if let action = column.model.setItems(items) { performColumnAction(action) }
        syncColumnPause()
        guard let stop = column.model.focused, let item = list.items.first(where: { $0.id == stop.view }) else { return nil }
        let style = toastStyle(in: container), v = item.visualFrame, s = item.scale
        func onSurface(_ f: Rect) -> Rect { Rect(x: v.minX + f.x * s, y: v.minY + f.y * s, width: f.width * s, height: f.height * s) }
        guard stop.part != .view else { return FocusRing.inside(toast: v, style: style, scale: s) }
        // A toast's button: the ring around the tree's own button.
        let action = if case .action(let key) = stop.part { key } else { ViewAction.close }
        return views[stop.view]?.tree.layout.placed.first { if case .node(.button(action, _)) = $0.part { true } else { false } }
            .map { FocusRing.around(button: onSurface($0.frame), style: style, scale: s) }
    }

    /// A view on screen that the keyboard can rest on (not a stack's header or a card peeking out
    /// under it, not leaving, not a help tip): a toast with its action buttons (in reading order)
    /// and close button, any other view tree one stop.
    private func focusItem(_ id: ViewID, in container: String, showing: Set<ViewID>) -> ColumnFocusItem? {
        guard showing.contains(id), !id.isGroupHeader, manager.stackHeader(coveringPeek: id) == nil else { return nil }
        switch views[id] {
        case .tree?: return ColumnFocusItem(view: id)
        case .toast(let toast, let tree)?:
            // Drawn left to right; a mirrored toast draws its first action rightmost.
            let rightToLeft = trees.layouts.readsRightToLeft(toast.content.summary)
            let drawn = tree.layout.placed.compactMap { part -> String? in
                if case .node(.button(let action, _)) = part.part { action } else { nil }
            }
            let actions = (rightToLeft ? drawn.reversed() : drawn).filter { $0 != ViewAction.close && $0 != TemplateReply.action }
            return ColumnFocusItem(view: id, actions: actions, closeButton: drawn.contains(ViewAction.close), rightToLeft: rightToLeft)
        case .tip?, nil: return nil
        }
    }

    /// Performs what a key asked: the click a pointer would make on the focused part.
    private func performColumnAction(_ action: ColumnFocusAction) {
        switch action {
        case .activate(let id):
            // Where a tap on the toast would land, so its dismiss gesture applies as to a click.
            let point = input.router.drawn(id).map { Point(x: $0.frame.midX, y: $0.frame.midY) }
            pendingClicks.append(ViewClick(view: id, part: .body, point: point))
        case .invoke(let id, let key):
            pendingClicks.append(ViewClick(view: id, part: .action(key), point: nil))
        case .dismiss(let id):
            pendingClicks.append(ViewClick(view: id, part: .closeButton, point: nil))
        case .release:
            columnFocusChanged()
        }
    }

    /// The ring moved or the focus ended: redraw, and hold the focused view's countdown.
    private func columnFocusChanged() {
        syncColumnPause()
        revision &+= 1
    }

    private func syncColumnPause() {
        let target = column.model.focused?.view
        guard target != column.paused else { return }
        let now = clock()
        if let old = column.paused, !input.router.hoveredViews.contains(old) { manager.resumeAutoDismiss(old, now: now) }
        if let target { manager.pauseAutoDismiss(target, now: now) }
        column.paused = target
    }

    /// The keyboard mode of a plain container's surface: exclusive while its column has the focus.
    func columnKeyboardMode(of container: String) -> LayerSurface.KeyboardMode? {
        column.model.container == container ? .exclusive : nil
    }
}
