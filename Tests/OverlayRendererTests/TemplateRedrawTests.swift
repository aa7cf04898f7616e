import XCTest
@testable import OverlayRenderer
import OverlayEngine

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
