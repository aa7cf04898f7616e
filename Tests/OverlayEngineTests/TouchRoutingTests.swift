import OverlayEngine
import XCTest

/// Recorded wl_touch sequences (sway has no virtual touch device) fed to the router the
/// presenter's wl_touch listener drives, against the real engine: down, motion, up, cancel,
/// with one and two fingers.
final class TouchRoutingTests: XCTestCase {
    let c = InputTestWorld.container

    func finger(_ id: Int32, seat: UInt32 = 7) -> InputContact { .touch(seat: seat, id: id) }

    /// One recorded wl_touch event.
    enum Recorded {
        case down(Int32, Point), motion(Int32, Point), up(Int32), cancel
    }

    /// Replays events at `time`, `time + step`, … as the presenter would.
    func replay(_ events: [Recorded], on world: InputTestWorld, from time: Double, step: Double = 0.01) {
        for (i, event) in events.enumerated() {
            let t = time + Double(i) * step
            let actions: [InputAction]
            switch event {
            case .down(let id, let p): actions = world.router.touchDown(finger(id), in: c, at: p, time: t)
            case .motion(let id, let p): actions = world.router.touchMoved(finger(id), to: p, time: t)
            case .up(let id): actions = world.router.touchUp(finger(id), time: t)
            case .cancel: actions = world.router.touchCancelled(seat: 7, time: t)
            }
            world.apply(actions, now: t)
        }
    }

    /// A horizontal finger path from `p`: `count` motions of `dx` each.
    func path(_ id: Int32, from p: Point, dx: Double, count: Int) -> [Recorded] {
        (1...count).map { .motion(id, Point(x: p.x + dx * Double($0), y: p.y)) }
    }

    func testTapDismisses() throws {
        let world = try InputTestWorld(gesture: .tap)
        let target = world.column[1]
        replay([.down(0, world.center(of: target)), .up(0)], on: world, from: 1)
        XCTAssertEqual(world.dismissed(), [target])
    }

    func testTouchOutsideEveryViewDoesNothing() throws {
        let world = try InputTestWorld(gesture: .tap)
        replay([.down(0, Point(x: 10, y: 590)), .up(0)], on: world, from: 1)
        XCTAssertEqual(world.dismissed(), [])
    }

    func testFastSwipeFlingsAndSlowSwipeSpringsBack() throws {
        let world = try InputTestWorld(gesture: .swipe(.right))
        let (top, bottom) = (world.column[0], world.column[1])
        let rest = world.frame(of: bottom, now: 0)!
        // 8 motions of 10 pt, 10 ms apart: 1000 pt/s
        replay([.down(0, world.center(of: top))] + path(0, from: world.center(of: top), dx: 10, count: 8) + [.up(0)],
               on: world, from: 1)
        XCTAssertEqual(world.dismissed(), [top], "fast swipe flings")
        // 6 motions of 5 pt, 100 ms apart: 50 pt/s, 30 pt
        replay([.down(1, world.center(of: bottom))] + path(1, from: world.center(of: bottom), dx: 5, count: 6) + [.up(1)],
               on: world, from: 2, step: 0.1)
        XCTAssertEqual(world.dismissed(), [top], "slow short swipe does not dismiss")
        world.sync(now: 5)
        XCTAssertEqual(world.frame(of: bottom, now: 5)!.minX, rest.minX, accuracy: 0.5, "sprung back")
    }

    func testCancelAbortsTheSwipeCleanly() throws {
        let world = try InputTestWorld(gesture: .swipe(.right))
        let target = world.column[0], p = world.center(of: target)
        let rest = world.frame(of: target, now: 0)!
        replay([.down(0, p)] + path(0, from: p, dx: 20, count: 6), on: world, from: 1)
        XCTAssertEqual(world.frame(of: target, now: 1.06)!.minX, rest.minX + 120, accuracy: 0.5, "follows the finger")
        replay([.cancel], on: world, from: 1.07)
        // the compositor sends nothing more for the cancelled point; a stray up changes nothing
        replay([.up(0)], on: world, from: 1.08)
        XCTAssertEqual(world.dismissed(), [], "cancel never dismisses")
        world.sync(now: 4)
        XCTAssertEqual(world.frame(of: target, now: 4)!.minX, rest.minX, accuracy: 0.5, "sprung back after cancel")
        XCTAssertTrue(world.router.pressedViews.isEmpty)
    }

    func testTwoFingersOnTwoViewsAreIndependent() throws {
        let world = try InputTestWorld(gesture: .swipe(.right))
        let (top, bottom) = (world.column[0], world.column[1])
        let a = world.center(of: top), b = world.center(of: bottom)
        // interleaved: finger 0 flings the top view, finger 1 barely moves the bottom one
        var events: [Recorded] = [.down(0, a), .down(1, b)]
        for i in 1...8 {
            events.append(.motion(0, Point(x: a.x + 12 * Double(i), y: a.y)))
            events.append(.motion(1, Point(x: b.x + Double(i), y: b.y)))
        }
        events += [.up(0), .up(1)]
        replay(events, on: world, from: 1, step: 0.005)
        XCTAssertEqual(world.dismissed(), [top])
        XCTAssertTrue(world.manager.contains(bottom))
    }

    func testSecondFingerOnAPressedViewIsIgnored() throws {
        let world = try InputTestWorld(gesture: .tap)
        let target = world.column[0], p = world.center(of: target)
        // finger 1 lands on the same view while finger 0 holds it, and swipes away: ignored
        replay([.down(0, p), .down(1, p)] + path(1, from: p, dx: 30, count: 4) + [.up(1)], on: world, from: 1)
        XCTAssertEqual(world.dismissed(), [])
        XCTAssertEqual(world.frame(of: target, now: 1.1), world.frame(of: target, now: 0), "not dragged by finger 1")
        replay([.up(0)], on: world, from: 1.1)
        XCTAssertEqual(world.dismissed(), [target], "finger 0's tap still counts")
    }

    func testCancelWithTwoFingersDownAbortsBoth() throws {
        let world = try InputTestWorld(gesture: .longPress(seconds: 0.5))
        let (top, bottom) = (world.column[0], world.column[1])
        replay([.down(0, world.center(of: top)), .down(1, world.center(of: bottom)), .cancel], on: world, from: 1)
        XCTAssertNil(world.router.nextDeadline, "no long press pending after cancel")
        world.sync(now: 3)
        XCTAssertEqual(world.dismissed(), [])
    }

    func testLongPressByTouch() throws {
        let world = try InputTestWorld(gesture: .longPress(seconds: 0.5))
        let target = world.column[0]
        replay([.down(3, world.center(of: target))], on: world, from: 1)
        world.sync(now: 1.5)
        XCTAssertEqual(world.dismissed(), [target])
        replay([.up(3)], on: world, from: 1.6)
        XCTAssertEqual(world.dismissed(), [target], "the release after a long press is no tap")
    }

    func testTouchDoesNotHover() throws {
        let world = try InputTestWorld(views: 1, gesture: .doubleTap, autoDismiss: 1)
        replay([.down(0, world.center(of: world.column[0]))], on: world, from: 0.1)
        world.sync(now: 1.2)
        XCTAssertEqual(world.dismissed(reason: .autoDismiss).count, 1, "a resting finger is no hover")
    }
}
