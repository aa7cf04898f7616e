// Render lists over time: transitions, z-order, backgrounds, isAnimating.
import Testing
@testable import OverlayEngine

let screen = Size(width: 400, height: 300)

@Suite struct TransitionTimelineTests {
    @Test func opacityInsertionFollowsTheCurveAndThenStops() {
        var m = makeManager { $0.defaults.transition = .opacity; $0.defaults.animation = .linear(duration: 1) }
        m.put(1, at: 10)
        let early = m.renderList(for: "c", size: screen, now: 10.25)
        #expect(approx(early.items[0].opacity, 0.25))
        #expect(early.isAnimating)
        let done = m.renderList(for: "c", size: screen, now: 11)
        #expect(done.items[0].opacity == 1 && !done.isAnimating)
        #expect(m.renderList(for: "c", size: screen, now: 50) == done)
    }

    @Test func unanimatedInsertionIsFullyInAtOnce() {
        var m = makeManager { $0.defaults.transition = .opacity }
        m.put(1, animated: false, at: 0)
        let list = m.renderList(for: "c", size: screen, now: 0)
        #expect(list.items[0].opacity == 1 && !list.isAnimating)
    }

    @Test func moveSlidesFromBeyondTheEdge() {
        var m = makeManager { $0.defaults.transition = .move(.top); $0.defaults.animation = .linear(duration: 1)
            $0.defaults.alignment = .top }
        m.put(1, at: 0)
        let start = m.renderList(for: "c", size: screen, now: 0).items[0]
        #expect(start.offset == Point(x: 0, y: -40))
        #expect(start.visualFrame.maxY == 0)
        let half = m.renderList(for: "c", size: screen, now: 0.5).items[0]
        #expect(half.offset == Point(x: 0, y: -20))
    }

    @Test func removalRunsBackwardsAndTheViewDisappearsAtTheEnd() {
        var m = makeManager { $0.defaults.transition = .scale(0.5, anchor: .bottom); $0.defaults.animation = .linear(duration: 1) }
        m.put(1, animated: false)
        m.dismiss(ViewID(1), now: 2)
        let mid = m.renderList(for: "c", size: screen, now: 2.5).items[0]
        #expect(approx(mid.scale, 0.75) && mid.scaleAnchor == Point(x: 0.5, y: 1))
        #expect(m.renderList(for: "c", size: screen, now: 3).items.isEmpty)
    }

    @Test func asymmetricUsesEachSideSeparately() {
        let t = Transition.asymmetric(insertion: .opacity, removal: .offset(Point(x: 50, y: 0)))
        var m = makeManager { $0.defaults.transition = t; $0.defaults.animation = .linear(duration: 1) }
        m.put(1, at: 0)
        let inserting = m.renderList(for: "c", size: screen, now: 0.5).items[0]
        #expect(approx(inserting.opacity, 0.5) && inserting.offset == .zero)
        m.dismiss(ViewID(1), now: 2)
        let removing = m.renderList(for: "c", size: screen, now: 2.5).items[0]
        #expect(removing.opacity == 1 && approx(removing.offset.x, 25))
    }

    @Test func combinedMultipliesOpacityAndAddsOffsets() {
        let e = Transition.combined(.opacity, .combined(.offset(Point(x: 0, y: 10)), .scale(0, anchor: .center)))
            .effect(presence: 0.5, isRemoval: false, frame: .zero, container: .zero)
        #expect(e == TransitionEffect(opacity: 0.5, scale: 0.5, anchor: Point(x: 0.5, y: 0.5), offset: Point(x: 0, y: 5)))
    }

    @Test func dismissingMidInsertionStartsFromWhereItWas() {
        var m = makeManager { $0.defaults.transition = .opacity; $0.defaults.animation = .linear(duration: 1) }
        m.put(1, at: 0)
        m.dismiss(ViewID(1), now: 0.4)
        #expect(approx(m.renderList(for: "c", size: screen, now: 0.4).items[0].opacity, 0.4))
        #expect(approx(m.renderList(for: "c", size: screen, now: 0.9).items[0].opacity, 0.2))
    }

    @Test func siblingsSlideWhenAViewLeavesAGroup() {
        var m = makeManager(display: .vertical) { $0.defaults.animation = .linear(duration: 1) }
        m.put(1, animated: false); m.put(2, animated: false)
        m.dismiss(ViewID(2), now: 1)
        var last = -Double.infinity
        for t in stride(from: 1.0, through: 2.0, by: 0.1) {
            let y = m.renderList(for: "c", size: screen, now: t).items.first { $0.id == ViewID(1) }!.frame.minY
            #expect(y >= last)
            last = y
        }
        #expect(last == 260)
    }
}

@Suite struct ZOrderTests {
    @Test func zIsFixedAtAppearanceAndStable() {
        var m = makeManager()
        for i in 1...3 { m.put(UInt64(i), animated: false) }
        let before = m.renderList(for: "c", size: screen, now: 0).items
        m.dismiss(ViewID(2), animated: false, now: 1)
        m.put(4, animated: false, at: 1)
        let after = m.renderList(for: "c", size: screen, now: 1).items
        let z = Dictionary(uniqueKeysWithValues: after.map { ($0.id, $0.z) })
        #expect(z[ViewID(1)] == before[0].z && z[ViewID(3)] == before[2].z)
        #expect(after.map(\.id) == ids(1, 3, 4))
        #expect(z[ViewID(4)]! > z[ViewID(3)]!)
    }

    @Test func oldestOnTopPutsNewViewsUnderneath() {
        var m = makeManager { $0.displayOrder = .oldestOnTop }
        for i in 1...3 { m.put(UInt64(i), animated: false) }
        let list = m.renderList(for: "c", size: screen, now: 0).items
        #expect(list.map(\.id) == ids(3, 2, 1))
        #expect(list.map(\.z) == list.map(\.z).sorted())
    }
}

@Suite struct BackgroundTimelineTests {
    @Test func backgroundFadesWithTheViewOrAppearsAtOnce() {
        var m = makeManager { $0.defaults.background = .value(.color(.black)); $0.defaults.animation = .linear(duration: 1) }
        m.put(1, at: 0)
        m.put(2, .with { $0.backgroundTransition = .identity }, at: 0)
        m.put(3, .with { $0.background = .disabled }, at: 0)
        let items = m.renderList(for: "c", size: screen, now: 0.3).items
        #expect(approx(items[0].backgroundOpacity, 0.3))
        #expect(items[1].backgroundOpacity == 1 && items[2].backgroundOpacity == 0)
    }

    @Test func aGroupSharesOneBackgroundUnderItsLowestView() {
        var m = makeManager(display: .vertical) { $0.defaults.background = .value(.blur(.thin)) }
        m.put(1, animated: false); m.put(2, animated: false)
        let items = m.renderList(for: "c", size: screen, now: 0).items
        #expect(items.map(\.backgroundOpacity) == [1, 0])
    }

    @Test func tapOnTheBackgroundDismissesTheTopmostTappableView() {
        var m = makeManager { $0.defaults.background = .value(.color(.black)); $0.defaults.tapToDismiss = true }
        m.put(1); m.put(2); m.put(3, .with { $0.tapToDismiss = false })
        #expect(m.tapBackground(in: "c", now: 1) == ids(2))
        #expect(m.showing(in: "c") == ids(1, 3))
    }

    @Test func clippedContainersReportAClipRect() {
        let m = makeManager { $0.clipped = true }
        #expect(m.renderList(for: "c", size: screen, now: 0).clipRect == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(makeManager().renderList(for: "c", size: screen, now: 0).clipRect == nil)
    }
}
