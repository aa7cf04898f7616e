// Text that fills the width it is offered (`TextContent.fillsWidth`), as a toast's body: its frame
// spans the offer in a stack of any alignment, mirrored or not; it round-trips through JSON.
import Testing
@testable import OverlayEngine

@Suite struct TextFillsWidthTests {
    func body(fills: Bool) -> ViewNode {
        var content = TextContent("abcd")
        content.fillsWidth = fills
        return ViewNode(.vstack(spacing: 0, alignment: .trailing),
                        children: [ViewNode(.text(TextContent("abcdefghij"))), ViewNode(.text(content), id: "body")])
    }

    @Test func itsFrameSpansTheOfferWhateverTheAlignment() {
        // 10 characters (70 pt) set the column; the 4-character body (28 pt) is trailing unless it fills.
        #expect(layout(body(fills: false)).frame("body") == Rect(x: 42, y: 16, width: 28, height: 16))
        #expect(layout(body(fills: true)).frame("body") == Rect(x: 0, y: 16, width: 70, height: 16))
        #expect(layout(body(fills: true).mirrored()).frame("body") == Rect(x: 0, y: 16, width: 70, height: 16))
        // Without an offer it is as wide as its lines.
        #expect(layout(ViewNode(.text({ var c = TextContent("abcd"); c.fillsWidth = true; return c }()))).size == Size(width: 28, height: 16))
    }

    @Test func itRoundTripsThroughJSON() throws {
        let json = #"{"type": "text", "text": "Hi", "fillsWidth": true}"#
        let node = try ViewNode(json: json)
        guard case .text(let content) = node.kind else { Issue.record("not a text"); return }
        #expect(content.fillsWidth)
        #expect(try ViewNode(json: node.json) == node)
        guard case .text(let plain) = try ViewNode(json: #"{"type": "text", "text": "Hi"}"#).kind else { return }
        #expect(!plain.fillsWidth)
    }
}

/// A text field is found by its submit action (a toast's reply draft goes into it).
@Suite struct FieldIndexTests {
    @Test func theFieldOfASubmitActionIsFoundByItsIndex() {
        let tree = ViewNode(.vstack(spacing: 0, alignment: .center), children: [
            ViewNode(.text(TextContent("x"))),
            ViewNode(.hstack(spacing: 0, alignment: .center),
                     children: [ViewNode(.textField(TextFieldContent(placeholder: "Reply", submitAction: "inline-reply"))),
                                ViewNode(.textField(TextFieldContent(submitAction: "other")))]),
        ])
        #expect(tree.fieldIndex(submitting: "inline-reply") == 3)
        #expect(tree.fieldIndex(submitting: "other") == 4)
        #expect(tree.fieldIndex(submitting: "none") == nil)
        if case .textField(let field)? = tree.node(at: 3)?.kind { #expect(field.submitAction == "inline-reply") } else { Issue.record("index 3") }
    }
}
