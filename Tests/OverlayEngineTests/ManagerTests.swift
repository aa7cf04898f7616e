// The manager's API: ids, in-place updates, dismissals, hooks, auto-dismiss and hover.
import Testing
@testable import OverlayEngine

@Suite struct ShowAndIDTests {
    @Test func freshIDsAreNeverReusedAndSkipCallerIDs() throws {
        var m = makeManager()
        let a = try m.show(in: "c", size: small, now: 0)
        m.put(7)
        let b = try m.show(in: "c", size: small, now: 0)
        m.dismiss(b, animated: false, now: 0)
        let c = try m.show(in: "c", size: small, now: 0)
        #expect(a == ViewID(1))
        #expect(b == ViewID(8))
        #expect(c == ViewID(9))
    }

    @Test func showingAnExistingIDUpdatesItInPlace() {
        var m = makeManager()
        m.put(1, .with { $0.alignment = .top })
        _ = m.drainEffects()
        m.put(1, .with { $0.alignment = .bottom }, size: Size(width: 50, height: 50), at: 1)
        #expect(m.showing(in: "c") == ids(1))
        #expect(m.drainEffects().isEmpty)
        #expect(m.resolvedConfiguration(of: ViewID(1))?.alignment == .bottom)
        #expect(m.size(of: ViewID(1)) == Size(width: 50, height: 50))
        // No new insertion transition: fully in immediately after the update.
        var m2 = makeManager { $0.defaults.transition = .opacity }
        m2.put(1, at: 0)
        m2.put(1, at: 10)
        #expect(m2.renderList(for: "c", size: Size(width: 400, height: 400), now: 10).items.first?.opacity == 1)
    }

    @Test func setSizeChangesTheLayout() {
        var m = makeManager { $0.defaults.alignment = .topLeading }
        m.put(1, animated: false)
        m.setSize(Size(width: 30, height: 20), of: ViewID(1))
        let item = m.renderList(for: "c", size: Size(width: 300, height: 300), now: 1).items[0]
        #expect(item.frame == Rect(x: 0, y: 0, width: 30, height: 20))
    }

    @Test func showingAnIDFromAnotherContainerMovesIt() throws {
        var m = makeManager("a")
        try m.register(ContainerConfiguration(name: "b", displayType: .stacking, queueType: .multiple), now: 0)
        m.put(1, in: "a")
        _ = m.drainEffects()
        m.put(1, in: "b", at: 1)
        #expect(m.showing(in: "a").isEmpty)
        #expect(m.showing(in: "b") == ids(1))
        #expect(summary(m.drainEffects()) == ["dismissed 1 replaced", "removed 1", "appeared 1"])
    }

    @Test func environmentDescribesTheContainer() {
        var m = makeManager(display: .vertical, queue: .oneByOne)
        m.setContainerSize(Size(width: 800, height: 600), for: "c")
        m.put(3)
        let env = m.environment(of: ViewID(3))
        #expect(env == ViewEnvironment(id: ViewID(3), containerName: "c", containerSize: Size(width: 800, height: 600),
                                       displayType: .vertical, queueType: .oneByOne))
        // A view dismisses itself through its environment.
        let dismissed = m.dismiss(env!.id, now: 1)
        #expect(dismissed)
        #expect(!m.contains(ViewID(3)))
    }
}

@Suite struct DismissTests {
    @Test func animatedDismissalIsRemovedWhenTheTransitionEnds() {
        var m = makeManager { $0.defaults.animation = .linear(duration: 0.4) }
        m.put(1)
        _ = m.drainEffects()
        let dismissed = m.dismiss(ViewID(1), now: 1)
        #expect(dismissed)
        #expect(summary(m.drainEffects()) == ["dismissed 1 request"])
        #expect(m.nextDeadline == 1.4)
        #expect(!m.contains(ViewID(1)))
        m.advance(to: 1.4)
        #expect(summary(m.drainEffects()) == ["removed 1"])
        #expect(m.nextDeadline == nil)
    }

    @Test func unanimatedDismissalIsRemovedAtOnce() {
        var m = makeManager()
        m.put(1)
        _ = m.drainEffects()
        m.dismiss(ViewID(1), animated: false, now: 1)
        #expect(summary(m.drainEffects()) == ["dismissed 1 request", "removed 1"])
    }

    @Test func dismissingTwiceReportsOnce() {
        var m = makeManager()
        m.put(1)
        let first = m.dismiss(ViewID(1), now: 1)
        let second = m.dismiss(ViewID(1), now: 1.1)
        let unknown = m.dismiss(ViewID(99), now: 1.1)
        #expect(first && !second && !unknown)
        #expect(m.drainEffects().filter { if case .dismissed = $0 { true } else { false } }.count == 1)
    }

    /// One advance past many timers of two containers fires them in time order, each at its own
    /// time, though a container's run of timers before the other's next one fires in one pass.
    @Test func timersOfTwoContainersFireInTimeOrder() throws {
        var m = makeManager("a") { $0.defaults.animation = .linear(duration: 0) }
        try m.register(ContainerConfiguration(name: "b", displayType: .stacking, queueType: .multiple), now: 0)
        let expiring = { (seconds: Double) in ViewConfiguration.with { $0.autoDismiss = .value(seconds); $0.animation = .linear(duration: 0) } }
        // a: 1, 2, 3 expire at 1, 2, 3; b: 4 and 5 at 1.5 and 2.5; a again: 6 at 4.
        for (raw, name, seconds) in [(1, "a", 1.0), (2, "a", 2), (3, "a", 3), (4, "b", 1.5), (5, "b", 2.5), (6, "a", 4)] {
            m.put(UInt64(raw), in: name, expiring(seconds))
        }
        _ = m.drainEffects()
        m.advance(to: 10)
        let dismissed = summary(m.drainEffects()).filter { $0.hasPrefix("dismissed") }
        #expect(dismissed == [1, 4, 2, 5, 3, 6].map { "dismissed \($0) autoDismiss" })
        #expect(m.nextDeadline == nil)
    }

    @Test func dismissAllInNamedContainers() throws {
        var m = makeManager("a") { $0.maximumVisible = 1 }
        try m.register(ContainerConfiguration(name: "b", displayType: .stacking, queueType: .multiple), now: 0)
        m.put(1, in: "a"); m.put(2, in: "a"); m.put(3, in: "b")
        m.dismissAll(in: ["a"], animated: false, now: 1)
        #expect(m.showing(in: "a").isEmpty && m.waiting(in: "a").isEmpty)
        #expect(m.showing(in: "b") == ids(3))
        m.advance(to: 10)
        #expect(m.showing(in: "a").isEmpty)
    }

    @Test func dismissAllOnlyShowingLeavesTheQueueToRefill() {
        var m = makeManager { $0.maximumVisible = 2 }
        for i in 1...4 { m.put(UInt64(i)) }
        m.dismissAll(in: ["c"], onlyShowing: true, animated: false, now: 1)
        #expect(m.showing(in: "c").isEmpty)
        #expect(m.waiting(in: "c") == ids(3, 4))
        m.advance(to: 2)
        #expect(m.showing(in: "c") == ids(3, 4))
    }

    @Test func dismissAllExceptSparesTheNamedContainers() throws {
        var m = makeManager("a")
        try m.register(ContainerConfiguration(name: "b", displayType: .stacking, queueType: .multiple), now: 0)
        try m.register(ContainerConfiguration(name: "c", displayType: .stacking, queueType: .multiple), now: 0)
        m.put(1, in: "a"); m.put(2, in: "b"); m.put(3, in: "c")
        m.dismissAll(except: ["b"], animated: false, now: 1)
        #expect(m.showing(in: "a").isEmpty && m.showing(in: "c").isEmpty)
        #expect(m.showing(in: "b") == ids(2))
    }

    @Test func dismissTopmostFollowsDisplayOrder() throws {
        var newest = makeManager()
        newest.put(1, at: 0); newest.put(2, at: 1); newest.put(3, at: 2)
        let newestTop = newest.dismissTopmost(in: ["c"], now: 3)
        #expect(newestTop == ViewID(3))
        var oldest = makeManager { $0.displayOrder = .oldestOnTop }
        oldest.put(1, at: 0); oldest.put(2, at: 1); oldest.put(3, at: 2)
        #expect(oldest.showing(in: "c") == ids(3, 2, 1))
        let oldestTop = oldest.dismissTopmost(in: ["c"], now: 3)
        let none = oldest.dismissTopmost(in: ["nope"], now: 3)
        #expect(oldestTop == ViewID(1))
        #expect(none == nil)
    }
}

@Suite struct HookTests {
    @Test func hooksRunOnceViewFirstThenContainer() {
        var m = makeManager { $0.defaults.appearAction = "c-in"; $0.defaults.disappearAction = "c-out" }
        m.put(1, .with { $0.appearAction = "v-in"; $0.disappearAction = "v-out" })
        m.dismiss(ViewID(1), now: 1)
        m.dismiss(ViewID(1), now: 1.1)
        m.advance(to: 5)
        #expect(summary(m.drainEffects()) == [
            "hook v-in 1", "hook c-in 1", "appeared 1",
            "dismissed 1 request", "hook v-out 1", "hook c-out 1", "removed 1",
        ])
    }

    @Test func noHooksForAViewThatNeverShowed() {
        var m = makeManager { $0.maximumVisible = 1; $0.defaults.appearAction = "in"; $0.defaults.disappearAction = "out" }
        m.put(1); m.put(2)
        _ = m.drainEffects()
        m.dismiss(ViewID(2), now: 1)
        #expect(summary(m.drainEffects()) == ["dismissed 2 request", "removed 2"])
    }
}

@Suite struct AutoDismissTests {
    @Test func countsFromAppearanceNotFromTheQueue() {
        var m = makeManager { $0.maximumVisible = 1; $0.defaults.autoDismiss = .value(3) }
        m.put(1, at: 0); m.put(2, at: 0)
        #expect(m.nextDeadline == 3)
        m.advance(to: 3)
        #expect(!m.contains(ViewID(1)))
        m.advance(to: 3.5)                       // 2 appears after the refill delay
        #expect(m.showing(in: "c") == ids(2))
        m.advance(to: 6.49)
        #expect(m.contains(ViewID(2)))
        m.advance(to: 6.5)
        #expect(!m.contains(ViewID(2)))
        #expect(m.drainEffects().contains(.dismissed(ViewID(2), container: "c", reason: .autoDismiss)))
    }

    @Test func viewDisabledBeatsContainerValue() {
        var m = makeManager { $0.defaults.autoDismiss = .value(1) }
        m.put(1, .with { $0.autoDismiss = .disabled })
        m.advance(to: 100)
        #expect(m.contains(ViewID(1)))
    }

    @Test func hoverPausesTheCountdown() {
        var m = makeManager { $0.defaults.autoDismiss = .value(2) }
        m.put(1, at: 0)
        m.pauseAutoDismiss(ViewID(1), now: 1)
        #expect(m.nextDeadline == nil)
        m.advance(to: 10)
        #expect(m.contains(ViewID(1)))
        m.resumeAutoDismiss(ViewID(1), now: 10)
        #expect(m.nextDeadline == 11)
        m.advance(to: 11)
        #expect(!m.contains(ViewID(1)))
    }

    @Test func updatingInPlaceRestartsTheCountdown() {
        var m = makeManager { $0.defaults.autoDismiss = .value(2) }
        m.put(1, at: 0)
        m.put(1, at: 1.5)
        #expect(m.nextDeadline == 3.5)
    }
}
