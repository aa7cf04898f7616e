import OverlayEngine
import OverlayRenderer

/// Lazy measuring: laying out a toast's text (Pango shaping) is most of what a notification
/// costs, and in a flood most toasts are pushed past the output's edge before they are ever
/// drawn. So in containers that place views from an anchored edge
/// (`ContainerConfiguration.placesFromAnchoredEdge`), a toast is laid out at the smallest size
/// the style draws until its frame could reach the surface, and measured just before the
/// first frame that can show it. Views nearer the anchored edge never depend on the size of
/// views further out, so the picture is the same as with every toast measured at once.
struct LazyMeasure {
    /// Views laid out at `estimate`, not yet measured.
    var pending: Set<ViewID> = []
    /// Per container: the smallest toast its style draws (no text, no icon), a lower bound on
    /// every toast's size. Dropped when the container's style changes.
    var estimates: [String: Size] = [:]
    /// Per container: the tree its notification template draws for an empty notification, the
    /// size of templated notifications not laid out yet (OverlayPresenter+Template.swift).
    var templateEstimates: [String: (template: NotificationTemplate, style: ToastStyle, tree: LaidOutView)] = [:]
}

extension OverlayPresenter {
    /// The size a toast is laid out at: measured now, or the style's smallest toast if measuring
    /// can wait (`LazyMeasure`).
    func layoutSize(of content: ToastContent, in container: String) -> (size: Size, measured: Bool) {
        if manager.placesFromAnchoredEdge(container) {
            if let estimate = lazyMeasure.estimates[container] { return (estimate, false) }
            let measured = renderer.measure(ToastContent(), style: toastStyle(in: container))
            let estimate = Size(width: measured.width, height: measured.height)
            lazyMeasure.estimates[container] = estimate
            return (estimate, false)
        }
        let measured = renderer.measure(content, style: toastStyle(in: container))
        return (Size(width: measured.width, height: measured.height), true)
    }

    /// Measures the views `list` could show inside `bounds`, laying out again until every
    /// view that can show is measured; returns the final list. A view counts as showing when
    /// its ink (frame and shadow) meets `bounds`, or while a transition moves or scales it.
    func measuringVisible(_ list: RenderList, of container: String, in bounds: Rect, painter: RenderListPainter,
                          layout: () -> RenderList) -> RenderList {
        let style = toastStyle(in: container)
        var list = list
        while !lazyMeasure.pending.isEmpty {
            let due = list.items.filter { item in
                guard lazyMeasure.pending.contains(item.id) else { return false }
                if item.offset != .zero || item.scale != 1 { return true }
                guard let view = paintedView(item.id, in: container) else { return false }
                return painter.inkFrame(of: item, view: view, container: bounds).intersects(bounds)
            }
            if due.isEmpty { break }
            renderer.cacheLimit += due.count  // kept for the frame about to draw them
            for item in due { measureNow(item.id, style: style) }
            list = layout()
        }
        return list
    }

    /// Measures a container's toasts again (its toast width changed); help tips keep their size.
    func remeasure(in container: String) {
        for id in manager.showing(in: container) + manager.waiting(in: container) {
            guard let content = toast(id) else { relayoutTemplate(id, in: container); continue }
            let measured = renderer.measure(content, style: toastStyle(in: container))
            manager.setSize(Size(width: measured.width, height: measured.height), of: id)
            lazyMeasure.pending.remove(id)
        }
    }

    /// Measures every lazily laid out view now, as the frames that show them would.
    func measureAllPending() {
        for id in lazyMeasure.pending {
            guard let container = manager.containerName(of: id) else { continue }
            measureNow(id, style: toastStyle(in: container))
        }
    }

    /// Measures one lazily laid out view and gives the engine its real size.
    func measureNow(_ id: ViewID, style: ToastStyle) {
        guard lazyMeasure.pending.remove(id) != nil else { return }
        guard let content = toast(id) else { return layOutPendingTemplate(id, style: style) }
        let measured = renderer.measure(content, style: style)
        manager.setSize(Size(width: measured.width, height: measured.height), of: id)
    }
}
