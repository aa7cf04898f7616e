import CCairo
import OverlayEngine

/// Paints one placed part of a view tree in the current user space (the root's coordinates).
/// Each part carries its own opacity (`alpha`); containers and spacers paint nothing.
struct PartPainter {
    let cr: OpaquePointer
    let canvas: Canvas
    /// Device pixels per point under the current transform.
    let deviceScale: Double
    /// Device pixels per point of the canvas: texts are set (shaped, broken into lines) at it
    /// and drawn under the current transform, so a view drawn scaled keeps its lines and its
    /// texts are set once.
    var textScale: Double { canvas.scale }
    let look: ViewTreeLook
    let renderer: ViewTreeRenderer
    /// The tree's own texts as drawn before.
    let texts: LaidOutTexts
    /// The arrows of its nodes (`ViewLayoutResult.arrows`).
    let arrows: [Int: CalloutArrow]
    /// Where small shapes come from as images; nil fills them (a view drawn scaled, in a transition).
    let shapes: ShapeImages?
    /// The canvas's clip (user space) while it is whole rectangles and parts are drawn straight
    /// onto the canvas (no part's own clip, no group): small shapes are then composited into its
    /// pixels directly.
    var clip: [Rect]? = nil

    // MARK: Modifiers

    func background(_ fill: Fill, _ part: PlacedView, alpha: Double) {
        let frame = part.frame, radius = part.cornerRadius, arrow = arrows[part.index]
        guard frame.width > 0, frame.height > 0 else { return }
        switch fill {
        case .color(let color):
            guard color.alpha > 0 else { return }
            guard let arrow else { return shape(frame, .roundedRect(radius: radius), color.withAlpha(color.alpha * alpha)) }
            Paths.setSource(cr, color.withAlpha(color.alpha * alpha))
            Paths.outline(cr, frame, radius: radius, arrow: arrow)
            cairo_fill(cr)
        case .linearGradient(let colors, let start, let end):
            guard let first = colors.first else { return }
            let gradient = cairo_pattern_create_linear(frame.minX + start.x * frame.width, frame.minY + start.y * frame.height,
                                                       frame.minX + end.x * frame.width, frame.minY + end.y * frame.height)!
            let last = Double(max(1, colors.count - 1))
            for (i, c) in (colors.count == 1 ? [first, first] : colors).enumerated() {
                cairo_pattern_add_color_stop_rgba(gradient, Double(i) / last, c.r, c.g, c.b, c.a * alpha)
            }
            cairo_set_source(cr, gradient)
            Paths.outline(cr, frame, radius: radius, arrow: arrow)
            cairo_fill(cr)
            cairo_pattern_destroy(gradient)
        case .blur(let material):
            blur(material, tint: material.tint, frame: frame, radius: radius, alpha: alpha)
        case .frosted(let material, let tint):
            blur(material, tint: MaterialFill.Tint(card: tint), frame: frame, radius: radius, alpha: alpha)
        }
    }

    /// A frosted material (`MaterialFill`) clipped to the rounded frame.
    private func blur(_ material: BlurMaterial, tint: MaterialFill.Tint, frame: Rect, radius: Double, alpha: Double) {
        MaterialFill.paint(material, tint: tint, frame: frame, radius: radius, alpha: alpha,
                           source: renderer.blurSource, canvas: canvas, deviceScale: deviceScale)
    }

    /// A line of `width` along the inside of the frame, following its corners: the ring between
    /// the rounded frame and the frame inset by the width (its corners `width` less round). With
    /// an arrow, the outline stroked twice as wide and cut to itself, so the arrow's tip stays
    /// where it points.
    func border(_ color: Color, width: Double, _ part: PlacedView, alpha: Double) {
        let w = min(width, part.frame.width / 2, part.frame.height / 2)
        guard w > 0, color.alpha > 0 else { return }
        let f = part.frame
        cairo_save(cr)
        if let arrow = arrows[part.index] {
            Paths.callout(cr, f, radius: part.cornerRadius, arrow: arrow)
            cairo_clip_preserve(cr)
            cairo_set_line_width(cr, 2 * w)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            Paths.setSource(cr, color.withAlpha(color.alpha * alpha))
            cairo_stroke(cr)
            cairo_restore(cr)
            return
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        Paths.roundedRect(cr, f, radius: part.cornerRadius)
        Paths.roundedRect(cr, f.insetBy(dx: w, dy: w), radius: max(0, part.cornerRadius - w))
        Paths.setSource(cr, color.withAlpha(color.alpha * alpha))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    // MARK: Nodes

    func node(_ kind: ViewKind, _ part: PlacedView, alpha: Double, caret: Int?) {
        let f = part.frame
        switch kind {
        case .vstack, .hstack, .zstack, .grid, .spacer:
            break
        case .divider:
            Paths.fill(cr, f, radius: 0, color: look.divider.withAlpha(look.divider.alpha * alpha))
        case .text(let content):
            text(content, in: f, index: part.index, alpha: alpha)
        case .image(let content):
            image(content, in: f, alpha: alpha)
        case .symbol(let symbol):
            let color = symbol.color ?? look.text
            switch symbol.name {
            case .close: Paths.closeCross(cr, in: f, color: color.withAlpha(color.alpha * alpha))
            }
        case .progressBar(let value, let total):
            bar(in: f, fraction: PlacedView.barFraction(value, of: total), alpha: alpha)
        case .button(_, let style):
            let fill: Color? = switch style {
            case .plain: nil
            case .bordered: look.buttonBackground
            case .prominent: look.prominentBackground
            }
            if let fill { shape(f, .roundedRect(radius: min(look.controlRadius, f.height / 2)), fill.withAlpha(fill.alpha * alpha)) }
        case .toggle(let isOn, _):
            toggle(isOn, in: f, alpha: alpha)
        case .slider(let value, let range, _, _):
            slider(SliderTrack.fraction(value, range: range), in: f, alpha: alpha)
            if caret != nil { ring(f, radius: f.height / 2, color: look.accent, width: 1, alpha: alpha) }
        case .textField(let content):
            field(content, caret: caret, in: f, alpha: alpha)
        }
    }

    private func text(_ content: TextContent, in frame: Rect, index: Int, alpha: Double) {
        guard frame.width > 0, frame.height > 0 else { return }
        let set = renderer.setText(content, width: frame.width, scale: textScale, part: index, of: texts)
        let color = content.color ?? look.text
        cairo_save(cr)
        Paths.clipToDevicePixels(cr, Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height + 1))
        Paths.setSource(cr, color.withAlpha(color.alpha * alpha))
        set.draw(cr, x: frame.minX, y: frame.minY, alpha: alpha)
        cairo_restore(cr)
    }

    private func image(_ content: ImageContent, in frame: Rect, alpha: Double) {
        guard frame.width > 0, frame.height > 0 else { return }
        let side = max(frame.width, frame.height)
        // Fill needs the picture at least as large as the box's longer side times its aspect.
        let box = max(1, Int((side * deviceScale * (content.contentMode == .fill ? 2 : 1)).rounded(.up)))
        guard let picture = renderer.image(content.source, box: box, logicalSize: side, scale: deviceScale) else { return }
        let tint = content.tint ?? (content.source.isSymbolicIcon ? look.text : nil)
        switch content.contentMode {
        case .fit:
            // On whole device pixels, so a picture drawn at its size has crisp edges.
            let x = (frame.minX * deviceScale).rounded() / deviceScale, y = (frame.minY * deviceScale).rounded() / deviceScale
            picture.paint(cr, in: Rect(x: x, y: y, width: frame.width, height: frame.height), alpha: alpha, tint: tint)
        case .fill:
            let k = max(frame.width / Double(picture.pixelWidth), frame.height / Double(picture.pixelHeight))
            let w = Double(picture.pixelWidth) * k, h = Double(picture.pixelHeight) * k
            cairo_save(cr)
            cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
            cairo_clip(cr)
            picture.paint(cr, in: Rect(x: frame.minX + (frame.width - w) / 2, y: frame.minY + (frame.height - h) / 2,
                                       width: w, height: h), alpha: alpha, tint: tint)
            cairo_restore(cr)
        }
    }

    /// A rounded track filled from the leading end to `fraction`.
    private func bar(in track: Rect, fraction: Double, alpha: Double) {
        let pill = ShapeImages.Outline.roundedRect(radius: track.height / 2)
        shape(track, pill, look.track.withAlpha(look.track.alpha * alpha))
        guard fraction > 0 else { return }
        shape(track, pill, look.accent.withAlpha(look.accent.alpha * alpha), end: track.minX + track.width * fraction)
    }

    /// Fills `frame` with `outline` in `color`, only left of `end` when one is given: from the
    /// shape's image (`ShapeImages`) when it can, else with a path.
    func shape(_ frame: Rect, _ outline: ShapeImages.Outline, _ color: Color, end: Double? = nil) {
        if let shapes, shapes.fill(cr, frame, outline, color: color, end: end, clip: clip) { return }
        cairo_save(cr)
        switch outline {
        case .roundedRect(let radius): Paths.roundedRect(cr, frame, radius: radius)
        case .circle:
            cairo_new_sub_path(cr)
            cairo_arc(cr, frame.midX, frame.midY, frame.width / 2, 0, 2 * Double.pi)
        }
        Paths.setSource(cr, color)
        if let end {
            cairo_clip(cr)
            cairo_rectangle(cr, frame.minX, frame.minY, end - frame.minX, frame.height)
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A pill in the accent colour (on) or the track's (off), its knob at the trailing or leading end.
    private func toggle(_ isOn: Bool, in f: Rect, alpha: Double) {
        let fill = isOn ? look.accent : look.track
        shape(f, .roundedRect(radius: f.height / 2), fill.withAlpha(fill.alpha * alpha))
        let r = max(0, f.height / 2 - 2)
        let cx = isOn ? f.maxX - 2 - r : f.minX + 2 + r
        knob(x: cx, y: f.midY, radius: r, alpha: alpha)
    }

    /// A 4 pt track across the frame's middle, filled to the knob.
    private func slider(_ fraction: Double, in f: Rect, alpha: Double) {
        let r = min(SliderTrack.knobRadius, f.height / 2, f.width / 2)
        let travel = max(0, f.width - 2 * r)
        let track = Rect(x: f.minX + r, y: f.midY - 2, width: travel, height: 4)
        bar(in: track, fraction: fraction, alpha: alpha)
        knob(x: f.minX + r + travel * fraction, y: f.midY, radius: r, alpha: alpha)
    }

    private func knob(x: Double, y: Double, radius: Double, alpha: Double) {
        guard radius > 0 else { return }
        shape(Rect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius), .circle,
              look.knob.withAlpha(look.knob.alpha * alpha))
    }

    /// A one-line field: the text (or the placeholder, dimmer), and while typing a ring and a
    /// caret (`FieldText`: long text scrolls to keep the caret inside).
    private func field(_ content: TextFieldContent, caret: Int?, in f: Rect, alpha: Double) {
        let radius = min(look.controlRadius, f.height / 2)
        shape(f, .roundedRect(radius: radius), look.fieldBackground.withAlpha(look.fieldBackground.alpha * alpha))
        if caret != nil { ring(f, radius: radius, color: look.fieldRing ?? look.accent, width: max(1, look.fieldRingWidth), alpha: alpha) }
        FieldText(content, caret: caret, width: f.width, context: renderer.textContext(textScale))
            .draw(cr, in: f, color: look.text, placeholderOpacity: look.placeholderOpacity, alpha: alpha)
    }

    /// The ring of a control that has the keyboard: `width` of `color` along the inside of its frame.
    private func ring(_ f: Rect, radius: Double, color: Color, width: Double, alpha: Double) {
        let half = width / 2
        cairo_save(cr)
        Paths.setSource(cr, color.withAlpha(color.alpha * alpha))
        cairo_set_line_width(cr, width)
        Paths.roundedRect(cr, Rect(x: f.minX + half, y: f.minY + half, width: f.width - width, height: f.height - width), radius: radius)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}

extension PartPainter {
    /// The shadow of a frame with an arrow: cast by the whole outline, outside it only, cached
    /// per outline (`ShadowPainter`), so a moving tip blurs once.
    func calloutShadow(_ shadow: Shadow, _ part: PlacedView, arrow: CalloutArrow, alpha: Double) {
        let bounds = ViewTreeRenderer.outlineBounds(part.frame, arrow)
        // The outline relative to its bounds: what the cached blur depends on.
        let local = arrow.offsetBy(part.frame.origin - bounds.origin)
        let key = CalloutOutline(size: part.frame.size, radius: part.cornerRadius, arrow: local)
        renderer.shadows.paint(cr, frame: bounds, shape: key, shadow: shadow, scale: deviceScale, alpha: alpha) { cr, at in
            let frame = Rect(origin: Point(x: at.x, y: at.y) + (part.frame.origin - bounds.origin), size: part.frame.size)
            Paths.callout(cr, frame, radius: part.cornerRadius, arrow: arrow)
        }
    }
}

/// What a callout's cached shadow depends on: its bubble's size and radius and its arrow.
private struct CalloutOutline: Hashable {
    let width: Double, height: Double, radius: Double
    let side: TipSide
    let start: [Double], tip: [Double], end: [Double]

    init(size: Size, radius: Double, arrow: CalloutArrow) {
        width = size.width; height = size.height; self.radius = radius; side = arrow.side
        start = [arrow.baseStart.x, arrow.baseStart.y]; tip = [arrow.tip.x, arrow.tip.y]; end = [arrow.baseEnd.x, arrow.baseEnd.y]
    }
}
