import OverlayEngine

/// The keyboard in a drawer that holds a view tree (a menu): its buttons, toggles, sliders and
/// text fields take the focus ring in reading order with the views' action buttons, Enter and
/// Space press them, Left and Right move a focused slider, and typing goes into a focused field.
extension OverlayPresenter {
    /// The focus stop of control `index` of view `id`'s tree; nil for parts that take no focus.
    static func drawerStop(_ kind: ViewKind, view id: ViewID, index: Int) -> DrawerButton? {
        switch kind {
        case .button(let action, _), .toggle(_, let action):
            DrawerButton(view: id, action: action, control: index)
        case .slider(_, _, _, let action):
            DrawerButton(view: id, action: action, control: index, kind: .slider)
        case .textField(let field):
            DrawerButton(view: id, action: field.submitAction, control: index, kind: .textField)
        default: nil
        }
    }

    /// The controls of the tree drawn as `item` (none for other views), with surface-local
    /// frames, in reading order.
    func drawerTreeControls(of item: RenderItem) -> [(button: DrawerButton, frame: Rect)] {
        guard case .tree(let tree)? = views[item.id] else { return [] }
        let v = item.visualFrame, s = item.scale
        let controls: [(button: DrawerButton, frame: Rect)] = tree.layout.placed.compactMap { placed in
            guard case .node(let kind) = placed.part, let button = Self.drawerStop(kind, view: item.id, index: placed.index) else { return nil }
            let f = placed.frame
            return (button, Rect(x: v.minX + f.minX * s, y: v.minY + f.minY * s, width: f.width * s, height: f.height * s))
        }
        return controls.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    }

    /// Enter or Space on a tree control presses it as a tap does (a text field takes the
    /// keyboard); Left or Right moves a slider by its step; a typing key starts typing into a
    /// field. False for an action button of a toast.
    func performDrawerControl(_ action: DrawerInputAction, key code: UInt32, from keyboard: KeyboardDevice) -> Bool {
        switch action {
        case .invoke(let button):
            guard let index = button.control else { return false }
            if !button.isSlider { treeControlTapped(button.view, index: index, at: nil) }
        case .adjust(let button, let by):
            guard let index = button.control else { return false }
            _ = treeSliderKey(by < 0 ? .left : .right, view: button.view, index: index)
        case .type(let field):
            guard let index = field.control else { return false }
            focusTreeControl(field.view, index: index)
            _ = replyKeyPressed(code, from: keyboard)
        case .tap:
            return false
        }
        return true
    }

    /// A control taken with the pointer (or the keyboard) also takes its drawer's focus ring, so
    /// Tab goes on from it.
    func focusDrawerStop(_ id: ViewID, index: Int) {
        guard let container = manager.containerName(of: id), drawers.drawers[container] != nil,
              let kind = viewTree(of: id)?.node(at: index)?.kind, let stop = Self.drawerStop(kind, view: id, index: index) else { return }
        drawers.focus(stop, in: container)
    }

    /// Tab or Shift+Tab while a drawer's text field has the keyboard leaves the field (keeping
    /// what was typed) and lets the drawer move its focus ring; false elsewhere.
    func drawerFieldLeft(_ code: UInt32) -> Bool {
        guard DrawerKey(evdevCode: code, shift: false) == .tab, let editing = reply.editing, reply.treeIndex != nil,
              let container = manager.containerName(of: editing.view), drawers.drawers[container] != nil else { return false }
        endReply(clearing: false)
        return true
    }
}
