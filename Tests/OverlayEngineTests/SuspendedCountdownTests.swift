// The manager-wide countdown suspension (no compositor: nothing expires unseen).
import Testing
@testable import OverlayEngine

@Suite struct SuspendedCountdownTests {
    func manager(_ configure: (inout ContainerConfiguration) -> Void = { _ in }) -> OverlayManager {
        makeManager {
            $0.defaults.autoDismiss = .value(2); $0.defaults.animation = .linear(duration: 0)
            configure(&$0)
        }
    }

    @Test func aShowingViewDoesNotExpireWhileSuspendedAndKeepsWhatItHadLeft() {
        var m = manager()
        m.put(1, at: 0)
        m.suspendCountdowns(now: 1.5)
        #expect(m.nextDeadline == nil, "no timer wakes the loop for a suspended countdown")
        m.advance(to: 100)
        #expect(m.contains(ViewID(1)))
        m.resumeCountdowns(now: 100)
        #expect(m.nextDeadline == 100.5, "0.5 s were left when the suspension began")
        m.advance(to: 100.4)
        #expect(m.contains(ViewID(1)))
        m.advance(to: 100.5)
        #expect(!m.contains(ViewID(1)))
        #expect(m.drainEffects().contains(.dismissed(ViewID(1), container: "c", reason: .autoDismiss)))
    }

    @Test func hiddenViewsDoNotExpireWhileSuspendedEither() {
        var m = manager { $0.maximumVisible = 1; $0.overflow = .newest }
        m.put(1, at: 0)
        m.put(2, at: 0.5)   // 1 is hidden, its countdown running
        #expect(m.hidden(in: "c") == [ViewID(1)])
        m.suspendCountdowns(now: 1)
        #expect(m.nextDeadline == nil)
        m.advance(to: 50)
        #expect(m.contains(ViewID(1)) && m.contains(ViewID(2)))
        m.resumeCountdowns(now: 50)
        m.advance(to: 50.9)
        #expect(m.contains(ViewID(1)), "1 s was left of its 2 s")
        m.advance(to: 51)
        #expect(!m.contains(ViewID(1)))
    }

    @Test func aViewArrivingDuringTheSuspensionCountsFromTheResume() {
        var m = manager()
        m.suspendCountdowns(now: 0)
        m.put(1, at: 5)
        m.advance(to: 50)
        #expect(m.contains(ViewID(1)))
        m.resumeCountdowns(now: 60)
        #expect(m.nextDeadline == 62)
    }

    @Test func aContainerRegisteredDuringTheSuspensionIsSuspendedToo() throws {
        var m = manager()
        m.suspendCountdowns(now: 0)
        var other = ContainerConfiguration(name: "d", displayType: .stacking, queueType: .multiple)
        other.defaults.autoDismiss = .value(1)
        try m.register(other, now: 1)
        m.put(7, in: "d", at: 1)
        m.advance(to: 30)
        #expect(m.contains(ViewID(7)))
        m.resumeCountdowns(now: 30)
        #expect(m.nextDeadline == 31)
    }

    @Test func waitingViewsThatExpireWhileWaitingDoNotExpireEither() {
        var m = manager { $0.maximumVisible = 1; $0.expiresWhileWaiting = true; $0.delayForShowingNext = 0.5 }
        m.put(1, at: 0); m.put(2, at: 0.5)
        m.suspendCountdowns(now: 1)
        m.advance(to: 40)
        #expect(m.state(of: ViewID(1)) != nil && m.state(of: ViewID(2)) != nil)
        #expect(m.waiting(in: "c") == ids(2))
        m.resumeCountdowns(now: 40)
        // 1 had 1 s left, 2 (counting from its arrival) 1.5 s.
        #expect(m.nextDeadline == 41)
        m.advance(to: 41.4)
        #expect(!m.contains(ViewID(1)))
        #expect(m.waiting(in: "c") == ids(2), "2 still waits (for its refill)")
        m.advance(to: 41.5)
        #expect(!m.contains(ViewID(2)), "2 expires at its own deadline, moved by the suspension")
    }

    @Test func otherTimersGoOnWhileSuspended() {
        var m = manager { $0.maximumVisible = 1; $0.delayForShowingNext = 0.5 }
        m.put(1, at: 0); m.put(2, at: 0)
        m.suspendCountdowns(now: 0.1)
        m.dismiss(ViewID(1), now: 1)
        #expect(m.nextDeadline == 1.5, "the queue still moves")
        m.advance(to: 1.5)
        #expect(m.showing(in: "c") == ids(2))
        #expect(m.nextDeadline == nil, "2 appeared during the suspension: no countdown yet")
    }

    @Test func aHoverPauseAndTheSuspensionComposeWithoutCountingTwice() {
        // Hover from 1 to 8, suspended from 3 to 5: the countdown is frozen from 1 to 8.
        var m = manager()
        m.put(1, at: 0)
        m.pauseAutoDismiss(ViewID(1), now: 1)
        m.suspendCountdowns(now: 3)
        m.resumeCountdowns(now: 5)
        #expect(m.nextDeadline == nil)
        m.resumeAutoDismiss(ViewID(1), now: 8)
        #expect(m.nextDeadline == 9)
        // Hover ends during the suspension: frozen from 1 to the resume at 10.
        var n = manager()
        n.put(1, at: 0)
        n.pauseAutoDismiss(ViewID(1), now: 1)
        n.suspendCountdowns(now: 3)
        n.resumeAutoDismiss(ViewID(1), now: 4)
        n.resumeCountdowns(now: 10)
        #expect(n.nextDeadline == 11)
        // Hover begins during the suspension and lasts past it: frozen from 2 to 12.
        var o = manager()
        o.put(1, at: 0)
        o.suspendCountdowns(now: 2)
        o.pauseAutoDismiss(ViewID(1), now: 4)
        o.resumeCountdowns(now: 6)
        o.resumeAutoDismiss(ViewID(1), now: 12)
        #expect(o.nextDeadline == 12)
    }

    @Test func suspendingTwiceAndResumingUnsuspendedChangeNothing() {
        var m = manager()
        m.put(1, at: 0)
        m.resumeCountdowns(now: 1)
        #expect(m.nextDeadline == 2)
        m.suspendCountdowns(now: 1)
        m.suspendCountdowns(now: 1.5)
        m.resumeCountdowns(now: 4)
        #expect(m.nextDeadline == 5)
        #expect(m.countdownsSuspendedSince == nil)
    }
}
