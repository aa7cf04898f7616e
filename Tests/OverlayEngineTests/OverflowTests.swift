// Overflow policy of multiple containers, hidden views and high-priority views.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import OverlayEngine

private let high = ViewConfiguration.with { $0.priority = .high }

private func auto(_ seconds: Double) -> ViewConfiguration {
    .with { $0.autoDismiss = .value(seconds) }
}

private func newest(maximum: Int = 5, _ edit: (inout ContainerConfiguration) -> Void = { _ in }) -> OverlayManager {
    makeManager(display: .vertical) {
        $0.maximumVisible = maximum
        $0.overflow = .newest
        $0.defaults.transition = .opacity
        $0.defaults.animation = .linear(duration: 0.2)
        edit(&$0)
    }
}

@Suite struct NewestOverflowTests {
    @Test func theNewestShowAndTheOlderAreHiddenNotDismissed() {
        var m = newest()
        for i in 1...7 { m.put(UInt64(i), at: Double(i)) }
        #expect(m.showing(in: "c") == ids(3, 4, 5, 6, 7))
        #expect(m.hidden(in: "c") == ids(1, 2))
        #expect(m.hiddenCount(in: "c") == 2)
        #expect(m.overflowCount(in: "c") == 2)
        #expect(m.waiting(in: "c").isEmpty)
        #expect(m.contains(ViewID(1)) && m.contains(ViewID(2)))
        let kinds = summary(m.drainEffects())
        #expect(!kinds.contains { $0.hasPrefix("dismissed") || $0.hasPrefix("removed") })
        #expect(kinds.filter { $0.hasPrefix("appeared") }.count == 7)
    }

    @Test func aHiddenViewGoesOutWithItsRemovalTransitionThenStopsBeingDrawn() {
        var m = newest(maximum: 1)
        m.put(1, at: 0)
        m.put(2, at: 1)
        let during = m.renderList(for: "c", size: Size(width: 400, height: 400), now: 1.1).items
        #expect(during.map(\.id) == ids(1, 2))
        #expect(during[0].opacity < 1)
        m.advance(to: 1.2)
        #expect(m.renderList(for: "c", size: Size(width: 400, height: 400), now: 1.2).items.map(\.id) == ids(2))
        #expect(!summary(m.drainEffects()).contains("removed 1"))
    }

    @Test func dismissingAShowingViewBringsTheNewestHiddenBackAtOnce() {
        var m = newest()
        for i in 1...7 { m.put(UInt64(i), at: Double(i)) }
        _ = m.drainEffects()
        m.dismiss(ViewID(5), now: 10)
        #expect(m.showing(in: "c") == ids(2, 3, 4, 6, 7))
        #expect(m.hidden(in: "c") == ids(1))
        #expect(summary(m.drainEffects()) == ["dismissed 5 request", "appeared 2"])
    }

    @Test func aReturningViewTakesItsPlaceByAgeBelowNewerViews() {
        var m = newest(maximum: 2)
        for i in 1...3 { m.put(UInt64(i), at: Double(i)) }
        m.dismiss(ViewID(3), animated: false, now: 5)
        let items = m.renderList(for: "c", size: Size(width: 400, height: 400), now: 6).items
        #expect(items.map(\.id) == ids(1, 2))
        #expect(items[0].z < items[1].z)
        #expect(items[0].frame.minY < items[1].frame.minY)   // bottom-anchored: newest lowest
    }

    @Test func appearHooksRunOnceAndDisappearHooksAtTheRealDismissal() {
        var m = newest(maximum: 1) { $0.defaults.appearAction = "in"; $0.defaults.disappearAction = "out" }
        m.put(1, at: 0)
        m.put(2, at: 1)
        m.dismiss(ViewID(2), animated: false, now: 2)
        #expect(summary(m.drainEffects()) == [
            "hook in 1", "appeared 1", "hook in 2", "appeared 2",
            "dismissed 2 request", "hook out 2", "removed 2", "appeared 1",
        ])
        m.put(3, at: 3)
        m.dismiss(ViewID(1), now: 4)
        #expect(summary(m.drainEffects()) == ["hook in 3", "appeared 3", "dismissed 1 request", "hook out 1", "removed 1"])
    }

    @Test func hiddenViewsExpireOnTimeWithOneDismissalEach() {
        var m = newest(maximum: 2)
        m.put(1, auto(5), at: 0)
        m.put(2, auto(5), at: 1)
        m.put(3, at: 2)
        m.put(4, at: 3)
        #expect(m.hidden(in: "c") == ids(1, 2))
        _ = m.drainEffects()
        m.advance(to: 4)                // their removal transitions are over
        #expect(m.nextDeadline == 5)
        m.advance(to: 4.99)
        #expect(m.hidden(in: "c") == ids(1, 2))
        m.advance(to: 5)
        #expect(m.hidden(in: "c") == ids(2))
        #expect(!m.contains(ViewID(1)))
        m.advance(to: 100)
        #expect(m.hidden(in: "c").isEmpty)
        #expect(summary(m.drainEffects()) == ["dismissed 1 autoDismiss", "removed 1", "dismissed 2 autoDismiss", "removed 2"])
        #expect(m.showing(in: "c") == ids(3, 4))
        #expect(m.nextDeadline == nil)
    }

    @Test func theCountdownKeepsRunningWhileHiddenAndAfterComingBack() {
        var m = newest(maximum: 1)
        m.put(1, auto(10), at: 0)
        m.put(2, at: 1)
        m.dismiss(ViewID(2), animated: false, now: 4)
        #expect(m.showing(in: "c") == ids(1))
        m.advance(to: 9.9)
        #expect(m.contains(ViewID(1)))
        m.advance(to: 10)
        #expect(!m.contains(ViewID(1)))
    }

    @Test func pastMaximumHiddenTheOldestHiddenIsDismissed() {
        var m = newest(maximum: 1) { $0.maximumHidden = 2 }
        for i in 1...5 { m.put(UInt64(i), at: Double(i)) }
        #expect(m.hidden(in: "c") == ids(3, 4))
        let kinds = summary(m.drainEffects())
        #expect(kinds.filter { $0.hasPrefix("dismissed") } == ["dismissed 1 autoDismiss", "dismissed 2 autoDismiss"])
        #expect(kinds.contains("removed 1") && kinds.contains("removed 2"))
    }

    @Test func dismissAllTakesHiddenViewsWithoutBringingThemBack() {
        var m = newest(maximum: 2)
        for i in 1...4 { m.put(UInt64(i), at: Double(i)) }
        _ = m.drainEffects()
        m.dismissAll(in: ["c"], now: 5)
        #expect(!m.hasViews(in: "c"))
        #expect(!summary(m.drainEffects()).contains { $0.hasPrefix("appeared") })
    }

    @Test func dismissAllOnlyShowingLetsHiddenViewsComeBack() {
        var m = newest(maximum: 2)
        for i in 1...4 { m.put(UInt64(i), at: Double(i)) }
        m.dismissAll(in: ["c"], onlyShowing: true, now: 5)
        #expect(m.showing(in: "c") == ids(1, 2))
        #expect(m.hasViews(in: "c"))
    }

    @Test func hasViewsCountsHiddenOnes() {
        var m = newest(maximum: 0)
        m.put(1)
        #expect(m.showing(in: "c").isEmpty)
        #expect(m.hidden(in: "c") == ids(1))
        #expect(m.hasViews(in: "c"))
        #expect(summary(m.drainEffects()).isEmpty)
    }

    @Test func updatingAHiddenViewKeepsItHidden() {
        var m = newest(maximum: 1)
        m.put(1, auto(3), at: 0)
        m.put(2, at: 1)
        m.put(1, auto(3), at: 2)        // update in place: the countdown restarts
        #expect(m.hidden(in: "c") == ids(1))
        m.advance(to: 4.5)
        #expect(m.contains(ViewID(1)))
        m.advance(to: 5)
        #expect(!m.contains(ViewID(1)))
    }

    @Test func aFloodStaysCheap() {
        var m = newest(maximum: 5)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for i in 1...10_000 { m.put(UInt64(i), auto(30), at: Double(i) * 0.001) }
        }
        #expect(m.showing(in: "c").count == 5)
        #expect(m.hiddenCount(in: "c") == 1000)
        // Sanitized builds (scripts/test --sanitize) run several times slower; the bound is for
        // quadratic behaviour, not for their overhead.
        let slowdown = getenv("OVERLAY_TEST_SLOWDOWN").flatMap { Int(String(cString: $0)) } ?? 1
        #expect(elapsed < .seconds(5) * max(1, slowdown))
    }
}

@Suite struct PriorityTests {
    @Test func aHighPriorityViewShowsAtOnceOverFivePersistentOnes() {
        var m = newest()
        for i in 1...5 { m.put(UInt64(i), at: Double(i)) }
        m.put(9, high, at: 6)
        #expect(m.showing(in: "c") == ids(2, 3, 4, 5, 9))
        #expect(m.hidden(in: "c") == ids(1))
    }

    @Test func underOldestTheDisplacedViewIsHiddenAndReturnsBeforeTheQueue() {
        var m = makeManager { $0.maximumVisible = 2 }
        for i in 1...4 { m.put(UInt64(i)) }
        m.put(9, high, at: 1)
        #expect(m.showing(in: "c") == ids(2, 9))
        #expect(m.hidden(in: "c") == ids(1))
        #expect(m.waiting(in: "c") == ids(3, 4))
        #expect(m.overflowCount(in: "c") == 3)
        m.dismiss(ViewID(9), animated: false, now: 2)
        #expect(m.showing(in: "c") == ids(1, 2))
        #expect(m.waiting(in: "c") == ids(3, 4))
        #expect(!summary(m.drainEffects()).contains { $0.hasPrefix("dismissed 1") })
    }

    @Test func severalHighPriorityViewsExceedTheMaximum() {
        var m = newest(maximum: 2)
        m.put(1, at: 0)
        for i in 11...14 { m.put(UInt64(i), high, at: Double(i)) }
        #expect(m.showing(in: "c") == ids(11, 12, 13, 14))
        #expect(m.hidden(in: "c") == ids(1))
    }

    @Test func newerNormalViewsNeverHideAHighPriorityOne() {
        var m = newest(maximum: 2)
        m.put(9, high, at: 0)
        for i in 1...4 { m.put(UInt64(i), at: Double(i)) }
        #expect(m.showing(in: "c") == ids(4, 9))
        #expect(m.hidden(in: "c") == ids(1, 2, 3))
    }

    @Test func highPriorityViewsAreAboveAndAtTheNewestEnd() {
        var m = newest(maximum: 3) { $0.defaults.alignment = .top }
        m.put(9, high, at: 0)
        m.put(1, at: 1)
        m.put(2, at: 2)
        let items = m.renderList(for: "c", size: Size(width: 400, height: 400), now: 10).items
        #expect(items.map(\.id) == ids(1, 2, 9))
        #expect(items.map(\.z) == items.map(\.z).sorted())
        let y = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.frame.minY) })
        #expect(y[ViewID(9)]! < y[ViewID(2)]! && y[ViewID(2)]! < y[ViewID(1)]!)
    }

    @Test func priorityMergesFromTheContainerDefaults() {
        var m = newest(maximum: 1) { $0.defaults.priority = .high }
        m.put(1)
        m.put(2, .with { $0.priority = .normal })
        m.put(3)
        #expect(m.showing(in: "c") == ids(1, 3))
        #expect(m.hidden(in: "c") == ids(2))
    }
}

@Suite struct OldestOverflowTests {
    @Test func oldestIsTheDefaultAndUnchanged() {
        var m = makeManager { $0.maximumVisible = 2 }
        #expect(m.container("c")!.overflow == .oldest)
        for i in 1...4 { m.put(UInt64(i)) }
        #expect(m.showing(in: "c") == ids(1, 2))
        #expect(m.waiting(in: "c") == ids(3, 4))
        #expect(m.hidden(in: "c").isEmpty)
        #expect(m.overflowCount(in: "c") == 2)
    }
}

@Suite struct SequencedIDsInsertTests {
    @Test func insertKeepsKeyOrderAtEitherEndInTheMiddleAndIntoATombstone() {
        var list = SequencedIDs()
        for k in [10, 20, 30, 40] as [UInt64] { list.append(ViewID(k), key: k) }
        _ = list.popFirst()                           // head moves past 10
        list.insert(ViewID(5), key: 5)                // into the slot before head
        list.insert(ViewID(25), key: 25)              // middle
        list.remove(ViewID(30), key: 30)
        list.insert(ViewID(30), key: 30)              // its own tombstone
        list.insert(ViewID(50), key: 50)              // end
        #expect(list.elements == ids(5, 20, 25, 30, 40, 50))
        #expect(list.contains(ViewID(25), key: 25) && !list.contains(ViewID(10), key: 10))
        list.remove(ViewID(50), key: 50)
        list.remove(ViewID(40), key: 40)
        #expect(list.last == ViewID(30))
        for id in list.elements { list.remove(id, key: id.rawValue) }
        list.insert(ViewID(1), key: 1)                // below every key ever used, once empty
        #expect(list.elements == ids(1) && list.count == 1)
    }
}

@Suite struct ReturningViewTests {
    @Test func aViewComingBackWhileGoingOutTurnsBackInPlace() {
        var m = newest(maximum: 1)
        m.put(1, at: 0)
        m.put(2, at: 1)                 // 1 starts going out (0.2 s, linear opacity)
        let size = Size(width: 400, height: 400)
        let before = m.renderList(for: "c", size: size, now: 1.05).items
        m.dismiss(ViewID(2), animated: false, now: 1.05)
        let after = m.renderList(for: "c", size: size, now: 1.05).items
        #expect(before[0].id == ViewID(1) && after.map(\.id) == ids(1))
        #expect(after[0].z == before[0].z)
        #expect(abs(after[0].opacity - before[0].opacity) < 0.01)
        #expect(abs(after[0].opacity - 0.75) < 0.01)
        m.advance(to: 1.1)
        #expect(m.renderList(for: "c", size: size, now: 1.1).items[0].opacity > 0.75)
    }

    @Test func raisingTheMaximumBringsHiddenViewsBackAtOnce() throws {
        var m = newest(maximum: 1)
        for i in 1...4 { m.put(UInt64(i), at: Double(i)) }
        try m.updateContainer("c", now: 5) { $0.maximumVisible = 3 }
        #expect(m.showing(in: "c") == ids(2, 3, 4))
        #expect(m.hidden(in: "c") == ids(1))
    }
}

/// The waiting queue is bounded: past `maximumWaiting` the oldest waiting view expires.
@Suite struct WaitingBoundTests {
    @Test(arguments: [QueueType.oneByOneWaitFinish, .multiple])
    func theOldestWaitingViewExpiresPastTheBound(queue: QueueType) throws {
        var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: queue)
        config.maximumVisible = 1
        config.maximumWaiting = 3
        var manager = OverlayManager()
        try manager.register(config, now: 0)
        let ids = try (0..<6).map { _ in try manager.show(in: "c", size: Size(width: 10, height: 10), now: 0) }
        #expect(manager.showing(in: "c") == [ids[0]])
        #expect(manager.waiting(in: "c") == Array(ids[3...]))
        let dismissed = manager.drainEffects().compactMap { effect -> ViewID? in
            if case .dismissed(let id, _, .autoDismiss) = effect { return id }
            return nil
        }
        #expect(dismissed == [ids[1], ids[2]], "each once, oldest first")
    }
}

/// `swapDelay`: a burst into a full `.newest` container changes the screen once, after it.
@Suite struct SwapDelayTests {
    @Test func aSteadyStreamSwapsAtTheLatestASecondAfterItsFirstNewcomer() throws {
        var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple)
        config.maximumVisible = 1
        config.overflow = .newest
        config.swapDelay = 0.25
        var manager = OverlayManager()
        try manager.register(config, now: 0)
        try manager.show(in: "c", size: Size(width: 10, height: 10), now: 0)
        var last = ViewID(0)
        for i in 0..<10 { last = try manager.show(in: "c", size: Size(width: 10, height: 10), now: 1 + Double(i) * 0.1) }
        #expect(abs(manager.nextDeadline! - 2.0) < 1e-9, "capped: the first newcomer came at 1")
        manager.advance(to: 2.0)
        #expect(manager.showing(in: "c") == [last], "the newest shows")
    }

    @Test func aBurstSwapsOnceAfterTheDelayAndNewcomersNeverShowBefore() throws {
        var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple)
        config.maximumVisible = 2
        config.overflow = .newest
        config.swapDelay = 0.25
        var manager = OverlayManager()
        try manager.register(config, now: 0)
        let first = try (0..<2).map { _ in try manager.show(in: "c", size: Size(width: 10, height: 10), now: 0) }
        _ = manager.drainEffects()
        let burst = try (0..<5).map { i in try manager.show(in: "c", size: Size(width: 10, height: 10), now: 1 + Double(i) * 0.01) }
        #expect(manager.showing(in: "c") == first, "nothing moves during the burst")
        #expect(manager.hidden(in: "c") == burst)
        #expect(!manager.drainEffects().contains { if case .appeared = $0 { return true }; return false })
        #expect(manager.nextDeadline == 1.29, "the swap is due a quarter second after the last newcomer")
        manager.advance(to: 1.29)
        #expect(Set(manager.showing(in: "c")) == Set(burst.suffix(2)), "then the newest two, at once")
        #expect(manager.hidden(in: "c") == first + burst.prefix(3), "older ones hidden, none dismissed")
        let appeared = manager.drainEffects().compactMap { if case .appeared(let id, _) = $0 { return id }; return nil }
        #expect(Set(appeared) == Set(burst.suffix(2)), "only the two that stay appear")
    }

    @Test func viewsComingInHoldStillWhileASwapIsPendingThenGoOnFromThere() throws {
        var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple)
        config.maximumVisible = 2
        config.overflow = .newest
        config.swapDelay = 0.05
        config.defaults.transition = .opacity
        config.defaults.animation = .linear(duration: 0.2)
        var manager = OverlayManager()
        try manager.register(config, now: 0)
        let size = Size(width: 10, height: 10), area = Size(width: 100, height: 100)
        let first = try (0..<2).map { i in try manager.show(in: "c", size: size, now: Double(i) * 0.01) }
        // Full at 0.01; the third comes at 0.02 and is the only newcomer: one swap at 0.07.
        let third = try manager.show(in: "c", size: size, now: 0.02)
        let atStart = manager.renderList(for: "c", size: area, now: 0.02)
        let later = manager.renderList(for: "c", size: area, now: 0.06)
        #expect(later.items.map(\.opacity) == atStart.items.map(\.opacity), "held: nothing changes while the swap is pending")
        #expect(!later.isAnimating, "no animation frames while held")
        #expect(manager.nextDeadline == 0.07, "the next wake-up is the swap")
        let heldOpacity = try #require(atStart.items.first { $0.id == first[1] }).opacity
        #expect(abs(heldOpacity - 0.05) < 1e-9, "the second had come in for 0.01 of 0.2 s")
        manager.advance(to: 0.07)
        #expect(Set(manager.showing(in: "c")) == [first[1], third], "the oldest went, the newcomer came")
        let after = manager.renderList(for: "c", size: area, now: 0.08)
        let resumed = try #require(after.items.first { $0.id == first[1] }).opacity
        #expect(abs(resumed - 0.1) < 1e-9, "it goes on from 0.05, 0.01 s later: 0.1, not a jump")
        #expect(after.isAnimating)
    }
}
