// Help-tip callouts: a rounded bubble with its arrow merged into one edge, as one path, so the
// fill, the border and the shadow all follow the arrow. Geometry comes from `TipPlacer`.
import CCairo
import OverlayEngine

public struct CalloutContent: Equatable, Sendable {
    public var title: String
    public var body: String
    /// Buttons in a row below the text ("Got it"); see `CalloutRenderer.actionFrames`.
    public var actions: [CalloutAction]
    public init(title: String = "", body: String = "", actions: [CalloutAction] = []) {
        self.title = title; self.body = body; self.actions = actions
    }
}

public struct CalloutStyle: Hashable, Sendable {
    /// Widest the bubble gets; text wraps inside it.
    public var maxWidth: Double = 300
    public var padding: Double = 12
    public var borderWidth: Double = 2
    public var background = Color(hex: 0x2B303B)
    public var border = Color(hex: 0xEBCB8B)
    public var titleColor = Color(hex: 0xECEFF4)
    public var bodyColor = Color(hex: 0xD8DEE9)
    public var titleFont = "Sans Bold 11"
    public var bodyFont = "Sans 11"
    public var titleMaxLines = 2
    public var bodyMaxLines = 6
    public var titleBodySpacing: Double = 4
    public var arrowWidth: Double = 18
    public var arrowLength: Double = 10
    public var cornerRadius: Double = 8
    /// Distance kept from the usable area's edges.
    public var margin: Double = 8
    public var shadow: Shadow? = Shadow(color: Color(r: 0, g: 0, b: 0, a: 0.45), radius: 10, offsetY: 2)
    /// Action buttons, the toast's look (labels in `bodyFont`).
    public var actions = ActionButtonStyle()
    public init() {}

    public var metrics: TipMetrics {
        TipMetrics(arrowWidth: arrowWidth, arrowLength: arrowLength, cornerRadius: cornerRadius, margin: margin)
    }
    var inset: Double { borderWidth + padding }
}

/// A callout as one painted view: `placement` is relative to the view's frame origin (the engine
/// positions the frame at the placement's `frame`), so transitions move and fade it as a whole.
public struct PaintedCallout {
    public var content: CalloutContent
    public var style: CalloutStyle
    public var placement: TipPlacement
    public init(content: CalloutContent, style: CalloutStyle, placement: TipPlacement) {
        self.content = content; self.style = style; self.placement = placement
    }

    /// `placement` moved so its frame starts at (0, 0), and the frame's size (the view's size).
    public static func relative(_ placement: TipPlacement) -> (placement: TipPlacement, size: Size) {
        let d = Point.zero - placement.frame.origin
        var p = placement
        p.bubble = p.bubble.offsetBy(d)
        p.target = p.target.offsetBy(d)
        p.arrowTip = p.arrowTip + d
        p.arrowBaseStart = p.arrowBaseStart + d
        p.arrowBaseEnd = p.arrowBaseEnd + d
        return (p, placement.frame.size)
    }
}

public final class CalloutRenderer {
    private var contexts: [Double: TextContext] = [:]
    /// Recently used layouts (most recent first): a tip redrawn per frame is shaped once.
    private var layouts: [(content: CalloutContent, style: CalloutStyle, scale: Double, layout: CalloutLayout)] = []
    static let layoutCapacity = 8
    private let shadows = ShadowPainter()

    public init() {}

    /// The bubble's size (without the arrow) for `content`: the text's (or the button row's)
    /// width plus insets, at most `style.maxWidth`, and wide enough for the arrow beside two corners.
    public func measure(_ content: CalloutContent, style: CalloutStyle) -> Size {
        layout(content, style: style, scale: 1).size
    }

    /// Action buttons (keys and frames relative to the bubble's top-left corner, unscaled), for
    /// hit testing. Empty when none is drawn.
    public func actionFrames(_ content: CalloutContent, style: CalloutStyle) -> [(key: String, frame: Rect)] {
        layout(content, style: style, scale: 1).buttons.map { ($0.key, $0.frame) }
    }

    /// `painted`'s action buttons relative to its frame's origin (the view's own coordinates).
    public func actionFrames(_ painted: PaintedCallout) -> [(key: String, frame: Rect)] {
        let origin = painted.placement.bubble.origin
        return actionFrames(painted.content, style: painted.style).map { key, f in
            (key, Rect(x: origin.x + f.x, y: origin.y + f.y, width: f.width, height: f.height))
        }
    }

    /// Draws the callout at `placement` (the canvas's logical coordinates): shadow, fill, border
    /// (inside the outline, so the arrow's tip stays exactly on `placement.arrowTip`), then text.
    public func draw(_ content: CalloutContent, style: CalloutStyle, placement: TipPlacement,
                     on canvas: Canvas, opacity: Double = 1) {
        let alpha = opacity.isNaN ? 0 : min(1, opacity)
        guard alpha > 0, placement.bubble.width > 0, placement.bubble.height > 0 else { return }
        let cr = canvas.context
        cairo_save(cr)
        if let shadow = style.shadow { paintShadow(cr, placement: placement, shadow: shadow, scale: canvas.scale, alpha: alpha) }
        if alpha < 1 {
            Self.addPath(cr, placement)
            cairo_clip(cr)
            cairo_push_group(cr)
        }
        Self.addPath(cr, placement)
        Paths.setSource(cr, style.background)
        cairo_fill_preserve(cr)
        if style.borderWidth > 0 {
            cairo_save(cr)
            cairo_clip_preserve(cr)
            cairo_set_line_width(cr, 2 * style.borderWidth)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            Paths.setSource(cr, style.border)
            cairo_stroke(cr)
            cairo_restore(cr)
        }
        cairo_new_path(cr)
        layout(content, style: style, scale: canvas.scale).paint(cr, style: style, at: placement.bubble.origin)
        if alpha < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// Draws `painted` with its frame's origin at `origin`, under a transition's scale (about
    /// `anchor`, a unit point of the frame) and opacity.
    public func draw(_ painted: PaintedCallout, on canvas: Canvas, origin: Point, opacity: Double,
                     scale: Double = 1, anchor: Point = Point(x: 0.5, y: 0.5)) {
        guard scale > 0, scale.isFinite, origin.x.isFinite, origin.y.isFinite else { return }
        let cr = canvas.context, size = painted.placement.frame.size
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        if scale != 1 {
            cairo_translate(cr, anchor.x * size.width, anchor.y * size.height)
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -anchor.x * size.width, -anchor.y * size.height)
        }
        draw(painted.content, style: painted.style, placement: painted.placement, on: canvas, opacity: opacity)
        cairo_restore(cr)
    }

    /// Adds the callout outline (clockwise): the rounded bubble with the arrow in the edge that
    /// faces the target.
    public static func addPath(_ cr: OpaquePointer, _ p: TipPlacement) {
        let b = p.bubble, r = max(0, min(p.cornerRadius, b.width / 2, b.height / 2))
        let (x0, y0, x1, y1) = (b.minX, b.minY, b.maxX, b.maxY)
        let (s, t, e) = (p.arrowBaseStart, p.arrowTip, p.arrowBaseEnd)
        func arrow(_ points: Point...) { for q in points { cairo_line_to(cr, q.x, q.y) } }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, x0 + r, y0)
        let arrowed = p.hasArrow
        if arrowed, p.side == .bottom { arrow(s, t, e) }        // top edge, left to right
        cairo_arc(cr, x1 - r, y0 + r, r, -Double.pi / 2, 0)
        if arrowed, p.side == .leading { arrow(s, t, e) }       // right edge, downwards
        cairo_arc(cr, x1 - r, y1 - r, r, 0, Double.pi / 2)
        if arrowed, p.side == .top { arrow(e, t, s) }           // bottom edge, right to left
        cairo_arc(cr, x0 + r, y1 - r, r, Double.pi / 2, Double.pi)
        if arrowed, p.side == .trailing { arrow(e, t, s) }      // left edge, upwards
        cairo_arc(cr, x0 + r, y0 + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Drops cached text contexts and shadows.
    public func invalidate() {
        contexts.removeAll()
        layouts.removeAll()
        shadows.removeAll()
    }

    // MARK: Text

    private func layout(_ content: CalloutContent, style: CalloutStyle, scale: Double) -> CalloutLayout {
        if let index = layouts.firstIndex(where: { $0.scale == scale && $0.content == content && $0.style == style }) {
            let entry = layouts.remove(at: index)
            layouts.insert(entry, at: 0)
            return entry.layout
        }
        let context: TextContext
        if let cached = contexts[scale] { context = cached } else {
            context = TextContext(scale: scale)
            contexts[scale] = context
        }
        let made = CalloutLayout(content, style: style, text: context)
        layouts.insert((content, style, scale, made), at: 0)
        if layouts.count > Self.layoutCapacity { layouts.removeLast() }
        return made
    }

    // MARK: Shadow

    /// The callout's outline relative to its frame: what its cached shadow depends on.
    private struct Outline: Hashable {
        let width, height, radius, tipX, tipY, startX, startY, endX, endY: Double
        let side: TipSide
    }

    /// The blurred outline, offset, painted outside the outline only (a translucent bubble does
    /// not show it through). Cached per shape relative to the bubble, so moving a tip only composites.
    private func paintShadow(_ cr: OpaquePointer, placement p: TipPlacement, shadow: Shadow, scale: Double, alpha: Double) {
        let frame = p.frame, origin = frame.origin
        func local(_ q: Point) -> Point { q - origin }
        let outline = Outline(width: p.bubble.width, height: p.bubble.height, radius: p.cornerRadius,
                              tipX: local(p.arrowTip).x, tipY: local(p.arrowTip).y,
                              startX: local(p.arrowBaseStart).x, startY: local(p.arrowBaseStart).y,
                              endX: local(p.arrowBaseEnd).x, endY: local(p.arrowBaseEnd).y, side: p.side)
        shadows.paint(cr, frame: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height),
                      shape: outline, shadow: shadow, scale: scale, alpha: alpha) { cr, at in
            cairo_save(cr)
            cairo_translate(cr, at.x - frame.minX, at.y - frame.minY)
            Self.addPath(cr, p)
            cairo_restore(cr)
        }
    }
}
