// Showing and dismissing views: the calls a library user makes, timed by the presenter's clock.

import OverlayEngine
import OverlayRenderer

extension OverlayPresenter {
    /// The size of a help tip's bubble (without its arrow): what `TipPlacer` places.
    public func tipSize(_ callout: CalloutContent, style: CalloutStyle) -> Size { trees.layouts.tipSize(callout, style: style) }

    /// Shows (or, for an id already present, moves in place) a help tip: a callout at `placement`
    /// (container coordinates). The view's frame is the callout's frame, so input, hit testing
    /// and damage cover just the bubble and its arrow.
    @discardableResult
    public func showTip(_ callout: CalloutContent, style: CalloutStyle, placement: TipPlacement, id: ViewID? = nil,
                        in container: String, configuration: ViewConfiguration = .init(),
                        animated: Bool = true) throws -> ViewID {
        let size = placement.frame.size
        var configuration = configuration
        configuration.position = placement.frame.origin
        let shown = try manager.show(id, in: container, configuration: configuration, size: size,
                                     animated: animated, now: clock())
        manager.setSize(size, of: shown)
        lazyMeasure.pending.remove(shown)
        views[shown] = .tip(trees.layouts.layoutTip(callout, style: style, placement: placement.inOwnFrame))
        contentVersions[container, default: 0] += 1
        return shown
    }

    /// Dismisses view `id` (with its leave transition when `animated`); the delegate hears
    /// `.dismissed` with `reason`. False when `id` is unknown or already dismissed.
    @discardableResult
    public func dismiss(_ id: ViewID, reason: DismissReason = .request, animated: Bool = true) -> Bool {
        manager.dismiss(id, reason: reason, animated: animated, now: clock())
    }

    /// Dismisses every view showing in the named containers, and the waiting ones too unless
    /// `onlyShowing`.
    public func dismissAll(in names: [String], onlyShowing: Bool = false, reason: DismissReason = .request,
                           animated: Bool = true) {
        let now = clock()
        for name in names {
            for id in manager.showing(in: name) + (onlyShowing ? [] : manager.waiting(in: name)) {
                manager.dismiss(id, reason: reason, animated: animated, now: now)
            }
        }
    }

    /// Dismisses the topmost view of the named containers; returns its id, nil when they are empty.
    @discardableResult
    public func dismissTopmost(in names: [String], reason: DismissReason = .request, animated: Bool = true) -> ViewID? {
        manager.dismissTopmost(in: names, reason: reason, animated: animated, now: clock())
    }

    /// A click the delegate did not claim: the view's dismiss gesture decides (a tap dismisses
    /// with reason `.gesture` when that is the gesture). Nothing for a click without a point.
    public func applyTap(_ click: ViewClick) {
        guard let point = click.point else { return }
        manager.applyTap(at: point, to: click.view, now: clock())
    }
}
