import OverlayEngine
import OverlayRenderer

/// The presenter's input state: the pure router plus the facts input needs.
final class PresenterInput {
    var router: InputRouter
    /// The seat and serial of the latest press (button or touch down), for xdg-activation.
    var lastPress: (seat: OpaquePointer, serial: UInt32)?
    /// Loaded at the first pointer enter; nil inside when no theme loads.
    var cursor: CursorTheme??
    /// The cursor shape each pointer (by seat) shows now.
    var shapes: [UInt32: CursorShape] = [:]

    /// When a held press becomes a long press. The router is read in place: a getter called on
    /// a class's stored value runs on a copy of it.
    var longPressDeadline: Double? { Self.nextDeadline(of: &router) }
    private static func nextDeadline(of router: inout InputRouter) -> Double? { router.nextDeadline }

    init(presenter: OverlayPresenter) {
        router = InputRouter { [unowned presenter] id in presenter.manager.resolvedConfiguration(of: id)?.dismissGesture }
        router.bindingOf = { [unowned presenter] id, trigger in
            presenter.manager.resolvedConfiguration(of: id)?.binding(for: trigger) ?? .standard(for: trigger)
        }
    }
}

/// Pointer and touch: seat events go through `InputRouter`, and its actions reach the engine
/// (hover pauses auto-dismiss, gestures dismiss, drag, fling or spring back). Clicks on views
/// are recorded with the part hit and reach the delegate after dispatch.
extension OverlayPresenter: SeatInputSink {

    /// Slop, double-tap interval, long-press duration and fling thresholds for every view.
    public var gestureThresholds: GestureThresholds {
        get { input.router.thresholds }
        set { input.router.thresholds = newValue }
    }

    /// Seat proxy and serial of the latest button press or touch down on an overlay.
    var lastInputPress: (seat: OpaquePointer, serial: UInt32)? { input.lastPress }

    /// Becomes the input sink of every seat (seats can appear at runtime).
    func attachInput() {
        for seat in display?.seats ?? [] where seat.inputSink == nil { seat.inputSink = self }
    }

    /// Start of an update pass: fires due long presses and re-checks hover after layout changes.
    func advanceInput(to now: Double) {
        attachInput()
        advanceReplyRepeat(to: now)
        apply(input.router.advance(to: now), now: now)
        apply(input.router.layoutChanged(), now: now)
    }

    /// The earlier of the engine's deadline and the next long press.
    func inputDeadline(after engine: Double?) -> Double? {
        let input = [input.longPressDeadline, replyRepeatDeadline].compactMap { $0 }.min()
        guard let input else { return engine }
        return engine.map { min($0, input) } ?? input
    }

    // MARK: SeatInputSink

    func pointerEvent(_ event: PointerDevice.Event, from pointer: PointerDevice) {
        let now = clock()
        let contact = InputContact.pointer(seat: pointer.seat)
        switch event {
        case .enter, .motion:
            if treeContactMoved(contact, to: pointer.position) { return }
            let name = container(of: pointer.focus)
            apply(input.router.pointerMoved(contact, in: name, to: pointer.position, time: now), now: now)
            if !centerContactMoved(contact, to: pointer.position, time: now), drawers.holds(contact) { drawers.contactMoved(contact, to: pointer.position, time: now) }
            updateCursor(of: pointer, in: name, entered: event == .enter)
        case .leave, .removed:
            treeContactEnded(contact)
            input.shapes[pointer.seat] = nil
            centerContactEnded(contact)
            if drawers.holds(contact) { drawers.contactCancelled(contact, time: now) }
            apply(input.router.pointerLeft(contact, time: now), now: now)
        case .button(let code, let pressed):
            guard let button = PointerDevice.trigger(of: code) else { return }
            if pressed { input.lastPress = (pointer.seatProxy, pointer.lastSerial) }
            // A drawer's surface: left presses on a slider drag the slider, elsewhere the drawer;
            // clicks go to its views or backdrop.
            let drawer = drawerSurface(pointer.focus)
            if drawer != nil || drawers.holds(contact) {
                guard button == .left else { return }
                if pressed, let drawer, treeContactDown(contact, in: drawer.routerKey, at: pointer.position) { return }
                if !pressed, treeContactEnded(contact) { return }
                if pressed, let drawer {
                    drawers.contactDown(contact, in: drawer.name, at: pointer.position, time: now)
                    centerContactDown(contact, in: drawer.name, at: pointer.position)
                } else if !pressed {
                    centerContactEnded(contact)
                    perform(drawers.contactUp(contact, time: now), routerKey: drawer?.routerKey)
                }
                return
            }
            if button == .left, pressed ? treeContactDown(contact, in: container(of: pointer.focus), at: pointer.position)
                                        : treeContactEnded(contact) { return }
            apply(input.router.pointerButton(contact, button, pressed: pressed, time: now), now: now)
        case .axis(let vertical, let value):
            guard vertical, !centerScrolled(on: pointer.focus, by: value), drawerSurface(pointer.focus) == nil else { return }
            apply(input.router.pointerScrolled(contact, vertical: value, time: now), now: now)
        }
    }

    func touchEvent(_ event: TouchDevice.Event, from touch: TouchDevice) {
        let now = clock()
        switch event {
        case .down(let id):
            guard let point = touch.points[id] else { return }
            input.lastPress = (touch.seatProxy, touch.lastSerial)
            if let drawer = drawerSurface(point.surface) {
                if treeContactDown(.touch(seat: touch.seat, id: id), in: drawer.routerKey, at: point.position) { return }
                drawers.contactDown(.touch(seat: touch.seat, id: id), in: drawer.name, at: point.position, time: now)
                centerContactDown(.touch(seat: touch.seat, id: id), in: drawer.name, at: point.position)
                return
            }
            if treeContactDown(.touch(seat: touch.seat, id: id), in: container(of: point.surface), at: point.position) { return }
            apply(input.router.touchDown(.touch(seat: touch.seat, id: id), in: container(of: point.surface),
                                         at: point.position, time: now), now: now)
        case .motion(let id):
            guard let point = touch.points[id] else { return }
            if centerContactMoved(.touch(seat: touch.seat, id: id), to: point.position, time: now) { return }
            if treeContactMoved(.touch(seat: touch.seat, id: id), to: point.position) { return }
            if drawers.holds(.touch(seat: touch.seat, id: id)) {
                return drawers.contactMoved(.touch(seat: touch.seat, id: id), to: point.position, time: now)
            }
            apply(input.router.touchMoved(.touch(seat: touch.seat, id: id), to: point.position, time: now), now: now)
        case .up(let id):
            if treeContactEnded(.touch(seat: touch.seat, id: id)) { return }
            centerContactEnded(.touch(seat: touch.seat, id: id))
            if drawers.holds(.touch(seat: touch.seat, id: id)) {
                let key = touch.points[id].flatMap { drawerSurface($0.surface)?.routerKey }
                return perform(drawers.contactUp(.touch(seat: touch.seat, id: id), time: now), routerKey: key)
            }
            apply(input.router.touchUp(.touch(seat: touch.seat, id: id), time: now), now: now)
        case .cancel, .removed:
            drawers.touchCancelled(seat: touch.seat, time: now)
            apply(input.router.touchCancelled(seat: touch.seat, time: now), now: now)
        }
    }

    // MARK: Actions

    /// The engine applies what needs no decision; taps and default-action bindings are recorded
    /// with the part hit, for the delegate.
    private func apply(_ actions: [InputAction], now: Double) {
        guard !actions.isEmpty else { return }
        let requests = manager.apply(actions, now: now)
        keepColumnFocusPaused(after: actions, now: now)
        for request in requests {
            switch request {
            case .tap(let id, let point): recordTap(on: id, part: clickedPart(of: id, at: point), point: point)
            case .invokeDefault(let id): pendingClicks.append(ViewClick(view: id, part: .body, point: nil))
            }
        }
    }

    /// Hands recorded clicks to the delegate (the engine is at rest); without one, taps go to
    /// the views' dismiss gestures.
    func deliverClicks() {
        guard !pendingClicks.isEmpty else { return }
        let clicks = pendingClicks
        pendingClicks = []
        for click in clicks {
            if let delegate { delegate.presenter(self, clicked: click) } else { applyTap(click) }
        }
    }

    /// Which part of the view a surface-local point is on: a view tree's control or link; a
    /// toast's close button, action buttons, reply field or link (so too for a group's header and
    /// a centre row, and a help tip's buttons).
    func clickedPart(of id: ViewID, at point: Point) -> ClickedPart {
        if id == .overflowIndicator { return .overflowIndicator }
        guard let drawn = input.router.drawn(id), drawn.scale > 0 else { return .body }
        let local = Point(x: (point.x - drawn.frame.minX) / drawn.scale, y: (point.y - drawn.frame.minY) / drawn.scale)
        switch content(of: id) {
        case .tree(let tree)?:
            return treePart(tree, at: local)
        case .toast(_, let tree)?, .tip(let tree)?:
            return toastPart(tree, at: local)
        case nil:
            guard let surface = input.router.surface(of: id),
                  let tree = paintedView(id, in: SurfaceName.container(of: surface))?.tree else { return .body }
            return toastPart(tree, at: local)
        }
    }

    // MARK: Cursor

    /// Arrow over views, hand over action buttons, links and what opens a stack; set on enter and when the shape changes, by
    /// the compositor (cursor-shape-v1) or else from our cursor theme.
    private func updateCursor(of pointer: PointerDevice, in container: String?, entered: Bool) {
        guard let container, let display else { return }
        let id = input.router.view(at: pointer.position, in: container)
        let part = id.map { clickedPart(of: $0, at: pointer.position) }
        let left = id.flatMap { manager.resolvedConfiguration(of: $0)?.binding(for: .left) } ?? .gesture
        // A stack's header and the cards peeking out below its top card open the stack.
        let opensStack = id.map { $0.isGroupHeader || manager.stackHeader(coveringPeek: $0) != nil } ?? false
        let shape = opensStack ? .hand : CursorShape.over(part, leftBinding: left)
        guard entered || input.shapes[pointer.seat] != shape else { return }
        input.shapes[pointer.seat] = shape
        switch CursorSource.choose(shapeManagerOffered: display.cursorShapeManager != nil) {
        case .shapeProtocol: pointer.setShape(shape, manager: display.cursorShapeManager!)
        case .theme:
            if input.cursor == nil { input.cursor = .some(CursorTheme(display: display)) }
            input.cursor??.show(shape, on: pointer)
        }
    }

    /// The router key (container, and output when it has one per output) of `surface`.
    func container(of surface: OpaquePointer?) -> String? {
        guard let surface else { return nil }
        for (key, container) in surfaces where container.surface.wlSurface == surface { return key.routerKey }
        return nil
    }
}
