// A row or column too short for its views: the oldest that would cross the far edge are left
// out of the render list and counted, and room is kept there for the overflow indicator.
import Testing
import PropertyBased
@testable import OverlayEngine

@Suite struct BeyondEdgeTests {
    /// A column 330 points tall at `alignment`, 10 apart, with `count` views 100 tall shown at
    /// rest (ids 1…count, oldest first).
    func column(_ alignment: Alignment, count: Int, display: DisplayType = .vertical) -> OverlayManager {
        var manager = makeManager(display: display) {
            $0.spacing = 10
            $0.defaults.alignment = alignment
        }
        for i in 1...count { manager.put(UInt64(i), size: Size(width: 100, height: 100), animated: false) }
        return manager
    }

    let size = Size(width: 200, height: 330)

    @Test(arguments: [Alignment.top, .bottom])
    func theOldestViewCrossingTheFarEdgeIsLeftOutAndCounted(alignment: Alignment) {
        let manager = column(alignment, count: 4)
        // Newest at the anchor: 4, 3, 2 take 0…320; 1 would take 330…430.
        let list = manager.renderList(for: "c", size: size, now: 1)
        #expect(list.items.map(\.id) == ids(2, 3, 4))
        #expect(list.beyondEdge == 1)
        #expect(list.items.allSatisfy { $0.frame.minY >= 0 && $0.frame.maxY <= 330 })
    }

    @Test(arguments: [Alignment.top, .bottom])
    func roomForTheIndicatorIsKeptAtTheFarEdge(alignment: Alignment) {
        let manager = column(alignment, count: 4)
        let list = manager.renderList(for: "c", size: size, overflowRoom: 36, now: 1)
        #expect(list.items.map(\.id) == ids(3, 4))
        #expect(list.beyondEdge == 2)
        // The 36 points kept are on the side away from the anchor: below a top column, above a bottom one.
        let free = alignment == .top ? 294.0...330 : 0.0...36
        #expect(list.items.allSatisfy { !($0.frame.minY..<$0.frame.maxY).overlaps(free.lowerBound..<free.upperBound) })
    }

    @Test func noRoomIsKeptWhileEverythingFits() {
        let manager = column(.top, count: 3)
        let list = manager.renderList(for: "c", size: size, overflowRoom: 36, now: 1)
        #expect(list.items.map(\.id) == ids(1, 2, 3), "the third ends at 320: no view is left out, none hidden")
        #expect(list.beyondEdge == 0)
    }

    @Test func aViewTallerThanTheColumnStillShows() {
        var manager = makeManager(display: .vertical)
        manager.put(1, size: Size(width: 100, height: 500), animated: false)
        let list = manager.renderList(for: "c", size: size, overflowRoom: 36, now: 1)
        #expect(list.items.map(\.id) == ids(1))
        #expect(list.beyondEdge == 0)
    }

    @Test func theNewestStaysWhenOnlyItFits() {
        var manager = makeManager(display: .vertical)
        manager.put(1, size: Size(width: 100, height: 100), animated: false)
        manager.put(2, size: Size(width: 100, height: 500), animated: false)
        let list = manager.renderList(for: "c", size: size, now: 1)
        #expect(list.items.map(\.id) == ids(2))
        #expect(list.beyondEdge == 1)
    }

    @Test func aRowLeavesOutAlongItsWidth() {
        let manager = column(.leading, count: 3, display: .horizontal)
        // Views 100 wide in a row 200 wide: the newest two take 0…210, crossing at 200.
        let list = manager.renderList(for: "c", size: size, now: 1)
        #expect(list.items.map(\.id) == ids(3))
        #expect(list.beyondEdge == 2)
    }

    @Test func stackingLeavesNothingOut() {
        let manager = column(.center, count: 5, display: .stacking)
        let list = manager.renderList(for: "c", size: size, overflowRoom: 36, now: 1)
        #expect(list.items.count == 5)
        #expect(list.beyondEdge == 0)
    }

    @Test func viewsPastTheInsetsButOnScreenStay() {
        var manager = makeManager(display: .vertical) {
            $0.spacing = 10
            $0.insets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        }
        for i in 1...3 { manager.put(UInt64(i), size: Size(width: 100, height: 100), animated: false) }
        // 10…330: the last ends at the container's edge, past the bottom inset.
        let list = manager.renderList(for: "c", size: size, now: 1)
        #expect(list.items.count == 3)
        #expect(list.beyondEdge == 0)
    }

    /// Random heights, counts, anchors and room: what is drawn is the newest views, each but the
    /// newest inside the container short of the room kept, and drawn plus left out is every view
    /// showing.
    @Test func theNewestThatFitAreDrawnAndTheRestCounted() async {
        let input = zip(Gen.int(in: 10...200).array(of: 1...12), Gen.int(in: 0...2), Gen.int(in: 0...60), Gen.int(in: 50...600))
        await propertyCheck(count: 300, input: input) { (heights: [Int], anchor: Int, room: Int, length: Int) in
            let alignment = [Alignment.top, .center, .bottom][anchor]
            var manager = makeManager(display: .vertical) {
                $0.spacing = 8
                $0.defaults.alignment = alignment
            }
            for (i, h) in heights.enumerated() {
                manager.put(UInt64(i + 1), size: Size(width: 50, height: Double(h)), animated: false)
            }
            let list = manager.renderList(for: "c", size: Size(width: 100, height: Double(length)),
                                          overflowRoom: Double(room), now: 1)
            let drawn = list.items.map(\.id.rawValue)
            #expect(drawn == Array(UInt64(heights.count - drawn.count + 1)...UInt64(heights.count)), "the newest, oldest first")
            #expect(drawn.count + list.beyondEdge == heights.count)
            let kept = list.beyondEdge > 0 ? Double(min(room, length)) : 0
            let limit = alignment == .bottom ? kept...Double(length) : 0...(Double(length) - kept)
            for item in list.items.dropLast() {
                #expect(item.frame.minY >= limit.lowerBound - 0.5 && item.frame.maxY <= limit.upperBound + 0.5,
                        "\(item.id) at \(item.frame) within \(limit)")
            }
        }
    }
}
