// The pointer over a stack's header pauses every member's countdown, as it pauses a toast's.
import Testing
@testable import OverlayEngine

private func chat(_ seconds: Double) -> ViewConfiguration {
    .with { $0.autoDismiss = .value(seconds); $0.groupKey = "chat" }
}

private func column() -> OverlayManager {
    makeManager(display: .vertical) {
        $0.maximumVisible = 5
        $0.overflow = .newest
        $0.groupThreshold = 3
        $0.defaults.transition = .opacity
        $0.defaults.animation = .linear(duration: 0.2)
    }
}

private func header(_ m: OverlayManager, at now: Double) -> ViewID? {
    m.renderList(for: "c", size: Size(width: 400, height: 2000), now: now).items.first { $0.id.isGroupHeader }?.id
}

@Suite struct GroupHeaderHoverTests {
    @Test func hoveringTheHeaderPausesEveryMemberUntilThePointerLeaves() throws {
        var m = column()
        for i in 1...4 { m.put(UInt64(i), chat(2)) }
        let id = try #require(header(m, at: 0.5))
        _ = m.apply([.hoverBegan(id)], now: 1)
        #expect(m.nextDeadline == nil, "no member's countdown runs")
        m.advance(to: 5)
        #expect(m.showing(in: "c") == ids(1, 2, 3, 4))
        // A member arriving meanwhile pauses too.
        m.put(5, chat(2), at: 5)
        m.advance(to: 8)
        #expect(m.showing(in: "c") == ids(1, 2, 3, 4, 5))

        _ = m.apply([.hoverEnded(id)], now: 8)
        // 1 s had counted before the pause: the first four are due at 9, the fifth at 10.
        #expect(m.nextDeadline == 9)
        _ = m.drainEffects()
        m.advance(to: 9)
        #expect(summary(m.drainEffects()).filter { $0.hasPrefix("dismissed") }.count == 4)
        m.advance(to: 10)
        #expect(m.showing(in: "c").isEmpty)
    }

    @Test func leavingTheHeaderKeepsAPauseItDidNotMake() throws {
        var m = column()
        for i in 1...3 { m.put(UInt64(i), chat(2)) }
        m.pauseAutoDismiss(ViewID(2), now: 0.5)  // e.g. typing a reply into it
        let id = try #require(header(m, at: 0.5))
        m.pauseAutoDismiss(id, now: 1)
        m.resumeAutoDismiss(id, now: 3)
        m.advance(to: 10)
        #expect(m.showing(in: "c") == ids(2), "the view paused on its own stays paused")
    }

    @Test func aHeaderOfNoGroupIsIgnored() {
        var m = column()
        m.put(1, chat(2))
        m.pauseAutoDismiss(.groupHeader(serial: 99), now: 0)
        #expect(m.nextDeadline == 2)
    }
}
