import OverlayEngine
import OverlayRenderer

/// Lazy measuring: laying out a toast's text (Pango shaping) is most of what a notification
/// costs, and in a flood most toasts are pushed past the output's edge before they are ever
/// drawn. So in containers that place views from an anchored edge
/// (`ContainerConfiguration.placesFromAnchoredEdge`), a toast takes the size of its template
/// filled for an empty notification (a lower bound on every toast's size) until its frame could
/// reach the surface, and is filled and laid out just before the first frame that can show it.
/// Views nearer the anchored edge never depend on the size of views further out, so the picture
/// is the same as with every toast laid out at once.
struct LazyMeasure {
    /// Views laid out at their container's estimate, not yet filled and laid out.
    var pending: Set<ViewID> = []
    /// Per container: the tree its template draws for an empty notification, the size of toasts
    /// not laid out yet (OverlayPresenter+Toast.swift). Dropped when the container's style changes
    /// (`refreshToastStyle`, the one place it changes), so a show compares templates only.
    var templateEstimates: [String: TemplateEstimate] = [:]
}

/// A container's template filled for an empty notification and laid out, and whether every
/// toast filled into it in the container's style is within the caps. A class: a show reads it
/// with one retain instead of copying the template and the tree out of the table, and needs
/// neither the style nor a fill when the template fits every toast.
final class TemplateEstimate {
    let template: NotificationTemplate
    let tree: LaidOutView
    let fitsEveryToast: Bool

    init(template: NotificationTemplate, tree: LaidOutView, fitsEveryToast: Bool) {
        self.template = template
        self.tree = tree
        self.fitsEveryToast = fitsEveryToast
    }
}

extension OverlayPresenter {
    /// Lays out the toasts `list` could show inside `bounds`, laying the list out again until
    /// every toast that can show is laid out; returns the final list. A view counts as showing
    /// when its ink (frame and shadow) meets `bounds`, or while a transition moves or scales it.
    func measuringVisible(_ list: RenderList, of container: String, in bounds: Rect, painter: RenderListPainter,
                          layout: () -> RenderList) -> RenderList {
        var list = list
        while !lazyMeasure.pending.isEmpty {
            let due = list.items.filter { item in
                guard lazyMeasure.pending.contains(item.id) else { return false }
                if item.offset != .zero || item.scale != 1 { return true }
                guard let view = paintedView(item.id, in: container) else { return false }
                return painter.inkFrame(of: item, view: view, container: bounds).intersects(bounds)
            }
            if due.isEmpty { break }
            for item in due { measureNow(item.id, in: container) }
            list = layout()
        }
        return list
    }

    /// Lays a container's toasts out again (its toast width changed); help tips keep their size.
    func remeasure(in container: String) {
        for id in manager.showing(in: container) + manager.waiting(in: container) {
            if lazyMeasure.pending.remove(id) != nil { layOutPendingToast(id, in: container) } else { relayoutToast(id, in: container) }
        }
    }

    /// Lays out every lazily laid out toast now, as the frames that show them would.
    func measureAllPending() {
        for id in lazyMeasure.pending {
            guard let container = manager.containerName(of: id) else { continue }
            measureNow(id, in: container)
        }
    }

    /// Lays out one lazily laid out toast and gives the engine its real size.
    func measureNow(_ id: ViewID, in container: String) {
        guard lazyMeasure.pending.remove(id) != nil else { return }
        layOutPendingToast(id, in: container)
    }
}
