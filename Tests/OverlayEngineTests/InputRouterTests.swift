import OverlayEngine
import XCTest

/// Pointer routing through the real engine: hit testing on the render list, hover, and every
/// dismiss gesture, from recorded event sequences with explicit times.
final class InputRouterTests: XCTestCase {
    let pointer = InputContact.pointer(seat: 1)
    let c = InputTestWorld.container

    func click(_ world: InputTestWorld, at p: Point, time t: Double) {
        world.apply(world.router.pointerMoved(pointer, in: c, to: p, time: t), now: t)
        world.apply(world.router.pointerButton(pointer, pressed: true, time: t), now: t)
        world.apply(world.router.pointerButton(pointer, pressed: false, time: t + 0.05), now: t + 0.05)
    }

    func testTapDismissesTheViewUnderThePointerOnly() throws {
        let world = try InputTestWorld(gesture: .tap)
        let (top, bottom) = (world.column[0], world.column[1])
        click(world, at: world.center(of: bottom), time: 1)
        XCTAssertEqual(world.dismissed(), [bottom], "the tap hits the view under the pointer")
        XCTAssertTrue(world.manager.contains(top))
        XCTAssertEqual(world.offeredTaps, [bottom], "the frontend sees the tap first")
    }

    func testClaimedTapDoesNotDismiss() throws {
        let world = try InputTestWorld(gesture: .tap)
        world.claimTap = { _, _ in .claimed }
        click(world, at: world.center(of: world.column[0]), time: 1)
        XCTAssertEqual(world.dismissed(), [])
        world.claimTap = { _, _ in .dismiss }
        click(world, at: world.center(of: world.column[0]), time: 2)
        XCTAssertEqual(world.dismissed(), [world.column[0]], "a close-button tap dismisses")
    }

    func testClickOutsideEveryViewDoesNothing() throws {
        let world = try InputTestWorld(gesture: .tap)
        let below = Point(x: 150, y: 500)  // inside the surface, under the column
        XCTAssertNil(world.router.view(at: below, in: c))
        click(world, at: below, time: 1)
        XCTAssertEqual(world.dismissed(), [])
        // the gap between two views is outside both
        let gap = Point(x: 150, y: world.frame(of: world.column[0], now: 0)!.maxY + 5)
        XCTAssertNil(world.router.view(at: gap, in: c))
    }

    func testTopmostViewWinsWhereViewsOverlap() throws {
        var router = InputRouter { _ in nil }
        let low = RenderItem(id: ViewID(1), frame: Rect(x: 0, y: 0, width: 100, height: 100), z: 0)
        let high = RenderItem(id: ViewID(2), frame: Rect(x: 50, y: 50, width: 100, height: 100), z: 1)
        router.setItems([low, high], for: "s")
        XCTAssertEqual(router.view(at: Point(x: 75, y: 75), in: "s"), ViewID(2))
        XCTAssertEqual(router.view(at: Point(x: 25, y: 25), in: "s"), ViewID(1))
        // a dragged (offset) view is hit where it is drawn, not where it rests
        var moved = high
        moved.offset = Point(x: 200, y: 0)
        router.setItems([low, moved], for: "s")
        XCTAssertEqual(router.view(at: Point(x: 75, y: 75), in: "s"), ViewID(1))
        XCTAssertEqual(router.view(at: Point(x: 275, y: 75), in: "s"), ViewID(2))
    }

    func testDoubleTapNeedsTwoTapsInTime() throws {
        let world = try InputTestWorld(gesture: .doubleTap)
        let target = world.column[0], p = world.center(of: target)
        click(world, at: p, time: 1)
        click(world, at: p, time: 2)  // too late: two single taps
        XCTAssertEqual(world.dismissed(), [])
        click(world, at: p, time: 2.2)
        XCTAssertEqual(world.dismissed(), [target])
    }

    func testLongPressFiresAtItsDeadlineWhileHeld() throws {
        let world = try InputTestWorld(gesture: .longPress(seconds: 0.8))
        let target = world.column[1]
        world.apply(world.router.pointerMoved(pointer, in: c, to: world.center(of: target), time: 1), now: 1)
        world.apply(world.router.pointerButton(pointer, pressed: true, time: 1), now: 1)
        XCTAssertEqual(world.router.nextDeadline, 1.8, "the view's own seconds set the deadline")
        world.sync(now: 1.5)
        XCTAssertEqual(world.dismissed(), [])
        world.sync(now: 1.8)
        XCTAssertEqual(world.dismissed(), [target])
        XCTAssertNil(world.router.nextDeadline)
    }

    func testShortPressIsNoLongPress() throws {
        let world = try InputTestWorld(gesture: .longPress(seconds: 0.5))
        click(world, at: world.center(of: world.column[0]), time: 1)
        world.sync(now: 3)
        XCTAssertEqual(world.dismissed(), [])
    }

    /// Drag by `dx` over `duration` in `steps`, releasing at the end.
    func drag(_ world: InputTestWorld, _ id: ViewID, dx: Double, duration: Double, steps: Int, start: Double) {
        let p = world.center(of: id)
        world.apply(world.router.pointerMoved(pointer, in: c, to: p, time: start), now: start)
        world.apply(world.router.pointerButton(pointer, pressed: true, time: start), now: start)
        for i in 1...steps {
            let t = start + duration * Double(i) / Double(steps)
            world.apply(world.router.pointerMoved(pointer, in: c, to: Point(x: p.x + dx * Double(i) / Double(steps), y: p.y), time: t), now: t)
            if i == steps / 2 {
                let f = world.frame(of: id, now: t)!
                XCTAssertEqual(f.midX, p.x + dx * Double(i) / Double(steps), accuracy: 0.5, "the view follows the pointer")
            }
        }
        let end = start + duration
        world.apply(world.router.pointerButton(pointer, pressed: false, time: end), now: end)
    }

    func testSlowShortSwipeSpringsBack() throws {
        let world = try InputTestWorld(gesture: .swipe(.right))
        let target = world.column[0], rest = world.frame(of: target, now: 0)!
        drag(world, target, dx: 40, duration: 1, steps: 20, start: 1)
        XCTAssertEqual(world.dismissed(), [])
        XCTAssertNotEqual(world.frame(of: target, now: 2)!.minX, rest.minX, "released away from rest")
        world.sync(now: 4)
        XCTAssertEqual(world.frame(of: target, now: 4)!.minX, rest.minX, accuracy: 0.5, "sprung back")
        XCTAssertTrue(world.manager.contains(target))
    }

    func testFastSwipeFlingsOut() throws {
        let world = try InputTestWorld(gesture: .swipe(.right))
        let target = world.column[0]
        drag(world, target, dx: 60, duration: 0.06, steps: 6, start: 1)
        XCTAssertEqual(world.dismissed(), [target], "1000 pt/s passes the fling velocity")
    }

    func testSwipeTheWrongWaySpringsBack() throws {
        let world = try InputTestWorld(gesture: .swipe(.right))
        let target = world.column[0]
        drag(world, target, dx: -150, duration: 0.1, steps: 5, start: 1)
        XCTAssertEqual(world.dismissed(), [])
    }

    func testHoverPausesAutoDismissUntilTheLeave() throws {
        let world = try InputTestWorld(views: 1, gesture: .tap, autoDismiss: 1.5)
        let target = world.column[0]
        world.apply(world.router.pointerMoved(pointer, in: c, to: world.center(of: target), time: 0.5), now: 0.5)
        world.sync(now: 3)
        XCTAssertEqual(world.dismissed(reason: .autoDismiss), [], "hovered: paused")
        world.apply(world.router.pointerLeft(pointer, time: 3), now: 3)
        world.sync(now: 3.9)
        XCTAssertEqual(world.dismissed(reason: .autoDismiss), [], "1 s of the countdown is left after the pause")
        world.sync(now: 4.0)
        XCTAssertEqual(world.dismissed(reason: .autoDismiss), [target])
    }

    func testHoverFollowsTheLayoutUnderARestingPointer() throws {
        let world = try InputTestWorld(gesture: .tap)
        let (top, bottom) = (world.column[0], world.column[1])
        let p = world.center(of: top)
        let began = world.router.pointerMoved(pointer, in: c, to: p, time: 1)
        XCTAssertEqual(began, [.hoverBegan(top)])
        world.apply(began, now: 1)
        world.manager.dismiss(top, reason: .request, animated: false, now: 1)
        world.sync(now: 1)  // the bottom view moves up under the pointer
        XCTAssertEqual(world.router.view(at: p, in: c), bottom)
        world.apply(world.router.pointerMoved(pointer, in: c, to: p, time: 1.1), now: 1.1)
        XCTAssertEqual(world.router.pointerLeft(pointer, time: 2), [.hoverEnded(bottom)])
    }
}

/// A long run of slow back-and-forth drags over a view (20,000 pointer events): routing and the
/// engine keep the view, since no release is fast or far enough to fling it. (The per-event cost
/// is measured by the InputBenchmarks target, not here: tests do not time things.)
final class LongDragTests: XCTestCase {
    func testSlowBackAndForthDragsNeverFling() throws {
        let world = try InputTestWorld(views: 10, gesture: .swipe(.right))
        let pointer = InputContact.pointer(seat: 1), c = InputTestWorld.container
        let target = world.column[0], p = world.center(of: target)
        var t = 1.0
        for i in 0..<20_000 {
            t += 0.001
            let point = Point(x: p.x + Double(i % 40), y: p.y)
            if i % 400 == 0 { world.apply(world.router.pointerButton(pointer, pressed: true, time: t), now: t) }
            world.apply(world.router.pointerMoved(pointer, in: c, to: point, time: t), now: t)
            if i % 400 == 399 { world.apply(world.router.pointerButton(pointer, pressed: false, time: t), now: t) }
        }
        XCTAssertTrue(world.manager.contains(target), "slow back-and-forth drags never fling")
    }
}
