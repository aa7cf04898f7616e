// The bound on high-priority (pinned) views showing in one container: `maximumPinned`.
import Testing
@testable import OverlayEngine

private let high = ViewConfiguration.with { $0.priority = .high }

private func pinnedCap(_ cap: Int = 32, overflow: Overflow = .newest,
                       _ edit: (inout ContainerConfiguration) -> Void = { _ in }) -> OverlayManager {
    makeManager(display: .vertical) {
        $0.maximumVisible = 5
        $0.overflow = overflow
        $0.maximumPinned = cap
        $0.defaults.transition = .opacity
        $0.defaults.animation = .linear(duration: 0.2)
        edit(&$0)
    }
}

private func range(_ r: ClosedRange<UInt64>) -> [ViewID] { r.map(ViewID.init) }

@Suite struct PinnedCapTests {
    @Test func theDefaultCapIsFarAboveNormalUse() {
        #expect(ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple).maximumPinned == 32)
    }

    @Test(arguments: [Overflow.newest, .oldest])
    func fortyHighPriorityViewsShowTheNewestThirtyTwoAndHideTheRest(overflow: Overflow) {
        var m = pinnedCap(overflow: overflow)
        for i in 1...40 { m.put(UInt64(i), high, at: Double(i) * 0.01) }
        #expect(m.showing(in: "c") == range(9...40))
        #expect(m.hidden(in: "c") == range(1...8))
        #expect(m.hiddenCount(in: "c") == 8)
        #expect(m.overflowCount(in: "c") == 8)
        #expect(m.waiting(in: "c").isEmpty)
        // Hidden, not closed: every view is still there.
        #expect(!summary(m.drainEffects()).contains { $0.hasPrefix("dismissed") || $0.hasPrefix("removed") })
    }

    @Test func closingAShowingOneBringsTheNewestHiddenHighPriorityViewBackBeforeNewerNormalOnes() {
        var m = pinnedCap()
        for i in 1...40 { m.put(UInt64(i), high, at: Double(i) * 0.01) }
        // Normal views arriving later find every slot taken and wait hidden, newer than 1...8.
        for i in 101...103 { m.put(UInt64(i), at: 1 + Double(i - 100) * 0.01) }
        #expect(m.hidden(in: "c") == range(1...8) + range(101...103))
        _ = m.drainEffects()
        m.dismiss(ViewID(20), now: 5)
        #expect(summary(m.drainEffects()) == ["dismissed 20 request", "appeared 8"])
        #expect(m.showing(in: "c") == range(8...19) + range(21...40))
        #expect(m.hidden(in: "c") == range(1...7) + range(101...103))
    }

    @Test func belowTheVisibleMaximumNormalHiddenViewsStillComeBack() {
        // Cap 2 of 5 slots: hidden high-priority views wait for a pinned slot, normal ones do not.
        var m = pinnedCap(2)
        for i in 1...4 { m.put(UInt64(i), high, at: Double(i)) }
        m.put(101, at: 5)
        #expect(m.showing(in: "c") == ids(101, 3, 4))
        #expect(m.hidden(in: "c") == ids(1, 2))
        m.dismiss(ViewID(101), now: 6)
        #expect(m.showing(in: "c") == ids(3, 4))
        #expect(m.hidden(in: "c") == ids(1, 2))
        m.dismiss(ViewID(3), now: 7)
        #expect(m.showing(in: "c") == ids(2, 4))
    }

    @Test func aHiddenHighPriorityViewComesBackBeforeANewerNormalOne() {
        var m = pinnedCap(2)
        for i in 1...4 { m.put(UInt64(i), high, at: Double(i)) }
        for i in 101...104 { m.put(UInt64(i), at: Double(i)) }
        #expect(m.hidden(in: "c") == ids(1, 2, 101))
        _ = m.drainEffects()
        // One slot frees: the hidden high-priority view 2 takes it, not the newer normal 101.
        m.dismiss(ViewID(3), now: 200)
        #expect(summary(m.drainEffects()) == ["dismissed 3 request", "appeared 2"])
        #expect(m.hidden(in: "c") == ids(1, 101))
    }

    @Test func aFloodPastMaximumHiddenClosesTheOldestAsExpiredOnceEach() {
        var m = pinnedCap(4) { $0.maximumHidden = 3 }
        var effects: [String] = []
        for i in 1...20 {
            m.put(UInt64(i), high, at: Double(i) * 0.05)
            effects += summary(m.drainEffects())
        }
        m.advance(to: 10)
        effects += summary(m.drainEffects())
        #expect(m.showing(in: "c") == range(17...20))
        #expect(m.hidden(in: "c") == range(14...16))
        for i in 1...13 {
            #expect(effects.filter { $0 == "dismissed \(i) autoDismiss" }.count == 1, "view \(i)")
            #expect(effects.filter { $0 == "removed \(i)" }.count == 1, "view \(i)")
        }
        #expect(effects.filter { $0.hasPrefix("dismissed") }.count == 13)
        #expect(effects.filter { $0.hasPrefix("removed") }.count == 13)
    }

    @Test func groupingLeavesHighPriorityViewsAloneAndTheCapHolds() {
        let sameSender = ViewConfiguration.with { $0.priority = .high; $0.groupKey = "app" }
        var m = pinnedCap(6) { $0.groupThreshold = 2 }
        for i in 1...10 { m.put(UInt64(i), sameSender, at: Double(i)) }
        #expect(m.showing(in: "c") == range(5...10))
        #expect(m.hidden(in: "c") == range(1...4))
        #expect(m.containers[0].groups.isEmpty)
    }

    @Test func loweringTheCapHidesTheOldestAtOnce() throws {
        var m = pinnedCap()
        for i in 1...6 { m.put(UInt64(i), high, at: Double(i)) }
        _ = m.drainEffects()
        try m.updateContainer("c", now: 7) { $0.maximumPinned = 4 }
        #expect(m.showing(in: "c") == ids(3, 4, 5, 6))
        #expect(m.hidden(in: "c") == ids(1, 2))
        #expect(!summary(m.drainEffects()).contains { $0.hasPrefix("dismissed") })
    }

    @Test func raisingTheCapBringsHiddenHighPriorityViewsBack() throws {
        var m = pinnedCap(2)
        for i in 1...4 { m.put(UInt64(i), high, at: Double(i)) }
        try m.updateContainer("c", now: 5) { $0.maximumPinned = 3 }
        #expect(m.showing(in: "c") == ids(2, 3, 4))
        #expect(m.hidden(in: "c") == ids(1))
    }
}
