// Frames for stacking, vertical and horizontal containers; insets and safe area.
import Testing
@testable import OverlayEngine

@Suite struct LayoutTests {
    let bounds = Rect(x: 0, y: 0, width: 400, height: 300)
    let a = Size(width: 100, height: 40), b = Size(width: 60, height: 20)

    @Test func stackingPlacesEachViewAtItsOwnAlignment() {
        let frames = Layout.frames([LayoutItem(size: a, alignment: .topLeading), LayoutItem(size: b, alignment: .bottomTrailing),
                                    LayoutItem(size: b, alignment: .center)],
                                   displayType: .stacking, groupAlignment: .center, spacing: 10, in: bounds)
        #expect(frames == [Rect(x: 0, y: 0, width: 100, height: 40), Rect(x: 340, y: 280, width: 60, height: 20),
                           Rect(x: 170, y: 140, width: 60, height: 20)])
    }

    @Test func verticalBottomPutsTheNewestAtTheBottom() {
        // Oldest first in, newest last.
        let frames = Layout.frames([LayoutItem(size: a), LayoutItem(size: b)], displayType: .vertical,
                                   groupAlignment: .bottom, spacing: 10, in: bounds)
        #expect(frames[1] == Rect(x: 170, y: 280, width: 60, height: 20))
        #expect(frames[0] == Rect(x: 150, y: 230, width: 100, height: 40))
    }

    @Test func verticalTopPutsTheNewestAtTheTop() {
        let frames = Layout.frames([LayoutItem(size: a), LayoutItem(size: b)], displayType: .vertical,
                                   groupAlignment: .topLeading, spacing: 10, in: bounds)
        #expect(frames[1] == Rect(x: 0, y: 0, width: 60, height: 20))
        #expect(frames[0] == Rect(x: 0, y: 30, width: 100, height: 40))
    }

    @Test func verticalCentreCentresTheGroup() {
        let frames = Layout.frames([LayoutItem(size: a), LayoutItem(size: b)], displayType: .vertical,
                                   groupAlignment: .center, spacing: 10, in: bounds)
        // Group height 70, starting at (300 − 70) / 2 = 115; newest on top of it.
        #expect(frames[1].minY == 115 && frames[0].minY == 145)
    }

    @Test func horizontalTrailingPutsTheNewestAtTheTrailingEdge() {
        let frames = Layout.frames([LayoutItem(size: a), LayoutItem(size: b)], displayType: .horizontal,
                                   groupAlignment: .trailing, spacing: 5, in: bounds)
        #expect(frames[1] == Rect(x: 340, y: 140, width: 60, height: 20))
        #expect(frames[0] == Rect(x: 235, y: 130, width: 100, height: 40))
    }

    @Test func horizontalLeadingByDefault() {
        let frames = Layout.frames([LayoutItem(size: a), LayoutItem(size: b)], displayType: .horizontal,
                                   groupAlignment: .leading, spacing: 10, in: bounds)
        #expect(frames[1].minX == 0 && frames[0].minX == 70)
    }

    @Test func negativeSpacingOverlapsLikeACardStack() {
        let frames = Layout.frames([LayoutItem(size: a), LayoutItem(size: a), LayoutItem(size: a)],
                                   displayType: .vertical, groupAlignment: .bottom, spacing: -30, in: bounds)
        #expect(frames.map(\.minY) == [240, 250, 260])   // each card 10 pt above the next
        #expect(frames[0].intersects(frames[1]) && frames[1].intersects(frames[2]))
    }

    @Test func aShrinkingSlotPullsTheOthersIn() {
        let half = Layout.frames([LayoutItem(size: a), LayoutItem(size: a, weight: 0.5)], displayType: .vertical,
                                 groupAlignment: .bottom, spacing: 10, in: bounds)
        let gone = Layout.frames([LayoutItem(size: a), LayoutItem(size: a, weight: 0)], displayType: .vertical,
                                 groupAlignment: .bottom, spacing: 10, in: bounds)
        #expect(half[0].minY == 300 - 40 - 25)
        #expect(gone[0].minY == 260)
    }

    @Test func insetsAndSafeAreaShrinkTheContentBounds() {
        let size = Size(width: 400, height: 300)
        let safe = EdgeInsets(top: 20, leading: 0, bottom: 30, trailing: 0)
        let insets = EdgeInsets(all: 8)
        #expect(Layout.contentBounds(containerSize: size, safeArea: safe, ignoring: .none, insets: insets)
                == Rect(x: 8, y: 28, width: 384, height: 234))
        #expect(Layout.contentBounds(containerSize: size, safeArea: safe, ignoring: .all, insets: .zero)
                == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(Layout.contentBounds(containerSize: size, safeArea: safe, ignoring: .edges([.bottom]), insets: .zero)
                == Rect(x: 0, y: 20, width: 400, height: 280))
    }

    @Test func renderListUsesContainerInsetsAndSafeArea() {
        var m = makeManager(display: .vertical) { $0.insets = EdgeInsets(all: 10) }
        m.put(1, animated: false)
        let list = m.renderList(for: "c", size: Size(width: 400, height: 300),
                                safeArea: EdgeInsets(top: 0, leading: 0, bottom: 25, trailing: 0), now: 0)
        #expect(list.items[0].frame == Rect(x: 150, y: 300 - 25 - 10 - 40, width: 100, height: 40))
        #expect(list.contentBounds == Rect(x: 10, y: 10, width: 380, height: 255))
    }

    @Test func anchoredEdgeGroupsAreRowsAndColumnsPinnedToAnEdge() {
        func places(_ type: DisplayType, _ alignment: Alignment?, spacing: Double = 10) -> Bool {
            var c = ContainerConfiguration(name: "c", displayType: type, queueType: .multiple)
            c.defaults.alignment = alignment
            c.spacing = spacing
            return c.placesFromAnchoredEdge
        }
        #expect(places(.vertical, .topTrailing) && places(.vertical, .bottom) && places(.vertical, nil))
        #expect(places(.horizontal, .leading) && places(.horizontal, .trailing))
        #expect(!places(.vertical, .center) && !places(.horizontal, .top) && !places(.stacking, .topLeading))
        #expect(!places(.vertical, .topTrailing, spacing: -5))
    }

    /// What the presenter's lazy measuring relies on: in an anchored column, a view laid out past
    /// the far edge can grow without moving any view nearer the anchored edge.
    @Test func viewsPastTheFarEdgeDoNotMoveNearerViews() {
        for alignment in [Alignment.topTrailing, .bottom] {
            let small = [LayoutItem(size: a), LayoutItem(size: a), LayoutItem(size: b), LayoutItem(size: a),
                         LayoutItem(size: a), LayoutItem(size: b, weight: 0.5), LayoutItem(size: a), LayoutItem(size: a),
                         LayoutItem(size: a), LayoutItem(size: b), LayoutItem(size: a)]
            let before = Layout.frames(small, displayType: .vertical, groupAlignment: alignment, spacing: 10, in: bounds)
            let past = before.indices.filter { !before[$0].intersects(bounds) }
            #expect(!past.isEmpty)
            var grown = small
            for i in past { grown[i].size = Size(width: 100, height: 400) }
            let after = Layout.frames(grown, displayType: .vertical, groupAlignment: alignment, spacing: 10, in: bounds)
            for i in before.indices where !past.contains(i) { #expect(after[i] == before[i]) }
            for i in past { #expect(!after[i].intersects(bounds)) }
        }
    }
}

@Suite struct GeometryAndStyleTests {
    @Test func rectQueries() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.maxX == 40 && r.maxY == 60 && r.midX == 25 && r.midY == 40)
        #expect(r.union(Rect(x: 0, y: 0, width: 5, height: 5)) == Rect(x: 0, y: 0, width: 40, height: 60))
        #expect(r.contains(Point(x: 10, y: 20)) && !r.contains(Point(x: 40, y: 20)))
        #expect(r.contains(r) && r.contains(Rect(x: 20, y: 30, width: 20, height: 30)))
        #expect(!r.contains(Rect(x: 9, y: 20, width: 5, height: 5)) && !r.contains(Rect(x: 20, y: 30, width: 21, height: 5)))
        #expect(r.intersects(Rect(x: 39, y: 59, width: 5, height: 5)) && !r.intersects(Rect(x: 40, y: 0, width: 5, height: 100)))
        #expect(r.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 20, height: 20))
        #expect(r.intersection(Rect(x: 30, y: 0, width: 100, height: 40)) == Rect(x: 30, y: 20, width: 10, height: 20))
        #expect(r.intersection(Rect(x: 50, y: 0, width: 5, height: 5)).size == .zero, "apart: nothing")
    }

    @Test func hexColours() {
        #expect(Color(hex: "#FF8000") == Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(Color(hex: "#00000080")?.alpha == 128.0 / 255)
        #expect(Color(hex: "12345") == nil)
        #expect(Color(hex: "#GG0000") == nil)
        #expect(Color(hex: "#+1234567") == nil)
    }

    @Test func visualFrameScalesAboutTheAnchorThenOffsets() {
        let item = RenderItem(id: ViewID(1), frame: Rect(x: 100, y: 100, width: 100, height: 50), scale: 0.5,
                              scaleAnchor: Point(x: 0, y: 1), offset: Point(x: 10, y: -5), z: 0)
        #expect(item.visualFrame == Rect(x: 110, y: 120, width: 50, height: 25))
    }
}
