import CCairo
import Foundation
@testable import OverlayRenderer
import OverlayEngine

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
    /// `item` drawn as `view` by a painter that keeps no card images, on a canvas the size of
    /// `container` filled with `backdrop` (clear without one).
    static func painted(_ view: PaintedView, _ item: RenderItem, in container: Rect, deviceScale: Double, backdrop: Color?) -> Canvas {
        let canvas = Canvas(pixelWidth: Int(container.width * deviceScale), pixelHeight: Int(container.height * deviceScale),
                            scale: deviceScale)
        if let backdrop { canvas.fill(backdrop) }
        let painter = RenderListPainter()
        painter.reusesCardImages = false
        painter.paint(RenderList(items: [item], isAnimating: true), container: container, on: canvas) { _ in view }
        canvas.flush()
        return canvas
    }

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

extension Fixtures {
    /// `content` drawn through the `default` template in `style`, as the painter gets a toast.
    static func toast(_ content: ToastContent, style: ToastStyle = Fixtures.style, configuration: ResolvedViewConfiguration? = nil,
                      trees: ViewTreeRenderer = ViewTreeRenderer()) -> PaintedView {
        let tree = try! trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style)
        return PaintedView(tree: tree, configuration: configuration, shadow: style.shadow)
    }
}

/// Toasts drawn through the `default` template, queried as the tests need: sizes, the frames
/// of buttons, the close button, links and the reply row (toast coordinates), and drawing.
final class DefaultToast {
    let trees = ViewTreeRenderer()
    var iconTheme: IconTheme {
        get { trees.iconTheme }
        set { trees.iconTheme = newValue }
    }
    var blurSource: BlurSource {
        get { trees.blurSource }
        set { trees.blurSource = newValue }
    }
    var onImageError: (ImageLoadError) -> Void {
        get { trees.onImageError }
        set { trees.onImageError = newValue }
    }

    func laidOut(_ content: ToastContent, style: ToastStyle = Fixtures.style) -> LaidOutView {
        try! trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style)
    }

    func measure(_ content: ToastContent, style: ToastStyle = Fixtures.style) -> Size { laidOut(content, style: style).size }

    /// The action buttons (not the close or the submit button), left to right as drawn.
    func actionFrames(_ content: ToastContent, style: ToastStyle = Fixtures.style) -> [(key: String, frame: Rect)] {
        laidOut(content, style: style).layout.placed.compactMap { part in
            guard case .node(.button(let key, _)) = part.part, key != ViewAction.close, key != TemplateReply.action else { return nil }
            return (key, part.frame)
        }
    }

    func closeButtonFrame(_ content: ToastContent, style: ToastStyle = Fixtures.style) -> Rect? {
        laidOut(content, style: style).layout.placed.first { $0.part == .node(.button(action: ViewAction.close, style: .plain)) }?.frame
    }

    func replyFrames(_ content: ToastContent, style: ToastStyle = Fixtures.style) -> (field: Rect, submit: Rect)? {
        let placed = laidOut(content, style: style).layout.placed
        guard let field = placed.first(where: { if case .node(.textField) = $0.part { true } else { false } }),
              let submit = placed.first(where: { $0.part == .node(.button(action: TemplateReply.action, style: .plain)) }) else { return nil }
        return (field.frame, submit.frame)
    }

    func linkFrames(_ content: ToastContent, style: ToastStyle = Fixtures.style) -> [(href: String, frame: Rect)] {
        trees.links(in: laidOut(content, style: style))
    }

    /// True when the toast is drawn mirrored (its summary reads right to left).
    func isRightToLeft(_ content: ToastContent, style: ToastStyle = Fixtures.style) -> Bool { trees.readsRightToLeft(content.summary) }

    /// Where a click at `x` in the reply field puts the caret.
    func replyCaret(_ content: ToastContent, style: ToastStyle = Fixtures.style, atX x: Double) -> Int? {
        trees.fieldCaret(in: laidOut(content, style: style), submitting: TemplateReply.action, atX: x)
    }

    func draw(_ content: ToastContent, style: ToastStyle = Fixtures.style, on canvas: Canvas, x: Double, y: Double,
              opacity: Double = 1, scale: Double = 1, scaleAnchor: (x: Double, y: Double) = (0.5, 0.5)) {
        trees.draw(laidOut(content, style: style), on: canvas, at: Point(x: x, y: y), opacity: opacity, scale: scale,
                   anchor: Point(x: scaleAnchor.x, y: scaleAnchor.y), shadow: style.shadow)
    }
}
