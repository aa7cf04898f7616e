/// Finds the malformed TOML that toml++ (under TOMLKit) does not report but asserts on: a table
/// header whose first character cannot start a key (`[!x]`, `[#`, `[` at the end of a line), and
/// an array element that starts with `}` or a vertical space other than a line break (`x = [ }`).
/// A date-shaped value, a space and one digit (`x = 1979-05-27 1`) reaches another assertion.
/// toml++ aborts the process there (its assertions are on in our builds; with NDEBUG it would be
/// undefined behaviour), so the config parser runs this first and reports a located error.
/// It also refuses keys of more than `maxKeyParts` dotted parts (in table headers, key/value
/// lines and inline tables) and arrays and inline tables nested more than `maxNesting` deep:
/// each part and each level is a nested table or array, which toml++ frees by recursion (a
/// header of 100,000 parts overflowed the stack), so at most a few hundred levels are left.
///
/// A small lexer: strings (basic, literal, multi-line), comments and the brackets of values, so
/// that a `[` opening a line inside a multi-line array or string is not taken for a header.
struct TOMLPreflight {
    struct Problem: Error, Equatable {
        var line: Int
        var column: Int
        var reason: String
    }

    /// The most dotted parts a key may have (`a.b.c` has 3).
    static let maxKeyParts = 16
    /// The deepest arrays and inline tables may nest in a value.
    static let maxNesting = 16

    static func check(_ text: String) -> Problem? {
        var lexer = TOMLPreflight(Array(text.utf8))
        return lexer.run()
    }

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// Open `[` and `{` of values (arrays and inline tables), innermost last.
    private var open: [UInt8] = []
    /// The key being read: none, one to start at the next token (after `{` or `,` in an inline
    /// table), or one started at `line`:`column` with `parts` parts so far.
    private enum Key { case none, pending, reading(line: Int, column: Int, parts: Int) }
    private var key = Key.none

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // toml++ skips a UTF-8 byte order mark, so a header right after it opens the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
    }

    private mutating func run() -> Problem? {
        var atLineStart = true
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\n"):
                if let problem = endKey() { return problem }
                newline()
                atLineStart = true
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i += 1
                continue
            case UInt8(ascii: "#"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            default:
                break
            }
            if case .pending = key { key = .reading(line: line, column: column(), parts: 1) }
            if atLineStart, open.isEmpty, c != UInt8(ascii: "[") {
                key = .reading(line: line, column: column(), parts: 1)
            }
            if case .reading(let l, let col, let parts) = key {
                if c == UInt8(ascii: ".") { key = .reading(line: l, column: col, parts: parts + 1) }
                if "=,[]{}".utf8.contains(c), let problem = endKey() { return problem }
            }
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                skipString()
            case UInt8(ascii: "[") where atLineStart && open.isEmpty:
                if let problem = header() { return problem }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard open.count < Self.maxNesting else {
                    return Problem(line: line, column: column(), reason: "arrays and inline tables nested deeper than \(Self.maxNesting)")
                }
                open.append(c)
                i += 1
                if c == UInt8(ascii: "{") { key = .pending }
                if c == UInt8(ascii: "["), let problem = arrayElement() { return problem }
            case UInt8(ascii: ",") where open.last == UInt8(ascii: "["):
                i += 1
                if let problem = arrayElement() { return problem }
            case UInt8(ascii: ",") where open.last == UInt8(ascii: "{"):
                i += 1
                key = .pending
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                _ = open.popLast()
                i += 1
            default:
                if let problem = dateThenOneDigit() { return problem }
                i += 1
            }
            atLineStart = false
        }
        return endKey()
    }

    /// Ends the key being read; a problem if it has too many parts.
    private mutating func endKey() -> Problem? {
        guard case .reading(let line, let column, let parts) = key else { return nil }
        key = .none
        return Self.keyProblem(parts, line: line, column: column)
    }

    private static func keyProblem(_ parts: Int, line: Int, column: Int) -> Problem? {
        guard parts > maxKeyParts else { return nil }
        return Problem(line: line, column: column,
                       reason: "a dotted key of \(parts) parts is too deep (at most \(maxKeyParts))")
    }

    private mutating func newline() {
        i += 1
        line += 1
        lineStart = i
    }

    /// `[` or `[[` at the start of a line, outside any value: what follows must start a key of
    /// at most `maxKeyParts` parts. The rest of the header line is skipped (its strings as strings,
    /// its comment as a comment).
    private mutating func header() -> Problem? {
        i += 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "[") { i += 1 }
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        guard i < bytes.count else { return nil }  // toml++ reports the end of the file itself
        let c = bytes[i]
        guard Self.startsKey(c) || c == UInt8(ascii: "]") else {
            let shown = c < 0x80 && c >= 0x20 ? "'\(Character(Unicode.Scalar(c)))'" : Self.format(c)
            return Problem(line: line, column: column(), reason: "a table header needs a key, saw \(shown)")
        }
        let (keyLine, keyColumn) = (line, column())
        var parts = 1, inKey = true
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") {
            if bytes[i] == UInt8(ascii: "#") {  // a comment: its quotes open no string
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                break
            }
            if bytes[i] == UInt8(ascii: "]") { inKey = false }
            if inKey, bytes[i] == UInt8(ascii: ".") { parts += 1 }
            if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { skipString() } else { i += 1 }
        }
        return Self.keyProblem(parts, line: keyLine, column: keyColumn)
    }

    /// Where an array element may start (after `[` or `,`): toml++ skips spaces, line breaks and
    /// comments, then asserts unless what follows is `]`, `,` or could start a value. `}` and the
    /// vertical spaces that are no line break are the characters that reach the assertion.
    private func arrayElement() -> Problem? {
        var j = i, line = self.line, lineStart = self.lineStart
        while j < bytes.count {
            let c = bytes[j]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") {
                j += 1
            } else if c == UInt8(ascii: "\n") {
                j += 1
                line += 1
                lineStart = j
            } else if c == UInt8(ascii: "\r"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "\n") {
                j += 1
            } else if c == UInt8(ascii: "#") {
                while j < bytes.count, bytes[j] != UInt8(ascii: "\n") { j += 1 }
            } else {
                let scalar = String(decoding: bytes[j..<min(j + 4, bytes.count)], as: UTF8.self).unicodeScalars.first!
                let vertical: Set<UInt32> = [0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
                if scalar.value >= 0x80, !vertical.contains(scalar.value),
                   scalar.properties.isWhitespace || scalar.value == 0xFEFF || scalar.value == 0x180E {
                    j += String(scalar).utf8.count  // toml++ skips Unicode's horizontal spaces too
                    continue
                }
                guard scalar == "}" || vertical.contains(scalar.value) else { return nil }
                let shown = scalar == "}" ? "'}'" : "U+" + String(scalar.value, radix: 16, uppercase: true)
                let column = String(decoding: bytes[lineStart..<j], as: UTF8.self).unicodeScalars.count + 1
                return Problem(line: line, column: column, reason: "expected a value or ']' in the array, saw \(shown)")
            }
        }
        return nil
    }

    /// A bare value of ten characters shaped like a date (`1979-05-27`, `0app-n[-cy`), a space, one
    /// digit and then anything but a digit: toml++ reads on for a time after the space and asserts
    /// that what follows the digit is no terminator. Never valid TOML (an hour has two digits).
    private func dateThenOneDigit() -> Problem? {
        let c = bytes[i]
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-"),
              i == 0 || !Self.continuesBareValue(bytes[i - 1]) else { return nil }
        var end = i
        while end < bytes.count, !" \t\r\n,]}#".utf8.contains(bytes[end]) { end += 1 }
        // toml++ keeps the characters but underscores.
        let chars = Array(String(decoding: bytes[i..<end], as: UTF8.self).unicodeScalars.filter { $0 != "_" })
        guard chars.count == 10, chars[4] == "-", chars[7] == "-", end + 2 < bytes.count, bytes[end] == UInt8(ascii: " "),
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end + 1]),
              !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end + 2]) else { return nil }
        return Problem(line: line, column: column(),
                       reason: "a date followed by a space and one digit (a time needs two: 1979-05-27 07:32:00)")
    }

    private static func continuesBareValue(_ c: UInt8) -> Bool {
        startsKey(c) && c != UInt8(ascii: "\"") && c != UInt8(ascii: "'") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
            || c == UInt8(ascii: ":")
    }

    /// Bare key characters (A-Z a-z 0-9 _ -) and the two quotes.
    static func startsKey(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
             UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    private static func format(_ c: UInt8) -> String {
        let hex = String(c, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }

    private func column() -> Int {
        // Characters, not bytes, as toml++ counts them.
        String(decoding: bytes[lineStart..<i], as: UTF8.self).unicodeScalars.count + 1
    }

    /// Skips a string starting at `i` (basic or literal, single- or multi-line); an unterminated
    /// one runs to the end of its line (single) or of the text (multi-line), as toml++ reads it.
    private mutating func skipString() {
        let quote = bytes[i]
        let multi = i + 2 < bytes.count && bytes[i + 1] == quote && bytes[i + 2] == quote
        i += multi ? 3 : 1
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                i += 1
                // An escaped line end (multi-line strings) is counted as a line below.
                if i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            }
            if c == UInt8(ascii: "\n") {
                if !multi { return }
                newline()
                continue
            }
            if c == quote {
                if !multi { i += 1; return }
                if i + 2 < bytes.count, bytes[i + 1] == quote, bytes[i + 2] == quote {
                    i += 3
                    // Up to two more quotes belong to the string's content.
                    while i < bytes.count, bytes[i] == quote { i += 1 }
                    return
                }
            }
            i += 1
        }
    }
}
