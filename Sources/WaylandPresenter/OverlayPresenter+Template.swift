import OverlayEngine
import OverlayRenderer

/// Notifications drawn through a template: a view tree filled from the toast's content in the
/// container's toast style (theme, accent, urgency), shown like any tree (its buttons report
/// `ClickedPart.viewAction` with the action's key).
///
/// In containers that place views from an anchored edge they are laid out lazily, as toasts are
/// (`LazyMeasure`): filled at once (a tree past the caps is refused now), but laid out (Pango)
/// only before the first frame that can show them; until then they take the size of the
/// template filled for an empty notification.
extension OverlayPresenter {
    /// Shows (or replaces in place) `toast` filled into its template in `container`; returns its
    /// id. Throws when the filled tree is past the caps (the caller shows the plain toast then).
    @discardableResult
    public func show(_ toast: TemplatedToast, id: ViewID? = nil, in container: String,
                     configuration: ViewConfiguration = .init(), animated: Bool = true) throws -> ViewID {
        let style = toastStyle(in: container)
        let lazy = manager.placesFromAnchoredEdge(container)
        let laidOut: LaidOutView
        if lazy {
            _ = try trees.layouts.templateTree(toast, style: style)
            laidOut = try templateEstimate(toast.template, style: style, in: container)
        } else {
            laidOut = try trees.layouts.layoutTemplate(toast, style: style)
        }
        let replacing = id.map { views[$0] != nil } ?? false
        let shown = try manager.show(id, in: container, configuration: configuration, size: laidOut.size,
                                     animated: animated, now: clock())
        if lazy { lazyMeasure.pending.insert(shown) } else { lazyMeasure.pending.remove(shown) }
        setTree(laidOut, of: shown, changed: replacing)
        trees.templated[shown] = toast
        return shown
    }

    /// `template` filled for an empty notification in `style` and laid out: the size a templated
    /// notification has until it is laid out (one kept per container).
    private func templateEstimate(_ template: NotificationTemplate, style: ToastStyle, in container: String) throws -> LaidOutView {
        if let known = lazyMeasure.templateEstimates[container], known.template == template, known.style == style { return known.tree }
        let tree = try trees.layouts.layoutTemplate(TemplatedToast(template: template, content: ToastContent()), style: style)
        lazyMeasure.templateEstimates[container] = (template, style, tree)
        return tree
    }

    /// Lays out a templated notification that waited for its first frame (`LazyMeasure`).
    func layOutPendingTemplate(_ id: ViewID, style: ToastStyle) {
        guard let toast = trees.templated[id], let laidOut = try? trees.layouts.layoutTemplate(toast, style: style) else { return }
        manager.setSize(laidOut.size, of: id)
        setTree(laidOut, of: id, changed: true)
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
    /// width changed), keeping what was typed into its fields and the field being typed into;
    /// nothing for a view that is not a templated notification or is not laid out yet (it will
    /// be, in the style of then).
    func relayoutTemplate(_ id: ViewID, in container: String) {
        guard !lazyMeasure.pending.contains(id), let toast = trees.templated[id], case .tree(let old)? = views[id],
              var laidOut = try? trees.layouts.layoutTemplate(toast, style: toastStyle(in: container))
        else { return }
        if let focus = old.focus, case .textField? = laidOut.node.node(at: focus.index)?.kind { laidOut.focus = focus }
        if laidOut.size != old.size { manager.setSize(laidOut.size, of: id) }
        setTree(laidOut, of: id, changed: true)
    }
}
