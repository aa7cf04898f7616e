/// A key a one-line text field understands (the presenter turns keysyms and pastes into these).
public enum EditableTextKey: Equatable, Sendable {
    /// Typed or pasted text, inserted at the caret (control characters dropped, line breaks become spaces).
    case insert(String)
    /// Deletes the grapheme before the caret.
    case backspace
    /// Deletes the grapheme after the caret.
    case delete
    case left, right, home, end
    /// Enter or the submit button.
    case submit
    /// Escape.
    case cancel
}

/// What an edit asks of the field's owner.
public enum EditableTextAction: Equatable, Sendable {
    /// Send this text; the field is empty again.
    case submit(String)
    /// The user gave up; the field is empty again.
    case cancel
}

/// A one-line text field's editing state: the text and a caret that always sits on a grapheme
/// (Character) boundary. At most `maximumUTF8Length` bytes of text: input past that is dropped
/// whole graphemes at a time.
public struct EditableText: Equatable, Sendable {
    /// The bound on what a field holds (an inline reply is a chat message, not a document).
    public static let maximumUTF8Length = 4096

    public private(set) var text: String = ""
    /// The caret, in Characters from the start (0...text.count).
    public private(set) var caret: Int = 0

    public init(text: String = "", caret: Int? = nil) {
        var limited = ""
        Self.append(Self.cleaned(text), to: &limited)
        self.text = limited
        self.caret = min(max(0, caret ?? limited.count), limited.count)
    }

    /// Puts the caret before the `offset`-th Character (clamped to the text), e.g. where a click landed.
    public mutating func placeCaret(at offset: Int) { caret = min(max(0, offset), text.count) }

    /// The text before the caret (for drawing the caret where it sits).
    public var textBeforeCaret: Substring { text.prefix(caret) }

    /// Applies one key; returns what the owner must do (nil: the edit stays in the field).
    /// An empty field does not submit.
    public mutating func apply(_ key: EditableTextKey) -> EditableTextAction? {
        switch key {
        case .insert(let typed):
            insert(Self.cleaned(typed))
        case .backspace:
            guard caret > 0 else { return nil }
            let end = index(caret)
            text.remove(at: text.index(before: end))
            caret -= 1
        case .delete:
            guard caret < text.count else { return nil }
            text.remove(at: index(caret))
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home: caret = 0
        case .end: caret = text.count
        case .submit:
            guard !text.isEmpty else { return nil }
            let sent = text
            self = EditableText()
            return .submit(sent)
        case .cancel:
            self = EditableText()
            return .cancel
        }
        return nil
    }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }

    /// Inserts at the caret what fits; the caret moves past it. A combining mark typed after a
    /// letter joins that letter's grapheme, so the caret stays on a boundary either way.
    private mutating func insert(_ typed: String) {
        guard !typed.isEmpty else { return }
        var fitting = ""
        let room = Self.maximumUTF8Length - text.utf8.count
        for character in typed {
            guard fitting.utf8.count + character.utf8.count <= room else { break }
            fitting.append(character)
        }
        guard !fitting.isEmpty else { return }
        let tail = text[index(caret)...].count
        text.insert(contentsOf: fitting, at: index(caret))
        // The old tail still ends the text; graphemes may have merged across the seams, and
        // a Character offset is always a boundary.
        caret = max(0, text.count - tail)
    }

    /// Control characters dropped; line breaks and tabs become spaces (the field is one line).
    static func cleaned(_ typed: String) -> String {
        func oneLine(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: false
            default: true
            }
        }
        guard !typed.unicodeScalars.allSatisfy(oneLine) else { return typed }
        var out = String.UnicodeScalarView()
        for scalar in typed.unicodeScalars {
            if oneLine(scalar) {
                out.append(scalar)
            } else if scalar == "\n" || scalar == "\t" || scalar.properties.generalCategory != .control {
                out.append(" ")
            }
        }
        return String(out)
    }

    /// Appends whole Characters of `typed` while they fit the bound.
    private static func append(_ typed: String, to text: inout String) {
        for character in typed {
            guard text.utf8.count + character.utf8.count <= maximumUTF8Length else { return }
            text.append(character)
        }
    }
}
