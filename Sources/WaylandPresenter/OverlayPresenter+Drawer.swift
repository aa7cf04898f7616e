import OverlayEngine
import OverlayRenderer

/// Why a drawer request was refused.
public enum DrawerError: Error, Equatable, CustomStringConvertible {
    case notADrawer(String)
    case notchOutOfRange(drawer: String, notch: Int, count: Int)
    case notchDisabled(drawer: String, notch: Int)

    public var description: String {
        switch self {
        case .notADrawer(let name): "'\(name)' is not a drawer container"
        case .notchOutOfRange(let name, let notch, let count):
            "drawer '\(name)' has no notch \(notch) (it has \(count): 0…\(count - 1))"
        case .notchDisabled(let name, let notch): "notch \(notch) of drawer '\(name)' is disabled"
        }
    }
}

/// Drawer containers: a panel on an edge of a full-output surface, holding the container's
/// views, moved between notches by drags, the CLI and the keyboard, over a dimming backdrop.
extension OverlayPresenter {
    /// Makes a registered container a drawer (nil: a plain container again). False when unknown.
    @discardableResult
    public func setDrawer(_ configuration: DrawerConfiguration?, for container: String) -> Bool {
        guard containerNames.contains(container) else { return false }
        drawers.configure(container, configuration, size: drawerSize(container))
        return true
    }

    public func drawer(_ container: String) -> EdgeDrawer? { drawers.drawers[container] }
    public func drawerFocus(_ container: String) -> DrawerButton? { drawers.focus[container] }

    public func moveDrawer(_ container: String, toNotch index: Int, animated: Bool = true) throws(DrawerError) {
        try checkNotch(index, of: container)
        guard drawers.drawers[container]!.drawer.notches[index].isEnabled else {
            throw .notchDisabled(drawer: container, notch: index)
        }
        let now = clock(), size = drawerSize(container)
        drawers.update(container) {
            $0.resize(size)
            $0.move(toNotch: index, animated: animated, now: now)
        }
    }

    /// Turns a notch on or off; a drawer resting on a notch turned off moves to the nearest enabled
    /// one. The last enabled notch cannot be turned off.
    public func setDrawerNotch(_ container: String, _ index: Int, enabled: Bool) throws(DrawerError) {
        try checkNotch(index, of: container)
        let drawer = drawers.drawers[container]!.drawer
        if !enabled, drawer.enabledNotches == [index] { throw .notchDisabled(drawer: container, notch: index) }
        let now = clock()
        drawers.update(container) { $0.setNotch(index, enabled: enabled, now: now) }
    }

    private func checkNotch(_ index: Int, of container: String) throws(DrawerError) {
        guard let drawer = drawers.drawers[container] else { throw .notADrawer(container) }
        let count = drawer.drawer.notches.count
        guard (0..<count).contains(index) else { throw .notchOutOfRange(drawer: container, notch: index, count: count) }
    }

    /// The size of the drawer's surface, else of the output it will appear on (for fractions).
    private func drawerSize(_ container: String) -> Size {
        if let surface = surfaces.first(where: { $0.key.container == container })?.value, surface.logicalSize.width > 0 {
            return surface.logicalSize
        }
        guard let output = display?.outputs.first(where: { $0.pixelWidth > 0 }) else { return drawers.drawers[container]?.size ?? Size(width: 0, height: 0) }
        let scale = Double(max(1, output.scale))
        return Size(width: Double(output.pixelWidth) / scale, height: Double(output.pixelHeight) / scale)
    }

    // MARK: Drawing

    /// The drawer's views (laid out in its content band, moved with it) and its decor.
    func drawerFrame(_ name: String, surface: ContainerSurface, now: Double) -> (RenderList, DrawerDecor?) {
        if drawers.drawers[name]?.size != surface.logicalSize, surface.logicalSize.width > 0 {
            drawers.update(name) { $0.resize(surface.logicalSize) }
        }
        guard let drawer = drawers.drawers[name] else { return (RenderList(), nil) }
        let band = drawer.contentFrame(at: now)
        var list = center?.name == name ? centerRenderList(size: band.size, origin: band.origin) : manager.renderList(for: name, size: band.size, now: now)
        for i in list.items.indices { list.items[i].offset = list.items[i].offset + band.origin }
        list.clipRect = list.clipRect.map { Rect(origin: $0.origin + band.origin, size: $0.size) }
        list.isAnimating = list.isAnimating || drawer.drawer.isAnimating(at: now)
        let buttons = drawerButtons(in: list)
        if drawers.buttons[name] != buttons.map(\.button) { drawers.setButtons(buttons.map(\.button), in: name) }
        let ring = drawers.focus[name].flatMap { focused in buttons.first { $0.button == focused }?.frame }
            ?? (center?.name == name ? centerFocusRing(in: list) : nil)
        surface.surface.keyboardInteractive = drawer.isOpen
        let decor = DrawerDecor(backdropOpacity: drawer.backdropOpacity(at: now), panel: drawer.panelFrame(at: now),
                                panelColor: drawer.configuration.panelColor, focusRing: ring)
        return (list, decor)
    }

    /// Every action button of the drawn views, in reading order (top to bottom, left to right),
    /// with its surface-local frame.
    private func drawerButtons(in list: RenderList) -> [(button: DrawerButton, frame: Rect)] {
        let items = list.items.sorted { ($0.visualFrame.minY, $0.visualFrame.minX) < ($1.visualFrame.minY, $1.visualFrame.minX) }
        return items.flatMap { item -> [(button: DrawerButton, frame: Rect)] in
            guard case .toast(_, let tree)? = views[item.id] else { return drawerTreeControls(of: item) }
            let v = item.visualFrame, s = item.scale
            return tree.layout.placed.compactMap { part in
                guard case .node(.button(let key, _)) = part.part, key != ViewAction.close, key != TemplateReply.action else { return nil }
                let f = part.frame
                return (DrawerButton(view: item.id, action: key),
                        Rect(x: v.minX + f.minX * s, y: v.minY + f.minY * s, width: f.width * s, height: f.height * s))
            }
        }
    }

    // MARK: Input

    /// The drawer container whose surface `surface` is, with the surface's router key.
    func drawerSurface(_ surface: OpaquePointer?) -> (name: String, routerKey: String)? {
        guard let surface else { return nil }
        for (key, container) in surfaces where container.surface.wlSurface == surface && drawers.drawers[key.container] != nil {
            return (key.container, key.routerKey)
        }
        return nil
    }

    /// Records a drawer's click for the delegate: a tap on the panel clicks the view under it
    /// (an action button invokes its action); Enter invokes the focused button. Neither is a
    /// dismiss gesture (no point).
    func perform(_ action: DrawerInputAction?, routerKey: String?) {
        switch action {
        case .tap(_, let point)?:
            guard let routerKey, let id = input.router.view(at: point, in: routerKey) else { return }
            let part = clickedPart(of: id, at: point)
            // A view tree's control acts as it does outside a drawer (a toggle flips, a slider jumps).
            if case .viewControl = part { return recordTap(on: id, part: part, point: point) }
            pendingClicks.append(ViewClick(view: id, part: part, point: nil))
        case .invoke(let button)?:
            pendingClicks.append(ViewClick(view: button.view, part: .action(button.action), point: nil))
        case .adjust?, .type?, nil:
            return
        }
    }

    func keyboardEvent(_ event: KeyboardDevice.Event, from keyboard: KeyboardDevice) {
        if case .leave = event { replyKeyboardLeft(); columnKeyboardLeft() }
        if case .key(let code, pressed: false) = event { replyKeyReleased(code) }
        // Tab leaves a drawer's text field for its focus ring; other keys go to the field being typed into.
        if case .key(let code, pressed: true) = event, !drawerFieldLeft(code), replyKeyPressed(code, from: keyboard) { return }
        if case .key(let code, pressed: true) = event, columnKeyPressed(code, from: keyboard) { return }
        guard case .key(let code, pressed: true) = event, let target = drawerSurface(keyboard.focus) else { return }
        if centerKeyPressed(code, in: target.name) { return }
        let types = keyboard.keymap.translate(code).map { FieldKeyPress($0) == .edit(.insert($0.text)) } ?? false
        guard let key = DrawerKey(evdevCode: code, shift: keyboard.isShiftHeld) ?? (types ? .character : nil) else { return }
        let action = drawers.keyPressed(key, in: target.name, time: clock())
        if let action, performDrawerControl(action, key: code, from: keyboard) { return }
        perform(action, routerKey: target.routerKey)
    }
}
