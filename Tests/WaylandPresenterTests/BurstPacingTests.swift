import Testing
@testable import WaylandPresenter

/// Frames while views pour in: held back only after a frame that brought several new views.
@Suite struct BurstPacingTests {
    @Test func aSingleViewAndATrickleDrawAtOnce() {
        var pacing = BurstPacing()
        #expect(pacing.drawTime(now: 1) == 1, "the first frame is never held")
        pacing.drew(newViews: 1, at: 1)
        #expect(pacing.drawTime(now: 1.017) == 1.017, "one new view a frame: the compositor's pace")
        pacing.drew(newViews: 0, at: 1.017)
        #expect(pacing.drawTime(now: 1.034) == 1.034, "an animation frame is not held")
    }

    @Test func aFrameOfSeveralNewViewsHoldsTheNextUntilTheInterval() {
        var pacing = BurstPacing()
        pacing.drew(newViews: 15, at: 2)
        #expect(pacing.drawTime(now: 2.017) == 2 + BurstPacing.frameInterval)
        #expect(pacing.drawTime(now: 2.2) == 2.2, "past the interval: at once")
        // The burst ends: the frame after it shows at most one new view, and the pace is the compositor's again.
        pacing.drew(newViews: 1, at: 2.05)
        #expect(pacing.drawTime(now: 2.067) == 2.067)
    }

    @Test(arguments: [0, 1, 2, 40])
    func theThresholdIsTwoNewViews(newViews: Int) {
        var pacing = BurstPacing()
        pacing.drew(newViews: newViews, at: 0)
        #expect((pacing.drawTime(now: 0.01) > 0.01) == (newViews >= BurstPacing.newViewsForBurst))
    }
}
