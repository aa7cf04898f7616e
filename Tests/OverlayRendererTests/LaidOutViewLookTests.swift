// A laid-out tree's own look is kept by reference (toasts waiting to be laid out each hold a copy
// of their template's estimate), yet it behaves as a value.
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite("LaidOutView look")
struct LaidOutViewLookTests {
    let tree = ViewTreeRenderer().layout(Text("Look", lineLimit: 1).padding(8))

    @Test func aCopyOfATreeHoldsLessThanOneLook() {
        #expect(MemoryLayout<LaidOutView>.size < MemoryLayout<ViewTreeLook>.size)
    }

    @Test func aLookChangedOnACopyLeavesTheOriginal() {
        var original = tree
        original.look = ViewTreeLook()
        var copy = original
        #expect(copy == original, "copies share one look")
        copy.look?.accent = Color(hex: 0xFF0000)
        #expect(copy.look?.accent == Color(hex: 0xFF0000))
        #expect(original.look == ViewTreeLook(), "the original keeps its colours")
        #expect(copy != original)
        copy.look = nil
        #expect(copy.look == nil)
        #expect(copy == tree)
    }

    @Test func equalLooksKeptApartCompareEqual() {
        var a = tree, b = tree
        a.look = ViewTreeLook()
        b.look = ViewTreeLook()
        #expect(a == b)
        b.look?.divider = Color(hex: 0x000000)
        #expect(a != b)
    }
}
