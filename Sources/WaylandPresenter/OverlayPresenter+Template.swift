import OverlayEngine
import OverlayRenderer

/// Notifications drawn through a template: a view tree filled from the toast's content in the
/// container's toast style (theme, accent, urgency), shown like any tree (its buttons report
/// `ClickedPart.viewAction` with the action's key).
extension OverlayPresenter {
    /// Shows (or replaces in place) `toast` filled into its template in `container`; returns its
    /// id. Throws when the filled tree is past the caps (the caller shows the plain toast then).
    @discardableResult
    public func show(_ toast: TemplatedToast, id: ViewID? = nil, in container: String,
                     configuration: ViewConfiguration = .init(), animated: Bool = true) throws -> ViewID {
        let laidOut = try trees.layouts.layoutTemplate(toast, style: toastStyle(in: container))
        let replacing = id.map { views[$0] != nil } ?? false
        let shown = try manager.show(id, in: container, configuration: configuration, size: laidOut.size,
                                     animated: animated, now: clock())
        lazyMeasure.pending.remove(shown)
        setTree(laidOut, of: shown, changed: replacing)
        trees.templated[shown] = toast
        return shown
    }

    /// Fills every templated notification of `container` (nil: of every container) again in its
    /// style now (the theme or the accent changed).
    func relayoutTemplates(in container: String? = nil) {
        for id in trees.templated.keys {
            guard let name = manager.containerName(of: id), container == nil || name == container else { continue }
            relayoutTemplate(id, in: name)
        }
    }

    /// Fills view `id`'s template again in its container's style now (the theme, accent or
    /// width changed); nothing for a view that is not a templated notification.
    func relayoutTemplate(_ id: ViewID, in container: String) {
        guard let toast = trees.templated[id], case .tree(let old)? = views[id],
              let laidOut = try? trees.layouts.layoutTemplate(toast, style: toastStyle(in: container)) else { return }
        if laidOut.size != old.size { manager.setSize(laidOut.size, of: id) }
        setTree(laidOut, of: id, changed: true)
    }
}
