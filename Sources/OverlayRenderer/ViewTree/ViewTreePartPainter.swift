import CCairo
import OverlayEngine

/// Paints one placed part of a view tree in the current user space (the root's coordinates).
/// Each part carries its own opacity (`alpha`); containers and spacers paint nothing.
struct PartPainter {
    let cr: OpaquePointer
    let canvas: Canvas
    /// Device pixels per point under the current transform.
    let deviceScale: Double
    let look: ViewTreeLook
    let renderer: ViewTreeRenderer
    /// The tree's own texts as drawn before.
    let texts: LaidOutTexts
    /// Where small shapes come from as images; nil fills them (a view drawn scaled, in a transition).
    let shapes: ShapeImages?

    // MARK: Modifiers

    func background(_ fill: Fill, _ part: PlacedView, alpha: Double) {
        let frame = part.frame, radius = part.cornerRadius
        guard frame.width > 0, frame.height > 0 else { return }
        switch fill {
        case .color(let color):
            shape(frame, .roundedRect(radius: radius), color.withAlpha(color.alpha * alpha))
        case .linearGradient(let colors, let start, let end):
            guard let first = colors.first else { return }
            let gradient = cairo_pattern_create_linear(frame.minX + start.x * frame.width, frame.minY + start.y * frame.height,
                                                       frame.minX + end.x * frame.width, frame.minY + end.y * frame.height)!
            let last = Double(max(1, colors.count - 1))
            for (i, c) in (colors.count == 1 ? [first, first] : colors).enumerated() {
                cairo_pattern_add_color_stop_rgba(gradient, Double(i) / last, c.r, c.g, c.b, c.a * alpha)
            }
            cairo_set_source(cr, gradient)
            Paths.roundedRect(cr, frame, radius: radius)
            cairo_fill(cr)
            cairo_pattern_destroy(gradient)
        case .blur(let material):
            blur(material, frame: frame, radius: radius, alpha: alpha)
        }
    }

    /// A frosted material (`MaterialFill`) clipped to the rounded frame.
    private func blur(_ material: BlurMaterial, frame: Rect, radius: Double, alpha: Double) {
        MaterialFill.paint(material, tint: material.tint, frame: frame, radius: radius, alpha: alpha,
                           source: renderer.blurSource, canvas: canvas, deviceScale: deviceScale)
    }

    /// A line of `width` along the inside of the frame, following its corners.
    func border(_ color: Color, width: Double, _ part: PlacedView, alpha: Double) {
        let w = min(width, part.frame.width / 2, part.frame.height / 2)
        guard w > 0 else { return }
        let f = part.frame
        let inner = Rect(x: f.minX + w / 2, y: f.minY + w / 2, width: f.width - w, height: f.height - w)
        cairo_save(cr)
        Paths.setSource(cr, color.withAlpha(color.alpha * alpha))
        cairo_set_line_width(cr, w)
        Paths.roundedRect(cr, inner, radius: max(0, part.cornerRadius - w / 2))
        cairo_stroke(cr)
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
            bar(in: f, fraction: total > 0 && value.isFinite ? min(1, max(0, value / total)) : 0, alpha: alpha)
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
            if caret != nil { ring(f, radius: f.height / 2, alpha: alpha) }
        case .textField(let placeholder, let typed, _):
            field(placeholder: placeholder, text: typed, caret: caret, in: f, alpha: alpha)
        }
    }

    private func text(_ content: TextContent, in frame: Rect, index: Int, alpha: Double) {
        guard frame.width > 0, frame.height > 0 else { return }
        let set = renderer.setText(content, width: frame.width, scale: deviceScale, part: index, of: texts)
        let color = content.color ?? look.text
        cairo_save(cr)
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height + 1)
        cairo_clip(cr)
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
        switch content.contentMode {
        case .fit:
            picture.paint(cr, in: frame, alpha: alpha)
        case .fill:
            let k = max(frame.width / Double(picture.pixelWidth), frame.height / Double(picture.pixelHeight))
            let w = Double(picture.pixelWidth) * k, h = Double(picture.pixelHeight) * k
            cairo_save(cr)
            cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
            cairo_clip(cr)
            picture.paint(cr, in: Rect(x: frame.minX + (frame.width - w) / 2, y: frame.minY + (frame.height - h) / 2,
                                       width: w, height: h), alpha: alpha)
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
        if let shapes, shapes.fill(cr, frame, outline, color: color, end: end) { return }
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
    /// caret. Text longer than the field shows its end.
    private func field(placeholder: String, text typed: String, caret: Int?, in f: Rect, alpha: Double) {
        let radius = min(look.controlRadius, f.height / 2)
        shape(f, .roundedRect(radius: radius), look.fieldBackground.withAlpha(look.fieldBackground.alpha * alpha))
        let inset = 6.0
        let content = TextContent(Markup.escape(typed.isEmpty ? placeholder : typed), lineLimit: 1, wraps: false)
        let block = renderer.textBlock(content, width: 100_000, scale: deviceScale)
        let shown = typed.isEmpty ? look.text.withAlpha(look.text.alpha * look.placeholderOpacity) : look.text
        let room = max(0, f.width - 2 * inset)
        // Keep the end of long text (where typing happens) in view.
        let scroll = typed.isEmpty ? 0 : max(0, block.width - room)
        cairo_save(cr)
        cairo_rectangle(cr, f.minX + inset / 2, f.minY, max(0, f.width - inset), f.height)
        cairo_clip(cr)
        Paths.setSource(cr, shown.withAlpha(shown.alpha * alpha))
        block.draw(cr, x: f.minX + inset - scroll, y: f.minY + (f.height - block.height) / 2)
        if let caret {
            Paths.setSource(cr, look.text.withAlpha(look.text.alpha * alpha))
            let before = typed.isEmpty ? 0 : caret >= typed.count ? block.width
                : renderer.textBlock(TextContent(Markup.escape(String(typed.prefix(max(0, caret)))), lineLimit: 1, wraps: false),
                                     width: 100_000, scale: deviceScale).width
            let x = f.minX + inset + before - scroll
            cairo_rectangle(cr, x, f.minY + 4, 1.5, max(0, f.height - 8))
            cairo_fill(cr)
        }
        cairo_restore(cr)
        if caret != nil { ring(f, radius: radius, alpha: alpha) }
    }

    /// The ring of a control that has the keyboard: 1 pt of the accent along the inside of its frame.
    private func ring(_ f: Rect, radius: Double, alpha: Double) {
        cairo_save(cr)
        Paths.setSource(cr, look.accent.withAlpha(look.accent.alpha * alpha))
        cairo_set_line_width(cr, 1)
        Paths.roundedRect(cr, Rect(x: f.minX + 0.5, y: f.minY + 0.5, width: f.width - 1, height: f.height - 1), radius: radius)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
