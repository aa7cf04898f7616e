@testable import OverlayConfig
import Testing

/// TOMLKit never frees a table it parsed: the parser empties each one when it is done with it,
/// so a reload does not keep the file's tree for the rest of the daemon's life.
struct ParsedTableTests {
    @Test func theParsedTreeIsFreedOnceRead() throws {
        var emptied: (() -> Bool)?
        let keys = try ConfigParser.withTable("[general]\ndefault-timeout = 3\n[templates.a]\nx = 1\n", file: "t.toml") { root in
            emptied = { root.isEmpty }
            return root.count
        }
        #expect(keys == 2, "the body reads the whole document")
        #expect(emptied?() == true, "the tree is freed once read")
    }

    @Test func theParsedTreeIsFreedWhenTheConfigIsRefused() {
        var emptied: (() -> Bool)?
        #expect(throws: ConfigError.self) {
            _ = try ConfigParser.withTable("[general]\ndefault-timeout = \"soon\"\n", file: "t.toml") { (root) throws(ConfigError) -> Int in
                emptied = { root.isEmpty }
                throw ConfigError(file: "t.toml", line: 2, column: 1, reason: "refused")
            }
        }
        #expect(emptied?() == true, "a config refused after parsing frees its tree too")
    }
}
