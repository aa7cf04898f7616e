import OverlayEngine
import OverlayRenderer
@testable import WaylandPresenter
import XCTest

/// A view shown again under its id in another container (a tip following its window to another
/// output's container) keeps what it shows: the engine reports it removed from the old
/// container, and that must not drop the content the new container draws.
final class ContainerMoveTests: XCTestCase {
    func testATipMovedToAnotherContainerKeepsItsContent() throws {
        let presenter = OverlayPresenter(display: nil, clock: { 10 })
        for name in ["tips@A", "tips@B"] {
            try presenter.register(ContainerConfiguration(name: name, displayType: .stacking, queueType: .multiple),
                                   placement: SurfacePlacement())
        }
        let style = CalloutStyle()
        let area = Rect(x: 0, y: 0, width: 800, height: 600)
        let callout = CalloutContent(title: "Follows", body: "its window")
        let size = Size(width: 160, height: 60)
        let onA = TipPlacer.place(.rect(Rect(x: 100, y: 200, width: 200, height: 100)), size: size, in: area)
        let id = try presenter.showTip(callout, style: style, placement: onA, in: "tips@A", animated: false)
        _ = try presenter.update()
        let onAFrame = try XCTUnwrap(presenter.paintedView(id, in: "tips@A")).tree.size
        XCTAssertEqual(onAFrame, onA.frame.size)

        let onB = TipPlacer.place(.rect(area), size: size, in: area)
        XCTAssertEqual(try presenter.showTip(callout, style: style, placement: onB, id: id, in: "tips@B", animated: false), id)
        _ = try presenter.update()
        XCTAssertEqual(presenter.manager.containerName(of: id), "tips@B")
        XCTAssertEqual(presenter.manager.showing(in: "tips@A"), [])
        let painted = try XCTUnwrap(presenter.paintedView(id, in: "tips@B"), "the moved tip lost its content").tree
        XCTAssertTrue(painted.layout.placed.contains { $0.part == .node(.text(TextContent("Follows", font: style.titleFont, color: style.titleColor,
                                                                                           lineLimit: style.titleMaxLines))) })
        XCTAssertEqual(painted.size, onB.frame.size, "drawn at its new placement")
        XCTAssertEqual(painted.layout.arrows.first?.value.side, onB.side)

        // Dismissed for good, its content goes.
        presenter.dismiss(id, animated: false)
        _ = try presenter.update()
        XCTAssertNil(presenter.content(of: id))
    }
}
