// Random notifications filled into a template: every slot shows exactly when its field is
// there, fields are never read as slots, filling is deterministic and mirroring twice is a no-op.
import Testing
import PropertyBased
@testable import OverlayEngine

@Suite struct NotificationTemplatePropertyTests {
    static let template = try! NotificationTemplate(name: "card", json: """
        {"type": "vstack", "children": [
          {"type": "hstack", "children": [
            {"type": "image", "icon": "{icon}"},
            {"type": "vstack", "alignment": "leading", "children": [
              {"type": "text", "text": "{summary}", "color": "{summary}"}, {"type": "text", "text": "{body}"}]}]},
          {"type": "image", "icon": "{image}"},
          {"type": "progressBar", "value": "{progress}"},
          {"type": "hstack", "children": [{"type": "button", "action": "{actions}", "label": {"type": "text", "text": "{label}"}}]}
        ], "modifiers": [{"background": "{background}"}, {"padding": {"leading": 3}}]}
        """)

    /// Pieces of strings, slot names and markup among them.
    static let pieces = ["a", "é", " ", "{", "}", "{summary}", "{body}", "{label}", "{icon}", "{width}", "<b>", "&", "\"", "{urgentBar}"]
    static let text = Gen.int(in: 0...13).array(of: 0...5).map { $0.map { pieces[$0] }.joined() }
    /// Summary, body, icon?, image?, progress (-1: none), action count.
    static let fields = zip(text, text, Gen.bool, Gen.bool, Gen.int(in: -1...120), Gen.int(in: 0...4))

    static func count(_ node: ViewNode, _ match: (ViewKind) -> Bool) -> Int {
        (match(node.kind) ? 1 : 0) + node.children.map { count($0, match) }.reduce(0, +)
    }

    @Test func slotsShowExactlyWhenTheirFieldsAreThere() async {
        await propertyCheck(count: 400, input: Self.fields) { summary, body, hasIcon, hasImage, progress, actionCount in
            let fields = TemplateFields(summary: summary, body: body, icon: hasIcon ? .icon("i") : nil,
                                        image: hasImage ? .file("/p.png") : nil, progress: progress < 0 ? nil : Double(progress),
                                        actions: (0..<actionCount).map { TemplateAction(key: "k\($0)\(summary)", label: body) })
            let node: ViewNode
            do { node = try Self.template.filled(with: fields, theme: TemplateTheme()) } catch {
                Issue.record("filling threw \(error)"); return
            }
            #expect(Self.count(node) { if case .image = $0 { true } else { false } } == (hasIcon ? 1 : 0) + (hasImage ? 1 : 0))
            #expect(Self.count(node) { if case .progressBar = $0 { true } else { false } } == (progress < 0 ? 0 : 1))
            let keys = (0..<actionCount).map { ViewKind.button(action: "k\($0)\(summary)", style: .bordered) }
            var buttons: [ViewKind] = []
            func collect(_ n: ViewNode) { if case .button = n.kind { buttons.append(n.kind) }; n.children.forEach(collect) }
            collect(node)
            #expect(buttons == keys)
            var texts: [String] = []
            func gather(_ n: ViewNode) { if case .text(let t) = n.kind { texts.append(t.markup) }; n.children.forEach(gather) }
            gather(node)
            #expect(texts == [MarkupEscape.escape(summary)] + (body.isEmpty ? [] : [body])
                    + Array(repeating: MarkupEscape.escape(body), count: actionCount))
            #expect((try? Self.template.filled(with: fields, theme: TemplateTheme())) == node)
            #expect(node.mirrored().mirrored() == node)
        }
    }
}
