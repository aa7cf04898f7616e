// Gesture recognition from pointer events, and gestures applied to views.
import Testing
@testable import OverlayEngine

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@Suite struct GestureRecognizerTests {
    @Test func aQuickPressIsATap() {
        var g = GestureRecognizer()
        #expect(g.handle(PointerEvent(.down, time: 0, position: p(5, 5))).isEmpty)
        #expect(g.handle(PointerEvent(.move, time: 0.05, position: p(8, 5))).isEmpty)   // within slop
        #expect(g.handle(PointerEvent(.up, time: 0.1, position: p(8, 5))) == [.tap(p(5, 5))])
    }

    @Test func twoTapsWithinTheIntervalAreADoubleTap() {
        var g = GestureRecognizer()
        _ = g.handle(PointerEvent(.down, time: 0, position: p(5, 5)))
        _ = g.handle(PointerEvent(.up, time: 0.05, position: p(5, 5)))
        _ = g.handle(PointerEvent(.down, time: 0.2, position: p(7, 6)))
        #expect(g.handle(PointerEvent(.up, time: 0.25, position: p(7, 6))) == [.doubleTap(p(7, 6))])
        // Too slow: two taps.
        _ = g.handle(PointerEvent(.down, time: 1, position: p(5, 5)))
        _ = g.handle(PointerEvent(.up, time: 1.05, position: p(5, 5)))
        _ = g.handle(PointerEvent(.down, time: 1.05 + GestureThresholds.standard.doubleTapInterval + 0.01, position: p(5, 5)))
        #expect(g.handle(PointerEvent(.up, time: 1.5, position: p(5, 5))) == [.tap(p(5, 5))])
    }

    @Test func holdingStillIsALongPressFiredByTime() {
        var g = GestureRecognizer()
        _ = g.handle(PointerEvent(.down, time: 1, position: p(0, 0)))
        #expect(g.nextDeadline == 1 + GestureThresholds.standard.longPressDuration)
        #expect(g.advance(to: 1.4).isEmpty)
        #expect(g.advance(to: 1.5) == [.longPress(p(0, 0))])
        #expect(g.nextDeadline == nil)
        #expect(g.handle(PointerEvent(.up, time: 2, position: p(0, 0))).isEmpty)   // no tap after a long press
    }

    @Test func movingPastTheSlopStartsASwipeThatFollowsTheFinger() {
        var g = GestureRecognizer()
        _ = g.handle(PointerEvent(.down, time: 0, position: p(0, 0)))
        #expect(g.handle(PointerEvent(.move, time: 0.02, position: p(15, 2))) == [.swipeChanged(translation: p(15, 2))])
        #expect(g.nextDeadline == nil)                                 // no long press once moving
        #expect(g.handle(PointerEvent(.move, time: 0.04, position: p(30, 3))) == [.swipeChanged(translation: p(30, 3))])
    }

    @Test func aFastShortSwipeFlings() {
        var g = GestureRecognizer()
        _ = g.handle(PointerEvent(.down, time: 0, position: p(0, 0)))
        for i in 1...5 { _ = g.handle(PointerEvent(.move, time: Double(i) * 0.01, position: p(Double(i) * -12, 0))) }
        guard case .swipeEnded(let direction, let translation, let velocity, let flings)
                = g.handle(PointerEvent(.up, time: 0.06, position: p(-60, 0))).last else {
            Issue.record("no swipe end"); return
        }
        #expect(direction == .left && translation == p(-60, 0) && flings)
        #expect(velocity.x < -GestureThresholds.standard.flingVelocity)
    }

    @Test func aSlowShortSwipeSpringsBack() {
        var g = GestureRecognizer(swipeDirection: .right)
        _ = g.handle(PointerEvent(.down, time: 0, position: p(0, 0)))
        for i in 1...10 { _ = g.handle(PointerEvent(.move, time: Double(i) * 0.1, position: p(Double(i) * 4, Double(i) * 3))) }
        let end = g.handle(PointerEvent(.up, time: 1.1, position: p(44, 33)))
        // Constrained to the horizontal axis; 4 pt in the last 0.1 s = 40 pt/s.
        #expect(end.count == 1)
        guard case .swipeEnded(.right, let translation, let velocity, let flings) = end[0] else { Issue.record("\(end)"); return }
        #expect(translation == p(44, 0) && abs(velocity.x - 40) < 1e-9 && velocity.y == 0 && !flings)
    }

    @Test func aLongSlowSwipeFlingsByDistance() {
        var g = GestureRecognizer(swipeDirection: .down)
        _ = g.handle(PointerEvent(.down, time: 0, position: p(0, 0)))
        _ = g.handle(PointerEvent(.move, time: 1, position: p(0, 90)))
        let end = g.handle(PointerEvent(.up, time: 2, position: p(0, 90)))
        guard case .swipeEnded(.down, _, _, let flings) = end.last else { Issue.record("no swipe end"); return }
        #expect(flings)
    }

    @Test func cancelEndsASwipe() {
        var g = GestureRecognizer()
        _ = g.handle(PointerEvent(.down, time: 0, position: p(0, 0)))
        _ = g.handle(PointerEvent(.move, time: 0.1, position: p(0, 50)))
        #expect(g.handle(PointerEvent(.cancel, time: 0.2, position: p(0, 50))) == [.swipeCancelled])
    }
}

@Suite struct ViewGestureTests {
    @Test func theConfiguredGestureDismissesAndOthersDoNot() {
        var m = makeManager { $0.defaults.dismissGesture = .value(.doubleTap) }
        m.put(1)
        let tapped = m.handle(.tap(.zero), on: ViewID(1), now: 1)
        #expect(!tapped && m.contains(ViewID(1)))
        let doubleTapped = m.handle(.doubleTap(.zero), on: ViewID(1), now: 1)
        #expect(doubleTapped && !m.contains(ViewID(1)))
        #expect(m.drainEffects().contains(.dismissed(ViewID(1), container: "c", reason: .gesture)))
    }

    @Test func aSwipeDragsTheViewThenFlingsItOffScreen() {
        var m = makeManager { $0.defaults.dismissGesture = .value(.swipe(.right)) }
        m.put(1, animated: false)
        m.handle(.swipeChanged(translation: Point(x: 40, y: 0)), on: ViewID(1), now: 1)
        #expect(m.renderList(for: "c", size: screen, now: 1).items[0].offset == Point(x: 40, y: 0))
        m.handle(.swipeEnded(direction: .right, translation: Point(x: 40, y: 0), velocity: Point(x: 900, y: 0), flings: true),
                 on: ViewID(1), now: 1)
        #expect(!m.contains(ViewID(1)))
        #expect(m.nextDeadline == 1 + OverlayManager.flingDuration)
        let midway = m.renderList(for: "c", size: screen, now: 1.2).items[0]
        #expect(midway.offset.x > 40)
        let nearEnd = m.renderList(for: "c", size: screen, now: 1 + OverlayManager.flingDuration - 1e-6).items[0]
        #expect(nearEnd.visualFrame.minX >= 399)                  // past the trailing edge
    }

    @Test func aShortSwipeSpringsBackToRest() {
        var m = makeManager { $0.defaults.dismissGesture = .value(.swipe(.up)) }
        m.put(1, animated: false)
        m.handle(.swipeChanged(translation: Point(x: 0, y: -30)), on: ViewID(1), now: 1)
        m.handle(.swipeEnded(direction: .up, translation: Point(x: 0, y: -30), velocity: .zero, flings: false),
                 on: ViewID(1), now: 1)
        #expect(m.contains(ViewID(1)))
        let moving = m.renderList(for: "c", size: screen, now: 1.05)
        #expect(moving.isAnimating && moving.items[0].offset.y < 0 && moving.items[0].offset.y > -30)
        let rest = m.renderList(for: "c", size: screen, now: 3)
        #expect(!rest.isAnimating && rest.items[0].offset == .zero)
    }
}
