import CCairo
import Foundation
@testable import OverlayRenderer

/// Shared content for the measure/draw tests.
enum Fixtures {
    static let style = ToastStyle()

    static let simple = ToastContent(summary: "Hello world", body: "The quick brown fox jumps over the lazy dog",
                                     appName: "tests")

    /// `count` explicit lines ("line 1\nline 2…").
    static func lines(_ count: Int) -> String {
        (1...count).map { "line \($0)" }.joined(separator: "\n")
    }

    /// About 1 MB of wrapping words with markup and stray `&`/`<`.
    static let hugeBody: String = {
        let chunk = "Lorem <b>ipsum</b> dolor & sit <i>amet</i>, consectetur < adipiscing elit. "
        return String(repeating: chunk, count: (1 << 20) / chunk.utf8.count + 1)
    }()
}

extension Fixtures {
    /// An icon theme (hicolor, 24 px actions) in a new folder under `temp` holding a green square
    /// under each of `names`; returns the theme.
    static func iconTheme(in temp: String, names: [String]) throws -> IconTheme {
        let dir = "\(temp)/icons/hicolor/24x24/actions"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "[Icon Theme]\nName=Hicolor\nDirectories=24x24/actions\n\n[24x24/actions]\nSize=24\nType=Threshold\n"
            .write(toFile: "\(temp)/icons/hicolor/index.theme", atomically: true, encoding: .utf8)
        let canvas = Canvas(pixelWidth: 24, pixelHeight: 24, scale: 1)
        let cr = canvas.context
        cairo_set_source_rgb(cr, 0x10 / 255.0, 0xC0 / 255.0, 0x40 / 255.0)
        cairo_paint(cr)
        for name in names { try canvas.writePNG(to: "\(dir)/\(name).png") }
        return IconTheme(name: "hicolor", searchPaths: ["\(temp)/icons"])
    }

    /// `width` × `height` points of 4-point black and white vertical stripes (a blur turns them
    /// into one grey).
    static func striped(width: Double, height: Double, scale: Double = 1) -> Canvas {
        let canvas = Canvas(pixelWidth: Int(width * scale), pixelHeight: Int(height * scale), scale: scale)
        let cr = canvas.context
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        for x in stride(from: 0, to: width, by: 8) { cairo_rectangle(cr, x, 0, 4, height) }
        cairo_fill(cr)
        return canvas
    }
}
