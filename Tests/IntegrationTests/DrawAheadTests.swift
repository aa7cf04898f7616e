import Foundation
import OverlayEngine
@testable import WaylandPresenter
import XCTest

/// A value's move on headless sway, the presenter in this process: each frame held back for the
/// move's pace is drawn in the pass that holds it (while its code is in the caches) and presented
/// when due, not drawn cold then (`ContainerSurface.drawAhead`); one that a new value makes stale
/// is dropped and the next frame drawn whole. Only the presenter's counts show this: the frames
/// on screen are the same either way (`OSDTests` checks those).
final class DrawAheadTests: RigTestCase {
    private func level(_ value: Double) -> ViewNode {
        VStack(spacing: 4) {
            Text("Volume")
            ProgressBar(value: value).frame(width: 200).id("level")
        }
        .padding(12)
    }

    /// A presenter on the rig's sway with an `osd` container whose bars move linearly for `duration` seconds.
    private func presenter(moving duration: Double) throws -> (OverlayPresenter, WaylandDisplay) {
        let socket = try XCTUnwrap(rig.environment["WAYLAND_DISPLAY"])
        let display = try WaylandDisplay(name: socket.hasPrefix("/") ? socket : "\(rig.dir)/rt/\(socket)")
        let presenter = OverlayPresenter(display: display)
        var osd = ContainerConfiguration(name: "osd", displayType: .vertical, queueType: .oneByOne)
        osd.defaults.animation = .linear(duration: duration)
        var placement = SurfacePlacement()
        placement.anchor = [.bottom]
        placement.height = 120
        try presenter.register(osd, placement: placement)
        presenter.attach(display)
        return (presenter, display)
    }

    /// Runs a loop over `display` with the presenter's passes for `seconds`; `pass` runs after
    /// each (true: a pass at once, for what it changed).
    private func run(_ display: WaylandDisplay, _ presenter: OverlayPresenter, for seconds: Double,
                     pass: @escaping () throws -> Bool = { false }) throws {
        let loop = try EventLoop()
        loop.add(display)
        let end = monotonicNow() + seconds
        loop.afterDispatch = { [unowned loop] in
            let next = try presenter.update()
            if monotonicNow() >= end { loop.stop() }
            if try pass() { return monotonicNow() }
            return min(next ?? end, end)
        }
        try loop.run()
    }

    private func osdSurface(_ presenter: OverlayPresenter) throws -> ContainerSurface {
        try XCTUnwrap(presenter.surfaces.first { $0.key.container == "osd" }?.value, "the osd container has a surface")
    }

    func testAMovesFramesAreDrawnAheadAndPresentedWhenDue() throws {
        let (presenter, display) = try presenter(moving: 0.3)
        defer { presenter.attach(nil) }  // its surfaces go while the display still exists, as the daemon's do
        let id = try presenter.show(level(0.2), in: "osd", animated: false)
        try run(display, presenter, for: 0.5)  // configured, the first frame shown
        let before = try osdSurface(presenter).framesAhead
        XCTAssertEqual(before.drawn, 0, "nothing moved yet")

        XCTAssertTrue(presenter.update(id, to: level(0.6)))
        try run(display, presenter, for: 1)
        let after = try osdSurface(presenter).framesAhead
        note("frames drawn ahead over a 0.3 s move: \(after)")
        XCTAssertGreaterThanOrEqual(after.drawn, 1, "the move's held frames are drawn ahead")
        XCTAssertEqual(after.presented, after.drawn, "each presented when due: nothing else changed")
        XCTAssertEqual(after.dropped, 0)
        XCTAssertNil(presenter.trees.animations[id], "the move is over")
        XCTAssertFalse(try osdSurface(presenter).hasFrameDrawnAhead)
    }

    func testANewValueDropsTheFrameDrawnForTheOldOne() throws {
        let (presenter, display) = try presenter(moving: 0.3)
        defer { presenter.attach(nil) }  // its surfaces go while the display still exists, as the daemon's do
        let id = try presenter.show(level(0.2), in: "osd", animated: false)
        try run(display, presenter, for: 0.5)
        XCTAssertTrue(presenter.update(id, to: level(0.6)))
        var sent = false
        try run(display, presenter, for: 1) {
            // The first frame drawn ahead for 60 %: a new value comes before it is due.
            guard !sent, try self.osdSurface(presenter).hasFrameDrawnAhead else { return false }
            sent = true
            XCTAssertTrue(presenter.update(id, to: self.level(0.9)))
            return true
        }
        let counts = try osdSurface(presenter).framesAhead
        note("frames drawn ahead: \(counts)")
        XCTAssertTrue(sent, "a frame was drawn ahead for the first value")
        XCTAssertGreaterThanOrEqual(counts.dropped, 1, "the frame drawn for 60 % is not shown after 90 % came")
        XCTAssertEqual(counts.drawn, counts.presented + counts.dropped, "every frame drawn ahead is presented or dropped")
        XCTAssertNil(presenter.trees.animations[id], "the second move is over too")
    }
}
