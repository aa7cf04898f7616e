import OverlayEngine
import OverlayRenderer

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

    /// The rounded `blur` materials of the view trees in `list` (`tree`), in surface coordinates:
    /// each background part with a blur fill that shows, moved and scaled as its item is drawn.
    public static func materials(of list: RenderList, bounds: Rect, tree: (ViewID) -> LaidOutView?) -> [RoundedShape] {
        let area = list.clipRect.map { $0.offsetBy(bounds.origin) } ?? bounds
        var shapes: [RoundedShape] = []
        for item in list.items where item.opacity > 0 {
            guard let view = tree(item.id) else { continue }
            let origin = bounds.origin + item.frame.origin + item.offset
            let s = item.scale > 0 && item.scale.isFinite ? item.scale : 1
            let anchor = Point(x: item.scaleAnchor.x * view.size.width, y: item.scaleAnchor.y * view.size.height)
            for part in view.layout.placed where part.opacity > 0 {
                guard case .background(let fill) = part.part, fill.isBlur else { continue }
                let frame = Rect(x: origin.x + anchor.x + (part.frame.minX - anchor.x) * s,
                                 y: origin.y + anchor.y + (part.frame.minY - anchor.y) * s,
                                 width: part.frame.width * s, height: part.frame.height * s)
                if frame.intersects(area) { shapes.append(RoundedShape(frame: frame, radius: part.cornerRadius * s)) }
            }
        }
        return shapes
    }

    /// `frames` and `rounded` shapes as region rectangles (their union), frames rounded outwards to
    /// whole units, everything kept within `bounds`, duplicates dropped; nil when nothing is left:
    /// unset the blur.
    public static func rects(frames: [Rect], rounded: [RoundedShape] = [], bounds: Rect) -> [RegionRect]? {
        var rects: [RegionRect] = []
        for shape in rounded where !frames.contains(where: { $0.encloses(shape.frame) }) {
            for band in RoundedShape.bands(shape.frame, radius: shape.radius) {
                if let kept = band.clipped(to: bounds), !rects.contains(kept) { rects.append(kept) }
            }
        }
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

/// A rounded rectangle the compositor blurs behind: a view tree's `blur` material.
public struct RoundedShape: Equatable, Sendable {
    public var frame: Rect
    public var radius: Double
    public init(frame: Rect, radius: Double) {
        self.frame = frame
        self.radius = radius
    }

    /// Rows taller than this (in surface units) are not cut into bands: one rectangle.
    static let maximumHeight = 16_384.0

    /// The rounded rectangle as wl_region rectangles: one band per row of whole units along the
    /// corner arcs, inset by the arc at the row's middle, rows with the same inset merged, and the
    /// straight middle as one. The frame's edges are rounded to whole units; the radius is at
    /// most half the shorter side.
    public static func bands(_ frame: Rect, radius: Double) -> [RegionRect] {
        let x0 = frame.minX.rounded(), y0 = frame.minY.rounded(), x1 = frame.maxX.rounded(), y1 = frame.maxY.rounded()
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return [] }
        let width = x1 - x0, height = y1 - y0
        let r = radius.isFinite ? min(max(0, radius), width / 2, height / 2) : 0
        guard r >= 0.5, height <= maximumHeight else { return [RegionRect(x0, y0, width, height)] }
        var bands: [RegionRect] = []
        var row = 0.0
        while row < height {
            let inset = Self.inset(row: row, height: height, radius: r)
            var end = row + 1
            while end < height, Self.inset(row: end, height: height, radius: r) == inset { end += 1 }
            bands.append(RegionRect(x0 + inset, y0 + row, width - 2 * inset, end - row))
            row = end
        }
        return bands
    }

    /// How far the arc is from the side at the middle of `row`, in whole units.
    private static func inset(row: Double, height: Double, radius r: Double) -> Double {
        let fromEdge = min(row + 0.5, height - row - 0.5)
        guard fromEdge < r else { return 0 }
        let dy = r - fromEdge
        return (r - (r * r - dy * dy).squareRoot()).rounded()
    }
}

extension Rect {
    /// `other` lies wholly inside this rectangle.
    func encloses(_ other: Rect) -> Bool {
        minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY
    }
}

extension RegionRect {
    init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: Int32(clamping: Int(x)), y: Int32(clamping: Int(y)), width: Int32(clamping: Int(width)),
                  height: Int32(clamping: Int(height)))
    }

    /// The part within `bounds` (whole units), nil when none.
    func clipped(to bounds: Rect) -> RegionRect? {
        let bx0 = Int32(clamping: Int(bounds.minX.rounded(.down))), by0 = Int32(clamping: Int(bounds.minY.rounded(.down)))
        let bx1 = Int32(clamping: Int(bounds.maxX.rounded(.up))), by1 = Int32(clamping: Int(bounds.maxY.rounded(.up)))
        let nx0 = Swift.max(x, bx0), ny0 = Swift.max(y, by0)
        let nx1 = Swift.min(x &+ width, bx1), ny1 = Swift.min(y &+ height, by1)
        guard nx1 > nx0, ny1 > ny0 else { return nil }
        return RegionRect(x: nx0, y: ny0, width: nx1 - nx0, height: ny1 - ny0)
    }
}
