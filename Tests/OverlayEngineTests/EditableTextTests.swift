// The inline-reply field's editing model: typing, caret moves, grapheme-wise deletion,
// submit and cancel, the length bound; then random edits checked against invariants.
import Testing
import PropertyBased
@testable import OverlayEngine

struct TextFieldTests {
    func typed(_ keys: [EditableTextKey]) -> (EditableText, [EditableTextAction]) {
        var field = EditableText()
        var actions: [EditableTextAction] = []
        for key in keys { if let action = field.apply(key) { actions.append(action) } }
        return (field, actions)
    }

    @Test func typingInsertsAtTheCaret() {
        let (field, actions) = typed([.insert("helo"), .left, .insert("l"), .end, .insert(" ✓")])
        #expect(field.text == "hello ✓")
        #expect(field.caret == 7)
        #expect(actions.isEmpty)
    }

    @Test func backspaceAndDeleteRemoveWholeGraphemes() {
        // 👍🏽 is two scalars, é here is e + U+0301, 🇫🇷 two regional indicators: each one Character.
        var field = EditableText(text: "a👍🏽e\u{301}🇫🇷b")
        #expect(field.caret == 5)
        _ = field.apply(.left)
        _ = field.apply(.backspace)
        #expect(field.text == "a👍🏽e\u{301}b")
        _ = field.apply(.home)
        _ = field.apply(.right)
        _ = field.apply(.delete)
        #expect(field.text == "ae\u{301}b")
        _ = field.apply(.delete)
        #expect(field.text == "ab")
        #expect(field.caret == 1)
    }

    @Test func caretStopsAtTheEnds() {
        var field = EditableText(text: "ab")
        _ = field.apply(.right)
        #expect(field.caret == 2)
        _ = field.apply(.home)
        _ = field.apply(.left)
        _ = field.apply(.backspace)
        #expect(field.caret == 0)
        #expect(field.text == "ab")
        _ = field.apply(.end)
        _ = field.apply(.delete)
        #expect(field.text == "ab")
    }

    @Test func aCombiningMarkJoinsTheLetterBeforeIt() {
        var field = EditableText(text: "ex", caret: 1)
        _ = field.apply(.insert("\u{301}"))
        #expect(field.text == "e\u{301}x")
        #expect(field.caret == 1)
        _ = field.apply(.backspace)
        #expect(field.text == "x")
    }

    @Test func submitSendsTheTextAndEmptiesTheField() {
        let (field, actions) = typed([.insert("see you"), .submit])
        #expect(actions == [.submit("see you")])
        #expect(field == EditableText())
    }

    @Test func anEmptyFieldDoesNotSubmit() {
        let (_, actions) = typed([.submit, .insert("x"), .backspace, .submit])
        #expect(actions.isEmpty)
    }

    @Test func cancelEmptiesTheField() {
        let (field, actions) = typed([.insert("draft"), .cancel])
        #expect(actions == [.cancel])
        #expect(field.text.isEmpty)
        #expect(field.caret == 0)
    }

    @Test func controlCharactersAreDroppedAndLineBreaksBecomeSpaces() {
        let (field, _) = typed([.insert("a\u{7}b\nc\r\nd\te\u{2028}f")])
        #expect(field.text == "ab c d e f")
    }

    @Test func textPastTheBoundIsDroppedWholeGraphemes() {
        let (field, _) = typed([.insert(String(repeating: "x", count: EditableText.maximumUTF8Length - 3)), .insert("ab€")])
        #expect(field.text.utf8.count == EditableText.maximumUTF8Length - 1)
        #expect(field.text.hasSuffix("xab"))
        var full = field
        _ = full.apply(.insert("€"))
        #expect(full == field)
    }

    // MARK: Properties

    /// Text with letters, combining marks, emoji with modifiers and flags.
    static let pieces = ["a", "b", "Z", " ", "é", "e\u{301}", "\u{301}", "👍", "🏽", "🇫", "🇷", "✓", "ß", "中"]
    static let keys = zip(Gen.int(in: 0...9), Gen.int(in: 0...(pieces.count - 1))).array(of: 0...60)

    static func key(_ kind: Int, _ piece: Int) -> EditableTextKey {
        switch kind {
        case 0...3: .insert(pieces[piece])
        case 4: .backspace
        case 5: .delete
        case 6: .left
        case 7: .right
        case 8: piece % 2 == 0 ? .home : .end
        default: piece == 0 ? .cancel : .insert(pieces[piece] + pieces[(piece + 1) % pieces.count])
        }
    }

    @Test func theCaretAlwaysSitsOnAGraphemeBoundaryWithinTheText() async {
        await propertyCheck(count: 300, input: Self.keys) { raw in
            var field = EditableText()
            for (kind, piece) in raw {
                _ = field.apply(Self.key(kind, piece))
                #expect((0...field.text.count).contains(field.caret))
                // The text before the caret and after it make the text again, grapheme for grapheme.
                let before = field.textBeforeCaret, after = field.text.dropFirst(field.caret)
                #expect(String(before) + String(after) == field.text)
                #expect(before.count + after.count == field.text.count)
                #expect(field.text.utf8.count <= EditableText.maximumUTF8Length)
            }
        }
    }

    /// Characters that never merge with a neighbour (no combining marks, modifiers or flags).
    static let standalone = ["a", "Z", " ", "é", "✓", "中", "👍"]

    @Test func backspaceAfterAnInsertRestoresTheText() async {
        let moves = Gen.int(in: 0...9).array(of: 0...12)
        let inserted = Gen.int(in: 0...(Self.standalone.count - 1)).array(of: 1...5)
        await propertyCheck(count: 300, input: moves, inserted) { moves, inserted in
            var field = EditableText()
            for (n, move) in moves.enumerated() {
                _ = field.apply(move < 6 ? .insert(Self.standalone[move % Self.standalone.count]) : n % 2 == 0 ? .left : .right)
            }
            let start = field
            let text = inserted.map { Self.standalone[$0] }.joined()
            _ = field.apply(.insert(text))
            #expect(field.caret == start.caret + text.count)
            for _ in 0..<text.count { _ = field.apply(.backspace) }
            #expect(field == start)
        }
    }
}
