import OverlayEngine
import Testing
@testable import WaylandPresenter

/// A view tree moving to a new value repaints itself in the passes of its move, without making
/// them engine passes: the engine did not change, so the pass does not settle it again or look
/// at the other containers (`revision` is the engine's). The end of the move is one only when
/// the view's size is set back (the room it kept for the larger of its two trees).
@Suite struct TreeMotionPassTests {
    final class Clock { var now = 10.0 }

    private func level(_ value: Double, label: String = "Volume") -> ViewNode {
        VStack(spacing: 4) {
            Text(label)
            ProgressBar(value: value).frame(width: 200).id("level")
        }
    }

    private func presenter(_ clock: Clock) throws -> OverlayPresenter {
        let presenter = OverlayPresenter(display: nil, clock: { clock.now })
        var osd = ContainerConfiguration(name: "osd", displayType: .vertical, queueType: .multiple)
        osd.defaults.animation = OverlayEngine.Animation.linear(duration: 1)
        try presenter.register(osd, placement: SurfacePlacement())
        try presenter.register(ContainerConfiguration(name: "other", displayType: .vertical, queueType: .multiple),
                               placement: SurfacePlacement())
        return presenter
    }

    @Test func aMoveRepaintsTheTreeWithoutAnEnginePass() throws {
        let clock = Clock()
        let presenter = try presenter(clock)
        let id = try presenter.show(level(0.2), in: "osd", animated: false)
        _ = try presenter.update()
        #expect(presenter.update(id, to: level(0.6)))
        #expect(presenter.trees.animations[id] != nil, "the bar moves to its new value")
        _ = try presenter.update()

        clock.now += 0.3
        let engine = presenter.revision, repaints = presenter.trees.revision(of: id)
        _ = try presenter.update()
        #expect(presenter.trees.revision(of: id) == repaints + 1, "the moving view repaints")
        #expect(presenter.revision == engine, "no engine pass for a frame of the move")

        clock.now += 0.3
        _ = try presenter.update()
        #expect(presenter.trees.revision(of: id) == repaints + 2)
        #expect(presenter.revision == engine)

        clock.now += 0.5
        _ = try presenter.update()
        #expect(presenter.trees.animations[id] == nil, "done")
        #expect(presenter.trees.revision(of: id) == repaints + 3, "the end repaints")
        #expect(presenter.revision == engine, "the view's size did not change: no engine pass at the end either")
    }

    @Test func theEndOfAMoveThatKeptRoomIsAnEnginePass() throws {
        let clock = Clock()
        let presenter = try presenter(clock)
        let id = try presenter.show(level(0.2, label: "A long label for the volume"), in: "osd", animated: false)
        _ = try presenter.update()
        let wide = try #require(presenter.inspectingEngine { $0.size(of: id) })
        #expect(presenter.update(id, to: level(0.6, label: "Vol")))
        #expect(presenter.inspectingEngine { $0.size(of: id) } == wide, "the room of the wider tree is kept while it moves")
        _ = try presenter.update()
        clock.now += 0.5
        let engine = presenter.revision
        _ = try presenter.update()
        #expect(presenter.revision == engine, "a frame of the move")

        clock.now += 0.6
        _ = try presenter.update()
        #expect(presenter.trees.animations[id] == nil, "done")
        #expect(presenter.revision != engine, "the end sets the view's size: an engine pass")
        let narrow = try #require(presenter.inspectingEngine { $0.size(of: id) })
        #expect(narrow.width < wide.width, "\(narrow) after \(wide)")
    }
}
