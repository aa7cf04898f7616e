import OverlayEngine
@testable import WaylandPresenter
import XCTest

/// A tree updated in place whose parts with an id moved: they are drawn part of the way along
/// the view's animation, the view keeps room for the larger of its two sizes while it moves, and
/// the new size once it is done.
final class LayoutMotionTests: XCTestCase {
    final class Clock { var now = 10.0 }

    private func card(wide: Bool) -> ViewNode {
        VStack(alignment: .leading, spacing: 0) {
            Text("Card").id("title")
            ProgressBar(value: 0.5).frame(width: wide ? 300 : 100).id("level")
        }
    }

    func testPartsWithAnIdMoveAndTheViewKeepsRoomUntilDone() throws {
        let clock = Clock()
        let presenter = OverlayPresenter(display: nil, clock: { clock.now })
        var container = ContainerConfiguration(name: "panel", displayType: .vertical, queueType: .multiple)
        container.defaults.animation = OverlayEngine.Animation.linear(duration: 1)
        try presenter.register(container, placement: SurfacePlacement())
        let id = try presenter.show(card(wide: true), in: "panel", animated: false)
        _ = try presenter.update()
        let wide = try XCTUnwrap(presenter.manager.size(of: id))
        XCTAssertTrue(presenter.update(id, to: card(wide: false)))
        XCTAssertNotNil(presenter.trees.animations[id], "the bar's frame changes: it moves")
        XCTAssertEqual(presenter.manager.size(of: id), wide, "room for the wider tree while it shrinks")

        clock.now += 0.5 - TreeMove.lead  // half way along the curve: the move's frames run `lead` ahead
        guard case .tree(let tree)? = presenter.views[id] else { return XCTFail("no tree") }
        let shown = presenter.treeShown(tree, of: id, now: clock.now)
        let bar = try XCTUnwrap(shown.layout.placed.first { $0.id == "level" })
        XCTAssertEqual(bar.frame.width, 200, accuracy: 1e-6, "300 to 100, half way")

        clock.now += 0.6
        _ = try presenter.update()
        XCTAssertNil(presenter.trees.animations[id], "done")
        XCTAssertEqual(presenter.manager.size(of: id), tree.size, "the new size once it is done")
        XCTAssertLessThan(tree.size.width, wide.width)
    }
}
