// Reduced motion: fades instead of moves, springs that settle at once, neighbours that jump.
import Testing
import PropertyBased
@testable import OverlayEngine

private let card = Size(width: 300, height: 60)
private let area = Size(width: 400, height: 400)

/// A top-aligned column whose views slide in from the trailing edge over 0.4 s.
private func slidingColumn(_ motion: MotionPolicy) -> OverlayManager {
    var m = makeManager(display: .vertical) {
        $0.spacing = 10
        $0.defaults.alignment = .top
        $0.defaults.transition = .combined(.move(.trailing), .opacity)
        $0.defaults.animation = .easeInOut(duration: 0.4)
    }
    m.setMotion(motion, now: 0)
    return m
}

@Suite struct MotionPolicyTests {
    @Test func reducedMotionTurnsEveryTransitionButIdentityIntoAFade() {
        let moving: [Transition] = [.move(.leading), .offset(Point(x: 0, y: 40)), .scale(0.5, anchor: .center),
                                    .combined(.move(.top), .opacity), .asymmetric(insertion: .move(.bottom), removal: .opacity)]
        for transition in moving {
            #expect(MotionPolicy.reduced.transition(transition) == .opacity)
            #expect(MotionPolicy.full.transition(transition) == transition)
        }
        #expect(MotionPolicy.reduced.transition(.identity) == .identity)
    }

    @Test func reducedMotionShortensCurvesAndReplacesSprings() {
        let spring = MotionPolicy.reduced.animation(.spring(response: 0.5, dampingFraction: 0.3))
        #expect(spring == .easeOut(duration: MotionPolicy.reducedFadeDuration))
        // Never longer than asked, and an ease-out never overshoots.
        #expect(MotionPolicy.reduced.animation(.linear(duration: 0.05)) == .easeOut(duration: 0.05))
        #expect(stride(from: 0.0, through: 0.2, by: 0.01).allSatisfy { spring.progress(at: $0) <= 1 })
        #expect(MotionPolicy.full.animation(.linear(duration: 2)) == .linear(duration: 2))
        #expect(MotionPolicy.reduced.springDuration(0.8) == 0 && MotionPolicy.full.springDuration(0.8) == 0.8)
    }

    @Test func aSlidingViewFadesInPlaceUnderReducedMotion() {
        var full = slidingColumn(.full)
        full.put(1, size: card)
        let sliding = full.renderList(for: "c", size: area, now: 0.2).items[0]
        #expect(sliding.offset.x > 0)  // half way in from the trailing edge

        var reduced = slidingColumn(.reduced)
        reduced.put(1, size: card)
        let fading = reduced.renderList(for: "c", size: area, now: 0.05).items[0]
        #expect(fading.offset == .zero)
        #expect(fading.scale == 1)
        #expect(fading.opacity > 0 && fading.opacity < 1)
        // In within the short fade, not the 0.4 s slide.
        let done = reduced.renderList(for: "c", size: area, now: MotionPolicy.reducedFadeDuration)
        #expect(done.items[0].opacity == 1)
        #expect(!done.isAnimating)
    }

    @Test func neighboursJumpInsteadOfSlidingUnderReducedMotion() {
        for (motion, slides) in [(MotionPolicy.full, true), (.reduced, false)] {
            var m = slidingColumn(motion)
            m.put(1, size: card, animated: false)
            m.put(2, size: card, animated: false)
            func y(_ raw: UInt64, at now: Double) -> Double? {
                m.renderList(for: "c", size: area, now: now).items.first { $0.id == ViewID(raw) }?.frame.minY
            }
            let before = y(1, at: 0.5)!
            m.dismiss(ViewID(2), now: 1)  // 1 takes its place
            let during = y(1, at: 1.05)!
            let after = y(1, at: 5)!
            #expect(before != after)
            #expect((during != before) == slides, "\(motion): view 1 at \(during) while 2 goes (from \(before) to \(after))")
        }
    }

    @Test func aFlingFadesAndAReleasedDragIsBackAtOnceUnderReducedMotion() {
        var m = slidingColumn(.reduced)
        m.put(1, size: card, animated: false)
        m.put(2, size: card, animated: false)
        m.dragView(ViewID(1), translation: Point(x: 80, y: 0))
        m.endDrag(ViewID(1), fling: nil, now: 1)
        #expect(m.renderList(for: "c", size: area, now: 1).items.first { $0.id == ViewID(1) }!.offset == .zero)
        m.dragView(ViewID(2), translation: Point(x: 80, y: 0))
        m.endDrag(ViewID(2), fling: .right, now: 2)
        let leaving = m.renderList(for: "c", size: area, now: 2.05).items.first { $0.id == ViewID(2) }!
        let later = m.renderList(for: "c", size: area, now: 2.1).items.first { $0.id == ViewID(2) }!
        // No fling across the screen: it fades where the finger left it.
        #expect(leaving.offset == Point(x: 80, y: 0) && later.offset == leaving.offset)
        #expect(later.opacity < leaving.opacity && leaving.opacity < 1)
    }

    @Test func aStackOpensAtOnceUnderReducedMotion() {
        var m = makeManager(display: .vertical) {
            $0.groupThreshold = 3
            $0.defaults.alignment = .top
            $0.defaults.transition = .opacity
        }
        m.setMotion(.reduced, now: 0)
        for raw in UInt64(1)...3 { m.put(raw, .with { $0.groupKey = "chat" }, size: card, animated: false) }
        let header = m.renderList(for: "c", size: Size(width: 400, height: 2000), now: 1).items.last!.id
        let opened = m.toggleGroup(header: header, now: 1)
        #expect(opened)
        let list = m.renderList(for: "c", size: Size(width: 400, height: 2000), now: 1)
        #expect(list.items.last?.groupHeader?.expanded == true)
        #expect(!list.isAnimating)
        // Opened in the same instant: every card at its own place in the column, unscaled.
        #expect(list.items.filter { !$0.id.isGroupHeader }.allSatisfy { $0.scale == 1 })
        // A card joining the open stack fades in; the cards already there do not slide.
        m.put(4, .with { $0.groupKey = "chat" }, size: card, at: 2)
        func frames(at now: Double) -> [ViewID: Rect] {
            Dictionary(uniqueKeysWithValues: m.renderList(for: "c", size: Size(width: 400, height: 2000), now: now).items.map { ($0.id, $0.frame) })
        }
        let coming = frames(at: 2.05), settled = frames(at: 5)
        for raw in UInt64(1)...4 { #expect(coming[ViewID(raw)] == settled[ViewID(raw)], "card \(raw)") }
    }

    @Test func aDrawerIsOnItsNotchAtOnceUnderReducedMotion() {
        for (policy, springs) in [(MotionPolicy.full, true), (.reduced, false)] {
            var drawers = DrawerInput()
            drawers.setMotion(policy)
            let notches = [Notch(.fraction(0.25)), Notch(.fraction(0.75))]
            drawers.configure("d", DrawerConfiguration(edge: .right, notches: notches), size: Size(width: 400, height: 800))
            drawers.update("d") { _ = $0.move(toNotch: 1, animated: true, now: 0) }
            let drawer = drawers.drawers["d"]!.drawer
            #expect((drawer.nextDeadline != nil) == springs, "\(policy)")
            #expect((drawer.height(at: 0) == drawer.height(ofNotch: 1)) == !springs, "\(policy)")
        }
    }

    @Test func changingThePolicyAppliesToViewsAlreadyShown() {
        var m = slidingColumn(.full)
        m.put(1, size: card, animated: false)
        m.setMotion(.reduced, now: 1)
        #expect(m.motion == .reduced)
        #expect(m.resolvedConfiguration(of: ViewID(1))?.transition == .opacity)
        m.dismiss(ViewID(1), now: 2)
        let leaving = m.renderList(for: "c", size: area, now: 2.05).items[0]
        #expect(leaving.offset == .zero && leaving.opacity < 1)
        // A container registered later takes the policy too.
        try? m.register(ContainerConfiguration(name: "later", displayType: .stacking, queueType: .multiple), now: 3)
        m.put(2, in: "later", .with { $0.transition = .move(.bottom) }, at: 3)
        #expect(m.resolvedConfiguration(of: ViewID(2))?.transition == .opacity)
    }

    @Test func nothingMovesUnderReducedMotionWhateverTheTransition() async {
        let transitions: [Transition] = [.identity, .opacity, .move(.leading), .move(.bottom), .offset(Point(x: 30, y: -20)),
                                         .scale(0.2, anchor: .topLeading), .combined(.move(.top), .scale(0.5, anchor: .center))]
        await propertyCheck(input: Gen.int(in: 0...(transitions.count - 1)), Gen.int(in: 0...100), Gen.int(in: 0...3)) { pick, step, extra in
            var m = makeManager(display: .vertical) {
                $0.defaults.transition = transitions[pick]
                $0.defaults.animation = .spring(response: 0.5, dampingFraction: 0.4)
            }
            m.setMotion(.reduced, now: 0)
            for raw in 0...UInt64(extra) { m.put(raw + 1, size: card, at: Double(raw) * 0.03) }
            let finalFrames = m.renderList(for: "c", size: area, now: 10).items.map(\.frame)
            if step % 2 == 0 { m.dismiss(ViewID(1), now: 0.5) }
            let now = Double(step) / 100
            let items = m.renderList(for: "c", size: area, now: now).items
            #expect(items.allSatisfy { $0.offset == .zero && $0.scale == 1 })
            if step % 2 == 1 { #expect(items.map(\.frame) == finalFrames) }
        }
    }
}
