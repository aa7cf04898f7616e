// Showing views' auto-dismiss deadlines and removal ends kept in heaps: the next deadline is the
// earliest live one, stale ones never wake the loop, and the heaps stay bounded.
import Testing
@testable import OverlayEngine

private func auto(_ seconds: Double, group: String? = "chat") -> ViewConfiguration {
    .with { $0.autoDismiss = .value(seconds); $0.groupKey = group }
}

/// A newest-first column that stacks from three, keeping up to 100 members showing.
private func column() -> OverlayManager {
    makeManager(display: .vertical) {
        $0.maximumVisible = 5
        $0.overflow = .newest
        $0.groupThreshold = 3
        $0.defaults.transition = .opacity
        $0.defaults.animation = .linear(duration: 0.2)
    }
}

@Suite struct DrawnDeadlineTests {
    @Test func theNextDeadlineIsTheEarliestMembersAndOnlyItExpiresThen() {
        var m = column()
        // Fifty members of one stack, each with a longer timeout than the last, but one of the
        // top cards (a buried one would go without fading out).
        for i in 1...50 { m.put(UInt64(i), auto(i == 49 ? 3 : 10 + Double(i))) }
        #expect(m.showing(in: "c").count == 50)
        #expect(m.nextDeadline == 3)
        _ = m.drainEffects()
        m.advance(to: 3)
        #expect(summary(m.drainEffects()) == ["dismissed 49 autoDismiss"])
        // Its fade-out ends 0.2 s later; then the earliest member left.
        #expect(m.nextDeadline.map { approx($0, 3.2) } == true)
        m.advance(to: 3.2)
        #expect(summary(m.drainEffects()) == ["removed 49"])
        #expect(m.nextDeadline == 11)
    }

    @Test func aPausedMemberDoesNotExpireAndGoesOnWhereItStopped() {
        var m = column()
        for i in 1...10 { m.put(UInt64(i), auto(Double(i))) }
        m.pauseAutoDismiss(ViewID(1), now: 0.5)
        #expect(m.nextDeadline == 2, "the paused view's deadline is not the next")
        m.advance(to: 2.5)
        _ = m.drainEffects()
        #expect(m.contains(ViewID(1)))
        m.resumeAutoDismiss(ViewID(1), now: 2.5)
        // 0.5 s counted before the pause: 0.5 s are left.
        m.advance(to: 2.99)
        #expect(m.contains(ViewID(1)))
        m.advance(to: 3)
        #expect(summary(m.drainEffects()).contains("dismissed 1 autoDismiss"))
    }

    @Test func anUpdatedViewsOldDeadlineNeitherWakesNorExpires() {
        var m = column()
        m.put(1, auto(2))
        m.put(2, auto(5))
        m.put(1, auto(4), at: 1)  // replaced: its countdown restarts, now due at 5
        #expect(m.nextDeadline == 5)
        m.advance(to: 4.9)
        #expect(m.showing(in: "c") == ids(1, 2))
    }

    @Test func nothingIsDueOnceEveryViewIsGone() {
        var m = column()
        for i in 1...20 { m.put(UInt64(i), auto(1)) }
        m.pauseAutoDismiss(ViewID(3), now: 0)
        m.dismissAll(in: ["c"], now: 0.5)
        m.advance(to: 10)
        #expect(m.nextDeadline == nil)
        #expect(m.containers[0].showingDeadlines.isEmpty && m.containers[0].removalEnds.isEmpty)
    }

    @Test func replacingOneViewThousandsOfTimesKeepsTheHeapBounded() {
        var m = column()
        m.put(1, auto(3600))
        for i in 1...5000 { m.put(1, auto(3600), at: Double(i) * 0.001) }
        let state = m.containers[0]
        #expect(state.showingDeadlines.count <= 2 * state.drawn.count + 64)
        #expect(m.nextDeadline.map { approx($0, 3605) } == true)
    }

    @Test func suspendedCountdownsLeaveOnlyRemovalEndsDue() {
        var m = column()
        for i in 1...6 { m.put(UInt64(i), auto(1)) }
        m.dismiss(ViewID(6), now: 0.5)
        m.suspendCountdowns(now: 0.5)
        #expect(m.nextDeadline.map { approx($0, 0.7) } == true, "the dismissed view's fade-out still ends")
        m.advance(to: 0.7)
        #expect(m.nextDeadline == nil)
        m.resumeCountdowns(now: 10.5)
        #expect(m.nextDeadline == 11)
    }
}
