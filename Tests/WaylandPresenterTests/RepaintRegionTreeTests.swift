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

    @Test func aNewValueRepaintsTheBarAloneWhereTheViewStands() throws {
        let old = drawn(tree(0.2), offset: Point(x: 3, y: 0), revision: 1)
        let new = drawn(tree(0.6), offset: Point(x: 3, y: 0), revision: 2)
        let bar = try barFrame(new.tree!)
        let region = RepaintRegion.changes(from: [old.item.id: old], to: [new])
        #expect(region == [Rect(x: 83 + bar.minX - 1, y: 20 + bar.minY - 1, width: bar.width + 2, height: bar.height + 2)])
    }

    @Test func aScaledViewMapsItsPartsThroughItsScale() throws {
        let old = drawn(tree(0.2), scale: 0.5, revision: 1), new = drawn(tree(0.6), scale: 0.5, revision: 2)
        let size = new.tree!.size, bar = try barFrame(new.tree!)
        let region = RepaintRegion.changes(from: [old.item.id: old], to: [new])
        // Scaled by half about the view's centre.
        let x = 80 + size.width / 2 + (bar.minX - 1 - size.width / 2) / 2
        let y = 20 + size.height / 2 + (bar.minY - 1 - size.height / 2) / 2
        #expect(region == [Rect(x: x, y: y, width: (bar.width + 2) / 2, height: (bar.height + 2) / 2)])
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
        var new = drawn(tree(0.2), revision: 2)
        var configuration = ResolvedViewConfiguration(view: ViewConfiguration(), container: ViewConfiguration(), displayType: .stacking)
        configuration.shadow = Shadow(radius: 6)
        new.configuration = configuration
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
}
