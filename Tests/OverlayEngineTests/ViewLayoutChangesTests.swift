import Testing
@testable import OverlayEngine

/// Where a tree changed in place must be repainted (`ViewLayoutResult.changedRects`).
@Suite struct ViewLayoutChangesTests {
    func panel(_ fraction: Double, label: String = "Volume", percent: String? = nil) -> ViewNode {
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 6) {
                Text(label, lineLimit: 1)
                ProgressBar(value: fraction).frame(width: 200).id("level")
            }
            Text(percent ?? "\(Int(fraction * 100)) %", lineLimit: 1).frame(width: 48, alignment: .trailing)
        }
        .padding(14).background(Color(hex: "#ECEFF4")!).cornerRadius(14)
    }

    func grown(_ r: Rect) -> Rect { r.insetBy(dx: -1, dy: -1) }

    @Test func aBarsNewValueGivesTheColumnsBetweenItsFillsEnds() throws {
        let before = layout(panel(0.3, percent: "x")), after = layout(panel(0.7, percent: "x"))
        let bar = try #require(after.placed.first { $0.id == "level" && $0.kindName == "node.progressBar" }).frame
        let from = bar.minX + bar.width * 0.3, to = bar.minX + bar.width * 0.7
        #expect(after.changedRects(from: before) == [grown(Rect(x: from, y: bar.minY, width: to - from, height: bar.height))])
        #expect(before.changedRects(from: after) == after.changedRects(from: before), "down as up")
    }

    @Test func aBarFilledAlikeGivesNothingAndOneChangedOtherwiseGivesItsFrame() throws {
        func bar(_ value: Double, total: Double = 1, opacity: Double = 1) -> ViewLayoutResult {
            layout(ProgressBar(value: value, total: total).frame(width: 200, height: 6).opacity(opacity).padding(20))
        }
        #expect(bar(2).changedRects(from: bar(1.5)) == [], "both full")
        #expect(bar(1, total: 2).changedRects(from: bar(0.5)) == [], "both half")
        let frame = try #require(bar(0.7).placed.first { $0.kindName == "node.progressBar" }).frame
        #expect(bar(0.7, opacity: 0.5).changedRects(from: bar(0.3)) == [grown(frame)], "faded too: all of it")
    }

    @Test func aValueAndItsTextGiveBothFrames() throws {
        let before = layout(panel(0.3)), after = layout(panel(0.7))
        let rects = try #require(after.changedRects(from: before))
        let texts = after.placed.filter { $0.kindName == "node.text" }.map(\.frame)
        #expect(rects.count == 2)
        #expect(rects.contains(grown(texts[1])), "the percentage, not the label")
        #expect(!rects.contains(grown(texts[0])))
    }

    @Test func aLeafThatMovedGivesWhereItWasAndWhereItIs() throws {
        let before = layout(panel(0.5, percent: "50 %")), after = layout(panel(0.5, percent: "5 %"))
        let old = try #require(before.placed.last { $0.kindName == "node.text" }).frame
        let new = try #require(after.placed.last { $0.kindName == "node.text" }).frame
        #expect(old != new, "trailing-aligned: the shorter text starts further right")
        #expect(after.changedRects(from: before) == [grown(old), grown(new)])
    }

    @Test func nothingChangedGivesNoRectangle() {
        let tree = layout(panel(0.4))
        #expect(tree.changedRects(from: tree) == [])
    }

    @Test func aLayoutChangeGivesTheWholeView() {
        let before = layout(panel(0.4))
        #expect(layout(panel(0.4).padding(2)).changedRects(from: before) == nil, "another size")
        let longer = layout(panel(0.4, label: String(repeating: "w", count: 40)))
        #expect(longer.changedRects(from: before) == nil, "the label widened the panel")
        let extra = layout(VStack { panel(0.4) })
        #expect(extra.changedRects(from: layout(VStack { panel(0.4); Spacer() })) == nil, "a part came or went")
    }

    @Test func aChangedShadowGivesTheWholeView() {
        let before = layout(panel(0.4).shadow(Shadow(color: Color(hex: "#000000")!, radius: 4, offset: .zero)))
        let after = layout(panel(0.4).shadow(Shadow(color: Color(hex: "#000000")!, radius: 8, offset: .zero)))
        #expect(after.changedRects(from: before) == nil)
    }

    @Test func changesCoveringTheViewGiveTheWholeView() {
        let before = layout(Text("a").frame(width: 40, height: 20).background(Color(hex: "#000000")!))
        let after = layout(Text("b").frame(width: 40, height: 20).background(Color(hex: "#FFFFFF")!))
        #expect(after.changedRects(from: before) == nil)
    }
}

/// A move's part matches, found once, give every frame the layout matching them again gives.
@Suite struct PartMatchesTests {
    @Test(arguments: [0.0, 0.3, 0.8]) func framesWithKnownMatchesEqualFramesMatchedAgain(progress: Double) {
        let from = layout(VStack { Text("Volume"); ProgressBar(value: 0.2).id("level") })
        let to = layout(VStack { Text("Volume, louder"); ProgressBar(value: 0.9).id("level"); Text("new") })
        let matches = to.partMatches(from: from)
        #expect(to.interpolating(from: from, progress: progress, matches: matches) == to.interpolating(from: from, progress: progress))
        #expect(to.interpolating(from: from, progress: progress, matches: matches) != to, "part way, not the end")
    }

    @Test func aCalloutKeepsItsArrowWhileItMoves() {
        let arrow = CalloutArrow(side: .top, baseStart: Point(x: 10, y: 30), tip: Point(x: 15, y: 40), baseEnd: Point(x: 20, y: 30))
        let from = layout(Text("Tip").frame(width: 60, height: 30).arrow(arrow))
        let to = layout(Text("A longer tip").frame(width: 90, height: 30).arrow(arrow))
        let midway = to.interpolating(from: from, progress: 0.5)
        #expect(!to.arrows.isEmpty)
        #expect(midway.arrows == to.arrows, "the arrow is drawn on every frame of the move")
    }
}
