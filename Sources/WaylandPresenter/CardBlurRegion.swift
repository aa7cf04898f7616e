import OverlayEngine
import OverlayRenderer

extension CompositorBlurRegion {
    /// The frosted toast cards of `list` (`card` gives a toast's corner radius when its card is
    /// drawn in a material, else nil), in surface coordinates: each card that shows, moved and
    /// scaled as its item is drawn, within the list's clip.
    public static func cards(of list: RenderList, bounds: Rect, card: (ViewID) -> Double?) -> [RoundedShape] {
        let area = list.clipRect.map { $0.offsetBy(bounds.origin) } ?? bounds
        return list.items.compactMap { item in
            guard item.opacity > 0, let radius = card(item.id) else { return nil }
            var frame = item.visualFrame
            frame.origin = frame.origin + bounds.origin
            guard frame.intersects(area) else { return nil }
            let s = item.scale > 0 && item.scale.isFinite ? item.scale : 1
            return RoundedShape(frame: frame, radius: radius * s)
        }
    }
}

extension PaintedView {
    /// The corner radius of this toast's card when it is drawn in a material; nil for an opaque
    /// card, a view tree or a tip.
    public var frostedCardRadius: Double? {
        guard tree == nil, callout == nil else { return nil }
        return style.withMaterial(configuration?.toastMaterial).material == nil ? nil : style.cornerRadius
    }
}
