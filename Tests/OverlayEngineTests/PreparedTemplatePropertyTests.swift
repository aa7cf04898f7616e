// A template prepared once per shape fills every notification of that shape into the very tree
// that filling its JSON directly gives; texts past the cap are refused either way.
import Testing
import PropertyBased
@testable import OverlayEngine

/// The prepared fill's marker (a noncharacter: not allowed in a literal).
private let marker = String(Unicode.Scalar(0xFDD0 as UInt32)!)

@Suite struct PreparedTemplatePropertyTests {
    static let template = try! NotificationTemplate(name: "card", json: """
        {"type": "vstack", "children": [
          {"type": "hstack", "children": [
            {"type": "image", "icon": "{icon}"},
            {"type": "vstack", "alignment": "leading", "children": [
              {"type": "text", "text": "{summary} ({appName})", "color": "{summary}"}, {"type": "text", "text": "{body}"},
              {"type": "text", "text": "{appName}"}]}]},
          {"type": "image", "icon": "{image}"},
          {"type": "progressBar", "value": "{progress}"},
          {"type": "textField", "placeholder": "{replyPlaceholder}", "submitAction": "{reply}"},
          {"type": "button", "action": "{close}", "label": {"type": "text", "text": "x"}},
          {"type": "hstack", "children": [{"type": "button", "action": "{actions}", "label": {"type": "hstack", "children": [
            {"type": "image", "icon": "{actionIcon}"}, {"type": "text", "text": "{label}: {summary}"}]}}]}
        ], "modifiers": [{"background": "{background}"}, {"padding": {"leading": 3}}]}
        """)

    /// Pieces of strings: slot names, markup and the prepared fill's marker among them.
    static let pieces = ["a", "é", " ", "{", "}", "{summary}", "{body}", "{label}", "{appName}", "<b>", "&", marker, marker + "S", "{icon}"]
    static let text = Gen.int(in: 0...13).array(of: 0...4).map { $0.map { pieces[$0] }.joined() }
    static let flags = Gen.int(in: 0...63)
    static let fields = zip(text, text, text, flags, Gen.int(in: 0...3), Gen.int(in: -1...120)).map {
        summary, body, appName, flags, actionCount, progress in
        TemplateFields(summary: summary, body: body, appName: appName, icon: flags & 1 != 0 ? .icon("i") : nil,
                       image: flags & 2 != 0 ? .file("/p.png") : nil, progress: progress < 0 ? nil : Double(progress),
                       actions: (0..<actionCount).map { TemplateAction(key: "k\($0)", label: $0 == 1 ? body : "L\($0)",
                                                                      icon: flags & 4 != 0 ? .icon("a\($0)") : nil) },
                       closeButton: flags & 8 != 0,
                       reply: flags & 16 != 0 ? TemplateReply(placeholder: appName, submitLabel: "Send") : nil)
    }

    @Test func preparedFillsEqualDirectFills() async {
        await propertyCheck(count: 300, input: zip(Self.fields, Gen.bool)) { fields, rightToLeft in
            let theme = TemplateTheme(["summary": Color(red: 0.1, green: 0.2, blue: 0.3)])
            let direct = try? Self.template.filledDirectly(with: fields, theme: theme, rightToLeft: rightToLeft)
            let viaShape = try? Self.template.prepared(for: TemplateShape(fields), theme: theme)?.filled(with: fields, rightToLeft: rightToLeft)
            let filled = try? Self.template.filled(with: fields, theme: theme, rightToLeft: rightToLeft)
            #expect(direct != nil)
            #expect(filled == direct)
            // A shape whose labels hold the marker is not prepared (it is filled directly).
            if TemplateShape(fields).holdsMarker { #expect(viaShape == nil) } else { #expect(viaShape == direct) }
        }
    }

    @Test func oneShapeServesNotificationsThatDifferInTheirTexts() throws {
        let a = TemplateFields(summary: "First", body: "one <b>body</b>", appName: "App")
        let b = TemplateFields(summary: "Second & more", body: "another", appName: "Other")
        #expect(TemplateShape(a) == TemplateShape(b))
        let prepared = try #require(try Self.template.prepared(for: TemplateShape(a), theme: TemplateTheme()))
        #expect(try prepared.filled(with: b) == Self.template.filledDirectly(with: b, theme: TemplateTheme()))
        // An empty body removes its node: another shape.
        #expect(TemplateShape(TemplateFields(summary: "First", body: "", appName: "App")) != TemplateShape(a))
    }

    @Test func textsPastTheCapAreRefused() throws {
        let prepared = try #require(try Self.template.prepared(for: TemplateShape(TemplateFields(body: "x")), theme: TemplateTheme()))
        #expect(throws: ViewDecodingError.self) {
            try prepared.filled(with: TemplateFields(body: String(repeating: "a", count: 300 << 10)))
        }
        #expect((try? prepared.filled(with: TemplateFields(body: String(repeating: "a", count: 64 << 10)))) != nil)
    }

    @Test func aTemplateHoldingTheMarkerIsFilledDirectly() throws {
        let marked = try NotificationTemplate(name: "m", json: "{\"type\": \"text\", \"text\": \"\(marker)S {summary}\"}")
        #expect(try marked.prepared(for: TemplateShape(TemplateFields()), theme: TemplateTheme()) == nil)
        guard case .text(let content) = try marked.filled(with: TemplateFields(summary: "Hi"), theme: TemplateTheme()).kind else {
            Issue.record("not a text"); return
        }
        #expect(content.markup == marker + "S Hi")
    }
}
