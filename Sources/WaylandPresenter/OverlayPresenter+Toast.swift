import OverlayEngine
import OverlayRenderer

/// Toasts: a notification's (or a control view's) content drawn through its template, `default`
/// unless it chose another: the template's tree filled from the content in the container's toast
/// style (theme, accent, urgency, card material), shown like any view tree. Its parts are
/// clicked as a toast's: its close button, action buttons, links and reply field report
/// `.closeButton`, `.action`, `.link`, `.replyField` and `.replySubmit` (`toastPart`).
///
/// In containers that place views from an anchored edge they are laid out lazily
/// (`LazyMeasure`): checked against the caps at once (a tree past them is refused now), but
/// filled and laid out (Pango) only before the first frame that can show them; until then they
/// take the size of the template filled for an empty notification.
extension OverlayPresenter {
    /// Shows (or, for an id already present, replaces in place) a toast drawn through the
    /// `default` template; returns its id.
    @discardableResult
    public func show(_ content: ToastContent, id: ViewID? = nil, in container: String,
                     configuration: ViewConfiguration = .init(), animated: Bool = true) throws -> ViewID {
        try show(TemplatedToast(template: BuiltInTemplates.standard, content: content), id: id, in: container,
                 configuration: configuration, animated: animated)
    }

    /// Shows (or replaces in place) `toast` filled into its template in `container`; returns its
    /// id. Throws when the filled tree is past the caps (`NotificationTemplate.filledLimits`).
    @discardableResult
    public func show(_ toast: consuming TemplatedToast, id: ViewID? = nil, in container: String,
                     configuration: ViewConfiguration = .init(), animated: Bool = true) throws -> ViewID {
        let lazy = inspectingEngine { $0.placesFromAnchoredEdge(container) }
        var laidOut: LaidOutView
        if lazy {
            laidOut = try templateEstimate(checking: toast, in: container)
        } else {
            laidOut = try trees.layouts.layoutTemplate(toast, style: toastStyle(in: container))
        }
        let replacing = id.map { views[$0] != nil } ?? false
        let shown = try manager.show(id, in: container, configuration: configuration, size: laidOut.size,
                                     animated: animated, now: clock())
        if lazy { lazyMeasure.pending.insert(shown) } else { lazyMeasure.pending.remove(shown) }
        if !lazy, let material = inspectingEngine({ $0.resolvedConfiguration(of: shown) })?.toastMaterial {
            laidOut = try trees.layouts.layoutTemplate(toast, style: toastStyle(in: container).withMaterial(material))  // the same size, frosted
        }
        setContent(.toast(toast, consume laidOut), of: shown, changed: replacing)
        return shown
    }

    /// The toast view `id` shows (kept up to date with what is typed into its reply field); nil
    /// for other views.
    public func toast(of id: ViewID) -> ToastContent? {
        if case .toast(let toast, _)? = views[id] { return toast.content }
        return nil
    }

    /// The style view `id`'s toast is filled in: its container's, its card in the view's material.
    func toastStyle(of id: ViewID, in container: String) -> ToastStyle {
        toastStyle(in: container).withMaterial(manager.resolvedConfiguration(of: id)?.toastMaterial)
    }

    /// `toast`'s template filled for an empty notification in the container's style and laid out:
    /// the size a toast has until it is laid out (one kept per container). Throws when `toast`
    /// filled is past the caps; a template every toast fits in is not filled to check.
    private func templateEstimate(checking toast: TemplatedToast, in container: String) throws -> LaidOutView {
        if let known = lazyMeasure.templateEstimates[container], known.template == toast.template {
            if !known.fitsEveryToast { try trees.layouts.checkTemplate(toast, style: toastStyle(in: container)) }
            return known.tree
        }
        let style = toastStyle(in: container)
        try trees.layouts.checkTemplate(toast, style: style)
        let tree = try trees.layouts.layoutTemplate(TemplatedToast(template: toast.template, content: ToastContent()), style: style)
        lazyMeasure.templateEstimates[container] = TemplateEstimate(
            template: toast.template, tree: tree, fitsEveryToast: toast.template.fitsEveryToast(actions: style.actions.maxButtons))
        return tree
    }

    /// Changes the toast view `id` shows where it is (the reply field's text and caret) and
    /// fills its template again.
    func updateToast(_ id: ViewID, _ change: (inout ToastContent) -> Void) {
        guard case .toast(var toast, _)? = views[id], let container = manager.containerName(of: id) else { return }
        change(&toast.content)
        guard let laidOut = try? trees.layouts.layoutTemplate(toast, style: toastStyle(of: id, in: container)) else { return }
        if laidOut.size != views[id]?.tree.size, !lazyMeasure.pending.contains(id) { manager.setSize(laidOut.size, of: id) }
        setContent(.toast(toast, laidOut), of: id, changed: true)
    }

    /// Fills every toast of `container` (nil: of every container) again in its style now (the
    /// theme, the accent or a card material changed).
    func relayoutToasts(in container: String? = nil) {
        for (id, content) in views {
            guard case .toast = content, let name = manager.containerName(of: id), container == nil || name == container else { continue }
            relayoutToast(id, in: name)
        }
    }

    /// Fills view `id`'s template again in its container's style now (the theme, accent or width
    /// changed), with the draft of its reply field and its caret; a toast not laid out yet is
    /// laid out in the style of then.
    func relayoutToast(_ id: ViewID, in container: String) {
        guard !lazyMeasure.pending.contains(id), case .toast(let toast, let old)? = views[id],
              let laidOut = try? trees.layouts.layoutTemplate(toast, style: toastStyle(of: id, in: container)) else { return }
        if laidOut.size != old.size { manager.setSize(laidOut.size, of: id) }
        setContent(.toast(toast, laidOut), of: id, changed: true)
    }

    /// Lays out a toast that waited for its first frame (`LazyMeasure`).
    func layOutPendingToast(_ id: ViewID, in container: String) {
        guard case .toast(let toast, _)? = views[id],
              let laidOut = try? trees.layouts.layoutTemplate(toast, style: toastStyle(of: id, in: container)) else { return }
        manager.setSize(laidOut.size, of: id)
        setContent(.toast(toast, laidOut), of: id, changed: true)
    }

    // MARK: Input

    /// The part of a toast's (or a help tip's, or a centre row's) tree under `point`: its close
    /// button, its action buttons, its reply field and submit button as a toast's parts; another
    /// control of a template as a view tree's; else a link of its text, else the body.
    func toastPart(_ tree: LaidOutView, at point: Point) -> ClickedPart {
        if let control = tree.layout.control(at: point), case .node(let kind) = control.part {
            switch kind {
            case .button(ViewAction.close, _): return .closeButton
            case .button(TemplateReply.action, _): return .replySubmit
            case .button(let key, _): return .action(key)
            case .textField(let field) where field.submitAction == TemplateReply.action: return .replyField
            default: return .viewControl(control.index)
            }
        }
        return link(in: tree, at: point).map { .link($0) } ?? .body
    }
}
