// Markup as plain text (`list --json`'s body, callouts, speech) is read in one scan; over random
// markup it must say what stripping tags and then replacing each entity in turn says.
import PropertyBased
import Testing
@testable import overlay_wl

struct PlainTextTests {
    /// The definition: tags dropped, then `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&amp;` replaced in that order.
    static func byDefinition(_ markup: String) -> String {
        var text = "", inTag = false
        for c in markup {
            if c == "<" { inTag = true } else if c == ">", inTag { inTag = false } else if !inTag { text.append(c) }
        }
        for (entity, c) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacing(entity, with: c)
        }
        return text
    }

    @Test func itAgreesWithTheDefinition() async {
        let pieces = ["<", ">", "&", ";", "l", "t", "g", "amp", "quot", "apos", "b", "é", "👍🏽", " ", "&lt;", "&amp;", "<b>", "</b>"]
        let markup = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...40).map { $0.map { pieces[$0] }.joined() }
        await propertyCheck(count: 500, input: markup) { markup in
            #expect(NotificationTipText.plain(markup) == Self.byDefinition(markup))
        }
    }

    @Test(arguments: [
        ("plain words", "plain words"),
        ("<b>bold</b> &amp; <i>it</i>", "bold & it"),
        ("&amp;lt; stays an entity's text", "&lt; stays an entity's text"),
        ("a &lt; b &gt; c &quot;d&quot; &apos;e&apos;", "a < b > c \"d\" 'e'"),
        ("unclosed <tag and more", "unclosed "),
        ("fish & chips", "fish & chips"),
    ])
    func examples(_ markup: String, _ plain: String) {
        #expect(NotificationTipText.plain(markup) == plain)
    }
}
