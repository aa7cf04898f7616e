import OverlayEngine
import XCTest

/// Mouse button and scroll bindings through the router and the real engine.
final class PointerBindingTests: XCTestCase {
    let pointer = InputContact.pointer(seat: 1)
    let c = InputTestWorld.container

    func move(_ world: InputTestWorld, to p: Point, time t: Double) {
        world.apply(world.router.pointerMoved(pointer, in: c, to: p, time: t), now: t)
    }

    func button(_ world: InputTestWorld, _ b: PointerTrigger, _ pressed: Bool, time t: Double) {
        world.apply(world.router.pointerButton(pointer, b, pressed: pressed, time: t), now: t)
    }

    func click(_ world: InputTestWorld, _ b: PointerTrigger, on id: ViewID, time t: Double) {
        move(world, to: world.center(of: id), time: t)
        button(world, b, true, time: t)
        button(world, b, false, time: t + 0.05)
    }

    func testRightAndMiddleDoNothingByDefaultWhileLeftTaps() throws {
        let world = try InputTestWorld(gesture: .tap)
        let (top, bottom) = (world.column[0], world.column[1])
        click(world, .right, on: top, time: 1)
        click(world, .middle, on: top, time: 2)
        XCTAssertEqual(world.dismissed(), [])
        XCTAssertEqual(world.offeredTaps, [])
        click(world, .left, on: bottom, time: 3)
        XCTAssertEqual(world.dismissed(), [bottom], "the left button still drives the tap")
        XCTAssertEqual(world.offeredTaps, [bottom], "and offers its parts to the frontend first")
    }

    func testRightClickDismissesAndMiddleInvokesTheDefaultAction() throws {
        let world = try InputTestWorld(gesture: nil, bindings: [.right: .dismiss, .middle: .invokeDefaultAction])
        let (top, bottom) = (world.column[0], world.column[1])
        click(world, .middle, on: top, time: 1)
        XCTAssertEqual(world.invokedDefault, [top])
        XCTAssertEqual(world.dismissed(), [])
        click(world, .right, on: bottom, time: 2)
        XCTAssertEqual(world.dismissed(), [bottom], "reason .gesture: NotificationClosed reason 2")
        XCTAssertTrue(world.manager.contains(top))
    }

    func testABoundClickNeedsTheReleaseOverTheSameView() throws {
        let world = try InputTestWorld(gesture: nil, bindings: [.right: .dismiss])
        let (top, bottom) = (world.column[0], world.column[1])
        move(world, to: world.center(of: top), time: 1)
        button(world, .right, true, time: 1)
        move(world, to: world.center(of: bottom), time: 1.1)
        button(world, .right, false, time: 1.2)
        XCTAssertEqual(world.dismissed(), [], "pressed on one view, released on another")
        move(world, to: world.center(of: top), time: 2)
        button(world, .right, true, time: 2)
        world.apply(world.router.pointerLeft(pointer, time: 2.1), now: 2.1)
        move(world, to: world.center(of: top), time: 2.2)
        button(world, .right, false, time: 2.3)
        XCTAssertEqual(world.dismissed(), [], "the pointer left in between")
    }

    func testALeftBindingReplacesTheGesture() throws {
        let world = try InputTestWorld(gesture: .swipe(.right), bindings: [.left: .dismiss])
        let target = world.column[0], p = world.center(of: target), rest = world.frame(of: target, now: 0)!
        move(world, to: p, time: 1)
        button(world, .left, true, time: 1)
        move(world, to: Point(x: p.x + 40, y: p.y), time: 1.1)
        XCTAssertEqual(world.frame(of: target, now: 1.1)!.minX, rest.minX, "no drag: the swipe is off")
        move(world, to: p, time: 1.2)
        button(world, .left, false, time: 1.3)
        XCTAssertEqual(world.dismissed(), [target])
        XCTAssertEqual(world.offeredTaps, [], "action buttons are not offered: the binding applies to the whole view")
    }

    func testAnotherButtonCanDriveTheGesture() throws {
        let world = try InputTestWorld(gesture: .tap, bindings: [.middle: .gesture])
        let target = world.column[1]
        click(world, .middle, on: target, time: 1)
        XCTAssertEqual(world.dismissed(), [target])
    }

    func testDismissContainerAndDismissAll() throws {
        let world = try InputTestWorld(views: 3, gesture: nil, bindings: [.right: .dismissContainer])
        var other = ContainerConfiguration(name: "other", displayType: .stacking, queueType: .multiple)
        other.defaults.transition = .identity
        try world.manager.register(other, now: 0)
        let outside = try world.manager.show(in: "other", size: Size(width: 50, height: 50), animated: false, now: 0)
        world.sync(now: 0)
        let column = world.column
        click(world, .right, on: column[1], time: 1)
        XCTAssertEqual(Set(world.dismissed()), Set(column), "every view of the container")
        XCTAssertTrue(world.manager.contains(outside), "not the other container's")

        let all = try InputTestWorld(views: 2, gesture: nil, bindings: [.right: .dismissAll])
        try all.manager.register(other, now: 0)
        let elsewhere = try all.manager.show(in: "other", size: Size(width: 50, height: 50), animated: false, now: 0)
        all.sync(now: 0)
        let ids = all.column
        click(all, .right, on: ids[0], time: 1)
        XCTAssertEqual(Set(all.dismissed()), Set(ids + [elsewhere]))
    }

    func testScrollStepsFireOncePerStep() throws {
        let world = try InputTestWorld(views: 3, gesture: nil, bindings: [.scrollDown: .dismiss, .scrollUp: .invokeDefaultAction])
        let column = world.column
        move(world, to: world.center(of: column[0]), time: 1)
        for (i, delta) in [4.0, 4, 4].enumerated() {  // a touchpad: small steps gather into one
            world.apply(world.router.pointerScrolled(pointer, vertical: delta, time: 1 + Double(i) * 0.01), now: 1)
        }
        XCTAssertEqual(world.dismissed(), [column[0]], "12 units: one step")
        move(world, to: world.center(of: column[2]), time: 2)
        world.apply(world.router.pointerScrolled(pointer, vertical: -15, time: 2), now: 2)  // one wheel notch up
        world.apply(world.router.pointerScrolled(pointer, vertical: -15, time: 2.1), now: 2.1)
        XCTAssertEqual(world.invokedDefault, [column[2], column[2]], "one per notch")
        world.apply(world.router.pointerScrolled(pointer, vertical: 8, time: 3), now: 3)
        world.apply(world.router.pointerScrolled(pointer, vertical: -8, time: 3.1), now: 3.1)
        XCTAssertEqual(world.dismissed().count, 1, "a change of direction starts over")
    }

    func testScrollWithoutABindingDoesNothing() throws {
        let world = try InputTestWorld(gesture: .tap)
        move(world, to: world.center(of: world.column[0]), time: 1)
        XCTAssertEqual(world.router.pointerScrolled(pointer, vertical: 30, time: 1), [])
        move(world, to: Point(x: 150, y: 500), time: 2)  // over no view
        XCTAssertEqual(world.router.pointerScrolled(pointer, vertical: 30, time: 2), [])
    }
}
