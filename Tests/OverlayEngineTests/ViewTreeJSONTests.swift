// View trees from JSON: the documented example, errors naming the JSON path, and the caps.
import Testing
import Foundation
@testable import OverlayEngine

@Suite("ViewTree JSON")
struct ViewTreeJSONTests {
    func error(_ json: String, limits: ViewLimits = .standard) -> String? {
        do { _ = try ViewNode(json: json, limits: limits); return nil } catch { return error.description }
    }

    @Test func decodesTheDSLTreeFromJSON() throws {
        let json = """
        {"type": "vstack", "alignment": "leading", "spacing": 6, "id": "volume",
         "children": [
           {"type": "text", "text": "<b>Volume</b>", "font": {"size": 15, "weight": "bold"}},
           {"type": "slider", "value": 0.4, "action": "vol"}
         ],
         "modifiers": [{"padding": 12}, {"background": "#202020e0"}, {"cornerRadius": 10}]}
        """
        let expected = VStack(alignment: .leading, spacing: 6) {
            Text("<b>Volume</b>", font: FontSpec(size: 15, weight: .bold))
            Slider(value: 0.4, action: "vol")
        }.padding(12).background(Color(hex: "#202020e0")!).cornerRadius(10).id("volume")
        #expect(try ViewNode(json: json) == expected)
    }

    /// Strings: plain ones, escapes after plain text, and errors after plain text.
    @Test func readsStringsWithAndWithoutEscapes() throws {
        #expect(try JSONValue.parse(#"["", "plain", "ab\ncd", "tab\there", "é\u00e9\ud83d\ude00", "q\"uote"]"#)
                == .array([.string(""), .string("plain"), .string("ab\ncd"), .string("tab\there"), .string("éé😀"), .string("q\"uote")]))
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse("\"abc") }
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse("\"ab\u{01}c\"") }
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(#""ab\q""#) }
        #expect(try JSONValue.parse(" \t\r\n{ \"k\" :\n[ 1 , 2 ] } \n") == .object(["k": .array([.number(1), .number(2)])]))
    }

    @Test func errorsNameTheJSONPath() {
        #expect(error(#"{"type":"vstack","children":[{"type":"text","text":"a"},{"type":"spacer"},{"type":"progressBar","value":"x"}]}"#)
                == "$.children[2].value: expected a number")
        #expect(error(#"{"type":"box"}"#) == #"$.type: unknown view type "box""#)
        #expect(error(#"{"type":"text"}"#) == "$.text: missing (expected a string)")
        #expect(error(##"{"type":"text","text":"a","colour":"#fff"}"##) == "$.colour: unknown key")
        #expect(error(#"{"type":"text","text":"a","color":"red"}"#) == ##"$.color: expected a colour "#RRGGBB" or "#RRGGBBAA""##)
        #expect(error(#"{"type":"hstack","alignment":"left"}"#) == #"$.alignment: expected one of "top", "center", "bottom""#)
        #expect(error(#"{"type":"divider","modifiers":[{"padding":-1}]}"#) == "$.modifiers[0].padding: expected a number from 0 to 100000")
        #expect(error(#"{"type":"divider","modifiers":[{"padding":1,"opacity":1}]}"#)
                == "$.modifiers[0]: expected an object with one key naming the modifier")
        #expect(error(#"{"type":"divider","modifiers":[{"blur":1}]}"#) == "$.modifiers[0].blur: unknown modifier")
        #expect(error(#"{"type":"divider","modifiers":[{"frame":{"minWidth":50,"maxWidth":10}}]}"#)
                == "$.modifiers[0].frame.maxWidth: must not be less than minWidth")
        #expect(error(#"{"type":"slider","min":0,"max":1,"value":2,"action":"a"}"#) == "$.value: expected a number from 0 to 1")
        #expect(error(#"{"type":"image"}"#) == #"$: expected exactly one of "file", "icon" or "pixels""#)
        #expect(error(#"{"type":"button","action":"ok","label":{"type":"text"}}"#) == "$.label.text: missing (expected a string)")
        #expect(error(#"[1]"#) == "$: expected an object")
    }

    @Test func malformedJSONSaysWhereItBroke() {
        #expect(error(#"{"type": "text", "text": "a",}"#) == "$: invalid JSON at byte 29: expected a key")
        #expect(error(#"{"type": "text", "type": "divider"}"#) == #"$: invalid JSON at byte 17: duplicate key "type""#)
        #expect(error(#"{"type": 01}"#) == "$: invalid JSON at byte 9: leading zero")
        #expect(error(#"{"type": "te"#) == "$: invalid JSON at byte 12: unterminated string")
    }

    @Test func rawPixelsAreBase64WithTheRightByteCount() throws {
        let node = try ViewNode(json: #"{"type":"image","pixels":{"width":1,"height":2,"rgba":"/wAA/wD/AP8="}}"#)
        #expect(node.kind == .image(ImageContent(.pixels(width: 1, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255]))))
        #expect(error(#"{"type":"image","pixels":{"width":2,"height":2,"rgba":"/wAA/wD/AP8="}}"#)
                == "$.pixels.rgba: expected 16 bytes (width × height × 4), got 8")
        #expect(error(#"{"type":"image","pixels":{"width":1,"height":2,"rgba":"**"}}"#) == "$.pixels.rgba: expected base64")
    }

    @Test func capsAreEnforcedWithAClearError() {
        var limits = ViewLimits()
        limits.maxDepth = 3
        #expect(error(#"{"type":"vstack","children":[{"type":"vstack","children":[{"type":"vstack","children":[{"type":"divider"}]}]}]}"#,
                      limits: limits) == "$.children[0].children[0].children[0]: nested deeper than the limit of 3 views")
        limits = ViewLimits(); limits.maxNodes = 3
        #expect(error(#"{"type":"hstack","children":[{"type":"divider"},{"type":"divider"},{"type":"divider"}]}"#, limits: limits)
                == "$.children[2]: more than the limit of 3 views")
        limits = ViewLimits(); limits.maxTextBytes = 5
        #expect(error(#"{"type":"hstack","children":[{"type":"text","text":"abc"},{"type":"text","text":"def"}]}"#, limits: limits)
                == "$.children[1].text: text beyond the limit of 5 bytes in all")
        limits = ViewLimits(); limits.maxImagePixels = 100
        #expect(error(#"{"type":"image","pixels":{"width":20,"height":20,"rgba":""}}"#, limits: limits)
                == "$.pixels: images beyond the limit of 100 pixels in all")
        limits = ViewLimits(); limits.maxInputBytes = 10
        #expect(error(#"{"type":"divider"}"#, limits: limits) == "$: input is 18 bytes, more than the limit of 10")
        // Nesting beyond what the view depth allows stops in the parser, before any recursion is deep.
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(error(deep) == "$: invalid JSON at byte 72: nested deeper than 72")
    }

    /// A tree built in Swift is checked against the caps only when its program asks
    /// (`ViewNode.check(within:)`), with the error its JSON would get.
    @Test func treesBuiltInSwiftAreCheckedAsTheirJSONWouldBe() throws {
        let fine = VStack { Text("Volume"); Slider(value: 0.4, action: "vol"); ProgressBar(value: 3, total: 4) }.padding(12)
        try fine.check()
        func failure(_ node: ViewNode, _ limits: ViewLimits = .standard) -> String? {
            do { try node.check(within: limits); return nil } catch { return error.description }
        }
        let many = VStack { for i in 0..<600 { Text("\(i)") } }
        #expect(failure(many) == "$.children[511]: more than the limit of 512 views")
        #expect(failure(HStack(spacing: -4) { Divider() }) == "$.spacing: expected a number from 0 to 100000")
        #expect(failure(ProgressBar(value: .nan)) == "$.value: expected a number from 0 to 1000000000")
        #expect(failure(Image(.pixels(width: 2048, height: 1024, rgba: []))) == "$.pixels: images beyond the limit of 1048576 pixels in all")
        var small = ViewLimits(); small.maxTextBytes = 5
        #expect(failure(VStack { Text("abc"); Text("def") }, small) == "$.children[1].text: text beyond the limit of 5 bytes in all")
        #expect(failure(Divider(), small) == nil)
    }

    /// Modifiers wrap their view once each when it is laid out (10,000 on one text overflowed the
    /// stack) and shadows are blurred when drawn (about 20 ms for one of 200 points): both capped.
    @Test func modifiersAndShadowsAreCapped() {
        func text(_ modifiers: [String]) -> String { #"{"type":"text","text":"x","modifiers":["# + modifiers.joined(separator: ",") + "]}" }
        #expect(error(text(Array(repeating: #"{"padding":1}"#, count: 10_000)))
                == "$.modifiers: more than the limit of 32 modifiers on one view")
        let column = (0..<40).map { _ in text(Array(repeating: #"{"padding":1}"#, count: 30)) }.joined(separator: ",")
        #expect(error(#"{"type":"vstack","children":["# + column + "]}")
                == "$.children[34].modifiers: more than the limit of 1024 modifiers in the tree")
        let shadows = (0..<17).map { _ in text([#"{"shadow":{"radius":8}}"#]) }.joined(separator: ",")
        #expect(error(#"{"type":"vstack","children":["# + shadows + "]}")
                == "$.children[16].modifiers[0]: more than the limit of 16 shadows in the tree")
        #expect(error(text([#"{"shadow":{"radius":200}}"#]))?.hasPrefix("$.modifiers[0].shadow.radius:") == true)
        #expect(error(text([#"{"shadow":{"y":501}}"#]))?.hasPrefix("$.modifiers[0].shadow.y:") == true, "drawn within ±500")
        #expect(error(text([#"{"shadow":{"x":-500,"y":500}}"#])) == nil)
        #expect(error(text(Array(repeating: #"{"padding":1}"#, count: 32))) == nil, "32 on one view are fine")
    }

    @Test func stringsWithEscapesRoundTrip() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} emoji 🙂"
        let node = Text(text)
        #expect(try ViewNode(json: node.json) == node)
        let decoded = try ViewNode(json: #"{"type":"text","text":"\ud83d\ude42 \u00e9\/"}"#)
        #expect(decoded.kind == .text(TextContent("🙂 é/")))
    }
}

@Suite("ViewTree docs")
struct ViewTreeDocsTests {
    /// Every inline JSON example of docs/VIEWS.md decodes (modifiers wrapped around a divider).
    @Test func everyExampleInTheSchemaDecodes() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/VIEWS.md").standardized
        let text = try String(contentsOf: docs, encoding: .utf8)
        var examples = 0
        for (i, piece) in text.components(separatedBy: "`").enumerated() where i % 2 == 1 && piece.hasPrefix("{\"") {
            let json = piece.replacingOccurrences(of: "[…]", with: "[]")
            let modifier = piece.hasPrefix("{\"blur\"") || piece.hasPrefix("{\"gradient\"") ? "{\"background\":\(json)}" : json
            let node = piece.hasPrefix("{\"type\"") ? json : "{\"type\":\"divider\",\"modifiers\":[\(modifier)]}"
            do { _ = try ViewNode(json: node); examples += 1 } catch { Issue.record("\(piece): \(error)") }
        }
        #expect(examples >= 25)
    }
}
