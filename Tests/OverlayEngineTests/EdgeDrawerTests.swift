@testable import OverlayEngine
import Testing

/// A drawer on each edge of an 800×600 surface: where its panel is, which way a drag opens it.
struct EdgeDrawerTests {
    let size = Size(width: 800, height: 600)

    func drawer(_ edge: DrawerEdge, notch: Int = 1) -> EdgeDrawer {
        EdgeDrawer(DrawerConfiguration(edge: edge, notches: [Notch(.points(0)), Notch(.points(100)), Notch(.fraction(0.5))],
                                       initialNotch: notch), size: size)
    }

    @Test(arguments: [
        (DrawerEdge.left, Rect(x: 0, y: 0, width: 100, height: 600), Point(x: 50, y: 0)),
        (.right, Rect(x: 700, y: 0, width: 100, height: 600), Point(x: -50, y: 0)),
        (.top, Rect(x: 0, y: 0, width: 800, height: 100), Point(x: 0, y: 50)),
        (.bottom, Rect(x: 0, y: 500, width: 800, height: 100), Point(x: 0, y: -50)),
    ])
    func eachEdgeShowsItsPanelAndOpensTowardsTheMiddle(edge: DrawerEdge, panel: Rect, opening: Point) {
        var d = drawer(edge)
        // The panel is as deep as the highest notch (half the axis), so at notch 1 most of it is off screen.
        let highest = edge.isVertical ? 300.0 : 400.0
        #expect(d.thickness == highest)
        let visible = d.panelFrame(at: 0)
        #expect(visible.width * visible.height > 0)
        let onScreen = Rect(x: max(0, visible.minX), y: max(0, visible.minY),
                            width: min(800, visible.maxX) - max(0, visible.minX), height: min(600, visible.maxY) - max(0, visible.minY))
        #expect(onScreen == panel)
        #expect(d.contentFrame(at: 0).size == (edge.isVertical ? Size(width: 800, height: highest) : Size(width: highest, height: 600)))
        // A drag of 50 points towards the middle deepens it by 50.
        let start = Point(x: 400, y: 300)
        d.press(at: start, time: 1)
        d.move(to: Point(x: start.x + opening.x, y: start.y + opening.y), time: 1.5)
        #expect(d.isDragging)
        #expect(d.drawer.height(at: 1.5) == 150)
        #expect(d.release(time: 2) == .dragged)
        d.advance(to: 10)
        #expect(d.drawer.targetNotch == 1, "150 is nearer 100 than 300 or 400")
    }

    @Test func aPressThatStaysWithinTheSlopIsATap() {
        var d = drawer(.left)
        d.press(at: Point(x: 20, y: 20), time: 1)
        d.move(to: Point(x: 24, y: 23), time: 1.1)
        #expect(!d.isDragging)
        #expect(d.release(time: 1.2) == .tap(Point(x: 20, y: 20)))
    }

    @Test func openAndCloseFollowTheLowestEnabledNotch() {
        var d = drawer(.bottom, notch: 0)
        #expect(!d.isOpen)
        #expect(!d.isVisible(at: 0), "closed at depth 0: nothing to draw")
        d.move(toNotch: 2, animated: false, now: 0)
        #expect(d.isOpen && d.backdropOpacity(at: 0) == 0.4)
        d.setNotch(0, enabled: false, now: 0)
        d.close(now: 1)
        d.advance(to: 10)
        #expect(d.drawer.targetNotch == 1 && !d.isOpen, "with notch 0 off, closed is notch 1")
    }

    @Test func aReloadThatKeepsEdgeAndNotchesKeepsTheDrawerWhereItIs() {
        var d = drawer(.bottom, notch: 0)
        d.move(toNotch: 2, animated: false, now: 0)
        var look = d.configuration
        look.backdropOpacity = 0.7
        look.initialNotch = 1
        d.reconfigure(look)
        #expect(d.drawer.targetNotch == 2 && d.backdropOpacity(at: 0) == 0.7, "same notches: only the look changed")
        var moved = look
        moved.notches[1] = Notch(.points(120))
        d.reconfigure(moved)
        #expect(d.drawer.targetNotch == 1, "new notches: back on the initial notch")
    }
}
