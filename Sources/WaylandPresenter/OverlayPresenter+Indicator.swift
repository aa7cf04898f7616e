import OverlayEngine
import OverlayRenderer

/// The "+N more" pill: at the far end of a container's views whenever some are hidden, waiting
/// or left out at the far edge (`RenderList.beyondEdge`), counting them and updating in place.
/// It is drawn and hit-tested like a view, under a reserved id (`ViewID.overflowIndicator`), but
/// it is not in the engine: a click on it reaches the delegate with the part `.overflowIndicator`.
extension OverlayPresenter {
    /// The pill's least size; a longer count widens it to its label ("+400 more").
    static let indicatorSize = Size(width: 96, height: 26)

    /// `list` with the pill added when the container has views hidden or waiting (and the pill
    /// is not turned off); a change of the count is a change of the pill's content alone (its
    /// count is its revision: the toasts are not repainted for it). While a burst waits for
    /// its swap the pill keeps the count it shows: it changes once, with the swap, instead of
    /// redrawing the container for every newcomer.
    func withOverflowIndicator(_ list: RenderList, of container: String, in bounds: Rect) -> RenderList {
        let off = looks[container]?.overflowIndicator == false
        let count = off ? 0 : inspectingEngine { $0.swapPending(in: container) } ? indicatorCounts[container, default: 0]
            : overflowCount(in: container) + list.beyondEdge
        indicatorCounts[container] = count
        guard count > 0, let config = inspectingEngine({ $0.container(container) }), config.displayType != .stacking else { return list }
        // As wide as its laid-out label (the painter draws that same layout).
        let size = Size(width: indicatorView(in: container).tree.size.width, height: Self.indicatorSize.height)
        let content = list.contentBounds
        let alignment = config.defaults.alignment ?? ResolvedViewConfiguration.fallbackAlignment(config.displayType)
        let frames = list.items.map(\.frame)
        let vertical = config.displayType == .vertical
        let atEnd = (vertical ? alignment.unitY : alignment.unitX) == 1  // anchored at the bottom or trailing edge
        var origin = Point(x: content.minX + (content.width - size.width) * alignment.unitX,
                           y: content.minY + (content.height - size.height) * alignment.unitY)
        if vertical {
            let edge = atEnd ? (frames.map(\.minY).min() ?? content.maxY) - config.spacing - size.height
                             : (frames.map(\.maxY).max() ?? content.minY) + config.spacing
            origin.y = edge
        } else {
            let edge = atEnd ? (frames.map(\.minX).min() ?? content.maxX) - config.spacing - size.width
                             : (frames.map(\.maxX).max() ?? content.minX) + config.spacing
            origin.x = edge
        }
        var out = list
        out.items.append(RenderItem(id: .overflowIndicator, frame: Rect(origin: origin, size: size), z: .max, backgroundOpacity: 0))
        return out
    }

    /// What a row or column keeps free at its far edge for the pill while it shows one (the
    /// pill's length along its axis and a spacing); 0 when the pill is off.
    func overflowRoom(in container: String) -> Double {
        guard looks[container]?.overflowIndicator != false, let config = inspectingEngine({ $0.container(container) }),
              config.displayType != .stacking else { return 0 }
        let length = config.displayType == .vertical ? Self.indicatorSize.height : indicatorView(in: container).tree.size.width
        return length + max(0, config.spacing)
    }

    /// The container whose pill a click at `point` (surface-local) hit: the first, by name,
    /// whose surface has its pill under the point, else the first that shows a pill.
    public func overflowContainer(at point: Point?) -> String? {
        let showing = surfaces.keys.filter { indicatorCounts[$0.container, default: 0] > 0 }
            .sorted { $0.routerKey < $1.routerKey }
        if let point, let hit = showing.first(where: { input.router.view(at: point, in: $0.routerKey) == .overflowIndicator }) {
            return hit.container
        }
        return showing.first?.container
    }

    /// Shows the container's next page of views (`OverlayManager.pageForward`). False when it
    /// has nothing off screen.
    @discardableResult
    public func pageForward(in container: String) -> Bool {
        manager.pageForward(in: container, now: clock())
    }

    /// What the painter draws for the pill: "+N more" in the toasts' colours unless the
    /// container has its own, on a capsule.
    func indicatorView(in container: String) -> PaintedView {
        let look = looks[container]
        let count = indicatorCounts[container, default: 0]
        let size = Self.indicatorSize
        let node = Text("  +\(count) more", font: FontSpec(size: 10, weight: .bold), color: look?.indicatorText ?? style.summaryColor, lineLimit: 1)
            .padding(4).frame(minWidth: size.width, alignment: .topLeading)
            .background(look?.indicatorBackground ?? style.background).cornerRadius(size.height / 2)
        return PaintedView(tree: trees.layouts.layoutReusing(node))
    }
}

extension ViewID {
    /// The "+N more" pill's id in render lists and clicks; the engine never gives it out.
    public static let overflowIndicator = ViewID(UInt64.max)
}
