import Foundation
import XCTest
@testable import OverlayRenderer
import OverlayEngine

/// `action-icons` through the `default` template: an action whose key names a themed icon shows
/// the icon instead of its label, one without keeps its label, as the toast painter draws them.
final class TemplateActionIconTests: XCTestCase {
    var temp: String!

    override func setUpWithError() throws {
        temp = NSTemporaryDirectory() + "overlay-wl-action-icons-\(getpid())-\(UUID().uuidString)"
        let dir = "\(temp!)/icons/hicolor/24x24/actions"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "[Icon Theme]\nName=Hicolor\nDirectories=24x24/actions\n\n[24x24/actions]\nSize=24\nType=Threshold\n"
            .write(toFile: "\(temp!)/icons/hicolor/index.theme", atomically: true, encoding: .utf8)
        let canvas = Canvas(pixelWidth: 24, pixelHeight: 24, scale: 1)
        canvas.fill(Self.green)
        try canvas.writePNG(to: "\(dir)/test-reply.png")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: temp) }

    static let green = Color(hex: 0x10C040)

    func testActionIconsReplaceLabelsAsInTheToast() throws {
        let theme = IconTheme(name: "hicolor", searchPaths: ["\(temp!)/icons"])
        let content = ToastContent(summary: "S", actions: [("test-reply", "Reply"), ("no-such-icon", "Other")], actionIcons: true)
        let style = ToastStyle.standard
        let toast = ToastRenderer()
        toast.iconTheme = theme
        let trees = ViewTreeRenderer()
        trees.iconTheme = theme
        let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style)
        // The first button holds the icon and no text; the second its label.
        let images = laidOut.layout.placed.filter { if case .node(.image(let i)) = $0.part { i.source == .icon("test-reply") } else { false } }
        XCTAssertEqual(images.map(\.frame.size), [Size(width: 20, height: 20)])
        let labels = laidOut.layout.placed.compactMap { part -> String? in
            if case .node(.text(let t)) = part.part, t.lineLimit == 1 { return t.markup }
            return nil
        }
        XCTAssertEqual(labels, ["Other"])
        XCTAssertEqual(laidOut.size.height, toast.measure(content, style: style).height)
        for scale in [1.0, 2.0] {
            let (painted, _, differing) = TemplateGoldenTests.compareWithToast(content, style: style, toast: toast, trees: trees,
                                                                               laidOut: laidOut, height: 120, scale: scale)
            XCTAssertLessThanOrEqual(Double(differing), Double(painted.pixelWidth * painted.pixelHeight) * TemplateGoldenTests.toastOutlierFraction,
                                     "@\(scale)x: \(differing) pixels differ")
        }
    }

    /// Without the hint, keys are not icon names: every button shows its label.
    func testWithoutTheHintLabelsShow() throws {
        let trees = ViewTreeRenderer()
        trees.iconTheme = IconTheme(name: "hicolor", searchPaths: ["\(temp!)/icons"])
        let content = ToastContent(summary: "S", actions: [("test-reply", "Reply")])
        let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: .standard)
        XCTAssertFalse(laidOut.layout.placed.contains { if case .node(.image) = $0.part { true } else { false } })
        XCTAssertTrue(laidOut.layout.placed.contains { if case .node(.text(let t)) = $0.part { t.markup == "Reply" } else { false } })
    }
}

/// A templated toast redrawn without a change lays out no text again, even after the shared
/// text cache was emptied by other views (a flood); a changed toast is laid out anew.
final class TemplateRedrawTests: XCTestCase {
    func testRedrawingAnUnchangedToastLaysOutNoText() throws {
        let trees = ViewTreeRenderer()
        let content = ToastContent(summary: "Build done", body: "All <b>green</b>, see <a href=\"https://e.org\">the log</a>",
                                   actions: [("a", "Open")])
        let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: .standard)
        let canvas = Canvas(pixelWidth: 360, pixelHeight: 200, scale: 1)
        trees.draw(laidOut, on: canvas)
        let first = trees.textsLaidOut
        XCTAssertGreaterThanOrEqual(first, 3, "summary, body and a label")
        // Other views fill the shared cache past its capacity: it is emptied.
        for i in 0..<(ViewTreeRenderer.textCapacity + 8) {
            trees.draw(trees.layout(ViewNode(.text(TextContent("Other view \(i)")))), on: canvas)
        }
        let afterOthers = trees.textsLaidOut
        for _ in 0..<3 { trees.draw(laidOut, on: canvas, opacity: 0.5) }
        XCTAssertEqual(trees.textsLaidOut, afterOthers, "the unchanged toast's texts are its own")
        var changed = content
        changed.summary = "Build failed"
        let relaid = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: changed), style: .standard)
        trees.draw(relaid, on: canvas)
        XCTAssertGreaterThan(trees.textsLaidOut, afterOthers, "a changed toast is a new tree, laid out anew")
    }
}
