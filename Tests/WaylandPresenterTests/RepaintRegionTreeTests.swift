import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter

/// A view tree changed in place where it stands repaints only its changed parts, in surface
/// coordinates; any other change of its item repaints its whole ink.
@Suite struct RepaintRegionTreeTests {
    let renderer = ViewTreeRenderer()

    func tree(_ fraction: Double) -> LaidOutView {
        renderer.layout(VStack(spacing: 6) {
            Text("Volume", lineLimit: 1)
            ProgressBar(value: fraction).frame(width: 200)
        }.padding(14).background(Color(hex: 0xECEFF4)))
    }

    func drawn(_ tree: LaidOutView, at origin: Point = Point(x: 80, y: 20), offset: Point = .zero, scale: Double = 1,
               opacity: Double = 1, revision: Int) -> DrawnItem {
        let frame = Rect(origin: origin, size: tree.size)
        let item = RenderItem(id: ViewID(7), frame: frame, opacity: opacity, scale: scale, offset: offset, z: 0, backgroundOpacity: 0)
        return DrawnItem(item: item, ink: Rect(origin: origin + offset, size: tree.size), revision: revision, tree: tree)
    }

    func barFrame(_ tree: LaidOutView) throws -> Rect {
        try #require(tree.layout.placed.first { if case .node(.progressBar) = $0.part { true } else { false } }).frame
    }

    /// The columns of `bar` between its fill's ends at `from` and at `to`, and the ink margin.
    func span(_ bar: Rect, from: Double, to: Double) -> Rect {
        let start = bar.minX + bar.width * from, end = bar.minX + bar.width * to
        return Rect(x: start - 1, y: bar.minY - 1, width: end - start + 2, height: bar.height + 2)
    }

    func nearly(_ a: [Rect], _ b: [Rect]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { r, s in
            [r.minX - s.minX, r.minY - s.minY, r.width - s.width, r.height - s.height].allSatisfy { abs($0) < 1e-9 }
        }
    }

    @Test func aNewValueRepaintsTheBarsChangedColumnsAloneWhereTheViewStands() throws {
        let old = drawn(tree(0.2), offset: Point(x: 3, y: 0), revision: 1)
        let new = drawn(tree(0.6), offset: Point(x: 3, y: 0), revision: 2)
        let changed = span(try barFrame(new.tree!), from: 0.2, to: 0.6)
        let region = RepaintRegion.changes(from: [old.item.id: old], to: [new])
        #expect(nearly(region, [Rect(x: 83 + changed.minX, y: 20 + changed.minY, width: changed.width, height: changed.height)]), "\(region)")
    }

    @Test func aScaledViewMapsItsPartsThroughItsScale() throws {
        let old = drawn(tree(0.2), scale: 0.5, revision: 1), new = drawn(tree(0.6), scale: 0.5, revision: 2)
        let size = new.tree!.size, changed = span(try barFrame(new.tree!), from: 0.2, to: 0.6)
        let region = RepaintRegion.changes(from: [old.item.id: old], to: [new])
        // Scaled by half about the view's centre.
        let x = 80 + size.width / 2 + (changed.minX - size.width / 2) / 2
        let y = 20 + size.height / 2 + (changed.minY - size.height / 2) / 2
        #expect(nearly(region, [Rect(x: x, y: y, width: changed.width / 2, height: changed.height / 2)]), "\(region)")
    }

    @Test func aMovedOrFadingViewRepaintsItsWholeInk() {
        let old = drawn(tree(0.2), revision: 1)
        let moved = drawn(tree(0.6), at: Point(x: 80, y: 30), revision: 2)
        #expect(RepaintRegion.changes(from: [old.item.id: old], to: [moved]) == [old.ink, moved.ink])
        let fading = drawn(tree(0.6), opacity: 0.5, revision: 2)
        #expect(RepaintRegion.changes(from: [old.item.id: old], to: [fading]) == [old.ink, fading.ink])
    }

    @Test func otherSettingsRepaintTheWholeInk() {
        let old = drawn(tree(0.2), revision: 1)
        let plain = drawn(tree(0.2), revision: 2)
        var configuration = ResolvedViewConfiguration(view: ViewConfiguration(), container: ViewConfiguration(), displayType: .stacking)
        configuration.shadow = Shadow(radius: 6)
        let new = DrawnItem(item: plain.item, ink: plain.ink, revision: 2, tree: plain.tree, configuration: configuration)
        #expect(RepaintRegion.changes(from: [old.item.id: old], to: [new]) == [old.ink, new.ink])
    }

    @Test func rectanglesAnotherCoversAreLeftOut() {
        let bar = Rect(x: 10, y: 10, width: 200, height: 8), text = Rect(x: 220, y: 4, width: 48, height: 16)
        let inside = Rect(x: 20, y: 11, width: 50, height: 6), across = Rect(x: 200, y: 8, width: 30, height: 4)
        // The bar's rectangle of three frames in a row, a part within it and the percentage's.
        #expect(RepaintRegion.withoutCovered([bar, text, bar, inside, bar, across]) == [bar, text, across])
        #expect(RepaintRegion.withoutCovered([inside, bar]) == [bar])
        let many = (0..<(RepaintRegion.coverCheckLimit + 1)).map { _ in bar }
        #expect(RepaintRegion.withoutCovered(many) == many, "long lists are left as they are")
    }

    @Test func spansOfOneRowThatOverlapOrTouchAreJoined() {
        // A moving bar's spans of three frames (two meeting, one overlapping), one further on, one in another row.
        let a = Rect(x: 10, y: 10, width: 30, height: 8), b = Rect(x: 40, y: 10, width: 20, height: 8)
        let c = Rect(x: 50, y: 10, width: 25, height: 8), apart = Rect(x: 100, y: 10, width: 5, height: 8)
        let below = Rect(x: 20, y: 18, width: 30, height: 8)
        #expect(RepaintRegion.withoutCovered([a, apart, b, below, c]) == [Rect(x: 10, y: 10, width: 65, height: 8), apart, below])
    }
}
