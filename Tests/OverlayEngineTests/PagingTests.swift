// Paging a full container (a click on its "+N more" pill outside the notification column): the
// views off screen come on a page at a time in the overflow order, and after the last page the
// first comes again.
import Testing
@testable import OverlayEngine

private func container(_ overflow: Overflow, maximum: Int = 2) -> OverlayManager {
    makeManager(display: .vertical) {
        $0.maximumVisible = maximum
        $0.overflow = overflow
        $0.delayForShowingNext = 0
        $0.defaults.transition = .opacity
        $0.defaults.animation = .linear(duration: 0.2)
    }
}

@Suite struct PagingTests {
    @Test func newestFirstPagesGoToOlderViewsThenWrap() {
        var m = container(.newest)
        for i in 1...5 { m.put(UInt64(i), at: Double(i)) }
        #expect(m.showing(in: "c") == ids(4, 5))
        _ = m.drainEffects()

        let paged = m.pageForward(in: "c", now: 10)
        #expect(paged)
        #expect(m.showing(in: "c") == ids(2, 3))
        #expect(m.hidden(in: "c") == ids(1, 4, 5))
        // Nothing is dismissed by paging; the two come on.
        #expect(summary(m.drainEffects()).sorted() == ["appeared 2", "appeared 3"])

        // The last page is filled with the view before it.
        let pagedAgain = m.pageForward(in: "c", now: 11)
        #expect(pagedAgain)
        #expect(m.showing(in: "c") == ids(1, 2))
        // After the last page, the first.
        let pagedThird = m.pageForward(in: "c", now: 12)
        #expect(pagedThird)
        #expect(m.showing(in: "c") == ids(4, 5))
        #expect(m.overflowCount(in: "c") == 3)
    }

    @Test func oldestFirstPagesBringWaitingViewsOnAndHideTheShowingOnes() {
        var m = container(.oldest)
        for i in 1...5 { m.put(UInt64(i), at: Double(i)) }
        #expect(m.showing(in: "c") == ids(1, 2))
        #expect(m.waiting(in: "c") == ids(3, 4, 5))

        let paged = m.pageForward(in: "c", now: 10)
        #expect(paged)
        #expect(m.showing(in: "c") == ids(3, 4))
        #expect(m.hidden(in: "c") == ids(1, 2))
        #expect(m.waiting(in: "c") == ids(5))
        #expect(m.overflowCount(in: "c") == 3)

        let pagedAgain = m.pageForward(in: "c", now: 11)
        #expect(pagedAgain)
        #expect(m.showing(in: "c") == ids(4, 5))
        #expect(m.waiting(in: "c").isEmpty)
        let pagedThird = m.pageForward(in: "c", now: 12)
        #expect(pagedThird)
        #expect(m.showing(in: "c") == ids(1, 2))
    }

    @Test func pagedOffViewsKeepTheirCountdowns() {
        var m = container(.oldest)
        for i in 1...4 { m.put(UInt64(i), .with { $0.autoDismiss = .value(5) }, at: 0) }
        m.pageForward(in: "c", now: 1)
        _ = m.drainEffects()
        // 1 and 2 are hidden, counting from when they appeared; 3 and 4 count from the page.
        m.advance(to: 5)
        #expect(summary(m.drainEffects()).filter { $0.hasPrefix("dismissed") }.sorted()
                == ["dismissed 1 autoDismiss", "dismissed 2 autoDismiss"])
        #expect(m.showing(in: "c") == ids(3, 4))
        m.advance(to: 6)
        #expect(m.showing(in: "c").isEmpty)
    }

    @Test func highPriorityViewsStayWhileTheOthersPage() {
        var m = container(.newest, maximum: 3)
        m.put(1, .with { $0.priority = .high }, at: 0)
        for i in 2...6 { m.put(UInt64(i), at: Double(i)) }
        #expect(m.showing(in: "c") == ids(5, 6, 1))
        m.pageForward(in: "c", now: 10)
        #expect(m.showing(in: "c") == ids(3, 4, 1))
    }

    @Test func aContainerWithNothingOffScreenDoesNotPage() {
        var m = container(.newest)
        m.put(1)
        m.put(2)
        let paged = m.pageForward(in: "c", now: 1)
        #expect(!paged)
        #expect(m.showing(in: "c") == ids(1, 2))
        let pagedAgain = m.pageForward(in: "nope", now: 1)
        #expect(!pagedAgain)
    }

    @Test func aPendingSwapHappensBeforeThePage() {
        var m = container(.newest)
        m.put(1, at: 0)
        m.put(2, at: 0)
        _ = try? m.updateContainer("c", now: 0) { $0.swapDelay = 0.5 }
        for i in 3...5 { m.put(UInt64(i), at: 1) }
        #expect(m.showing(in: "c") == ids(1, 2), "the burst waits for its swap")
        m.pageForward(in: "c", now: 1.1)
        // The swap showed 4 and 5; the page after it shows 2 and 3.
        #expect(m.showing(in: "c") == ids(2, 3))
        #expect(!m.swapPending(in: "c"))
    }
}
