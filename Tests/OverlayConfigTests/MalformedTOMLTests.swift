import OverlayConfig
import Testing
import TOMLKit

/// TOML that toml++ asserts on instead of reporting (found by the config fuzz target): a table
/// header whose first character cannot start a key. Each must be a located error; before the
/// preflight check the parser aborted the process (a config reload took the daemon down).
@Suite struct MalformedTOMLTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    func error(_ text: String) -> ConfigError? {
        do { _ = try parser.parse(text, file: "test.toml"); return nil } catch { return error }
    }

    /// `text` is refused at `line`:`column` with a reason that starts with `reason`.
    func expectLocated(_ text: String, _ line: Int, _ column: Int, _ reason: String) {
        let error = error(text)
        #expect(error?.line == line, "\(text.debugDescription): \(String(describing: error))")
        #expect(error?.column == column, "\(text.debugDescription): \(String(describing: error))")
        #expect(error?.reason.hasPrefix(reason) == true, "\(text.debugDescription): \(String(describing: error))")
    }

    @Test func theFuzzFindingIsALocatedError() {
        // Fuzz/Regressions/config/header-invalid-utf8.toml: 0x9B, decoded as U+FFFD, after a `[`.
        let bytes: [UInt8] = Array("[containers.a]\n\n[".utf8) + [0x9B] + Array("[rules]]\nsummary = \"ok\"\n".utf8)
        let error = error(String(decoding: bytes, as: UTF8.self))
        #expect(error?.line == 3)
        #expect(error?.column == 2)
        #expect(error?.reason == "a table header needs a key, saw byte 0xEF")
    }

    @Test func aHeaderAfterQuotesInACommentIsAnError() {
        // Fuzz/Regressions/config/header-after-string-in-comment.toml: `"""` in a header line's
        // comment, then `[[)ules]]` four lines on: the preflight sees past the comment.
        let bytes: [UInt8] = Array("[a]\n[[rules]]# FIL\"\"\"erlay".utf8) + [0xB8, 0xC0]
            + Array("\n[containers.x]\n[[rules]]# 3\n[[)ules]]#\n".utf8)
        let error = error(String(decoding: bytes, as: UTF8.self))
        #expect(error?.line == 5 && error?.column == 3 && error?.reason == "a table header needs a key, saw ')'",
                "\(String(describing: error))")
    }

    @Test func tomlItselfRefusesAHeaderThatCannotStartAKey() {
        // Past the preflight, toml++ reports it too (Vendor/TOMLKit/PATCH.md), not asserts.
        #expect(throws: (any Error).self) { try TOMLTable(string: "[a]\n[[)ules]]\n") }
    }

    @Test func quotesInAHeaderLinesCommentDoNotHideTheLinesAfterIt() {
        // A header's comment is a comment: its quotes open no string, so the array below is
        // still checked (toml++ asserts on `[ }`: the process aborted).
        // Fuzz/Regressions/config/header-comment-apostrophe.toml:
        expectLocated("[containers.chat] # don't change\nactions = [ }\n", 2, 13, "expected a value or ']' in the array")
        expectLocated("[a] # \"\"\" three quotes\nx = [ }\n", 2, 7, "expected a value or ']' in the array")
        for text in ["[a#b]\nx = [ }\n", "[a # don't\nx = [ }\n", "[\"a#b\"] # '\nx = [ }\n"] {
            #expect(error(text) != nil, "\(text.debugDescription): an error, not an abort")
        }
        let valid = "[general] # don't \"\"\" three quotes\n\n[containers.chat] # it's\n"
        #expect(error(valid) == nil, "a valid file stays valid: \(String(describing: error(valid)))")
    }

    @Test func aHeaderAfterAByteOrderMarkIsChecked() {
        // Fuzz/Regressions/config/header-after-bom.toml: a BOM, then `[` and the byte 0x01.
        let error = error("\u{FEFF}[\u{01}bntainers.chat]\nroll-down = 1\n")
        #expect(error?.line == 1)
        #expect(error?.column == 2)
        #expect(error?.reason.hasPrefix("a table header needs a key") == true)
    }

    @Test(arguments: [
        ("[!x]", 1, 2), ("[[#]]", 1, 3), ("[ \t*]\n", 1, 4), ("[\n", 1, 2), ("[[\t{a}]]", 1, 4),
        ("x = [\n  1,\n]\n[.]", 4, 2), ("s = \"\"\"\n[ok\n\"\"\"\n[=]", 4, 2),
    ])
    func headersThatCannotStartAKeyAreLocated(text: String, line: Int, column: Int) {
        expectLocated(text, line, column, "a table header needs a key")
    }

    @Test(arguments: [
        // Fuzz/Regressions/config/array-closing-brace.toml has `es = [ }` on its third line.
        ("[general]\ndefault-timeout = 8\nes = [ }ork\"]\n", 3, 8), ("x = [1, }", 1, 9), ("x = [\n  # c\n  }]", 3, 3),
        ("x = [\u{2028}1]", 1, 6), ("x = [\u{00A0}}]", 1, 7), ("x = [\u{0B}]", 1, 6), ("x = [[1], [\r]]", 1, 12),
    ])
    func arrayElementsThatCannotStartAValueAreLocated(text: String, line: Int, column: Int) {
        expectLocated(text, line, column, "expected a value or ']' in the array")
    }

    @Test(arguments: [
        // Fuzz/Regressions/config/date-then-one-digit.toml: `1=0app-n[-cy 3`, shaped like a date.
        ("1=0app-n[-cy 3\n", 1, 3), ("x = 1979-05-27 1\n", 1, 5), ("x = [1979-05-27 1]", 1, 6),
        ("x = { a = 1979-05-27 1, b = 2 }", 1, 11), ("a = 1\nx = 1_979-05-27 0#", 2, 5), ("x = -979-05-27 1,", 1, 5),
    ])
    func aDateThenOneDigitIsLocated(text: String, line: Int, column: Int) {
        expectLocated(text, line, column, "a date followed by a space and one digit")
    }

    @Test(arguments: [
        "x = 1979-05-27 07:32:00\n", "x = 1979-05-27 # a comment\n", "x = [1979-05-27, 1]\n", "x = 1979-05-27 1",
        "x = \"1979-05-27 1\"\n", "# 1979-05-27 1\n", "x = 21979-05-27 1\n",
    ])
    func datesAndLookalikesPassThePreflight(text: String) {
        #expect(error(text)?.reason.hasPrefix("a date followed by a space") != true, "\(text.debugDescription)")
    }

    @Test(arguments: [
        // A `[` opening a line inside an array, a multi-line string or after a comment is no header.
        "[containers.a]\ninsets = [\n  [1, 2],\n  3,\n]\n",
        "[containers.a]\n# [!comment]\n",
        "[[rules]]\nsummary = \"\"\"\n[!not a header\n\"\"\"\n",
        "[[rules]]\nsummary = '''\n[#'''\n",
        "[ \"quoted\" ]\n",
        "['lit.eral']\n",
        "x = [ 1, 2, ]\n", "x = [ { a = 1 }, { b = [2, 3] } ]\n", "x = [ \"}\", '}' ]\n", "x = [\r\n  1\r\n]\n",
    ])
    func validHeadersAndLookalikesPassThePreflight(text: String) {
        let error = error(text)
        for preflight in ["a table header needs a key", "expected a value or ']' in the array"] {
            #expect(error?.reason.hasPrefix(preflight) != true, "\(text.debugDescription): \(String(describing: error))")
        }
    }
}
