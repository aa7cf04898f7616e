// Queue edge cases where the reference libraries go wrong: shows to a container not registered
// yet, repeated IDs, a refill after the queue emptied, the wait-finish delay, debounce.
import Testing
@testable import OverlayEngine

@Suite struct PendingContainerShowTests {
    @Test func showToAnUnregisteredContainerIsDeliveredWhenItRegisters() throws {
        var m = OverlayManager()
        let a = try m.show(in: "later", size: small, now: 0)
        let b = try m.show(in: "later", size: small, now: 1)
        #expect(m.waiting(in: "later") == [a, b])
        #expect(m.contains(a))
        #expect(m.nextDeadline == m.pendingContainerTimeout)
        try m.register(ContainerConfiguration(name: "later", displayType: .vertical, queueType: .multiple), now: 2)
        #expect(m.showing(in: "later") == [a, b])
        #expect(summary(m.drainEffects()) == ["appeared 1", "appeared 2"])
    }

    @Test func anUndeliveredShowIsRefusedAfterTheTimeoutNotDropped() throws {
        var m = OverlayManager()
        m.pendingContainerTimeout = 3
        let a = try m.show(in: "never", size: small, now: 0)
        m.advance(to: 2.9)
        #expect(m.contains(a))
        m.advance(to: 3)
        #expect(!m.contains(a))
        #expect(m.drainEffects() == [.dismissed(a, container: "never", reason: .unknownContainer),
                                     .removed(a, container: "never")])
        #expect(m.nextDeadline == nil)
    }

    @Test func tooManyPendingShowsAreRefusedWithAnError() throws {
        var m = OverlayManager()
        m.maximumPendingShows = 2
        try m.show(in: "x", size: small, now: 0)
        try m.show(in: "x", size: small, now: 0)
        var thrown: EngineError?
        do { try m.show(in: "x", size: small, now: 0) } catch { thrown = error as? EngineError }
        #expect(thrown == .pendingLimitReached("x"))
        #expect(m.waiting(in: "x").count == 2)
    }

    @Test func pendingShowsCanBeDismissedAndUpdated() throws {
        var m = OverlayManager()
        m.put(1, in: "x"); m.put(2, in: "x")
        m.put(2, in: "x", .with { $0.alignment = .top })
        #expect(m.waiting(in: "x") == ids(1, 2))
        let dismissed = m.dismiss(ViewID(1), now: 1)
        #expect(dismissed)
        try m.register(ContainerConfiguration(name: "x", displayType: .stacking, queueType: .multiple), now: 2)
        #expect(m.showing(in: "x") == ids(2))
        #expect(m.resolvedConfiguration(of: ViewID(2))?.alignment == .top)
    }
}

@Suite struct RepeatedIDTests {
    @Test func showingTheSameIDTwiceKeepsOneEntry() {
        var m = makeManager { $0.maximumVisible = 1 }
        m.put(1); m.put(2)
        m.put(2)                    // waiting view updated in place, not queued twice
        m.put(1)                    // showing view updated in place
        #expect(m.showing(in: "c") == ids(1))
        #expect(m.waiting(in: "c") == ids(2))
        #expect(summary(m.drainEffects()) == ["appeared 1"])
    }

    @Test func anIDStillAnimatingOutIsShownAfresh() {
        var m = makeManager()
        m.put(1)
        m.dismiss(ViewID(1), now: 1)
        _ = m.drainEffects()
        m.put(1, at: 1.1)
        #expect(summary(m.drainEffects()) == ["removed 1", "appeared 1"])
        #expect(m.renderList(for: "c", size: Size(width: 500, height: 500), now: 1.1).items.count == 1)
    }
}

@Suite struct RefillAfterEmptyQueueTests {
    @Test func queueEmptyingWhileAMoveIsPendingDoesNotBlockLaterShows() {
        var m = makeManager { $0.maximumVisible = 1 }
        m.put(1); m.put(2)
        m.dismiss(ViewID(1), animated: false, now: 1)   // refill of 2 scheduled for 1.5
        m.dismiss(ViewID(2), now: 1.2)                   // queue empties before it happens
        m.put(3, at: 1.3)
        #expect(m.showing(in: "c") == ids(3))
        m.put(4, at: 1.4)
        #expect(m.waiting(in: "c") == ids(4))
        m.advance(to: 1.6)
        m.dismiss(ViewID(3), animated: false, now: 2)
        m.advance(to: 2.5)
        #expect(m.showing(in: "c") == ids(4))
        #expect(m.waiting(in: "c").isEmpty)
    }
}

@Suite struct WaitFinishDelayTests {
    @Test func aShowDuringTheDelayWaitsItsTurn() {
        var m = makeManager(queue: .oneByOneWaitFinish) { $0.delayForShowingNext = 0.5 }
        m.put(1); m.put(2)
        m.dismiss(ViewID(1), now: 1)
        m.put(3, at: 1.2)            // arrives while 2 is about to move in
        #expect(m.showing(in: "c").isEmpty)
        for t in stride(from: 1.2, through: 6, by: 0.05) {
            m.advance(to: t)
            #expect(m.showing(in: "c").count <= 1)
        }
        #expect(m.showing(in: "c") == ids(2))
        #expect(m.waiting(in: "c") == ids(3))
    }

    @Test func aShowDuringTheDelayWithNothingQueuedStillWaitsForTheDelay() {
        var m = makeManager(queue: .oneByOneWaitFinish) { $0.delayForShowingNext = 0.5 }
        m.put(1)
        m.dismiss(ViewID(1), now: 1)
        m.put(2, at: 1.1)
        #expect(m.showing(in: "c").isEmpty)
        m.advance(to: 1.5)
        #expect(m.showing(in: "c") == ids(2))
    }
}

@Suite struct DebounceTests {
    @Test func debounceHoldsShowsAndKeepsTheLastOfABurst() {
        var m = makeManager { $0.queueControl = .debounce(0.3) }
        m.put(1, at: 0); m.put(2, at: 0.1); m.put(3, at: 0.2)
        #expect(m.showing(in: "c").isEmpty)
        #expect(m.waiting(in: "c") == ids(3))
        #expect(m.nextDeadline == 0.5)
        m.advance(to: 0.5)
        #expect(m.showing(in: "c") == ids(3))
        #expect(summary(m.drainEffects()) == [
            "dismissed 1 debounced", "removed 1", "dismissed 2 debounced", "removed 2", "appeared 3",
        ])
    }

    @Test func dismissalsAreNeverDebounced() {
        var m = makeManager { $0.queueControl = .debounce(0.3) }
        m.put(1, at: 0)
        m.advance(to: 0.3)
        m.put(2, at: 1)
        _ = m.drainEffects()
        m.dismiss(ViewID(1), animated: false, now: 1.05)
        m.dismiss(ViewID(2), now: 1.1)      // the held show, dismissed at once
        #expect(summary(m.drainEffects()) == ["dismissed 1 request", "removed 1", "dismissed 2 request", "removed 2"])
        #expect(m.nextDeadline == nil)
    }

    @Test func turningDebounceOffReleasesTheHeldShow() throws {
        var m = makeManager { $0.queueControl = .debounce(5) }
        m.put(1, at: 0)
        try m.updateContainer("c", now: 1) { $0.queueControl = .none }
        #expect(m.showing(in: "c") == ids(1))
    }
}
