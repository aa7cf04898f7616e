import OverlayEngine
@testable import WaylandPresenter
import XCTest

/// An OSD's next level: its bar moves to the new value along the view's animation, or jumps
/// there under reduced motion.
final class ReducedMotionValueTests: XCTestCase {
    private func volume(_ value: Double) -> ViewNode {
        VStack(alignment: .leading) { Text("Volume"); ProgressBar(value: value, total: 1).frame(width: 100) }
    }

    private func presenter(_ motion: MotionPolicy) throws -> (OverlayPresenter, ViewID) {
        let presenter = OverlayPresenter(display: nil, clock: { 10 })
        try presenter.register(ContainerConfiguration(name: "osd", displayType: .stacking, queueType: .oneByOne),
                               placement: SurfacePlacement())
        presenter.setMotion(motion)
        let id = try presenter.show(volume(0.2), in: "osd", animated: false)
        _ = try presenter.update()
        XCTAssertTrue(presenter.update(id, to: volume(0.8)))
        return (presenter, id)
    }

    func testTheBarMovesToItsNewValue() throws {
        let (presenter, id) = try presenter(.full)
        XCTAssertNotNil(presenter.trees.animations[id], "full motion animates the bar from 0.2 to 0.8")
    }

    func testUnderReducedMotionTheBarJumps() throws {
        let (presenter, id) = try presenter(.reduced)
        XCTAssertNil(presenter.trees.animations[id], "reduced motion draws the new value at once")
    }
}
