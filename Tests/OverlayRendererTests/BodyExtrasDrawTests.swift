import OverlayEngine
import CCairo
import Foundation
import XCTest
@testable import OverlayRenderer

/// Links, inline body images and action icons, drawn on owned canvases and checked by pixel.
final class BodyExtrasDrawTests: XCTestCase {
    let renderer = DefaultToast()
    let style = ToastStyle.standard
    var temp: String!
    var errors: [ImageLoadError] = []

    override func setUpWithError() throws {
        temp = NSTemporaryDirectory() + "overlay-wl-body-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        renderer.onImageError = { [unowned self] in self.errors.append($0) }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: temp) }

    /// A solid-colour PNG of `width`×`height` pixels.
    func png(_ name: String, width: Int, height: Int, color: Color) -> String {
        let path = "\(temp!)/\(name)"
        let canvas = Canvas(pixelWidth: width, pixelHeight: height, scale: 1)
        Paths.fill(canvas.context, Rect(x: 0, y: 0, width: Double(width), height: Double(height)), radius: 0, color: color)
        XCTAssertNoThrow(try canvas.writePNG(to: path))
        return path
    }

    func render(_ content: ToastContent, scale: Double = 1) -> Canvas {
        let height = renderer.measure(content, style: style).height
        let canvas = Canvas(pixelWidth: Int(style.width * scale), pixelHeight: Int(height * scale), scale: scale)
        renderer.draw(content, style: style, on: canvas, x: 0, y: 0)
        return canvas
    }

    func count(_ canvas: Canvas, in f: Rect, scale: Double = 1, where match: (Color) -> Bool) -> Int {
        var n = 0
        for y in Int(f.y * scale)..<Int(f.maxY * scale) {
            for x in Int(f.x * scale)..<Int(f.maxX * scale) {
                let p = canvas.pixel(x: x, y: y)
                if match(Color(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255)) { n += 1 }
            }
        }
        return n
    }

    static func near(_ a: Color, _ b: Color, _ tolerance: Double = 3 / 255) -> Bool {
        abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
    }

    /// The link's frames cover its text (drawn in the link colour), on the second line of the
    /// body here; text outside links is never in the link colour.
    func testLinkFramesCoverTextDrawnInTheLinkColour() {
        let content = ToastContent(summary: "S", body: "plain words\nsee <a href=\"https://example.org\">the link</a>")
        let frames = renderer.linkFrames(content, style: style)
        XCTAssertFalse(frames.isEmpty)
        XCTAssertEqual(Set(frames.map(\.href)), ["https://example.org"])
        let size = renderer.measure(content, style: style)
        for scale in [1.0, 2.0] {
            let canvas = render(content, scale: scale)
            for (_, f) in frames {
                XCTAssertGreaterThanOrEqual(f.x, style.contentInset)
                XCTAssertLessThanOrEqual(f.maxY, size.height)
                XCTAssertGreaterThan(count(canvas, in: f, scale: scale) { Self.near($0, self.style.linkColor, 8 / 255) }, 10,
                                     "link-coloured pixels in \(f) at scale \(scale)")
            }
            let line = frames[0].frame
            let body = Rect(x: style.contentInset, y: line.y - line.height, width: 300, height: line.height)  // line 1
            XCTAssertEqual(count(canvas, in: body, scale: scale) { Self.near($0, self.style.linkColor, 8 / 255) }, 0,
                           "no link colour outside links")
        }
    }

    /// A 40×30 red PNG sits inline at its size; a 1000×1000 one is scaled to the height limit.
    func testBodyImageIsDrawnInlineAndMeasured() {
        let red = Color(hex: 0xE01010)
        let small = png("small.png", width: 40, height: 30, color: red)
        let withImage = ToastContent(summary: "S", body: "before <img src=\"file://\(small)\" alt=\"ALT\"/> after")
        let textOnly = ToastContent(summary: "S", body: "before ALT after")
        XCTAssertGreaterThan(renderer.measure(withImage, style: style).height, renderer.measure(textOnly, style: style).height,
                             "the 30 pt image makes the line taller")
        for scale in [1.0, 2.0] {
            let canvas = render(withImage, scale: scale)
            let toast = Rect(x: 0, y: 0, width: style.width, height: renderer.measure(withImage, style: style).height)
            // At scale 2 the 40×30 px file is enlarged (filtered): its outermost device pixels blend.
            let red = count(canvas, in: toast, scale: scale) { Self.near($0, red) }
            let w = Int(40 * scale), h = Int(30 * scale), edge = scale > 1 ? 2 : 0
            XCTAssertTrue((w - edge) * (h - edge)...(w * h) ~= red, "the image's area is red at scale \(scale): \(red) px")
        }
        let big = png("big.png", width: 1000, height: 1000, color: red)
        let huge = ToastContent(summary: "S", body: "<img src=\"\(big)\"/>")
        let canvas = render(huge)
        let toast = Rect(x: 0, y: 0, width: style.width, height: renderer.measure(huge, style: style).height)
        let side = Int(style.bodyImageMaxHeight)
        XCTAssertEqual(count(canvas, in: toast) { Self.near($0, red) }, side * side, "scaled down to \(side) pt")
        XCTAssertEqual(errors, [])
    }

    func testMissingOrCorruptImageShowsItsAltText() {
        let corrupt = "\(temp!)/corrupt.png"
        FileManager.default.createFile(atPath: corrupt, contents: Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]))
        for src in ["/no/such.png", corrupt, "https://remote/x.png", temp!] {
            let content = ToastContent(summary: "S", body: "<img src=\"\(src)\" alt=\"WWWWW\"/>")
            XCTAssertEqual(renderer.measure(content, style: style).height,
                           renderer.measure(ToastContent(summary: "S", body: "WWWWW"), style: style).height, src)
        }
        XCTAssertEqual(errors.count, 4, "each failure is reported: \(errors)")
    }

    /// With `action-icons`, a themed icon found for the key is drawn in its button instead of
    /// the label; a key with no icon keeps its label.
    func testActionIconsReplaceLabelsWhenFound() throws {
        let green = Color(hex: 0x10C040)
        let dir = "\(temp!)/icons/hicolor/24x24/actions"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "[Icon Theme]\nName=Hicolor\nDirectories=24x24/actions\n\n[24x24/actions]\nSize=24\nType=Threshold\n"
            .write(toFile: "\(temp!)/icons/hicolor/index.theme", atomically: true, encoding: .utf8)
        _ = png("icons/hicolor/24x24/actions/test-reply.png", width: 24, height: 24, color: green)
        renderer.iconTheme = IconTheme(name: "hicolor", searchPaths: ["\(temp!)/icons"])
        let content = ToastContent(summary: "S", actions: [("test-reply", "Reply"), ("no-such-icon", "Other")], actionIcons: true)
        let frames = renderer.actionFrames(content, style: style)
        XCTAssertEqual(frames.count, 2)
        let canvas = render(content)
        let inIcon = count(canvas, in: frames[0].frame) { Self.near($0, green) }
        XCTAssertEqual(inIcon, Int(style.actions.iconSize * style.actions.iconSize), "the icon fills 20×20 pt of the button")
        XCTAssertEqual(count(canvas, in: frames[1].frame) { Self.near($0, green) }, 0)
        XCTAssertGreaterThan(count(canvas, in: frames[1].frame) { Self.near($0, self.style.actions.textColor, 40 / 255) }, 5,
                             "the label is drawn for a missing icon")
        XCTAssertEqual(errors, [.themedIconMissing("no-such-icon")])
        // Without the hint, keys are not icon names.
        let plain = render(ToastContent(summary: "S", actions: [("test-reply", "Reply")]))
        XCTAssertEqual(count(plain, in: renderer.actionFrames(ToastContent(summary: "S", actions: [("test-reply", "Reply")]),
                                                               style: style)[0].frame) { Self.near($0, green) }, 0)
    }

    /// Hostile bodies: images past the line limit, images without src, unterminated and nested
    /// links, thousands of links; all measure and draw, and no frame lies outside the toast.
    func testHostileBodiesStayInsideTheToast() {
        let red = png("r.png", width: 10, height: 10, color: Color(hex: 0xE01010))
        let bodies = [
            TestLines.many(20) + "<img src=\"\(red)\" alt=\"late\"/>",
            String(repeating: "<img src=\"\(red)\"/>", count: 40),
            "<img><img src=''/><a href='https://x'><a href='https://y'>nested <img src=\"\(red)\"/>",
            String(repeating: "<a href='https://e/'>link</a> ", count: 3000),
        ]
        for body in bodies {
            let content = ToastContent(summary: "S", body: body)
            let size = renderer.measure(content, style: style)
            XCTAssertLessThan(size.height, 400)
            for (_, f) in renderer.linkFrames(content, style: style) {
                XCTAssertTrue(f.x >= 0 && f.maxX <= size.width + 0.5 && f.y >= 0 && f.maxY <= size.height, "\(f)")
            }
            _ = render(content, scale: 2)
        }
    }
}

private enum TestLines {
    static func many(_ n: Int) -> String { (1...n).map { "line \($0)" }.joined(separator: "\n") }
}
