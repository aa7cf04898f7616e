import OverlayConfig
import Testing

/// Keys of many dotted parts: each part is a nested table, which toml++ frees by recursion, so a
/// header of 100,000 parts overflowed the stack (the daemon died at start or on reload). The
/// preflight refuses keys of more than 16 parts, and values nested more than 16 deep, with a
/// located error.
@Suite struct DeepKeyTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    func error(_ text: String) -> ConfigError? {
        do { _ = try parser.parse(text, file: "test.toml"); return nil } catch { return error }
    }

    static func key(_ parts: Int) -> String { Array(repeating: "a", count: parts).joined(separator: ".") }

    @Test func aHeaderOfAHundredThousandPartsIsALocatedError() {
        let error = error("[" + String(repeating: "a.", count: 100_000) + "b]\n")
        #expect(error?.line == 1)
        #expect(error?.column == 2)
        #expect(error?.reason == "a dotted key of 100001 parts is too deep (at most 16)")
        #expect(error?.description.hasPrefix("test.toml:1:2: ") == true)
    }

    @Test(arguments: [
        ("[[rules]]\n[[ \(key(17)) ]]\n", 2, 4),
        ("[general]\n\n  \(key(17)) = 1\n", 3, 3),
        ("x = { y = 1, \(key(17)) = 2 }\n", 1, 14),
        ("x = [ { \(key(100)) = 1 } ]\n", 1, 9),
        ("\(key(17))", 1, 1),
        ("[a.\"b\".'c'.\(key(14))]\n", 1, 2),
    ])
    func keysOfMoreThan16PartsAreLocated(text: String, line: Int, column: Int) {
        let error = error(text)
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.column == column, "\(String(describing: error))")
        #expect(error?.reason.hasPrefix("a dotted key of ") == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        "[\(key(16))]\n", "[[\(key(16))]]\n", "\(key(16)) = 1\n", "x = { \(key(16)) = 1 }\n",
        // Dots that are no key separators: in quoted keys, values, strings and comments.
        "[\"\(key(100))\"]\n", "['\(key(100))']\n", "\"\(key(100))\" = 1\n", "x = 1.5\n",
        "s = \"\(key(100))\"\n", "s = \"\"\"\n\(key(100))\n\"\"\"\n", "# \(key(100))\n", "[a] # \(key(100))\n",
        "x = [ 1.5, 2.5, \"\(key(100))\" ]\n", "x = { y = 1.5, z = '\(key(100))' }\n",
    ])
    func keysOf16PartsAndDotsElsewherePassThePreflight(text: String) {
        let error = error(text)
        #expect(error?.reason.hasPrefix("a dotted key of ") != true, "\(text.prefix(40)): \(String(describing: error))")
    }

    @Test func aNormalDottedKeyStillParses() throws {
        let config = try parser.parse("""
            general.default-timeout = 8
            [containers.chat]
            spacing = 4
            """, file: "test.toml")
        #expect(config.general.defaultTimeout == 8)
        #expect(config.container(named: "chat")?.configuration.spacing == 4)
    }

    @Test func theDeepestNestingTheBoundsAllowDoesNotOverflow() {
        // 16-part header and keys, inline tables and arrays nested to the bound and past it.
        func config(nesting: Int, array: Bool = false) -> String {
            var value = "1"
            for _ in 0..<nesting { value = array ? "[\(value)]" : "{ \(Self.key(16)) = \(value) }" }
            return "[\(Self.key(16))]\n\(Self.key(16)) = \(value)\n"
        }
        #expect(error(config(nesting: 17))?.reason == "arrays and inline tables nested deeper than 16")
        #expect(error(config(nesting: 10_000, array: true))?.reason == "arrays and inline tables nested deeper than 16")
        #expect(error(config(nesting: 16))?.reason.hasPrefix("unknown top-level key 'a'") == true)
    }
}
