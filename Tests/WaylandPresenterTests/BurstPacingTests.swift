import Testing
@testable import WaylandPresenter

/// Frames while views pour in: the first held for the interval, then held back after a frame that brought several
/// new views, while the views it brought enter.
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
        // The burst ends: frames after it show no new views; once its cards have entered, the pace is the compositor's again.
        pacing.drew(newViews: 0, at: 2.4)
        #expect(pacing.drawTime(now: 2.417) == 2.417)
    }

    @Test func theCardsABurstBroughtEnterAtItsPace() {
        var pacing = BurstPacing()
        pacing.drew(newViews: 5, at: 3)
        // The frames of the entry animation bring no new views: they wait for the interval until it is over.
        var frames = [3.0]
        var now = 3.0
        while now < 3 + 0.6 {
            now += 1.0 / 60  // the compositor's frame callbacks
            let at = pacing.drawTime(now: now)
            guard at <= now else { continue }
            pacing.drew(newViews: 0, at: now)
            frames.append(now)
        }
        let during = frames.filter { $0 < 3 + BurstPacing.settleTime }
        #expect(during.count <= Int((BurstPacing.settleTime / BurstPacing.frameInterval).rounded(.up)) + 1,
                "\(during.count) frames while the burst's cards enter")
        #expect(zip(during, during.dropFirst()).allSatisfy { $1 - $0 >= BurstPacing.frameInterval - 1e-9 })
        let after = frames.filter { $0 >= 3 + BurstPacing.settleTime + BurstPacing.frameInterval }
        #expect(zip(after, after.dropFirst()).allSatisfy { $1 - $0 < 0.02 }, "after it, the compositor's pace: \(after)")
    }

    /// A flood's first frame would show cards the next replaces: it waits the interval from when
    /// it was first wanted, and the frames after it keep the burst's pace.
    @Test func theFirstFrameOfABurstWaitsTheInterval() {
        var pacing = BurstPacing()
        pacing.want(newViews: 3, at: 1)
        #expect(pacing.drawTime(now: 1) == 1 + BurstPacing.frameInterval, "the first frame of all")
        pacing.want(newViews: 40, at: 1.03)
        #expect(pacing.drawTime(now: 1.03) == 1 + BurstPacing.frameInterval, "wanted again: still from the first time")
        pacing.drew(newViews: 40, at: 1.05)
        pacing.want(newViews: 40, at: 1.07)
        #expect(pacing.drawTime(now: 1.07) == 1.05 + BurstPacing.frameInterval, "within the burst: from the frame before")
        pacing.drew(newViews: 0, at: 2)
        pacing.want(newViews: 2, at: 3)
        #expect(pacing.drawTime(now: 3) == 3 + BurstPacing.frameInterval, "after a settled burst, a new one waits again")
    }

    @Test(arguments: [0, 1])
    func oneNewViewIsDrawnAtOnce(newViews: Int) {
        var pacing = BurstPacing()
        pacing.drew(newViews: 1, at: 1)
        pacing.want(newViews: newViews, at: 2)
        #expect(pacing.drawTime(now: 2) == 2)
    }

    @Test func aTrickleAfterASettledBurstIsNotHeld() {
        var pacing = BurstPacing()
        pacing.drew(newViews: 3, at: 0)
        pacing.drew(newViews: 1, at: 1)
        #expect(pacing.drawTime(now: 1.017) == 1.017)
    }

    /// A flood's notifications expiring: the frames that show them go (and the pill counting
    /// down) are paced as a burst's; one expiring at a time is not.
    @Test func severalViewsExpiringTogetherPaceTheFramesAfter() {
        var pacing = BurstPacing()
        pacing.drew(newViews: 1, at: 5)
        pacing.expired(1, at: 5.01)
        #expect(pacing.drawTime(now: 5.017) == 5.017, "one view expiring: the compositor's pace")
        pacing.expired(40, at: 5.02)
        #expect(pacing.drawTime(now: 5.034) == 5 + BurstPacing.frameInterval)
        pacing.drew(newViews: 0, at: 5.05)
        #expect(pacing.drawTime(now: 5.067) == 5.05 + BurstPacing.frameInterval, "their fade-out at the burst's pace")
        #expect(pacing.drawTime(now: 5.02 + BurstPacing.settleTime) == 5.02 + BurstPacing.settleTime, "then the compositor's")
    }

    @Test(arguments: [0, 1, 2, 40])
    func theThresholdIsTwoNewViews(newViews: Int) {
        var pacing = BurstPacing()
        pacing.drew(newViews: newViews, at: 0)
        #expect((pacing.drawTime(now: 0.01) > 0.01) == (newViews >= BurstPacing.newViewsForBurst))
    }

    @Test func levelsThirtyASecondAreOneFrameEachDrawnAsTheyCome() {
        var pacing = BurstPacing()
        // Two seconds: frame callbacks every 1/60 s, and levels every 1/30 s, some a few ms late;
        // each pass (a callback or a level) asks for a frame, since a tree moves.
        let callbacks = (0..<120).map { (at: 5 + Double($0) / 60, level: false) }
        let levels = (0..<60).map { (at: 5 + Double($0) / 30 + [0, 0.002, 0.004][$0 % 3], level: true) }
        var frames: [(at: Double, level: Bool)] = []
        var lastValue: Double?
        // A level and a callback at the same time are one pass that knows the level.
        for pass in (callbacks + levels).sorted(by: { ($0.at, $0.level ? 0 : 1) < ($1.at, $1.level ? 0 : 1) }) {
            if pass.level { lastValue = pass.at }
            if pacing.drawTime(now: pass.at, valueAt: lastValue) <= pass.at {
                pacing.drew(newViews: 0, at: pass.at)
                frames.append(pass)
            }
        }
        #expect(frames.count == 60, "\(frames.count) frames for 60 levels")
        #expect(frames.allSatisfy { $0.level }, "each frame drawn as its level came")
    }

    @Test func betweenValuesAMoveGoesOnThirtyFramesASecond() {
        var pacing = BurstPacing()
        pacing.drew(newViews: 0, at: 5)  // the last level, at 5 s
        #expect(pacing.drawTime(now: 5.02, valueAt: 5) == 5 + BurstPacing.valuePause, "not before the next level is late")
        pacing.drew(newViews: 0, at: 5 + BurstPacing.valuePause)
        #expect(pacing.drawTime(now: 5.05, valueAt: 5) == 5 + BurstPacing.valuePause + BurstPacing.valueFrameInterval)
        #expect(pacing.drawTime(now: 5.05, valueAt: 5.049) == 5 + BurstPacing.valuePause + BurstPacing.newValueInterval,
                "a new level: at most 40 frames a second")
        #expect(pacing.drawTime(now: 6) == 6, "nothing moving: the compositor's pace")
    }
}
