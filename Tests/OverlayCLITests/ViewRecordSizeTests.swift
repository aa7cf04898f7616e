// The registry's and the presenter's tables hold their values inline, one per slot of their
// capacity, and a flood fills them with thousands of waiting and hidden notifications. A record
// kept its notification and its help tip inline (576 bytes), a view's content its toast or tree
// (600 bytes); boxed, they are a few words.
import Testing
@testable import overlay_wl
@testable import WaylandPresenter

struct ViewRecordSizeTests {
    @Test func aRecordAndAViewsContentAreAFewWordsInTheirTables() {
        #expect(MemoryLayout<ViewRecord>.stride <= 32)
        #expect(MemoryLayout<ViewContent>.stride <= 16)
    }

    @Test func aTipReadsBackAndChangesInPlace() {
        var record = ViewRecord(kind: .control(ControlView(container: "tips", actions: [])), tip: nil)
        #expect(record.tip == nil)
        record.tip = TipRecord(onceKey: "intro")
        #expect(record.tip?.onceKey == "intro")
        let copy = record
        record.tip?.onceKey = "changed"
        #expect(record.tip?.onceKey == "changed")
        #expect(copy.tip?.onceKey == "intro", "a copy keeps its own tip")
    }
}
