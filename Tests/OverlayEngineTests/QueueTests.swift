// Queue types: multiple (with maximum and refill), oneByOne and oneByOneWaitFinish.
import Testing
@testable import OverlayEngine

@Suite struct MultipleQueueTests {
    @Test func showsImmediatelyUntilTheMaximumThenWaitsInFIFOOrder() {
        var m = makeManager { $0.maximumVisible = 2 }
        for i in 1...5 { m.put(UInt64(i)) }
        #expect(m.showing(in: "c") == ids(1, 2))
        #expect(m.waiting(in: "c") == ids(3, 4, 5))
    }

    @Test func unlimitedByDefault() {
        var m = makeManager()
        for i in 1...20 { m.put(UInt64(i)) }
        #expect(m.showing(in: "c").count == 20)
        #expect(m.waiting(in: "c").isEmpty)
    }

    @Test func freedSlotsRefillOneAtATimeDelayApart() {
        var m = makeManager { $0.maximumVisible = 2; $0.delayForShowingNext = 0.5 }
        for i in 1...5 { m.put(UInt64(i)) }
        m.dismiss(ViewID(1), animated: false, now: 1)
        m.dismiss(ViewID(2), animated: false, now: 1)
        #expect(m.nextDeadline == 1.5)
        m.advance(to: 1.49)
        #expect(m.showing(in: "c").isEmpty)
        m.advance(to: 1.5)
        #expect(m.showing(in: "c") == ids(3))
        #expect(m.nextDeadline == 2.0)
        m.advance(to: 2.0)
        #expect(m.showing(in: "c") == ids(3, 4))
        #expect(m.waiting(in: "c") == ids(5))
        #expect(m.nextDeadline == nil)
    }

    @Test func aNewViewWaitsBehindTheQueueEvenWithAFreeSlot() {
        var m = makeManager { $0.maximumVisible = 1 }
        m.put(1); m.put(2)
        m.dismiss(ViewID(1), animated: false, now: 1)
        m.put(3, at: 1.1)              // a slot is free, but 2 is waiting: FIFO
        #expect(m.showing(in: "c").isEmpty)
        #expect(m.waiting(in: "c") == ids(2, 3))
        m.advance(to: 1.5)
        #expect(m.showing(in: "c") == ids(2))
    }

    @Test func raisingTheMaximumRefillsAndLoweringEvictsNothing() throws {
        var m = makeManager { $0.maximumVisible = 3 }
        for i in 1...6 { m.put(UInt64(i)) }
        try m.updateContainer("c", now: 1) { $0.maximumVisible = 1 }
        #expect(m.showing(in: "c") == ids(1, 2, 3))
        try m.updateContainer("c", now: 2) { $0.maximumVisible = 5 }
        m.advance(to: 10)
        #expect(m.showing(in: "c") == ids(1, 2, 3, 4, 5))
        #expect(m.waiting(in: "c") == ids(6))
    }
}

@Suite struct OneByOneQueueTests {
    @Test func aNewViewReplacesTheCurrentOne() {
        var m = makeManager(queue: .oneByOne)
        m.put(1)
        _ = m.drainEffects()
        m.put(2, at: 1)
        #expect(m.showing(in: "c") == ids(2))
        #expect(m.waiting(in: "c").isEmpty)
        #expect(summary(m.drainEffects()) == ["dismissed 1 replaced", "appeared 2"])
        m.advance(to: 5)
        #expect(summary(m.drainEffects()) == ["removed 1"])
    }

    @Test func maximumVisibleDoesNotApply() throws {
        var m = makeManager(queue: .oneByOne) { $0.maximumVisible = 4 }
        for i in 1...4 { m.put(UInt64(i)) }
        #expect(m.showing(in: "c") == ids(4))
    }
}

@Suite struct OneByOneWaitFinishQueueTests {
    @Test func newViewsWaitUntilTheCurrentOneIsDismissed() {
        var m = makeManager(queue: .oneByOneWaitFinish) { $0.delayForShowingNext = 0.5 }
        m.put(1); m.put(2); m.put(3)
        #expect(m.showing(in: "c") == ids(1))
        #expect(m.waiting(in: "c") == ids(2, 3))
        m.dismiss(ViewID(1), now: 2)
        m.advance(to: 2.49)
        #expect(m.showing(in: "c").isEmpty)
        m.advance(to: 2.5)
        #expect(m.showing(in: "c") == ids(2))
        m.advance(to: 100)
        #expect(m.showing(in: "c") == ids(2))
        #expect(m.waiting(in: "c") == ids(3))
    }

    @Test func afterTheQueueEmptiesANewViewShowsAtOnce() {
        var m = makeManager(queue: .oneByOneWaitFinish)
        m.put(1)
        m.dismiss(ViewID(1), now: 1)
        m.advance(to: 3)
        m.put(2, at: 3)
        #expect(m.showing(in: "c") == ids(2))
    }
}

@Suite struct ExpiryWhileWaitingTests {
    func manager(queue: QueueType = .multiple) -> OverlayManager {
        makeManager(queue: queue) {
            $0.maximumVisible = 1; $0.delayForShowingNext = 0.5; $0.expiresWhileWaiting = true
            $0.defaults.autoDismiss = .value(2); $0.defaults.animation = .linear(duration: 0)
        }
    }

    @Test func aWaitingViewExpiresAtItsArrivalDeadlineWithoutAppearing() {
        var m = manager()
        m.put(1, at: 0); m.put(2, at: 0.25); m.put(3, at: 1)
        _ = m.drainEffects()
        #expect(m.nextDeadline == 2.0)
        m.advance(to: 2.0)              // 1 expires; 2 still has 0.25 s
        #expect(summary(m.drainEffects()) == ["dismissed 1 autoDismiss", "removed 1"])
        #expect(m.waiting(in: "c") == ids(2, 3))
        #expect(m.nextDeadline == 2.25)
        m.advance(to: 2.3)              // 2 runs out before the refill at 2.5
        #expect(summary(m.drainEffects()) == ["dismissed 2 autoDismiss", "removed 2"])
        m.advance(to: 2.5)              // the refill brings 3, with what is left of its time
        #expect(m.showing(in: "c") == ids(3))
        #expect(m.nextDeadline == 3.0)
    }

    @Test func aViewThatAppearsKeepsCountingFromItsArrival() {
        var m = manager()
        m.put(1, at: 0); m.put(2, at: 0)
        m.dismiss(ViewID(1), animated: false, now: 0.1)
        m.advance(to: 0.6)
        #expect(m.showing(in: "c") == ids(2))
        #expect(m.nextDeadline == 2.0)  // not 0.6 + 2
    }

    @Test func offByDefaultAWaitingViewCountsFromItsAppearance() {
        var m = makeManager { $0.maximumVisible = 1; $0.defaults.autoDismiss = .value(2) }
        m.put(1, at: 0); m.put(2, at: 0)
        m.advance(to: 3)
        #expect(m.showing(in: "c") == ids(2))
        #expect(m.nextDeadline == 4.5)   // appeared at 2.5: the refill comes 0.5 s after 1 left
    }

    @Test func anUpdateRestartsAWaitingViewsCountdown() {
        var m = manager(queue: .oneByOneWaitFinish)
        m.put(1, at: 0); m.put(2, at: 0)
        try! m.show(ViewID(2), in: "c", configuration: .with { $0.autoDismiss = .value(2) }, size: small, now: 1)
        m.advance(to: 2.0)
        #expect(summary(m.drainEffects()).contains("dismissed 1 autoDismiss"))
        #expect(m.waiting(in: "c") == ids(2))
        #expect(m.nextDeadline == 2.5)  // the refill; 2's own deadline is now 3
        m.advance(to: 3.0)
        #expect(m.contains(ViewID(2)) == false)
    }

    @Test func aFloodOfTenThousandDrainsInOnePass() {
        var m = manager()
        for i in 1...10_000 { m.put(UInt64(i), at: Double(i) * 1e-5) }
        m.advance(to: 3)
        #expect(m.waiting(in: "c").isEmpty)
        #expect(m.showing(in: "c").isEmpty)
        #expect(m.nextDeadline == nil)
    }
}

@Suite struct HasViewsTests {
    @Test func hasViewsIsShowingOrWaitingWithoutListingThem() {
        var m = makeManager { $0.maximumVisible = 1; $0.defaults.animation = .linear(duration: 0.2) }
        #expect(!m.hasViews(in: "c") && !m.hasViews(in: "nowhere"))
        m.put(1); m.put(2)
        #expect(m.hasViews(in: "c"))
        m.dismiss(ViewID(1), animated: true, now: 0)
        #expect(m.hasViews(in: "c"))            // 2 still waits
        m.dismiss(ViewID(2), animated: true, now: 0)
        #expect(!m.hasViews(in: "c"))           // 1 is only removing
        #expect(m.hasViews(in: "c") == !(m.showing(in: "c") + m.waiting(in: "c")).isEmpty)
    }
}
