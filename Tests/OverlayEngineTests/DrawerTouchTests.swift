import OverlayEngine
import XCTest

/// Recorded wl_touch sequences (sway has no virtual touch device) fed to `DrawerInput`, the
/// state the presenter's wl_touch and wl_pointer handlers drive for drawer surfaces: a left
/// side menu with notches at 0, 120, 360 and 600 points on a 1280×720 surface.
final class DrawerTouchTests: XCTestCase {
    static let name = "menu"
    var input = DrawerInput()

    override func setUp() {
        let config = DrawerConfiguration(edge: .left, notches: [0, 120, 360, 600].map { Notch(.points($0)) },
                                         initialNotch: 1, backdropOpacity: 0.5)
        input.configure(Self.name, config, size: Size(width: 1280, height: 720))
    }

    var drawer: EdgeDrawer { input.drawers[Self.name]! }

    func finger(_ id: Int32, seat: UInt32 = 3) -> InputContact { .touch(seat: seat, id: id) }

    enum Recorded {
        case down(Int32, Double), motion(Int32, Double), up(Int32), cancel
        /// No event for this many seconds (the finger rests).
        case pause(Double)
    }

    /// Replays events `step` seconds apart on the row y = 360, from `time`; returns the time after.
    @discardableResult
    func replay(_ events: [Recorded], from time: Double, step: Double = 0.01) -> (time: Double, actions: [DrawerInputAction]) {
        var t = time, actions: [DrawerInputAction] = []
        for event in events {
            switch event {
            case .down(let id, let x): input.contactDown(finger(id), in: Self.name, at: Point(x: x, y: 360), time: t)
            case .motion(let id, let x): input.contactMoved(finger(id), to: Point(x: x, y: 360), time: t)
            case .up(let id): if let action = input.contactUp(finger(id), time: t) { actions.append(action) }
            case .cancel: input.touchCancelled(seat: 3, time: t)
            case .pause(let seconds): t += seconds
            }
            t += step
        }
        return (t, actions)
    }

    /// A straight finger path from `from` to `to` in `count` motions.
    func path(_ id: Int32, from: Double, to: Double, count: Int) -> [Recorded] {
        (1...count).map { .motion(id, from + (to - from) * Double($0) / Double(count)) }
    }

    /// Lets the spring finish and checks where the drawer rests.
    func assertRests(on notch: Int, after time: Double, _ what: String, line: UInt = #line) {
        input.advance(to: time + 10)
        XCTAssertEqual(drawer.drawer.targetNotch, notch, what, line: line)
        XCTAssertEqual(drawer.drawer.height(at: time + 10), drawer.drawer.height(ofNotch: notch), what, line: line)
        XCTAssertNil(drawer.drawer.nextDeadline, "\(what): a settled drawer schedules nothing", line: line)
    }

    func testSlowDragsSettleOnTheNotchTheyEndAt() {
        var t = replay([.down(0, 60)] + path(0, from: 60, to: 300, count: 10) + [.pause(0.3), .up(0)], from: 1, step: 0.04).time
        assertRests(on: 2, after: t, "dragged 120 → 360")
        t = replay([.down(1, 300)] + path(1, from: 300, to: 540, count: 10) + [.pause(0.3), .up(1)], from: t + 10, step: 0.04).time
        assertRests(on: 3, after: t, "dragged 360 → 600")
        t = replay([.down(2, 590)] + path(2, from: 590, to: 5, count: 10) + [.pause(0.3), .up(2)], from: t + 10, step: 0.04).time
        assertRests(on: 0, after: t, "dragged shut")
    }

    func testTheDrawerFollowsTheFingerAndRubberBandsPastTheLastNotch() {
        replay([.down(0, 60)] + path(0, from: 60, to: 300, count: 4), from: 1)
        XCTAssertEqual(drawer.drawer.height(at: 2), 360, "follows the finger 1:1 between notches")
        XCTAssertEqual(drawer.panelFrame(at: 2).maxX, 360)
        input.contactMoved(finger(0), to: Point(x: 800, y: 360), time: 1.1)  // unresisted: 860, 260 past 600
        // (1 − 1/(260·0.55/1280 + 1))·1280 ≈ 128.6 past the last notch
        XCTAssertEqual(drawer.drawer.height(at: 2), 728.6, accuracy: 0.1, "rubber-banded")
    }

    func testAFastFlingSkipsANotch() {
        // 6 motions of ~17 pt, 10 ms apart (~1700 pt/s): released at 220, coasts past 360 to 600.
        let t = replay([.down(0, 60)] + path(0, from: 60, to: 160, count: 6) + [.up(0)], from: 1).time
        XCTAssertEqual(drawer.drawer.targetNotch, 3)
        assertRests(on: 3, after: t, "fling")
    }

    func testCancelSettlesOnTheNearestNotchWithoutFling() {
        let t = replay([.down(0, 60)] + path(0, from: 60, to: 160, count: 6) + [.cancel], from: 1).time
        assertRests(on: 1, after: t, "cancelled at 220: nearest is 120, no fling")
        XCTAssertNil(replay([.up(0)], from: t).actions.first, "the cancelled finger's up does nothing")
    }

    func testASecondFingerDoesNotTakeOverTheDrag() {
        let t = replay([.down(0, 60), .down(1, 100)] + path(1, from: 100, to: 600, count: 5)
                       + path(0, from: 60, to: 300, count: 10) + [.pause(0.3), .up(1), .up(0)], from: 1, step: 0.04).time
        assertRests(on: 2, after: t, "the first finger's drag wins")
    }

    func testATapOnThePanelIsForItsViewsAndOnTheBackdropCloses() {
        let (t, actions) = replay([.down(0, 50), .up(0)], from: 1)
        XCTAssertEqual(actions, [.tap(container: Self.name, at: Point(x: 50, y: 360))])
        assertRests(on: 1, after: t, "a tap on the panel moves nothing")
        let (t2, beside) = replay([.down(0, 900), .up(0)], from: t + 10)
        XCTAssertEqual(beside, [])
        assertRests(on: 0, after: t2, "a tap on the backdrop closes")
    }

    func testKeysCloseAndWalkTheButtons() {
        let a = DrawerButton(view: ViewID(1), action: "a"), b = DrawerButton(view: ViewID(1), action: "b")
        input.setButtons([a, b], in: Self.name)
        XCTAssertNil(input.keyPressed(.enter, in: Self.name, time: 1), "nothing focused yet")
        _ = input.keyPressed(.tab, in: Self.name, time: 1)
        XCTAssertEqual(input.focus[Self.name], a)
        _ = input.keyPressed(.tab, in: Self.name, time: 1)
        XCTAssertEqual(input.focus[Self.name], b)
        _ = input.keyPressed(.tab, in: Self.name, time: 1)
        XCTAssertEqual(input.focus[Self.name], a, "Tab wraps round")
        _ = input.keyPressed(.backTab, in: Self.name, time: 1)
        XCTAssertEqual(input.focus[Self.name], b, "Shift+Tab goes back")
        XCTAssertEqual(input.keyPressed(.enter, in: Self.name, time: 1), .invoke(b))
        input.setButtons([a], in: Self.name)
        XCTAssertNil(input.focus[Self.name], "the focused button went away")
        _ = input.keyPressed(.escape, in: Self.name, time: 1)
        assertRests(on: 0, after: 1, "Escape closes")
        XCTAssertEqual(DrawerKey(evdevCode: 15, shift: true), .backTab)
        XCTAssertEqual(DrawerKey(evdevCode: 96, shift: false), .enter)
        XCTAssertNil(DrawerKey(evdevCode: 30, shift: false))
    }
}
