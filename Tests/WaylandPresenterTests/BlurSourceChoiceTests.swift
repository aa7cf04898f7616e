import OverlayEngine
import WaylandPresenter
import XCTest

/// Which blur source a surface uses (sway 1.7 offers neither ext-background-effect-v1 nor
/// org_kde_kwin_blur, so the choice and the region are tested here; FrostedBackdropTests shows
/// sway still takes the screencopy path).
final class BlurSourceChoiceTests: XCTestCase {
    func testTheCompositorsBlurComesFirstThenScreencopyThenTheTint() {
        XCTAssertEqual(BlurSourceChoice.choose(compositorBlur: true, screencopy: true), .compositor)
        XCTAssertEqual(BlurSourceChoice.choose(compositorBlur: true, screencopy: false), .compositor)
        XCTAssertEqual(BlurSourceChoice.choose(compositorBlur: false, screencopy: true), .screencopy)
        XCTAssertEqual(BlurSourceChoice.choose(compositorBlur: false, screencopy: false), .tinted)
    }

    let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    func testFramesBecomeWholeRectanglesRoundedOutwardsWithinTheSurface() {
        let frames = [Rect(x: 10.4, y: 20.6, width: 100.2, height: 50), Rect(x: 350, y: -10, width: 100, height: 40)]
        XCTAssertEqual(CompositorBlurRegion.rects(frames: frames, bounds: bounds), [
            RegionRect(x: 10, y: 20, width: 101, height: 51),  // 10.4…110.6 × 20.6…70.6, outwards
            RegionRect(x: 350, y: 0, width: 50, height: 30),   // cut to the surface
        ])
    }

    func testNoFramesOrOnlyFramesOutsideTheSurfaceUnsetTheBlur() {
        XCTAssertNil(CompositorBlurRegion.rects(frames: [], bounds: bounds))
        XCTAssertNil(CompositorBlurRegion.rects(frames: [Rect(x: 500, y: 0, width: 10, height: 10),
                                                         Rect(x: 0, y: 0, width: 0, height: 10),
                                                         Rect(x: .nan, y: 0, width: 10, height: 10)], bounds: bounds))
    }

    func testOnlyBlurBackgroundsThatShowAreBlurredOverTheContainerOnce() {
        let blur: Set<ViewID> = [ViewID(1), ViewID(3), ViewID(4)]
        let list = RenderList(items: [
            RenderItem(id: ViewID(1), frame: Rect(x: 10, y: 10, width: 100, height: 40), z: 0),
            RenderItem(id: ViewID(2), frame: Rect(x: 10, y: 60, width: 100, height: 40), z: 1),  // colour background
            RenderItem(id: ViewID(3), frame: Rect(x: 10, y: 110, width: 100, height: 40), z: 2, backgroundOpacity: 0),
            RenderItem(id: ViewID(4), frame: Rect(x: 10, y: 160, width: 100, height: 40), z: 3, backgroundOpacity: 0.5),
        ])
        let frames = CompositorBlurRegion.frames(of: list, bounds: bounds) { blur.contains($0) }
        XCTAssertEqual(frames, [bounds, bounds], "1 and 4 (half faded) show a blur; 2 has none, 3 has faded out")
        XCTAssertEqual(CompositorBlurRegion.rects(frames: frames, bounds: bounds), [RegionRect(x: 0, y: 0, width: 400, height: 300)])

        let faded = RenderList(items: [RenderItem(id: ViewID(3), frame: Rect(x: 0, y: 0, width: 10, height: 10), z: 0,
                                                  backgroundOpacity: 0)])
        XCTAssertNil(CompositorBlurRegion.rects(frames: CompositorBlurRegion.frames(of: faded, bounds: bounds) { blur.contains($0) },
                                                bounds: bounds), "no blur background showing: unset")
    }

    func testTheListsClipLimitsTheBlurredArea() {
        var list = RenderList(items: [RenderItem(id: ViewID(1), frame: Rect(x: 0, y: 0, width: 100, height: 40), z: 0)])
        list.clipRect = Rect(x: 0, y: 100, width: 400, height: 200)
        let container = Rect(x: 0, y: 0, width: 400, height: 300)
        let frames = CompositorBlurRegion.frames(of: list, bounds: container) { _ in true }
        XCTAssertEqual(CompositorBlurRegion.rects(frames: frames, bounds: container), [RegionRect(x: 0, y: 100, width: 400, height: 200)])
    }
}
