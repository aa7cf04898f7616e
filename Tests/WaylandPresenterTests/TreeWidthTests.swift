import OverlayEngine
@testable import WaylandPresenter
import XCTest

/// A view tree is laid out at its ideal size unless that is wider than its container leaves a
/// view: then it is offered that width, so a long text wraps instead of running off the surface.
final class TreeWidthTests: XCTestCase {
    func testATreeWiderThanItsContainerIsOfferedTheContainersWidth() throws {
        let presenter = OverlayPresenter(display: nil, clock: { 1 })
        var container = ContainerConfiguration(name: "panel", displayType: .stacking, queueType: .multiple)
        container.insets = EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        var placement = SurfacePlacement()
        placement.width = 300
        try presenter.register(container, placement: placement)

        let words = Array(repeating: "word", count: 300).joined(separator: " ")
        let long = try presenter.show(Text(words), in: "panel", animated: false)
        guard case .tree(let wrapped)? = presenter.views[long] else { return XCTFail("no tree") }
        XCTAssertLessThanOrEqual(wrapped.size.width, 280, "300 wide less 10 + 10 of insets")
        XCTAssertGreaterThan(wrapped.size.width, 200, "the lines fill most of the width")
        let line = presenter.trees.layouts.layout(Text("word")).size.height
        XCTAssertGreaterThan(wrapped.size.height, 10 * line, "300 words wrap into many lines")
        XCTAssertEqual(presenter.manager.size(of: long), wrapped.size)

        let short = try presenter.show(Text("Short"), in: "panel", animated: false)
        guard case .tree(let ideal)? = presenter.views[short] else { return XCTFail("no tree") }
        XCTAssertEqual(ideal.size, presenter.trees.layouts.layout(Text("Short")).size, "a tree that fits keeps its ideal size")

        XCTAssertTrue(presenter.update(short, to: Text(words), animated: false))
        guard case .tree(let updated)? = presenter.views[short] else { return XCTFail("no tree") }
        XCTAssertEqual(updated.size, wrapped.size, "an update is offered the same width")
    }
}
