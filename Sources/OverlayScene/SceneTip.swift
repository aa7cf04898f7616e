import CCairo
import OverlayEngine
import OverlayRenderer

/// A scene view that is a help tip: its target, side order and text, placed with the daemon's
/// `TipPlacer` in its container's frame (less `usableInsets`) and drawn as the daemon's callout.
public struct SceneTip {
    public var target: TipTarget
    public var sides: [TipSide]
    public var content: CalloutContent
    public var usableInsets: EdgeInsets
    /// Draw the target (a red outline, or a cross for a point) under the tip.
    public var marksTarget: Bool
    /// The daemon's default callout look.
    public var style = CalloutStyle()

    init(_ spec: TipSpec, summary: String?, body: String?) throws {
        switch spec.target.count {
        case 2:
            let v = try spec.target.map { try SceneRenderer.bounded($0, "tip.target") }
            target = .point(Point(x: v[0], y: v[1]))
        case 4: target = .rect(try SceneRenderer.rect(spec.target, field: "tip.target"))
        default: throw SceneError.badValue(field: "tip.target", value: "\(spec.target)")
        }
        sides = try (spec.sides ?? []).map { name in
            guard let side = TipSide.allCases.first(where: { "\($0)" == name }) else {
                throw SceneError.badValue(field: "tip.sides", value: name)
            }
            return side
        }
        marksTarget = spec.markTarget ?? false
        content = CalloutContent(title: spec.title ?? summary ?? "", body: spec.body ?? body ?? "")
        let insets = try spec.usableInsets?.map { try SceneRenderer.bounded($0, "tip.usableInsets") }
        switch insets?.count {
        case nil: usableInsets = EdgeInsets(all: 0)
        case 1: usableInsets = EdgeInsets(all: insets![0])
        case 4:
            let v = insets!
            usableInsets = EdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
        default: throw SceneError.badValue(field: "tip.usableInsets", value: "\(spec.usableInsets!)")
        }
    }

    /// The placement in scene coordinates, inside `container` (the container's frame in the picture).
    public func placement(in container: Rect, measuredBy renderer: ViewTreeRenderer) -> TipPlacement {
        let size = renderer.tipSize(content, style: style)
        return TipPlacer.place(target, size: size, in: container.inset(by: usableInsets),
                               metrics: style.metrics, sides: sides)
    }

    /// The target as drawn when `marksTarget`: a 2 px red outline, or a 9 px cross on a point.
    func drawMarker(on canvas: Canvas) {
        guard marksTarget else { return }
        let cr = canvas.context
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0.75, 0.38, 0.42, 1)
        cairo_set_line_width(cr, 2)
        switch target {
        case .point(let p):
            cairo_move_to(cr, p.x - 4.5, p.y); cairo_line_to(cr, p.x + 4.5, p.y)
            cairo_move_to(cr, p.x, p.y - 4.5); cairo_line_to(cr, p.x, p.y + 4.5)
        case .rect(let r):
            cairo_rectangle(cr, r.minX + 1, r.minY + 1, max(0, r.width - 2), max(0, r.height - 2))
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
