// The notification centre's list: grouping and order, the rows a viewport shows, scrolling
// and keyboard focus.
import Testing
import PropertyBased
@testable import OverlayEngine

struct CenterListTests {
    static let heights = CenterRowHeights(header: 90, group: 30, entry: 80, entryWithButtons: 120)

    static func list(_ entries: [CenterEntry], viewport: Double = 400) -> CenterList {
        var list = CenterList()
        list.viewportHeight = viewport
        list.setEntries(entries, heights: heights)
        return list
    }

    @Test func groupsAreOrderedByTheirNewestEntryAndEntriesNewestFirst() {
        let list = Self.list([
            CenterEntry(id: 1, group: "mail", time: 10),
            CenterEntry(id: 2, group: "chat", time: 20),
            CenterEntry(id: 3, group: "mail", time: 30),
            CenterEntry(id: 4, group: "chat", time: 5),
        ])
        #expect(list.groups == ["mail", "chat"])
        #expect(list.rows.map(\.kind) == [.group(0), .entry(3), .entry(1), .group(1), .entry(2), .entry(4)])
        #expect(list.entryCount == 4)
    }

    @Test func rowHeightsFollowTheirKindAndButtons() {
        let list = Self.list([CenterEntry(id: 1, group: "a", time: 1, hasButtons: true), CenterEntry(id: 2, group: "a", time: 0)])
        #expect(list.rows.map(\.height) == [30, 120, 80])
        #expect(list.contentHeight == 230)
        #expect(list.top(of: 2) == 150)
    }

    @Test func anExpandedEntryKeepsItsMeasuredHeight() {
        let list = Self.list([CenterEntry(id: 1, group: "a", time: 1, height: 230), CenterEntry(id: 2, group: "a", time: 0)])
        #expect(list.rows.map(\.height) == [30, 230, 80])
        #expect(list.top(of: 2) == 260)
    }

    @Test func rowIDsDecodeToWhatTheyStandFor() {
        #expect(CenterRowID.decode(CenterRowID.entry(42)) == .entry(42))
        #expect(CenterRowID.decode(CenterRowID.group(3)) == .group(3))
        #expect(CenterRowID.decode(CenterRowID.header) == .header)
        #expect(CenterRowID.decode(ViewID(42)) == nil, "the engine's ids are not the centre's")
        #expect(CenterRowID.decode(ViewID(UInt64.max)) == nil, "nor is the pill's")
    }

    @Test func theViewportShowsOnlyRowsMeetingItAndScrollingIsClamped() {
        let entries: [CenterEntry] = (0..<10_000).map { (i: Int) -> CenterEntry in CenterEntry(id: UInt32(i + 1), group: "g\(i % 7)", time: Double(i)) }
        var list = Self.list(entries, viewport: 400)
        #expect(list.visibleRange == 0..<6, "a heading and four entries end at 350; the fifth entry (350…430) meets the 400 viewport")
        list.scroll(by: 100_000_000)
        #expect(list.offset == list.maximumOffset)
        #expect(list.visibleRange.upperBound == list.rows.count)
        list.scroll(by: -1e12)
        #expect(list.offset == 0)
        list.scroll(to: 1000)
        let range = list.visibleRange
        #expect(list.top(of: range.lowerBound) <= 1000 && list.top(of: range.lowerBound + 1) > 1000)
        #expect(list.top(of: range.upperBound - 1) < 1400 && (range.upperBound == list.rows.count || list.top(of: range.upperBound) >= 1400))
    }

    @Test func visibleRowsAreExactlyThoseMeetingTheViewport() async {
        let gen = zip(Gen.int(in: 0...60).array(of: 0...40), Gen.int(in: 0...3000), Gen.int(in: 1...900))
        await propertyCheck(count: 200, input: gen) { input in
            let (times, offset, viewport) = input
            let entries = times.enumerated().map { CenterEntry(id: UInt32($0.offset + 1), group: "g\($0.element % 4)",
                                                               time: Double($0.element), hasButtons: $0.element % 3 == 0) }
            var list = Self.list(entries, viewport: Double(viewport))
            list.scroll(to: Double(offset))
            let expected = list.rows.indices.filter { i in
                list.top(of: i) + list.rows[i].height > list.offset && list.top(of: i) < list.offset + list.viewportHeight
            }
            #expect(Array(list.visibleRange) == expected)
            #expect(list.offset >= 0 && list.offset <= list.maximumOffset)
        }
    }

    @Test func keysMoveTheFocusOverEntriesAndScrollItIntoView() {
        let entries: [CenterEntry] = (0..<20).map { (i: Int) -> CenterEntry in
            CenterEntry(id: UInt32(i + 1), group: i < 10 ? "a" : "b", time: Double(100 - i))
        }
        var list = Self.list(entries, viewport: 300)
        #expect(list.keyPressed(.down) == nil)
        #expect(list.focusedEntry == 1, "Down from nothing focuses the first entry (the group row is skipped)")
        for _ in 0..<10 { _ = list.keyPressed(.down) }
        #expect(list.focusedEntry == 11, "past group b's heading")
        let focus = list.index(ofEntry: 11)!
        #expect(list.top(of: focus) + list.rows[focus].height <= list.offset + 300, "scrolled into view")
        _ = list.keyPressed(.end)
        #expect(list.focusedEntry == 20 && list.offset == list.maximumOffset)
        _ = list.keyPressed(.home)
        #expect(list.focusedEntry == 1 && list.offset == 0, "Home shows the top, the first group's heading included")
        _ = list.keyPressed(.pageDown)
        #expect((list.focusedEntry ?? 0) > 2, "a page down moves the focus a viewport")
        #expect(list.keyPressed(.enter) == .activate(list.focusedEntry!))
        #expect(list.keyPressed(.escape) == .close)
    }

    @Test func deleteClearsTheFocusedEntryAndTheNextTakesTheFocus() {
        let entries: [CenterEntry] = (0..<3).map { (i: Int) -> CenterEntry in CenterEntry(id: UInt32(i + 1), group: "a", time: Double(10 - i)) }
        var list = Self.list(entries)
        _ = list.keyPressed(.down)
        _ = list.keyPressed(.down)
        #expect(list.keyPressed(.delete) == .clear(2))
        list.setEntries(entries.filter { $0.id != 2 }, heights: Self.heights)
        #expect(list.focusedEntry == 3)
        var empty = Self.list([])
        #expect(empty.keyPressed(.delete) == nil && empty.keyPressed(.down) == nil && empty.visibleRange.isEmpty)
    }
}
