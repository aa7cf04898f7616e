import OverlayEngine

/// Where a container surface's `.blur` backgrounds get their blur, in this order: the
/// compositor's own background blur (ext-background-effect-v1 with the blur capability, or
/// org_kde_kwin_blur); else a frosted wlr-screencopy capture; else the tinted fallback.
public enum BlurSourceChoice: Equatable, Sendable {
    case compositor, screencopy, tinted

    public static func choose(compositorBlur: Bool, screencopy: Bool) -> BlurSourceChoice {
        if compositorBlur { return .compositor }
        return screencopy ? .screencopy : .tinted
    }
}

/// A rectangle of a wl_region, in surface-local (logical) coordinates.
public struct RegionRect: Equatable, Sendable {
    public var x, y, width, height: Int32
    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// The region a compositor blurs behind a container surface: where `.blur` backgrounds are drawn.
public enum CompositorBlurRegion {
    /// What the blur backgrounds of `list` cover: a background is drawn over the whole container
    /// (`bounds`, within the list's clip) by each item that carries one (`isBlur`) while its
    /// `backgroundOpacity` is above 0.
    public static func frames(of list: RenderList, bounds: Rect, isBlur: (ViewID) -> Bool) -> [Rect] {
        let area = list.clipRect.map { $0.offsetBy(bounds.origin) } ?? bounds
        return list.items.filter { $0.backgroundOpacity > 0 && isBlur($0.id) }.map { _ in area }
    }

    /// `frames` as region rectangles (their union), rounded outwards to whole units and kept
    /// within `bounds`, duplicates dropped; nil when nothing is left: unset the blur.
    public static func rects(frames: [Rect], bounds: Rect) -> [RegionRect]? {
        var rects: [RegionRect] = []
        for frame in frames {
            let x0 = max(frame.minX, bounds.minX).rounded(.down), y0 = max(frame.minY, bounds.minY).rounded(.down)
            let x1 = min(frame.maxX, bounds.maxX).rounded(.up), y1 = min(frame.maxY, bounds.maxY).rounded(.up)
            guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { continue }
            let rect = RegionRect(x: Int32(clamping: Int(x0)), y: Int32(clamping: Int(y0)),
                                  width: Int32(clamping: Int(x1 - x0)), height: Int32(clamping: Int(y1 - y0)))
            if !rects.contains(rect) { rects.append(rect) }
        }
        return rects.isEmpty ? nil : rects
    }
}
