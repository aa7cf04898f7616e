// Drawers: notches, rubber band, target-notch policy, spring settle, backdrop.
import Testing
@testable import OverlayEngine

@Suite struct DrawerTests {
    /// Notches at 25 %, 50 % and 300 pt of a 800 pt space: 200, 400, 300 (unsorted on purpose).
    func makeDrawer(style: DrawerStyle = .expandableHeight) -> Drawer {
        Drawer(notches: [Notch(.fraction(0.25)), Notch(.fraction(0.5)), Notch(.points(300))],
               style: style, availableSpace: 800, initialNotch: 0)
    }

    @Test func notchesInFractionsOrPoints() {
        let d = makeDrawer()
        #expect([0, 1, 2].map(d.height(ofNotch:)) == [200, 400, 300])
        #expect(d.enabledNotches == [0, 2, 1])
        #expect(d.height(at: 0) == 200 && d.targetNotch == 0)
    }

    /// The lowest enabled notch, found without sorting, is the first of the sorted list: for
    /// unsorted heights, disabled notches, ties (the first index wins) and none enabled.
    @Test(arguments: [
        [(200.0, true), (400, true), (300, true)],
        [(200.0, false), (400, true), (300, true)],
        [(500.0, true), (100, false), (300, true), (300, true)],
        [(0.0, false), (50, false)],
        [(120.0, true)],
    ])
    func theLowestEnabledNotchIsTheFirstEnabledOneByHeight(_ notches: [(Double, Bool)]) {
        let d = Drawer(notches: notches.map { Notch(.points($0.0), isEnabled: $0.1) }, style: .expandableHeight,
                       availableSpace: 800, initialNotch: 0)
        #expect(d.lowestEnabledNotch == d.enabledNotches.first)
    }

    @Test func rubberBandPastTheEdges() {
        let band = RubberBand(factor: 0.55)
        #expect(band.resist(0, dimension: 800) == 0)
        #expect(abs(band.resist(1e-6, dimension: 800) / 1e-6 - 0.55) < 1e-3)   // slope c at the edge
        #expect(band.resist(1e9, dimension: 800) < 800)                         // bounded by d
        #expect(band.resist(100, dimension: 800) < band.resist(200, dimension: 800))
        var d = makeDrawer()
        d.beginDrag(now: 0)
        d.drag(translation: 100)                 // 200 → 300: inside, no resistance
        #expect(d.height(at: 0) == 300)
        d.drag(translation: 400)                 // raw 600, 200 past the top notch (400)
        let h = d.height(at: 0)
        #expect(h > 400 && h < 600 && abs(h - (400 + band.resist(200, dimension: 800))) < 1e-9)
        d.drag(translation: -300)                // raw −100, 300 below the lowest (200)
        #expect(d.height(at: 0) < 200 && d.height(at: 0) > -100)
    }

    @Test func slowReleaseGoesToTheNearestNotch() {
        var d = makeDrawer()
        d.beginDrag(now: 0)
        d.drag(translation: 140)                 // 340: nearest is 300 (index 2)
        d.endDrag(velocity: 50, now: 1)
        #expect(d.targetNotch == 2)
    }

    @Test func fastReleaseMovesForwardAndMaySkipNotches() {
        var d = makeDrawer()
        d.beginDrag(now: 0)
        d.drag(translation: 20)                  // 220, nearest would be 200
        d.endDrag(velocity: 400, now: 1)         // projection ≈ 420: skips 300 for 400
        #expect(d.targetNotch == 1)
        var f = makeDrawer()
        f.beginDrag(now: 0)
        f.drag(translation: 20)
        f.endDrag(velocity: 310, now: 1)         // projection ≈ 375 → 400 (|25|) vs 300 (|75|)
        #expect(f.targetNotch == 1)
        var g = makeDrawer()
        g.beginDrag(now: 0)
        g.drag(translation: 20)
        g.endDrag(velocity: -500, now: 1)        // fast downwards from the lowest: stays on the lowest
        #expect(g.targetNotch == 0)
        var policy = TargetNotchPolicy()
        policy.minimumVelocity = 100
        #expect(policy.target(height: 210, velocity: 150, heights: [200, 300, 400]) == 1)   // at least one notch forward
    }

    @Test func springSettlesOnTheTargetAndReportsArrival() {
        var d = makeDrawer()
        d.beginDrag(now: 0)
        d.drag(translation: 150)
        d.endDrag(velocity: 0, now: 1)           // 350 → nearest 300 or 400: equidistant, first found
        let target = d.targetNotch!
        let goal = d.height(ofNotch: target)
        #expect(d.isAnimating(at: 1.1))
        let deadline = d.nextDeadline!
        #expect(abs(d.height(at: deadline - 1e-9) - goal) <= Drawer.settleTolerance)
        d.advance(to: deadline)
        let effects = d.drainEffects()
        #expect(effects == [.willMove(toNotch: target), .didMove(toNotch: target)])
        #expect(!d.isAnimating(at: deadline) && d.height(at: deadline + 5) == goal)
    }

    @Test func moveDrawerAnimatedOrNot() {
        var d = makeDrawer()
        let jumped = d.moveDrawer(toNotch: 1, animated: false, now: 0)
        let effects = d.drainEffects()
        #expect(jumped && d.height(at: 0) == 400 && effects == [.willMove(toNotch: 1), .didMove(toNotch: 1)])
        let animated = d.moveDrawer(toNotch: 0, animated: true, now: 1)
        #expect(animated)
        let h = d.height(at: 1.1)
        #expect(h < 400 && h > 150)
        let outOfRange = d.moveDrawer(toNotch: 9, animated: true, now: 1)
        #expect(!outOfRange)
    }

    @Test func notchesCanBeDisabledAtRuntime() {
        var d = makeDrawer()
        d.setNotch(2, enabled: false, now: 0)
        #expect(d.enabledNotches == [0, 1])
        let toDisabled = d.moveDrawer(toNotch: 2, animated: false, now: 0)
        #expect(!toDisabled)
        d.beginDrag(now: 0)
        d.drag(translation: 80)                  // 280: would be 300, but it is disabled
        d.endDrag(velocity: 0, now: 0)
        #expect(d.targetNotch == 0)
        d.advance(to: 10)
        d.setNotch(0, enabled: false, now: 10)   // resting notch disabled: moves to the nearest enabled
        #expect(d.targetNotch == 1)
    }

    @Test func backdropFollowsProgressBetweenLowestAndHighest() {
        var d = makeDrawer()
        #expect(d.backdropOpacity(at: 0) == 0)
        d.moveDrawer(toNotch: 2, animated: false, now: 0)
        #expect(d.progress(at: 0) == 0.5 && d.backdropOpacity(at: 0, maximum: 0.6) == 0.3)
        d.moveDrawer(toNotch: 1, animated: false, now: 0)
        #expect(d.backdropOpacity(at: 0) == 1)
    }

    @Test func stylesSizeTheFrame() {
        let container = Rect(x: 0, y: 0, width: 300, height: 800)
        #expect(makeDrawer(style: .rigid).frame(in: container, at: 0) == Rect(x: 0, y: 600, width: 300, height: 400))
        #expect(makeDrawer(style: .flexibleHeight).frame(in: container, at: 0) == Rect(x: 0, y: 600, width: 300, height: 200))
        var e = makeDrawer(style: .expandableHeight)
        #expect(e.frame(in: container, at: 0).height == 400)
        e.beginDrag(now: 0)
        e.drag(translation: 400)
        #expect(e.frame(in: container, at: 0).height > 400)
    }
}
