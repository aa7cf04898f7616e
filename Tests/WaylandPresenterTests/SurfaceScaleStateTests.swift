import OverlayRenderer
import WaylandPresenter
import XCTest

/// The fractional-scale state a surface keeps from wp_fractional_scale_v1 (sway 1.7 does not offer
/// the protocol, so this is tested here rather than on the rig): which scale it draws at and when
/// a `preferred_scale` event asks for a redraw.
final class SurfaceScaleStateTests: XCTestCase {
    func testBeforeAnyPreferenceTheOutputsIntegerScaleIsUsed() {
        let state = SurfaceScaleState(hasViewporter: true)
        let scale = state.current(outputScales: [1, 2])
        XCTAssertEqual(scale, SurfaceScale(numerator: 240, usesViewport: false))
        XCTAssertEqual(scale.bufferScale, 2)
        XCTAssertEqual(scale.bufferSize(width: 360, height: 100).width, 720)
    }

    func testPreferredFractionalScaleDrawsThroughTheViewport() {
        var state = SurfaceScaleState(hasViewporter: true)
        XCTAssertTrue(state.preferredScale(150), "1.25×: a change, redraw")
        let scale = state.current(outputScales: [2])
        XCTAssertTrue(scale.usesViewport)
        XCTAssertEqual(scale.bufferScale, 1, "buffer scale stays 1 with a viewport")
        XCTAssertEqual(scale.bufferSize(width: 360, height: 101).width, 450)
        XCTAssertEqual(scale.bufferSize(width: 360, height: 101).height, 126, "101 × 1.25 = 126.25 → 126")
        XCTAssertEqual(scale.canvasScale(logicalWidth: 360), 1.25)
    }

    func testRepeatedOrZeroPreferenceDoesNotRedraw() {
        var state = SurfaceScaleState(hasViewporter: true)
        XCTAssertTrue(state.preferredScale(180))
        XCTAssertFalse(state.preferredScale(180), "the same scale again changes nothing")
        XCTAssertFalse(state.preferredScale(0), "0 is not a scale")
        XCTAssertEqual(state.preferredFractional, 180)
        XCTAssertTrue(state.preferredScale(120), "back to 1×")
        XCTAssertEqual(state.current(outputScales: [2]).factor, 1)
    }

    func testWithoutViewporterAFractionalPreferenceRoundsUpToAnInteger() {
        var state = SurfaceScaleState(hasViewporter: false)
        state.preferredScale(150)
        let scale = state.current(outputScales: [1])
        XCTAssertFalse(scale.usesViewport)
        XCTAssertEqual(scale.bufferScale, 2, "1.25× drawn at 2×, downscaled by the compositor")
    }
}
