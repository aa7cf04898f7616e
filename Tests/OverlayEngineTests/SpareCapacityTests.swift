// Storage a burst grew is given back once the burst drained (docs/RELIABILITY.md, "Bounds").
import Testing
@testable import OverlayEngine

private func flooded(_ count: Int, overflow: Overflow) -> OverlayManager {
    var m = makeManager(display: .vertical) {
        $0.maximumVisible = 5
        $0.overflow = overflow
        $0.maximumHidden = 1000
        $0.maximumWaiting = 1000
        $0.expiresWhileWaiting = true
        $0.defaults.autoDismiss = .value(2)
        $0.defaults.transition = .opacity
        $0.defaults.animation = .linear(duration: 0.2)
    }
    for i in 1...count { m.put(UInt64(i), at: Double(i) * 0.001) }
    return m
}

@Suite struct SpareCapacityTests {
    @Test(arguments: [Overflow.newest, .oldest])
    func aDrainedFloodLeavesNoReservedStorage(overflow: Overflow) {
        var m = flooded(3000, overflow: overflow)
        let container = m.containers[0]
        #expect(container.reservedViewCapacity >= 1000)  // what the flood reserved
        m.advance(to: 10_000)
        #expect(m.effects.capacity >= 1000)  // the flood's effects, not drained yet
        let effects = m.drainEffects()
        #expect(effects.contains { if case .removed = $0 { true } else { false } })
        #expect(m.effects.capacity == 0)  // the drained list's storage is not kept
        #expect(!m.hasViews(in: "c"))
        let drained = m.containers[0]
        #expect(drained.entries.isEmpty)
        #expect(drained.reservedViewCapacity <= spareCapacityFloor)
        #expect(m.location.capacity <= spareCapacityFloor)
        for list in [drained.queue, drained.drawn, drained.normalShowing, drained.pinnedShowing,
                     drained.hidden, drained.pinnedHidden] {
            #expect(list.reservedCapacity <= spareCapacityFloor)
        }
        for heap in [drained.waitingDeadlines, drained.hiddenDeadlines, drained.showingDeadlines, drained.removalEnds] {
            #expect(heap.reservedCapacity <= spareCapacityFloor)
        }
    }

    @Test func dismissingMostViewsShrinksTheStorageAndKeepsTheRest() {
        var m = flooded(1000, overflow: .newest)
        _ = m.drainEffects()
        let kept = Set(m.showing(in: "c"))
        for id in m.hidden(in: "c") { m.dismiss(id, now: 2) }
        m.advance(to: 2.5)  // removal transitions end
        #expect(Set(m.showing(in: "c")) == kept)
        #expect(m.containers[0].entries.count == kept.count)
        #expect(m.containers[0].reservedViewCapacity <= spareCapacityFloor)
    }

    @Test func shrinkingADictionaryKeepsEveryEntry() {
        var d: [Int: String] = [:]
        for i in 0..<4096 { d[i] = "v\(i)" }
        for i in 0..<4000 { d[i] = nil }
        let before = d.capacity
        d.shrinkIfSparse()
        #expect(d.capacity < before / 4)
        #expect(d.count == 96)
        #expect((4000..<4096).allSatisfy { d[$0] == "v\($0)" })
    }

    @Test func aDictionaryMostlyInUseOrSmallIsLeftAsItIs() {
        var d: [Int: Int] = [:]
        for i in 0..<1000 { d[i] = i }
        for i in 0..<600 { d[i] = nil }
        let capacity = d.capacity
        d.shrinkIfSparse()  // 400 of about 1536: over a quarter
        #expect(d.capacity == capacity)
        var small: [Int: Int] = [1: 1]
        let smallCapacity = small.capacity
        small.shrinkIfSparse()
        #expect(small.capacity == smallCapacity)
    }

    @Test func anEmptyDictionaryOrArrayKeepsNoStorageBelowTheFloorToo() {
        var d: [Int: [Int]] = [:]
        for i in 0..<40 { d[i] = [i] }
        for i in 0..<40 { d[i] = nil }
        #expect(d.capacity > 0 && d.capacity <= spareCapacityFloor)
        d.shrinkIfSparse()
        #expect(d.capacity == 0)
        var a = Array(0..<40)
        a.removeAll(keepingCapacity: true)
        a.shrinkIfSparse()
        #expect(a.capacity == 0)
    }

    @Test func shrinkingASetKeepsEveryMemberAndAnEmptyOneKeepsNoStorage() {
        var s = Set(0..<4096)
        s.subtract(0..<4000)
        let before = s.capacity
        s.shrinkIfSparse()
        #expect(s.capacity < before / 4)
        #expect(s == Set(4000..<4096))
        s.removeAll(keepingCapacity: true)
        #expect(s.capacity > 0)
        s.shrinkIfSparse()
        #expect(s.capacity == 0)
    }

    @Test func shrinkingAnArrayKeepsTheOrder() {
        var a = Array(0..<2000)
        a.removeLast(1990)
        a.shrinkIfSparse()
        #expect(a == Array(0..<10))
        #expect(a.capacity <= 2 * spareCapacityFloor)
    }
}
