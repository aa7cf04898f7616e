import WaylandPresenter
import XCTest

/// The layer surface's state machine: when it draws, and that configure never loops.
final class SurfacePhaseTests: XCTestCase {
    func testFirstConfigureAsksForOneDraw() {
        var phase = SurfacePhase.awaitingConfigure
        phase.requestRedraw()  // before configure nothing may be drawn
        XCTAssertEqual(phase, .awaitingConfigure)
        phase.configured()
        XCTAssertEqual(phase, .needsDraw)
        phase.presented()
        XCTAssertEqual(phase, .awaitingFrame(redrawRequested: false))
        phase.frameDone()
        XCTAssertEqual(phase, .idle, "with nothing new, a frame callback leads to no further draw")
    }

    func testRedrawsWaitForTheFrameCallback() {
        var phase = SurfacePhase.awaitingFrame(redrawRequested: false)
        phase.requestRedraw()
        phase.requestRedraw()
        XCTAssertEqual(phase, .awaitingFrame(redrawRequested: true), "no draw while a frame is outstanding")
        phase.frameDone()
        XCTAssertEqual(phase, .needsDraw)
    }

    /// A compositor that keeps granting another size: every configure is answered by one draw
    /// at the granted size, and nothing else; the phase settles to idle after each frame.
    func testRepeatedConfiguresSettle() {
        var phase = SurfacePhase.idle
        for _ in 0..<3 {
            phase.configured()
            XCTAssertEqual(phase, .needsDraw)
            phase.presented()
            phase.frameDone()
            XCTAssertEqual(phase, .idle)
        }
        phase.configured()
        phase.presented()
        phase.configured()  // a configure arriving while a frame is pending
        XCTAssertEqual(phase, .awaitingFrame(redrawRequested: true))
    }

    /// A toast replaced while its surface is idle: the pass that sees the change draws it at
    /// once, so that pass must know it draws (it measures what it lays out then). Its frame
    /// was drawn at the unmeasured size before: damage and input region short of the toast.
    func testAnIdleSurfaceDrawsTheChangeInThePassThatSeesIt() {
        var phase = SurfacePhase.awaitingConfigure
        phase.configured()
        phase.presented()
        phase.frameDone()
        XCTAssertEqual(phase, .idle)
        XCTAssertTrue(phase.drawsChangesNow)
        phase.requestRedraw()  // the replacement
        XCTAssertEqual(phase, .needsDraw, "drawn in the same pass")
    }

    /// For every phase: a pass that will draw after asking for a redraw is one that says so
    /// before asking, and one that says so draws.
    func testDrawsChangesNowIsExactlyWhenARedrawDrawsAtOnce() {
        let phases: [SurfacePhase] = [.awaitingConfigure, .idle, .needsDraw, .awaitingFrame(redrawRequested: false),
                                      .awaitingFrame(redrawRequested: true), .closed]
        for phase in phases {
            var asked = phase
            asked.requestRedraw()
            XCTAssertEqual(phase.drawsChangesNow, asked == .needsDraw, "\(phase)")
        }
    }

    func testClosedIsFinal() {
        var phase = SurfacePhase.needsDraw
        phase.closed()
        let steps: [(inout SurfacePhase) -> Void] = [{ $0.configured() }, { $0.requestRedraw() }, { $0.frameDone() }, { $0.presented() }]
        for step in steps {
            step(&phase)
            XCTAssertEqual(phase, .closed)
        }
    }
}
