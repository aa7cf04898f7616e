// Layout of view trees per container kind, with text measured at 7 pt per character, 16 pt per line.
import Testing
@testable import OverlayEngine

@Suite("ViewTree layout")
struct ViewTreeLayoutTests {
    @Test func textTakesItsIdealSizeAndWrapsToTheOffer() {
        #expect(layout(Text("Volume")).size == Size(width: 42, height: 16))
        // 10 characters in 35 pt: 5 per line, 2 lines.
        #expect(layout(Text("abcdefghij"), width: 35).size == Size(width: 35, height: 32))
        #expect(layout(Text("abcdefghij", lineLimit: 1), width: 35).size == Size(width: 35, height: 16))
    }

    @Test func vstackSumsChildrenAndSpacingAndAlignsThem() {
        let tree = VStack(alignment: .leading, spacing: 4) {
            Text("abcd").id("a")
            Text("ab").id("b")
        }
        let result = layout(tree)
        #expect(result.size == Size(width: 28, height: 36))
        #expect(result.frame("a") == Rect(x: 0, y: 0, width: 28, height: 16))
        #expect(result.frame("b") == Rect(x: 0, y: 20, width: 14, height: 16))
        let trailing = layout(VStack(alignment: .trailing, spacing: 4) { Text("abcd"); Text("ab").id("b") })
        #expect(trailing.frame("b") == Rect(x: 14, y: 20, width: 14, height: 16))
    }

    @Test func hstackGivesSpacerWhatFixedChildrenLeave() {
        let tree = HStack(spacing: 10) {
            Text("ab").id("left")
            Spacer().id("gap")
            Text("abc").id("right")
        }
        let result = layout(tree, width: 200)
        #expect(result.size.width == 200)
        #expect(result.frame("left") == Rect(x: 0, y: 0, width: 14, height: 16))
        // 200 - 20 spacing - 14 - 21 = 145 for the spacer.
        #expect(result.frame("gap") == Rect(x: 24, y: 8, width: 145, height: 0))
        #expect(result.frame("right") == Rect(x: 179, y: 0, width: 21, height: 16))
    }

    @Test func flexibleChildrenShareEquallyAfterFixedOnes() {
        let tree = HStack(spacing: 0) {
            ProgressBar(value: 0.5).id("a")
            Toggle(isOn: true, action: "t")
            ProgressBar(value: 0.2).id("b")
        }
        let result = layout(tree, width: 240)
        #expect(result.frame("a")?.width == 100)
        #expect(result.frame("b")?.width == 100)
        #expect(result.frame("b")?.minX == 140)
    }

    @Test func zstackSizesToItsLargestChildAndAligns() {
        let tree = ZStack(alignment: .bottomTrailing) {
            Image(.icon("dialog-information"), size: Size(width: 40, height: 30))
            Text("ab").id("badge")
        }
        let result = layout(tree)
        #expect(result.size == Size(width: 40, height: 30))
        #expect(result.frame("badge") == Rect(x: 26, y: 14, width: 14, height: 16))
    }

    @Test func gridSplitsWidthBetweenFlexibleColumnsAfterFixedOnes() {
        let tree = Grid(columns: [.fixed(30), .flexible, .flexible], spacing: 10, rowSpacing: 5) {
            for i in 0..<5 { Text("x").id("c\(i)") }
        }
        let result = layout(tree, width: 150)
        // Flexible columns: (150 - 30 - 20) / 2 = 50 each; two rows of 16.
        #expect(result.size == Size(width: 150, height: 37))
        #expect(result.frame("c1") == Rect(x: 40 + 21.5, y: 0, width: 7, height: 16))
        #expect(result.frame("c4") == Rect(x: 40 + 21.5, y: 21, width: 7, height: 16))
        // Without a width, flexible columns are as wide as their widest cell.
        #expect(layout(tree).size.width == 30 + 7 + 7 + 20)
    }

    @Test func paddingInsetsTheProposalAndGrowsTheSize() {
        let result = layout(Text("abcdefghij").id("t").padding(5), width: 45)
        #expect(result.size == Size(width: 45, height: 42))
        #expect(result.frame("t") == Rect(x: 5, y: 5, width: 35, height: 32))
    }

    @Test func frameFixesOrClampsAndAlignsItsContent() {
        let fixed = layout(Text("ab").id("t").frame(width: 100, height: 50, alignment: .topLeading))
        #expect(fixed.size == Size(width: 100, height: 50))
        #expect(fixed.frame("t") == Rect(x: 0, y: 0, width: 14, height: 16))
        let filling = layout(Text("ab").frame(maxWidth: .infinity), width: 300)
        #expect(filling.size == Size(width: 300, height: 16))
        let bounded = layout(Text("ab").frame(minWidth: 50, maxWidth: 80), width: 300)
        #expect(bounded.size.width == 80)
        #expect(layout(Text("ab").frame(minWidth: 50)).size.width == 50)
        #expect(layout(Text("ab").frame(idealWidth: 60)).size.width == 60)
    }

    @Test func dividerAndSpacerFollowTheirStackAxis() {
        let column = layout(VStack(spacing: 0) { Text("abcd"); Divider().id("d") })
        #expect(column.frame("d") == Rect(x: 0, y: 16, width: 28, height: 1))
        let row = layout(HStack(spacing: 0) { Text("abcd"); Divider().id("d") })
        #expect(row.frame("d") == Rect(x: 28, y: 0, width: 1, height: 16))
    }

    @Test func buttonPadsItsLabelByStyle() {
        let result = layout(Button("OK", action: "ok"))
        #expect(result.size == Size(width: 14 + 24, height: 16 + 12))
        #expect(layout(Button("OK", action: "ok", style: .plain)).size == Size(width: 14, height: 16))
    }

    @Test func decorationsComeInPaintOrderWithTheirFrames() {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let tree = Text("ab").padding(2).background(red).padding(3).background(blue)
            .border(red, width: 1).cornerRadius(4).opacity(0.5)
        let result = layout(tree)
        let parts = result.placed.map(\.part)
        #expect(parts == [.background(.color(blue)), .background(.color(red)),
                          .node(.text(TextContent("ab"))), .border(red, width: 1)])
        #expect(result.placed.map(\.frame) == [Rect(x: 0, y: 0, width: 24, height: 26), Rect(x: 3, y: 3, width: 18, height: 20),
                                                Rect(x: 5, y: 5, width: 14, height: 16), Rect(x: 0, y: 0, width: 24, height: 26)])
        #expect(result.placed.allSatisfy { $0.cornerRadius == 4 && $0.opacity == 0.5 })
    }

    @Test func childThatWantsMoreThanItsParentIsClampedInside() {
        let tree = VStack { Image(.icon("x"), size: Size(width: 100, height: 10)).id("wide") }.frame(width: 40)
        let result = layout(tree)
        #expect(result.frame("wide") == Rect(x: 0, y: 0, width: 40, height: 10))
    }

    @Test func nodesAreNumberedParentFirstWithTheirParents() {
        let tree = VStack { HStack { Text("a"); Text("b") }; Text("c") }
        let nodes = layout(tree).placed
        #expect(nodes.map(\.index) == [0, 1, 2, 3, 4])
        #expect(nodes.map(\.parent) == [nil, 0, 1, 1, 0])
    }
}

@Suite("ViewTree builder")
struct ViewTreeBuilderTests {
    @Test func builderTakesConditionalsAndLoops() {
        func tree(muted: Bool) -> ViewNode {
            HStack {
                if muted { Image(.icon("audio-volume-muted")) } else { Text("On") }
                for level in 1...2 { Text("\(level)") }
                if !muted { Spacer() }
            }
        }
        #expect(tree(muted: true).children.map(\.kind) == [
            .image(ImageContent(.icon("audio-volume-muted"))), .text(TextContent("1")), .text(TextContent("2")),
        ])
        #expect(tree(muted: false).children.map(\.kind) == [
            .text(TextContent("On")), .text(TextContent("1")), .text(TextContent("2")), .spacer(minLength: 0),
        ])
    }

    @Test func modifiersAppendOutwardAndIdIsSet() {
        let node = Text("a").padding(4).opacity(0.5).id("a")
        #expect(node.modifiers == [.padding(EdgeInsets(all: 4)), .opacity(0.5)])
        #expect(node.id == "a")
        #expect(Button(action: "ok") { Text("OK"); Text("ignored") }.children == [Text("OK")])
    }
}
