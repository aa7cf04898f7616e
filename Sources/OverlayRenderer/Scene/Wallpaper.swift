import OverlayEngine
import CCairo

/// What headless renders put under the containers (so frosted backdrops have something to blur).
public enum Wallpaper {
    /// "desktop" (a gradient with a few soft shapes), "none" (transparent), "#RRGGBB",
    /// "gradient(#a, #b)", "pattern:NAME", or an image file (relative to `baseDirectory`).
    public static func paint(_ name: String, on canvas: Canvas, baseDirectory: String = ".") {
        let cr = canvas.context
        let w = canvas.logicalWidth, h = canvas.logicalHeight
        switch name {
        case "none":
            return
        case "desktop":
            linear(cr, w, h, Color(hex: 0x5E81AC), Color(hex: 0xB48EAD))
            for (x, y, r, hex) in [(0.18, 0.3, 0.22, 0xEBCB8B), (0.7, 0.75, 0.3, 0xA3BE8C), (0.55, 0.15, 0.12, 0xBF616A)] as [(Double, Double, Double, UInt32)] {
                Paths.setSource(cr, Color(hex: hex, alpha: 0.85))
                cairo_new_sub_path(cr)
                cairo_arc(cr, x * w, y * h, r * min(w, h), 0, 2 * Double.pi)
                cairo_fill(cr)
            }
            // Thin stripes: fine detail that a blur visibly removes.
            Paths.setSource(cr, Color(hex: 0xECEFF4, alpha: 0.35))
            cairo_set_line_width(cr, 2)
            var x = -h
            while x < w {
                cairo_move_to(cr, x, h)
                cairo_line_to(cr, x + h, 0)
                x += 14
            }
            cairo_stroke(cr)
        default:
            if let hex = parseHex(name) {
                canvas.fill(hex)
            } else if name.hasPrefix("gradient(") {
                let inner = name.dropFirst(9).dropLast().split(separator: ",").map { $0.filter { $0 != " " } }
                if inner.count == 2, let a = parseHex(String(inner[0])), let b = parseHex(String(inner[1])) {
                    linear(cr, w, h, a, b)
                }
            } else if name.hasPrefix("pattern:") {
                Patterns.paint(String(name.dropFirst(8)), cr, Rect(x: 0, y: 0, width: w, height: h))
            } else {
                let path = name.hasPrefix("/") ? name : baseDirectory + "/" + name
                if let image = try? ImageLoader.load(file: path, box: Int(max(w, h) * canvas.scale)) {
                    let k = max(w / Double(image.pixelWidth), h / Double(image.pixelHeight))
                    image.paint(cr, in: Rect(x: 0, y: 0, width: Double(image.pixelWidth) * k,
                                                  height: Double(image.pixelHeight) * k))
                }
            }
        }
    }

    private static func linear(_ cr: OpaquePointer, _ w: Double, _ h: Double, _ a: Color, _ b: Color) {
        let gradient = cairo_pattern_create_linear(0, 0, w, h)!
        cairo_pattern_add_color_stop_rgba(gradient, 0, a.r, a.g, a.b, a.a)
        cairo_pattern_add_color_stop_rgba(gradient, 1, b.r, b.g, b.b, b.a)
        cairo_set_source(cr, gradient)
        cairo_paint(cr)
        cairo_pattern_destroy(gradient)
    }

    static func parseHex(_ text: String) -> Color? {
        var digits = Substring(text)
        guard digits.first == "#" else { return nil }
        digits = digits.dropFirst()
        guard digits.count == 6 || digits.count == 8, let v = UInt32(digits, radix: 16) else { return nil }
        return digits.count == 6 ? Color(hex: v) : Color(hex: v >> 8, alpha: Double(v & 0xFF) / 255)
    }
}
