// Stacked groups: when they stack, the slot they take, the header, expanding and clearing.
import Testing
@testable import OverlayEngine

private let card = Size(width: 300, height: 60)

private func column(maximum: Int = 5, threshold: Int? = 3) -> OverlayManager {
    makeManager(display: .vertical) {
        $0.maximumVisible = maximum
        $0.overflow = .newest
        $0.groupThreshold = threshold
        $0.spacing = 10
        $0.defaults.alignment = .top
        $0.defaults.animation = .linear(duration: 0.1)
        $0.defaults.transition = .opacity
    }
}

private func member(_ key: String?) -> ViewConfiguration { .with { $0.groupKey = key } }

private extension OverlayManager {
    mutating func showAll(_ raws: ClosedRange<UInt64>, key: String?, at now: Double = 0) {
        for raw in raws { put(raw, member(key), size: card, at: now) }
    }
    func list(at now: Double) -> RenderList { renderList(for: "c", size: Size(width: 400, height: 2000), now: now) }
}

@Suite struct GroupingTests {
    @Test func twoMembersStandAloneAndTheThirdStacksThem() {
        var m = column()
        m.showAll(1...2, key: "chat")
        var items = m.list(at: 1).items
        #expect(items.map(\.id) == ids(1, 2))
        #expect(items.allSatisfy { $0.groupHeader == nil })
        m.put(3, member("chat"), size: card)
        items = m.list(at: 1).items
        // Oldest card first, the newest (top) last but one, the header last.
        #expect(items.map(\.id).prefix(3) == ids(1, 2, 3)[...])
        let header = items.last!
        #expect(header.id.isGroupHeader)
        #expect(header.groupHeader == GroupHeader(key: "chat", count: 3, expanded: false, top: ViewID(3)))
        // The header is above the top card; the two below peek out by 6 and 12 points, smaller.
        let top = items[2], second = items[1], third = items[0]
        #expect(header.frame == Rect(x: 50, y: 0, width: 300, height: 28))  // centred in 400
        #expect(top.frame.minY == 32)
        #expect(second.frame.maxY == top.frame.maxY + 6 && third.frame.maxY == top.frame.maxY + 12)
        #expect(second.scale < 1 && third.scale < second.scale)
        #expect(top.scale == 1)
    }

    /// A closed stack's peeking cards rest at two scales (the painter draws them under their
    /// scale, a font per scale); while the stack springs open their scales pass by.
    @Test func peekingCardsRestAtTwoScalesAndPassThemWhileTheStackSprings() {
        var m = column()
        m.showAll(1...4, key: "chat")
        let items = m.list(at: 1).items
        #expect(items.map(\.restsAtPeekScale) == [true, true, false, false])
        #expect(items[0].scale < items[1].scale)
        _ = m.toggleGroup(header: items.last!.id, now: 1)
        let midway = m.list(at: 1.05).items.filter { $0.groupHeader == nil }
        #expect(midway.allSatisfy { !$0.restsAtPeekScale })
        #expect(midway.contains { $0.scale != 1 }, "the peeking cards grow while the stack opens")
    }

    @Test func aStackTakesOneSlotOfTheMaximum() {
        var m = column(maximum: 3)
        m.showAll(1...12, key: "chat")
        m.showAll(13...14, key: nil)
        m.advance(to: 1)
        #expect(m.showing(in: "c").count == 14)
        #expect(m.hidden(in: "c").isEmpty)
        // A third stand-alone view needs a slot: the stack is the oldest unit, and its members
        // leave oldest first until one is free, which takes the whole stack (two members alone
        // would take two slots).
        m.put(15, member(nil), size: card, at: 1)
        #expect(m.showing(in: "c") == ids(13, 14, 15))
        #expect(m.hidden(in: "c") == (1...12).map(ViewID.init))
        // When a slot frees, the newest hidden member comes back alone.
        m.dismiss(ViewID(15), now: 1)
        #expect(m.showing(in: "c") == ids(12, 13, 14))
    }

    @Test func onlyThreeCardsAreDrawnWhileClosed() {
        var m = column()
        m.showAll(1...12, key: "chat")
        let items = m.list(at: 1).items
        #expect(items.map(\.id) == ids(10, 11, 12) + [items.last!.id])
        #expect(items.last!.groupHeader?.count == 12)
    }

    /// A closed stack at rest makes slots for its top cards only, yet its header is as wide as
    /// its widest member, however deep that member is buried, and it stays fully in while the
    /// newest card fades in.
    @Test func aClosedStackAtRestIsAsWideAsItsWidestMember() {
        var m = column()
        m.put(1, member("chat"), size: Size(width: 360, height: 60))
        m.showAll(2...12, key: "chat")
        var items = m.list(at: 1).items
        #expect(items.map(\.id) == ids(10, 11, 12) + [items.last!.id])
        #expect(items.last!.frame == Rect(x: 20, y: 0, width: 360, height: 28), "the header spans the widest member")
        m.put(13, member("chat"), size: card, at: 2)
        items = m.list(at: 2.05).items
        #expect(items.map(\.id) == ids(11, 12, 13) + [items.last!.id])
        #expect(items[2].opacity > 0.4 && items[2].opacity < 0.6, "the newest card is halfway in")
        #expect(items.last!.opacity == 1, "the stack is in: its older members are")
        m.dismiss(ViewID(1), now: 3)
        m.advance(to: 4)
        #expect(m.list(at: 4).items.last!.frame.width == 300, "the widest member left")
    }

    @Test func theHeaderOpensAndClosesTheStackWithASpring() {
        var m = column()
        m.showAll(1...4, key: "chat")
        let header = m.list(at: 1).items.last!.id
        let opened = m.toggleGroup(header: header, now: 1)
        #expect(opened)
        #expect(m.isExpanded(group: "chat", in: "c"))
        let midway = m.list(at: 1.05)
        #expect(midway.isAnimating)
        let open = m.list(at: 3)
        #expect(!open.isAnimating)
        // Open: a column under the header, newest first, spaced by 10.
        let cards = open.items.filter { $0.groupHeader == nil }
        #expect(cards.map(\.id) == ids(1, 2, 3, 4))
        #expect(cards.map(\.frame.minY) == [242, 172, 102, 32])
        #expect(cards.allSatisfy { $0.scale == 1 && $0.opacity == 1 })
        #expect(open.items.last!.groupHeader?.expanded == true)
        // Midway the top card is where it always is and the others are between their places.
        let second = midway.items.first { $0.id == ViewID(3) }!
        #expect(second.frame.minY > 32 && second.frame.minY < 102)
        let closed = m.toggleGroup(header: header, now: 3)
        #expect(closed)
        #expect(!m.isExpanded(group: "chat", in: "c"))
        #expect(m.list(at: 5).items.count == 4)
    }

    @Test func theHeaderSitsWhereTheNewestMemberWould() {
        var m = column()
        m.put(1, member("chat"), size: card)
        m.put(2, member(nil), size: card)
        m.put(3, member("chat"), size: card)
        m.put(4, member("chat"), size: card)
        let items = m.list(at: 1).items
        // The stand-alone view keeps its own place; the stack goes where the newest member is.
        #expect(items.map(\.id).prefix(4) == ids(2, 1, 3, 4)[...])
        let alone = items[0], header = items[4]
        #expect(header.frame.minY == 0)
        #expect(alone.frame.minY == 28 + 4 + 60 + 12 + 10)
    }

    @Test func clearingAGroupDismissesEveryMemberOnceAndKeepsTheStackWhileTheyGo() {
        var m = column()
        m.showAll(1...12, key: "chat")
        m.put(13, member("other"), size: card)
        _ = m.drainEffects()
        let header = m.list(at: 1).items.last { $0.groupHeader?.key == "chat" }!.id
        let gone = m.dismissGroup(header: header, reason: .gesture, now: 1)
        #expect(Set(gone) == Set((1...12).map(ViewID.init)))
        let dismissed = m.drainEffects().compactMap { effect -> ViewID? in
            if case .dismissed(let id, _, .gesture) = effect { return id }
            return nil
        }
        #expect(dismissed.count == 12 && Set(dismissed) == Set(gone))
        // While the cards fade, they stay in the stack under the header.
        let fading = m.list(at: 1.05).items
        #expect(fading.contains { $0.groupHeader?.key == "chat" })
        #expect(m.showing(in: "c") == ids(13))
        m.advance(to: 2)
        #expect(m.list(at: 2).items.map(\.id) == ids(13))
        #expect(m.group(ofHeader: header) == nil)
    }

    @Test func replacingAMemberKeepsItInItsStack() {
        var m = column()
        m.showAll(1...3, key: "chat")
        let before = m.list(at: 1).items
        try! m.show(ViewID(2), in: "c", configuration: member("chat"), size: card, now: 1)
        let after = m.list(at: 1).items
        #expect(after == before)
        #expect(m.members(ofGroup: "chat", in: "c") == ids(1, 2, 3))
    }

    @Test func withoutAThresholdNothingStacks() {
        var m = column(threshold: nil)
        m.showAll(1...7, key: "chat")
        #expect(m.showing(in: "c") == ids(3, 4, 5, 6, 7))
        #expect(m.list(at: 1).items.allSatisfy { $0.groupHeader == nil })
    }

    @Test func highPriorityViewsStandAlone() {
        var m = column()
        m.showAll(1...2, key: "chat")
        m.put(3, .with { $0.groupKey = "chat"; $0.priority = .high }, size: card)
        #expect(m.list(at: 1).items.allSatisfy { $0.groupHeader == nil })
    }

    /// Cards under a closed stack's top three are not drawn: one dismissed or pushed out leaves
    /// the engine at once, where a card on screen fades out first.
    @Test func aCardBuriedInAClosedStackLeavesAtOnce() {
        var m = column()
        m.showAll(1...12, key: "chat")
        _ = m.drainEffects()
        m.dismiss(ViewID(1), reason: .request, now: 1)
        #expect(summary(m.drainEffects()) == ["dismissed 1 request", "removed 1"])
        m.dismiss(ViewID(12), reason: .request, now: 1)
        #expect(summary(m.drainEffects()) == ["dismissed 12 request"], "the top card fades out")
        #expect(m.list(at: 1.05).items.contains { $0.id == ViewID(12) })
        m.advance(to: 1.2)
        #expect(summary(m.drainEffects()) == ["removed 12"])
        // An open stack draws every card: each fades out.
        let header = m.list(at: 2).items.last!.id
        _ = m.toggleGroup(header: header, now: 2)
        m.dismiss(ViewID(2), reason: .request, now: 3)
        #expect(summary(m.drainEffects()) == ["dismissed 2 request"])
    }

    /// A stack whose members all expire together: the buried ones go at once, and the stack
    /// stays whole, its header over its top cards, while they fade out (it does not break up into
    /// cards laid out alone).
    @Test func aStackExpiringWholeFadesOutWhole() {
        var m = column()
        for raw in UInt64(1)...40 { m.put(raw, .with { $0.groupKey = "chat"; $0.autoDismiss = .value(2) }, size: card) }
        m.advance(to: 1)
        _ = m.drainEffects()
        m.advance(to: 2)
        let effects = summary(m.drainEffects())
        #expect(effects.filter { $0.hasPrefix("dismissed") }.count == 40)
        #expect(effects.filter { $0.hasPrefix("removed") }.count == 37)
        let fading = m.list(at: 2.05).items
        #expect(fading.map(\.id).prefix(3) == ids(38, 39, 40)[...])
        #expect(fading.count == 4 && fading.last!.groupHeader?.key == "chat", "the header stays over the top cards")
        #expect(fading.allSatisfy { $0.opacity > 0 && $0.opacity < 1 })
        #expect(fading[2].frame.minY == fading.last!.frame.maxY + 4, "the top card stays under the header")
        m.advance(to: 3)
        #expect(summary(m.drainEffects()).sorted() == ["removed 38", "removed 39", "removed 40"])
        #expect(m.list(at: 3).items.isEmpty)
    }

    /// A flood pouring into a full stack: a newcomer that comes while the top card is still
    /// coming in takes the top at once (the stack's top fades in once, not once per newcomer);
    /// one that comes after the top card is in fades in as usual.
    @Test func aNewcomerToAFullStackWhoseTopIsComingInTakesTheTopAtOnce() {
        var m = makeManager(display: .vertical) {
            $0.overflow = .newest
            $0.groupThreshold = 3
            $0.maximumGroupMembers = 3
            $0.defaults.animation = .linear(duration: 0.1)
            $0.defaults.transition = .opacity
        }
        m.showAll(1...3, key: "chat")
        let top = { (now: Double) in m.list(at: now).items.filter { $0.groupHeader == nil }.last! }
        #expect(top(0.05).id == ViewID(3) && abs(top(0.05).opacity - 0.5) < 1e-9, "the stack's top fades in")
        m.put(4, member("chat"), size: card, at: 0.05)
        #expect(top(0.05).id == ViewID(4) && top(0.05).opacity == 1, "it takes the top at once")
        m.put(5, member("chat"), size: card, at: 0.1)
        #expect(top(0.1).id == ViewID(5) && top(0.1).opacity == 1, "and so does the next one within the first's time")
        m.put(6, member("chat"), size: card, at: 0.5)
        #expect(top(0.55).id == ViewID(6) && abs(top(0.55).opacity - 0.5) < 1e-9, "once the top card is in, a newcomer fades in")
        #expect(m.list(at: 0.55).items.filter { $0.groupHeader == nil }.count == 3, "three members still show")
    }

    @Test func aMemberLeavingBreaksAStackOfThree() {
        var m = column()
        m.showAll(1...3, key: "chat")
        m.dismiss(ViewID(1), now: 0)
        m.advance(to: 1)
        #expect(m.list(at: 1).items.map(\.id) == ids(2, 3))
    }

    @Test func turningGroupingOffAtRuntimeUnstacks() throws {
        var m = column(maximum: 10)
        m.showAll(1...4, key: "chat")
        try m.updateContainer("c", now: 0) { $0.groupThreshold = nil }
        #expect(m.list(at: 1).items.allSatisfy { $0.groupHeader == nil })
        #expect(m.showing(in: "c").count == 4)
    }
}
