import CCairo
import OverlayEngine

/// Where a `.blur` background gets what is under it, best first. The daemon uses `.compositor` when
/// the compositor blurs (`ext-background-effect-v1` / `org_kde_kwin_blur`, CompositorBlur.swift),
/// else `.captured` once its wlr-screencopy capture arrives and `.tintedFallback` before that or
/// without screencopy (sway 1.7 offers neither protocol); `overlay-wl render` uses `.canvas`.
public enum BlurSource: Equatable, Sendable {
    /// The compositor blurs behind the surface (ext-background-effect-v1 / org_kde_kwin_blur):
    /// draw only the material's light tint.
    case compositor
    /// The canvas already holds what is under the container (headless render: the scene's
    /// wallpaper; a screencopy capture): blur it in place, then tint.
    case canvas
    /// Nothing to blur: a denser tint of the material.
    case tintedFallback
    /// A capture of what is under the whole container: painted frosted, then tinted.
    case captured(CapturedBackdrop)

    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.compositor, .compositor), (.canvas, .canvas), (.tintedFallback, .tintedFallback): true
        case (.captured(let x), .captured(let y)): x === y
        default: false
        }
    }
}

/// Draws container-wide backgrounds (`Background`: colour, blur material, custom image/pattern),
/// weighted by the render item's `backgroundOpacity` (which carries the opacity/identity
/// background transition).
final class BackdropPainter {
    var blurSource: BlurSource = .tintedFallback
    private var images: [String: LoadedImage?] = [:]

    func paint(_ background: Background, opacity: Double, container: Rect, on canvas: Canvas) {
        let alpha = min(1, max(0, opacity.isNaN ? 0 : opacity))
        guard alpha > 0, container.width > 0, container.height > 0 else { return }
        let cr = canvas.context
        cairo_save(cr)
        cairo_rectangle(cr, container.x, container.y, container.width, container.height)
        cairo_clip(cr)
        switch background {
        case .color(let color):
            var c = color
            c.a *= alpha
            Paths.setSource(cr, c)
            cairo_paint(cr)
        case .blur(let material):
            paintBlur(material, alpha: alpha, container: container, on: canvas)
        case .custom(let name):
            paintCustom(name, alpha: alpha, container: container, on: canvas)
        }
        cairo_restore(cr)
    }

    private func paintBlur(_ material: BlurMaterial, alpha: Double, container: Rect, on canvas: Canvas) {
        let cr = canvas.context
        var tint = material.fallbackTint
        switch blurSource {
        case .compositor:
            tint = material.frostTint
        case .tintedFallback:
            break
        case .captured(let backdrop):
            tint = material.frostTint
            // The capture covers the container; blur at the radius in the capture's own pixels.
            let k = Double(backdrop.pixelWidth) / container.width
            let frosted = backdrop.frosted(radius: material.blurRadius * k)
            cairo_save(cr)
            cairo_translate(cr, container.x, container.y)
            cairo_scale(cr, container.width / Double(backdrop.pixelWidth), container.height / Double(backdrop.pixelHeight))
            cairo_set_source_surface(cr, frosted, 0, 0)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
        case .canvas:
            tint = material.frostTint
            let s = canvas.scale
            let x = Int((container.x * s).rounded(.down)), y = Int((container.y * s).rounded(.down))
            let w = Int((container.maxX * s).rounded(.up)) - x, h = Int((container.maxY * s).rounded(.up)) - y
            if alpha >= 1 {
                FrostedBlur.blur(canvas, x: x, y: y, width: w, height: h, radius: material.blurRadius * s)
            } else {
                // Fade between the sharp and the blurred picture: blur a copy, paint it with alpha.
                FrostedBlur.paintBlurredCopy(of: canvas, x: x, y: y, width: w, height: h, radius: material.blurRadius * s, alpha: alpha, into: cr)
            }
        }
        tint.a *= alpha
        Paths.setSource(cr, tint)
        cairo_paint(cr)
    }

    /// "pattern:checker", "pattern:stripes", "pattern:dots", or an image file (path or file://),
    /// scaled to cover the container. Unknown names and unreadable files draw nothing.
    private func paintCustom(_ name: String, alpha: Double, container: Rect, on canvas: Canvas) {
        let cr = canvas.context
        if name.hasPrefix("pattern:") {
            cairo_push_group(cr)
            Patterns.paint(String(name.dropFirst(8)), cr, container)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
            return
        }
        let image: LoadedImage?
        if let cached = images[name] {
            image = cached
        } else {
            image = try? ImageLoader.load(file: name, box: 2048)
            images[name] = image
        }
        guard let image else { return }
        // Cover: scale so the image fills the container, centred.
        let k = max(container.width / Double(image.pixelWidth), container.height / Double(image.pixelHeight))
        let w = Double(image.pixelWidth) * k, h = Double(image.pixelHeight) * k
        image.paint(cr, in: Rect(x: container.x + (container.width - w) / 2, y: container.y + (container.height - h) / 2,
                                      width: w, height: h), alpha: alpha)
    }
}

/// Built-in custom background patterns.
enum Patterns {
    static func paint(_ name: String, _ cr: OpaquePointer, _ frame: Rect) {
        let dark = Color(hex: 0x2E3440, alpha: 0.55), light = Color(hex: 0x4C566A, alpha: 0.55)
        Paths.setSource(cr, dark)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_fill(cr)
        Paths.setSource(cr, light)
        switch name {
        case "checker":
            let cell = 16.0
            var row = 0
            var y = frame.y
            while y < frame.maxY {
                var x = frame.x + (row % 2 == 0 ? 0 : cell)
                while x < frame.maxX {
                    cairo_rectangle(cr, x, y, cell, cell)
                    x += 2 * cell
                }
                y += cell
                row += 1
            }
            cairo_fill(cr)
        case "stripes":
            cairo_set_line_width(cr, 6)
            var x = frame.x - frame.height
            while x < frame.maxX {
                cairo_move_to(cr, x, frame.maxY)
                cairo_line_to(cr, x + frame.height, frame.y)
                x += 18
            }
            cairo_stroke(cr)
        case "dots":
            var y = frame.y + 8
            while y < frame.maxY {
                var x = frame.x + 8
                while x < frame.maxX {
                    cairo_new_sub_path(cr)
                    cairo_arc(cr, x, y, 2.5, 0, 2 * Double.pi)
                    x += 16
                }
                y += 16
            }
            cairo_fill(cr)
        default:
            break
        }
    }
}
