import OverlayEngine

/// The keyboard in a drawer that holds a view tree (a menu): its buttons, toggles and sliders
/// take the focus ring in reading order with the views' action buttons, Enter and Space press
/// them, Left and Right move a focused slider.
extension OverlayPresenter {
    /// The controls of the tree drawn as `item` (none for other views), with surface-local
    /// frames, in reading order. Text fields are left out: they take the keyboard when clicked.
    func drawerTreeControls(of item: RenderItem) -> [(button: DrawerButton, frame: Rect)] {
        guard case .tree(let tree)? = views[item.id] else { return [] }
        let v = item.visualFrame, s = item.scale
        let controls: [(button: DrawerButton, frame: Rect)] = tree.layout.placed.compactMap { placed in
            guard case .node(let kind) = placed.part else { return nil }
            let button: DrawerButton
            switch kind {
            case .button(let action, _), .toggle(_, let action):
                button = DrawerButton(view: item.id, action: action, control: placed.index)
            case .slider(_, _, _, let action):
                button = DrawerButton(view: item.id, action: action, control: placed.index, isSlider: true)
            default: return nil
            }
            let f = placed.frame
            return (button, Rect(x: v.minX + f.minX * s, y: v.minY + f.minY * s, width: f.width * s, height: f.height * s))
        }
        return controls.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    }

    /// Enter or Space on a tree control presses it as a tap does; Left or Right moves a slider by
    /// its step. False for an action button of a toast.
    func performDrawerControl(_ action: DrawerInputAction) -> Bool {
        switch action {
        case .invoke(let button):
            guard let index = button.control else { return false }
            if !button.isSlider { treeControlTapped(button.view, index: index, at: nil) }
        case .adjust(let button, let by):
            guard let index = button.control else { return false }
            _ = treeSliderKey(by < 0 ? .left : .right, view: button.view, index: index)
        case .tap:
            return false
        }
        return true
    }
}
