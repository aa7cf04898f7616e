// A tree changed in place, repainted only where `LaidOutView.changedRects` says, over the pixels
// of the tree before: every pixel must equal a full repaint of the new tree.
import Testing
import OverlayEngine
@testable import OverlayRenderer

@Suite("ViewTree partial repaint")
struct ViewTreeRepaintTests {
    /// An on-screen display like `overlay-wl osd`'s: an icon-less label over a bar, and the percentage.
    func osd(_ fraction: Double, label: String = "Volume") -> ViewNode {
        HStack(alignment: .center, spacing: 12) {
            VStack(alignment: .leading, spacing: 6) {
                Text("<b>\(label)</b>", color: Color(hex: 0x2E3440), lineLimit: 1)
                ProgressBar(value: fraction).frame(width: 200).id("level")
            }
            Text("\(Int((fraction * 100).rounded())) %", font: FontSpec(size: 11), color: Color(hex: 0x2E3440), lineLimit: 1)
                .frame(width: 48, alignment: .trailing)
        }
        .padding(14).background(Color(hex: "#ECEFF4E6")!).cornerRadius(14).id("osd")
    }

    func pixels(_ canvas: Canvas) -> [UInt32] {
        (0..<canvas.pixelHeight).flatMap { y in
            (0..<canvas.pixelWidth).map { x in
                let p = canvas.pixel(x: x, y: y)
                return UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a)
            }
        }
    }

    /// `after` drawn whole, and drawn over `before` only in the rectangles the diff gives (as a
    /// surface repaints its buffer: clip, clear, paint), at origin (10, 10) on a margin.
    /// `overCleared`: drawn as a surface draws, told the pixels under the view are clear (its
    /// plain background copied, not blended).
    func repaint(from before: LaidOutView, to after: LaidOutView, scale: Double, overCleared: Bool = false)
        -> (full: [UInt32], partial: [UInt32], old: [UInt32], rects: [Rect]?) {
        let renderer = ViewTreeRenderer()
        let width = Int((after.size.width + 20) * scale), height = Int((after.size.height + 20) * scale)
        let origin = Point(x: 10, y: 10)
        let full = Canvas(pixelWidth: width, pixelHeight: height, scale: scale)
        renderer.draw(after, on: full, at: origin, overCleared: overCleared)
        let partial = Canvas(pixelWidth: width, pixelHeight: height, scale: scale)
        renderer.draw(before, on: partial, at: origin, overCleared: overCleared)
        let old = pixels(partial)
        let rects = after.changedRects(from: before)
        if let rects {
            // Whole device pixels, as the surface clips.
            partial.clip(to: rects.map { r in
                let x0 = ((r.minX + origin.x) * scale).rounded(.down), y0 = ((r.minY + origin.y) * scale).rounded(.down)
                let x1 = ((r.maxX + origin.x) * scale).rounded(.up), y1 = ((r.maxY + origin.y) * scale).rounded(.up)
                return Rect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
            })
            partial.clear(rect: Rect(x: 0, y: 0, width: partial.logicalWidth, height: partial.logicalHeight))
            renderer.draw(after, on: partial, at: origin, overCleared: overCleared)
        }
        return (pixels(full), pixels(partial), old, rects)
    }

    /// Over clear pixels the panel under the changed parts is copied into the pixels and the
    /// bar's shapes are blended into them: the same pixels as drawing the whole view.
    @Test(arguments: [1.0, 1.5, 2.0], [false, true])
    func aNewValueRepaintsTheBarAndThePercentageAndEqualsAFullRepaint(scale: Double, overCleared: Bool) throws {
        let renderer = ViewTreeRenderer()
        let before = renderer.layout(osd(0.3)), after = renderer.layout(osd(0.75))
        let result = repaint(from: before, to: after, scale: scale, overCleared: overCleared)
        let rects = try #require(result.rects, "only leaves changed: not the whole view")
        #expect(rects.count == 2, "the bar and the percentage")
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(area < after.size.width * after.size.height / 3, "\(area) of \(after.size)")
        #expect(result.old != result.full, "the new value looks different")
        #expect(result.partial == result.full)
    }

    @Test(arguments: [1.0, 1.5, 2.0]) func anAnimationFrameRepaintsTheBarAloneAndEqualsAFullRepaint(scale: Double) throws {
        let renderer = ViewTreeRenderer()
        let from = renderer.layout(osd(0.3)), to = renderer.layout(osd(0.75))
        var before = to, after = to
        before.layout = to.layout.interpolating(from: from.layout, progress: 0.4)
        after.layout = to.layout.interpolating(from: from.layout, progress: 0.55)
        let result = repaint(from: before, to: after, scale: scale)
        let rects = try #require(result.rects)
        func fill(_ tree: LaidOutView) throws -> (frame: Rect, end: Double) {
            let bar = try #require(tree.layout.placed.first { if case .node(.progressBar) = $0.part { true } else { false } })
            guard case .node(.progressBar(let value, let total)) = bar.part else { throw CancellationError() }
            return (bar.frame, bar.frame.minX + bar.frame.width * PlacedView.barFraction(value, of: total))
        }
        let (frame, start) = try fill(before), end = try fill(after).end
        #expect(start < end)
        let span = Rect(x: start, y: frame.minY, width: end - start, height: frame.height)
        #expect(rects == [span.insetBy(dx: -1, dy: -1)], "the columns between the fill's two ends, and the ink margin")
        #expect(result.old != result.full)
        #expect(result.partial == result.full)
    }

    @Test func aLongerLabelIsRepaintedWhereItWasAndIsAndEqualsAFullRepaint() throws {
        let renderer = ViewTreeRenderer()
        // The 200 pt bar sets the column's width: the panel keeps its size, the label's frame grows.
        let before = renderer.layout(osd(0.5, label: "Vol")), after = renderer.layout(osd(0.5, label: "Volume"))
        let result = repaint(from: before, to: after, scale: 1)
        let rects = try #require(result.rects)
        #expect(rects.count == 2, "the label's old and new frames")
        #expect(result.old != result.full)
        #expect(result.partial == result.full)
    }

    @Test func aLayoutChangeRepaintsTheWholeView() {
        let renderer = ViewTreeRenderer()
        let before = renderer.layout(osd(0.5))
        let resized = renderer.layout(osd(0.5).padding(4))
        #expect(resized.changedRects(from: before) == nil, "another size and shape")
        var otherLook = before
        otherLook.look = ViewTreeLook()
        otherLook.look?.accent = Color(hex: 0xFF0000)
        #expect(otherLook.changedRects(from: before) == nil, "other colours")
        #expect(before.changedRects(from: before) == [], "nothing changed")
    }

    @Test func partsOutsideTheClipAreNotDrawn() throws {
        var bar = try #require(ViewTreeRenderer().layout(ProgressBar(value: 1).frame(width: 100, height: 6)).layout.placed.last)
        bar.frame = Rect(x: 10, y: 10, width: 100, height: 6)
        #expect(ViewTreeRenderer.reaches(bar, into: Rect(x: 0, y: 0, width: 200, height: 12)))
        #expect(ViewTreeRenderer.reaches(bar, into: Rect(x: 0, y: 16.5, width: 200, height: 10)), "its ink margin")
        #expect(!ViewTreeRenderer.reaches(bar, into: Rect(x: 0, y: 18, width: 200, height: 10)))
    }
}
