import OverlayEngine
import OverlayRenderer

/// Stacked groups' headers: drawn and hit-tested like views under their reserved ids
/// (`ViewID.groupHeader(serial:)`), as trees (`GroupHeaderView`). A click on one reaches the
/// delegate with the part hit: `.body` (open or close the stack) or `.closeButton` (clear the group).
extension OverlayPresenter {
    /// The header's painted view, from the engine's group and its top card's toast.
    func groupHeaderView(_ id: ViewID, in container: String) -> PaintedView? {
        guard let (name, key) = manager.group(ofHeader: id), name == container,
              let config = manager.container(name) else { return nil }
        let members = manager.members(ofGroup: key, in: name)
        guard let top = members.last else { return nil }
        let header = GroupHeader(key: key, count: members.count,
                                 expanded: manager.isExpanded(group: key, in: name), top: top)
        return GroupHeaderView.painted(header, top: toast(of: top), toastStyle: toastStyle(in: name),
                                       height: config.groupHeaderHeight, trees: trees.layouts)
    }

    /// A click on a header: opens its stack, or closes it. False when the group is gone.
    @discardableResult
    public func toggleGroup(header: ViewID) -> Bool {
        manager.toggleGroup(header: header, now: clock())
    }

    /// Dismisses every showing member of the header's group with `reason`; returns them.
    @discardableResult
    public func dismissGroup(header: ViewID, reason: DismissReason) -> [ViewID] {
        manager.dismissGroup(header: header, reason: reason, now: clock())
    }
}
