import Foundation
import XCTest
import CCairo
@testable import OverlayRenderer
import OverlayScene

/// Compares rendered canvases with committed PNGs under `Golden/`.
///
/// Tolerance: a pixel matches when each of its four (premultiplied) channels is within
/// `channelTolerance` (2/255) of the golden's; an image matches when at most `outlierFraction`
/// (0.1 %) of its pixels do not, which absorbs glyph-antialiasing differences between FreeType
/// builds while any real change (a moved edge, a wrong colour, a missing icon) fails.
///
/// On failure the actual image, the golden and a diff (red where pixels differ, the golden
/// faded elsewhere) are kept in `.build/test-failures/golden/<name>/` and the path is printed.
/// `OVERLAY_UPDATE_GOLDENS=1` rewrites the goldens from the current rendering instead.
enum GoldenImage {
    static let channelTolerance = 2
    static let outlierFraction = 0.001

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
    static var updating: Bool { ProcessInfo.processInfo.environment["OVERLAY_UPDATE_GOLDENS"] == "1" }

    /// Renders `scene` (in Golden/scenes) at `time` and `scale` and compares with Golden/`name`.png.
    static func check(scene: String, time: Double, scale: Double = 1, name: String,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let renderer = try SceneRenderer(path: "\(directory)/scenes/\(scene).json")
        let canvas = try renderer.render(at: time, scale: scale)
        try compare(canvas, name: name, file: file, line: line)
    }

    /// `channelTolerance` and `outlierFraction` default to the ones above; `updatable` false
    /// compares even under OVERLAY_UPDATE_GOLDENS (another path checked against a golden it does
    /// not own).
    static func compare(_ canvas: Canvas, name: String, channelTolerance: Int = GoldenImage.channelTolerance,
                        outlierFraction: Double = GoldenImage.outlierFraction, updatable: Bool = true, keptAs: String? = nil,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let goldenPath = "\(directory)/\(name).png"
        if updating && updatable {
            try canvas.writePNG(to: goldenPath)
            print("golden updated: \(goldenPath)")
            return
        }
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            XCTFail("no golden \(goldenPath); run with OVERLAY_UPDATE_GOLDENS=1 to create it", file: file, line: line)
            return
        }
        let golden = cairo_image_surface_create_from_png(goldenPath)!
        defer { cairo_surface_destroy(golden) }
        canvas.flush()
        let gw = Int(cairo_image_surface_get_width(golden)), gh = Int(cairo_image_surface_get_height(golden))
        guard gw == canvas.pixelWidth, gh == canvas.pixelHeight else {
            keep(canvas, golden: golden, diff: nil, name: keptAs ?? name)
            XCTFail("\(name): size \(canvas.pixelWidth)×\(canvas.pixelHeight), golden \(gw)×\(gh); kept in \(failureDirectory(name))",
                    file: file, line: line)
            return
        }
        let diff = Canvas(pixelWidth: gw, pixelHeight: gh, scale: 1)
        let gStride = Int(cairo_image_surface_get_stride(golden))
        let gData = UnsafeRawPointer(cairo_image_surface_get_data(golden)!)
        let aData = UnsafeRawPointer(cairo_image_surface_get_data(canvas.surface)!)
        let dData = UnsafeMutableRawPointer(cairo_image_surface_get_data(diff.surface)!)
        var outliers = 0, worst = 0
        for y in 0..<gh {
            for x in 0..<gw {
                let g = gData.load(fromByteOffset: y * gStride + 4 * x, as: UInt32.self)
                let a = aData.load(fromByteOffset: y * canvas.stride + 4 * x, as: UInt32.self)
                var d = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    d = max(d, abs(Int((g >> UInt32(shift)) & 0xFF) - Int((a >> UInt32(shift)) & 0xFF)))
                }
                worst = max(worst, d)
                let faded = 0xFF00_0000 | ((g >> 2) & 0x3F3F3F) + 0x404040
                if d > channelTolerance { outliers += 1 }
                dData.storeBytes(of: d > channelTolerance ? 0xFFFF_0000 : faded, toByteOffset: y * diff.stride + 4 * x, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(diff.surface)
        let allowed = Int(Double(gw * gh) * outlierFraction)
        lastOutliers = (outliers, worst, gw * gh)
        if outliers > allowed {
            keep(canvas, golden: golden, diff: diff, name: keptAs ?? name)
            XCTFail("\(name): \(outliers) pixels differ by more than \(channelTolerance)/255 (allowed \(allowed)); "
                    + "largest difference \(worst)/255; actual, golden and diff kept in \(failureDirectory(name))",
                    file: file, line: line)
        }
    }

    /// The last comparison's differing pixels, largest difference and pixel count (to state tolerances).
    nonisolated(unsafe) static var lastOutliers = (count: 0, worst: 0, pixels: 0)

    /// Outside the test target, so SwiftPM does not see the kept files as unhandled resources.
    static func failureDirectory(_ name: String) -> String {
        URL(fileURLWithPath: directory).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/test-failures/golden/\(name)").path
    }

    private static func keep(_ canvas: Canvas, golden: OpaquePointer, diff: Canvas?, name: String) {
        let dir = failureDirectory(name)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? canvas.writePNG(to: "\(dir)/actual.png")
        cairo_surface_write_to_png(golden, "\(dir)/golden.png")
        try? diff?.writePNG(to: "\(dir)/diff.png")
        print("golden mismatch kept in \(dir)")
    }
}
