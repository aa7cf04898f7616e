// Filling notification templates: each slot present and absent, markup kept, limits, mirroring.
import Testing
import Foundation
@testable import OverlayEngine

private let card = """
{"type": "vstack", "spacing": 4, "children": [
  {"type": "image", "icon": "{icon}", "size": {"width": 48, "height": 48}},
  {"type": "text", "text": "{summary}", "color": "{summary}"},
  {"type": "text", "text": "{body}"},
  {"type": "image", "icon": "{image}"},
  {"type": "progressBar", "value": "{progress}"},
  {"type": "hstack", "spacing": 6, "children": [
    {"type": "button", "action": "{actions}", "label": {"type": "text", "text": "[{label}]"}}
  ]}
], "modifiers": [{"background": "{background}"}, {"frame": {"width": "{width}"}}]}
"""

private func template(_ json: String = card) throws -> NotificationTemplate {
    try NotificationTemplate(name: "card", json: json)
}

private func texts(_ node: ViewNode) -> [String] {
    var out: [String] = []
    if case .text(let t) = node.kind { out.append(t.markup) }
    for child in node.children { out += texts(child) }
    return out
}

private func kinds(_ node: ViewNode) -> [String] {
    let name: String = switch node.kind {
    case .vstack: "vstack"
    case .hstack: "hstack"
    case .text: "text"
    case .image: "image"
    case .progressBar: "progress"
    case .button: "button"
    default: "other"
    }
    return [name] + node.children.flatMap(kinds)
}

@Suite struct NotificationTemplateTests {
    let full = TemplateFields(summary: "Build <done>", body: "<b>All</b> green & fine", appName: "CI",
                              icon: .icon("dialog-information"), image: .file("/tmp/shot.png"), progress: 40,
                              actions: [TemplateAction(key: "open", label: "Open"), TemplateAction(key: "later", label: "Later & more")])

    @Test func everySlotPresentIsFilled() throws {
        let node = try template().filled(with: full, theme: TemplateTheme(["summary": Color(hex: "#112233")!], width: 300))
        #expect(kinds(node) == ["vstack", "image", "text", "text", "image", "progress", "hstack", "button", "text", "button", "text"])
        // The summary is plain text: escaped. The body keeps its markup (sanitised when drawn).
        #expect(texts(node) == ["Build &lt;done&gt;", "<b>All</b> green & fine", "[Open]", "[Later &amp; more]"])
        #expect(node.children[0].kind == .image(ImageContent(.icon("dialog-information"), size: Size(width: 48, height: 48))))
        #expect(node.children[3].kind == .image(ImageContent(.file("/tmp/shot.png"))))
        #expect(node.children[4].kind == .progressBar(value: 40, total: 100))
        let buttons = node.children[5].children.map(\.kind)
        #expect(buttons == [.button(action: "open", style: .bordered), .button(action: "later", style: .bordered)])
        guard case .text(let summary) = node.children[1].kind else { Issue.record("no summary"); return }
        #expect(summary.color == Color(hex: "#112233")!)
        #expect(node.modifiers.contains(.frame(FrameSpec(width: 300))))
        #expect(node.modifiers.contains(.background(.color(.black))))  // a colour the theme does not set is black
    }

    @Test func everySlotAbsentIsRemovedAndStacksLeftEmptyGoToo() throws {
        let node = try template().filled(with: TemplateFields(summary: "Only this"), theme: TemplateTheme())
        #expect(kinds(node) == ["vstack", "text"])
        #expect(texts(node) == ["Only this"])
    }

    @Test func eachSlotAloneIsRemovedAlone() throws {
        let t = try template()
        var f = full; f.icon = nil
        #expect(kinds(try t.filled(with: f, theme: TemplateTheme())).filter { $0 == "image" }.count == 1)
        f = full; f.image = nil
        #expect(try t.filled(with: f, theme: TemplateTheme()).children[0].kind
                == .image(ImageContent(.icon("dialog-information"), size: Size(width: 48, height: 48))))
        f = full; f.progress = nil
        #expect(!kinds(try t.filled(with: f, theme: TemplateTheme())).contains("progress"))
        f = full; f.body = ""
        #expect(texts(try t.filled(with: f, theme: TemplateTheme())) == ["Build &lt;done&gt;", "[Open]", "[Later &amp; more]"])
        f = full; f.actions = []
        #expect(!kinds(try t.filled(with: f, theme: TemplateTheme())).contains("hstack"))
    }

    @Test func fieldsAreNeverSearchedForSlots() throws {
        let f = TemplateFields(summary: "{body}", body: "{summary} {urgentBar}",
                               actions: [TemplateAction(key: "{actions}", label: "{summary}")])
        let node = try template().filled(with: f, theme: TemplateTheme())
        #expect(texts(node) == ["{body}", "{summary} {urgentBar}", "[{summary}]"])
        #expect(node.children.last?.children.first?.kind == .button(action: "{actions}", style: .bordered))
    }

    @Test func progressIsClampedToPercent() throws {
        var f = full
        for (given, shown) in [(-5.0, 0.0), (250, 100), (.nan, 0)] {
            f.progress = given
            let bar = try template().filled(with: f, theme: TemplateTheme()).children[4].kind
            #expect(bar == .progressBar(value: shown, total: 100))
        }
    }

    @Test func rawPixelsGoIntoTheImageSlotWithoutBase64() throws {
        var f = full
        f.icon = .pixels(width: 1, height: 1, rgba: [255, 0, 0, 255])
        #expect(try template().filled(with: f, theme: TemplateTheme()).children[0].kind
                == .image(ImageContent(.pixels(width: 1, height: 1, rgba: [255, 0, 0, 255]), size: Size(width: 48, height: 48))))
    }

    @Test func aBrokenTemplateNamesTheJSONPath() throws {
        let broken = card.replacingOccurrences(of: "\"spacing\": 6", with: "\"spacing\": \"wide\"")
        #expect(throws: ViewDecodingError(path: "$.children[5].spacing", message: "expected a number")) { try template(broken) }
        #expect(throws: ViewDecodingError.self) { try template("{\"type\": \"text\", \"text\": \"{summary}\", \"color\": \"{nope}\"}") }
        #expect(throws: ViewDecodingError.self) { try template("{") }
        do { _ = try template("{\"type\": \"text\", \"text\": \"{summary}\", \"color\": \"{nope}\"}") } catch let error as ViewDecodingError {
            #expect(error.path == "$.color")
        } catch { throw error }
    }

    @Test func aHugeBodyWithinTheNotificationLimitsFills() throws {
        var f = full
        f.body = String(repeating: "a", count: 64 << 10)
        #expect(texts(try template().filled(with: f, theme: TemplateTheme()))[1].utf8.count == 64 << 10)
        f.body = String(repeating: "a", count: 300 << 10)
        #expect(throws: ViewDecodingError.self) { try template().filled(with: f, theme: TemplateTheme()) }
    }

    @Test func rightToLeftMirrorsStacksPaddingsAndAlignments() throws {
        let json = """
        {"type": "hstack", "children": [{"type": "image", "icon": "{icon}"}, {"type": "text", "text": "{summary}",
          "modifiers": [{"padding": {"leading": 4, "trailing": 9}}, {"frame": {"maxWidth": "infinity", "alignment": "topLeading"}}]}]}
        """
        let node = try template(json).filled(with: full, theme: TemplateTheme(), rightToLeft: true)
        #expect(kinds(node) == ["hstack", "text", "image"])
        #expect(node.children[0].modifiers == [.padding(EdgeInsets(top: 0, leading: 9, bottom: 0, trailing: 4)),
                                               .frame(FrameSpec(maxWidth: .infinity, alignment: .topTrailing))])
    }
}
