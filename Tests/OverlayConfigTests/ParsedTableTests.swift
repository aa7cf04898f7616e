import CShims
import OverlayConfig
import Testing
import TOMLKit

/// A config read keeps nothing: the parsed TOML document, its key lists, the values read from it
/// and the parser's error record are all freed, so reloads do not grow the daemon's heap. A table
/// read from a document keeps the document alive until it goes itself.
struct ParsedTableTests {
    static let config = """
        [general]
        default-timeout = 8
        modes = ["work", "quiet"]
        critical-bypasses-modes = false

        [containers.menu]
        spacing = -4
        insets = [1, 2, 3, 4]
        debounce = 0.3
        alignment = "bottom-trailing"

        [hooks]
        ding = ["paplay", "/usr/share/sounds/ding.oga"]

        [[rules]]
        summary = "ok"
        container = "menu"
        """
    /// Refused by the TOML parser (its error record) and refused after parsing (a setting).
    static let broken = ["[general]\ndefault-timeout = \n", "[general]\nhistory-size = -1\n"]

    @Test func readingAConfigKeepsNoMemory() throws {
        let parser = ConfigParser(builtInContainers: ["notifications"])
        func read(_ index: Int) {
            let text = index % 2 == 0 ? Self.config : Self.broken[index / 2 % 2]
            _ = try? parser.parse(text, file: "t.toml")
        }
        #expect(throws: ConfigError.self) { try parser.parse(Self.broken[0], file: "t.toml") }
        #expect(throws: ConfigError.self) { try parser.parse(Self.broken[1], file: "t.toml") }
        let parsed = try parser.parse(Self.config, file: "t.toml")
        #expect(parsed.general.defaultTimeout == 8 && parsed.rules.count == 1 && parsed.hooks["ding"]?.count == 2)

        for index in 0..<100 { read(index) }  // warm-up: caches of the Swift runtime and of malloc
        // Seven rounds of 400 reads, half refused. A round that kept what TOMLKit 0.6.0 keeps grows
        // by about 300 KB, every round; tests running alongside in this process allocate and free
        // in between (in the whole suite, a median of 391 KB), so the least-grown round is judged.
        var growth: [Int] = []
        for _ in 0..<7 {
            let before = ow_malloc_in_use()
            for index in 0..<400 { read(index) }
            growth.append(Int(ow_malloc_in_use()) - Int(before))
        }
        #expect(growth.min()! < 12 * 1024, "malloc in use grew by \(growth) bytes over seven rounds of 400 config reads")
    }

    @Test func aTableReadFromADocumentKeepsTheDocumentAlive() throws {
        weak var document: TOMLTable?
        var general: TOMLTable? = try {
            let root = try TOMLTable(string: "[general]\ndefault-timeout = 8\n")
            document = root
            return root["general"]?.table
        }()
        #expect(document != nil, "the document lives while a table read from it does")
        #expect(general?["default-timeout"]?.int == 8)
        general = nil
        #expect(document == nil, "the document goes with the last table read from it")
    }
}
