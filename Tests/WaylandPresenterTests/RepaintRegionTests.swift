import OverlayEngine
import Testing
@testable import WaylandPresenter

/// What a frame repaints: only the ink of what changed since the frame before.
@Suite struct RepaintRegionTests {
    private func drawn(_ id: UInt64, y: Double, opacity: Double = 1, revision: Int = 0) -> DrawnItem {
        let frame = Rect(x: 0, y: y, width: 100, height: 50)
        return DrawnItem(item: RenderItem(id: ViewID(id), frame: frame, opacity: opacity, z: Int(id), backgroundOpacity: 0),
                         ink: Rect(x: -5, y: y - 5, width: 110, height: 60), revision: revision)
    }

    private func before(_ items: [DrawnItem]) -> [ViewID: DrawnItem] {
        Dictionary(uniqueKeysWithValues: items.map { ($0.item.id, $0) })
    }

    @Test func nothingChangedRepaintsNothing() {
        let items = [drawn(1, y: 0), drawn(2, y: 60)]
        #expect(RepaintRegion.changes(from: before(items), to: items).isEmpty)
    }

    @Test func onlyTheFadingItemIsRepaintedNotItsNeighbours() {
        let last = [drawn(1, y: 0), drawn(2, y: 60, opacity: 0.4)]
        let now = [drawn(1, y: 0), drawn(2, y: 60, opacity: 0.6)]
        #expect(RepaintRegion.changes(from: before(last), to: now) == [now[1].ink, now[1].ink])
    }

    @Test func aMovedItemRepaintsWhereItWasAndWhereItIs() {
        let last = [drawn(1, y: 0)], now = [drawn(1, y: 60)]
        #expect(RepaintRegion.changes(from: before(last), to: now) == [last[0].ink, now[0].ink])
    }

    @Test func aNewItemRepaintsItsInkAndAGoneOneWhereItWas() {
        let last = [drawn(1, y: 0)], now = [drawn(2, y: 60)]
        #expect(Set(RepaintRegion.changes(from: before(last), to: now).map(\.minY)) == [55, -5])
    }

    @Test func aNewRevisionOfTheContentRepaintsThatItemAlone() {
        let last = [drawn(1, y: 0), drawn(2, y: 60, revision: 3)]
        let now = [drawn(1, y: 0), drawn(2, y: 60, revision: 4)]
        #expect(RepaintRegion.changes(from: before(last), to: now) == [now[1].ink, now[1].ink])
    }
}
