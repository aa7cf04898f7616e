import CCairo
import Foundation
import XCTest

/// HiDPI on headless sway: after `swaymsg output HEADLESS-1 scale 2` the daemon draws its toast
/// with a scale-2 buffer, so the text is as sharp as the renderer's own scale-2 golden image and
/// clearly sharper than the scale-1 golden upscaled ×2 (what a compositor shows when a client
/// ignores the scale).
///
/// Sharpness: over the toast's inside, take every luminance step between horizontally or
/// vertically adjacent pixels that is larger than 8/255 (a glyph edge), and average the
/// steepest 10 % of them (in 0…1). A crisp edge goes from background to ink in one or two
/// pixels; an upscaled one spreads the same step over twice as many, halving the gradients.
final class HiDPITests: RigTestCase {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("OverlayRendererTests/Golden").path
    static let background = RGBA(hex: 0x2B303B)

    func testTextAtScale2IsAsSharpAsTheScale2Golden() throws {
        let golden = try Screenshot(contentsOf: "\(Self.goldens)/hidpi-toast@2x.png", label: "golden@2x")
        let golden1 = "\(Self.goldens)/hidpi-toast.png"
        let goldenSharpness = try XCTUnwrap(Self.sharpness(golden), "golden has no toast")
        let upscaled = try Self.upscaled(golden1)
        let upscaledSharpness = try XCTUnwrap(Self.sharpness(upscaled), "upscaled golden has no toast")
        note("sharpness: golden@2x \(goldenSharpness), golden@1x upscaled \(upscaledSharpness)")
        XCTAssertLessThan(upscaledSharpness, goldenSharpness * 0.8, "the measure must tell upscaled text from crisp text")

        let set = rig.run(["swaymsg", "output", "HEADLESS-1", "scale", "2"])
        XCTAssertTrue(set.succeeded, "swaymsg output scale: \(set)")
        defer { _ = rig.run(["swaymsg", "output", "HEADLESS-1", "scale", "1"]) }
        _ = try startDaemon()
        _ = try rig.notifySend(["-t", "0", "Sharp edges", "The quick brown fox jumps over the lazy dog"])
        let shot = try settledScreenshot(within: 5) { Self.toastBox($0) != nil }
        let box = try XCTUnwrap(Self.toastBox(shot), "no toast on the scale-2 output")
        note("toast box \(box) in a \(shot.width)x\(shot.height) capture")
        XCTAssertGreaterThanOrEqual(box.width, 700, "toast should be 360 pt = 720 px wide at scale 2")
        let sharp = try XCTUnwrap(Self.sharpness(shot))
        note("sharpness: daemon at scale 2 \(sharp)")
        print("HiDPI sharpness: daemon@2 \(sharp), golden@2x \(goldenSharpness), upscaled@1x \(upscaledSharpness)")
        XCTAssertGreaterThanOrEqual(sharp, goldenSharpness * 0.9,
                                    "text at scale 2 (\(sharp)) is blurrier than the scale-2 golden (\(goldenSharpness)); "
                                    + "upscaled scale-1 text measures \(upscaledSharpness)")
    }

    /// The toast: the bounding box of its background colour.
    static func toastBox(_ shot: Screenshot) -> PixelRect? {
        guard let box = shot.whole.boundingBox(where: { $0.isClose(to: background, tolerance: 2) }),
              box.width > 100, box.height > 40 else { return nil }
        return box
    }

    static func sharpness(_ shot: Screenshot) -> Double? {
        guard let box = toastBox(shot) else { return nil }
        let inner = box.insetBy(box.width / 40)  // skip border and corners
        func luma(_ p: RGBA) -> Double { (0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)) / 255 }
        var steps: [Double] = []
        for y in inner.y..<(inner.maxY - 1) {
            for x in inner.x..<(inner.maxX - 1) {
                let here = luma(shot.pixel(x, y))
                for d in [abs(luma(shot.pixel(x + 1, y)) - here), abs(luma(shot.pixel(x, y + 1)) - here)] where d > 8.0 / 255 {
                    steps.append(d)
                }
            }
        }
        guard steps.count >= 50 else { return nil }
        let top = steps.sorted(by: >).prefix(max(1, steps.count / 10))
        return top.reduce(0, +) / Double(top.count)
    }

    /// The scale-1 golden scaled ×2 with bilinear filtering, as a compositor would show it.
    static func upscaled(_ path: String) throws -> Screenshot {
        let source = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(source) }
        let w = cairo_image_surface_get_width(source), h = cairo_image_surface_get_height(source)
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2 * w, 2 * h)!
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)!
        cairo_scale(cr, 2, 2)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint(cr)
        cairo_destroy(cr)
        let out = NSTemporaryDirectory() + "overlay-wl-upscaled-\(getpid()).png"
        cairo_surface_write_to_png(target, out)
        defer { try? FileManager.default.removeItem(atPath: out) }
        return try Screenshot(contentsOf: out, label: "golden-upscaled")
    }
}
