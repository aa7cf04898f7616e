@testable import OverlayEngine
import Testing

/// `clipped`, frosted backgrounds, text fields' own fonts and direction, and centred lines: how
/// they lay out, mirror and read from JSON.
@Suite struct ViewTreeClipTests {
    /// The clip wraps the parts inside the modifier (the inner background, the node, its
    /// children) and not the outer ones.
    @Test func aClipWrapsWhatIsInsideItsModifier() {
        let node = ZStack { Text("x") }
            .background(Color(hex: "#101010")!).cornerRadius(6).clipped().background(Color(hex: "#202020")!).padding(2)
        let parts = layout(node).placed.map(\.part)
        #expect(parts == [PlacedView.Part.background(.color(Color(hex: "#202020")!)), .clip, .background(.color(Color(hex: "#101010")!)),
                          .node(.zstack(alignment: .center)), .node(.text(TextContent("x"))), .unclip])
        let clip = layout(node).placed[1]
        #expect(clip.cornerRadius == 6)
        #expect(clip.frame == Rect(x: 2, y: 2, width: 7, height: 16))
    }

    @Test func clippedFrostedFieldsAndCentredTextReadBackFromJSON() throws {
        let json = """
        {"type": "vstack", "children": [
          {"type": "textField", "submitAction": "go", "font": {"size": 11, "weight": "bold"}, "minHeight": 30, "rightToLeft": true},
          {"type": "text", "text": "Open", "centered": true}
        ], "modifiers": [{"background": {"blur": "thin", "tint": "#2b303bcc"}}, {"clipped": true}]}
        """
        let node = try ViewNode(json: json)
        #expect(node.modifiers == [.background(.frosted(.thin, tint: Color(hex: "#2b303bcc")!)), .clipped])
        #expect(node.children[0].kind == .textField(TextFieldContent(submitAction: "go", font: FontSpec(size: 11, weight: .bold),
                                                                     minHeight: 30, rightToLeft: true)))
        guard case .text(let text) = node.children[1].kind else { Issue.record("text"); return }
        #expect(text.centersLines)
        #expect(try ViewNode(json: node.json) == node)
        #expect(throws: ViewDecodingError.self) { try ViewNode(json: #"{"type": "spacer", "modifiers": [{"clipped": false}]}"#) }
    }

    /// A mirrored tree's field reads right to left; mirrored again it reads left to right.
    @Test func aMirroredFieldReadsRightToLeft() {
        let field = ViewNode(.textField(TextFieldContent(submitAction: "a")))
        #expect(field.mirrored().kind == .textField(TextFieldContent(submitAction: "a", rightToLeft: true)))
        #expect(field.mirrored().mirrored() == field)
    }

    /// Centred text takes the whole width offered (the lines are centred in it when drawn).
    @Test func centredTextTakesTheWidthOffered() {
        var content = TextContent("Open")
        content.centersLines = true
        #expect(layout(ViewNode(.text(content)), width: 100).size.width == 100)
        #expect(layout(ViewNode(.text(TextContent("Open"))), width: 100).size.width == 28)
    }
}

/// A help tip's arrow: kept by node index in the layout for the parts that follow it, and read
/// back from JSON.
@Suite struct CalloutArrowTests {
    let arrow = CalloutArrow(side: .top, baseStart: Point(x: 20, y: 40), tip: Point(x: 29, y: 50), baseEnd: Point(x: 38, y: 40))

    @Test func theLayoutKeepsTheArrowOfItsNode() {
        let node = VStack { Text("tip") }.padding(4).background(Color.black).arrow(arrow).padding(EdgeInsets(top: 0, leading: 0, bottom: 10, trailing: 0))
        let result = layout(node)
        #expect(result.arrows == [0: arrow])
        #expect(result.placed.first?.part == .background(.color(.black)), "the arrow shapes the node's background")
    }

    @Test func anArrowReadsBackFromJSON() throws {
        let node = try ViewNode(json: #"{"type": "spacer", "modifiers": [{"arrow": {"side": "top", "start": [20, 40], "tip": [29, 50], "end": [38, 40]}}]}"#)
        #expect(node.modifiers == [.arrow(arrow)])
        #expect(try ViewNode(json: node.json) == node)
        #expect(throws: ViewDecodingError.self) { try ViewNode(json: #"{"type": "spacer", "modifiers": [{"arrow": {"side": "up", "start": [0, 0], "tip": [0, 0], "end": [0, 0]}}]}"#) }
    }
}
