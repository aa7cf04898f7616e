// Template slots for the close button, the theme's numbers and link colours; the symbol leaf.
import Testing
@testable import OverlayEngine

private let card = """
{"type": "hstack", "children": [
  {"type": "text", "text": "{summary}", "lineLimit": "{summaryLines}"},
  {"type": "text", "text": "{body}", "lineLimit": "{bodyLines}", "linkColor": "{link}"},
  {"type": "button", "style": "plain", "action": "{close}",
   "label": {"type": "symbol", "name": "close", "size": "{closeSize}", "color": "{closeButton}"}}
]}
"""

@Suite struct TemplateCloseAndNumberTests {
    let fields = TemplateFields(summary: "S", body: "B <a href=\"x\">y</a>")

    @Test func theCloseButtonStaysWithTheBuiltInActionOnlyWhenShown() throws {
        let template = try NotificationTemplate(name: "card", json: card)
        var f = fields
        f.closeButton = true
        var theme = TemplateTheme(["closeButton": Color(hex: "#AABBCC")!])
        theme.numbers["closeSize"] = 20
        let shown = try template.filled(with: f, theme: theme)
        #expect(shown.children.count == 3)
        #expect(shown.children[2].kind == .button(action: ViewAction.close, style: .plain))
        #expect(shown.children[2].children.first?.kind == .symbol(SymbolContent(.close, size: 20, color: Color(hex: "#AABBCC")!)))
        f.closeButton = false
        let hidden = try template.filled(with: f, theme: theme)
        #expect(hidden.children.count == 2)
        #expect(!hidden.children.contains { if case .button = $0.kind { true } else { false } })
    }

    @Test func lineLimitsAndLinkColourComeFromTheTheme() throws {
        var theme = TemplateTheme(["link": Color(hex: "#112233")!])
        theme.numbers["summaryLines"] = 1
        theme.numbers["bodyLines"] = 3
        let node = try NotificationTemplate(name: "card", json: card).filled(with: fields, theme: theme)
        guard case .text(let summary) = node.children[0].kind, case .text(let body) = node.children[1].kind else {
            Issue.record("expected two texts"); return
        }
        #expect(summary.lineLimit == 1)
        #expect(body.lineLimit == 3)
        #expect(body.linkColor == Color(hex: "#112233")!)
        #expect(summary.linkColor == nil)
    }

    @Test func theDefaultNumbersAreTheToastsCounts() {
        #expect(TemplateTheme().numbers == ["summaryLines": 2, "bodyLines": 6, "closeSize": 16, "actionIconSize": 20, "actionLabelHeight": 0, "bodyImageHeight": 96,
                                          "borderWidth": 2, "cornerRadius": 8, "innerRadius": 6, "replyRowHeight": 0])
    }

    @Test func anUnknownNumberNameIsAnError() {
        let json = #"{"type": "text", "text": "{summary}", "lineLimit": "{lots}"}"#
        #expect(throws: ViewDecodingError.self) { try NotificationTemplate(name: "t", json: json) }
    }

    @Test func symbolsAndLinkColoursSurviveJSON() throws {
        let json = """
        {"type": "vstack", "children": [
          {"type": "symbol", "name": "close", "size": 12, "color": "#ff0000"},
          {"type": "symbol"},
          {"type": "text", "text": "<a href=\\"u\\">u</a>", "linkColor": "#00ff00"}
        ]}
        """
        let node = try ViewNode(json: json)
        #expect(node.children[0].kind == .symbol(SymbolContent(.close, size: 12, color: Color(hex: "#ff0000")!)))
        #expect(node.children[1].kind == .symbol(SymbolContent(.close)))
        guard case .text(let text) = node.children[2].kind else { Issue.record("expected text"); return }
        #expect(text.linkColor == Color(hex: "#00ff00")!)
        #expect(try ViewNode(json: node.json) == node)
    }

    @Test func aSymbolTakesItsSizeInLayout() {
        struct NoText: TextMeasuring { func measure(_ text: TextContent, proposedWidth: Double?) -> Size { .zero } }
        let laidOut = ViewLayout.layout(ViewNode(.symbol(SymbolContent(.close, size: 18))),
                                        proposal: ProposedSize(width: 100, height: 100), measuring: NoText())
        #expect(laidOut.size == Size(width: 18, height: 18))
    }

    @Test func anUnknownSymbolNamesTheChoices() {
        #expect(throws: ViewDecodingError(path: "$.name", message: "expected one of \"close\"")) {
            try ViewNode(json: #"{"type": "symbol", "name": "star"}"#)
        }
    }
}

@Suite struct TemplateActionIconSlotTests {
    private let row = """
    {"type": "hstack", "children": [
      {"type": "button", "action": "{actions}", "label": {"type": "zstack", "children": [
        {"type": "text", "text": "{label}"},
        {"type": "image", "icon": "{actionIcon}", "size": {"width": "{actionIconSize}", "height": "{actionIconSize}"}}
      ]}}
    ]}
    """

    @Test func anActionsIconReplacesItsLabelAndTheOthersKeepTheirs() throws {
        let fields = TemplateFields(actions: [TemplateAction(key: "reply", label: "Reply", icon: .icon("mail-reply")),
                                              TemplateAction(key: "later", label: "Later")])
        var theme = TemplateTheme()
        theme.numbers["actionIconSize"] = 24
        let node = try NotificationTemplate(name: "row", json: row).filled(with: fields, theme: theme)
        let labels = node.children.map { $0.children[0].children.map(\.kind) }
        #expect(labels == [[.image(ImageContent(.icon("mail-reply"), size: Size(width: 24, height: 24)))],
                           [.text(TextContent("Later"))]])
    }

    @Test func aLabelWithoutAnIconImageStaysEvenWithAnIcon() throws {
        let json = #"{"type": "hstack", "children": [{"type": "button", "action": "{actions}", "label": {"type": "text", "text": "{label}"}}]}"#
        let fields = TemplateFields(actions: [TemplateAction(key: "reply", label: "Reply", icon: .icon("mail-reply"))])
        let node = try NotificationTemplate(name: "row", json: json).filled(with: fields, theme: TemplateTheme())
        #expect(node.children[0].children.map(\.kind) == [.text(TextContent("Reply"))])
    }
}

@Suite struct TemplateReplySlotTests {
    private let row = """
    {"type": "hstack", "children": [
      {"type": "textField", "placeholder": "{replyPlaceholder}…", "submitAction": "{reply}"},
      {"type": "button", "action": "{reply}", "label": {"type": "text", "text": "{replyLabel}"}}
    ]}
    """

    @Test func aReplyFillsTheFieldAndItsButton() throws {
        let fields = TemplateFields(summary: "S", reply: TemplateReply(placeholder: "Write <to> Ann", submitLabel: "Send & go"))
        let node = try NotificationTemplate(name: "r", json: row).filled(with: fields, theme: TemplateTheme())
        #expect(node.children.map(\.kind) == [.textField(TextFieldContent(placeholder: "Write <to> Ann…", submitAction: TemplateReply.action)),
                                              .button(action: TemplateReply.action, style: .bordered)])
        #expect(node.children[1].children.first?.kind == .text(TextContent("Send &amp; go")))
        #expect(node.textField(submitting: TemplateReply.action) == "")
        #expect(node.textField(submitting: "other") == nil)
    }

    @Test func withoutAReplyBothGoAndTheEmptyRowToo() throws {
        let template = try NotificationTemplate(name: "r", json: #"{"type": "vstack", "children": [{"type": "text", "text": "{summary}"}, \#(row)]}"#)
        let node = try template.filled(with: TemplateFields(summary: "S"), theme: TemplateTheme())
        #expect(node.children.count == 1)
        #expect(template.takesReply)
        #expect(try !NotificationTemplate(name: "t", json: #"{"type": "text", "text": "{summary}"}"#).takesReply)
    }
}

@Suite struct TemplateReplyIconTests {
    private let button = """
    {"type": "hstack", "children": [
      {"type": "button", "action": "{reply}", "label": {"type": "zstack", "children": [
        {"type": "text", "text": "{replyLabel}"}, {"type": "image", "icon": "{replyIcon}"}]}}
    ]}
    """

    /// With a submit icon the image shows it and the label goes; without one the label stays and the image goes.
    @Test func theSubmitIconReplacesTheLabel() throws {
        let template = try NotificationTemplate(name: "r", json: button)
        let withIcon = try template.filled(with: TemplateFields(reply: TemplateReply(placeholder: "", submitLabel: "Send", submitIcon: "mail-send")),
                                           theme: TemplateTheme())
        #expect(withIcon.children[0].children[0].children.map(\.kind) == [.image(ImageContent(.icon("mail-send")))])
        let plain = try template.filled(with: TemplateFields(reply: TemplateReply(placeholder: "", submitLabel: "Send")), theme: TemplateTheme())
        #expect(plain.children[0].children[0].children.map(\.kind) == [.text(TextContent("Send"))])
    }

    /// `{replyRowHeight}` is a field's `minHeight`: the field is at least that tall.
    @Test func aFieldIsAtLeastItsMinimumHeight() throws {
        let json = #"{"type": "textField", "submitAction": "{reply}", "minHeight": "{replyRowHeight}", "font": {"size": 11}}"#
        var theme = TemplateTheme()
        theme.numbers["replyRowHeight"] = 40
        let node = try NotificationTemplate(name: "f", json: json).filled(with: TemplateFields(reply: TemplateReply(placeholder: "", submitLabel: "")),
                                                                          theme: theme)
        #expect(node.kind == .textField(TextFieldContent(submitAction: TemplateReply.action, font: FontSpec(size: 11), minHeight: 40)))
        #expect(layout(node).size.height == 40)
        #expect(layout(ViewNode(.textField(TextFieldContent(submitAction: "a")))).size.height == FixedPitchMeasurer.lineHeight + 8)
    }
}

/// Whether every toast fits a template is worked out once from its slots: one that can only
/// grow past the caps with many bodies is checked per toast, the others are not.
@Suite struct TemplateBoundTests {
    @Test func aTemplateWithOneBodyFitsEveryToastAndOneWithFiveDoesNot() throws {
        let one = try NotificationTemplate(name: "one", json: #"{"type": "vstack", "children": [{"type": "text", "text": "{summary}"}, {"type": "text", "text": "{body}"}]}"#)
        #expect(one.fitsEveryToast(actions: 3))
        let bodies = (0..<5).map { _ in #"{"type": "text", "text": "{body}"}"# }.joined(separator: ", ")
        let five = try NotificationTemplate(name: "five", json: #"{"type": "vstack", "children": [\#(bodies)]}"#)
        #expect(!five.fitsEveryToast(actions: 0), "5 × 64 KiB of body is past the 256 KiB cap")
        let buttons = try NotificationTemplate(name: "buttons", json: #"{"type": "hstack", "children": [{"type": "button", "action": "{actions}", "label": {"type": "text", "text": "{label}"}}]}"#)
        #expect(buttons.fitsEveryToast(actions: 3))
        #expect(!buttons.fitsEveryToast(actions: 100), "a hundred labels of 6 KiB escaped each")
    }
}
