import OverlayConfig
import Testing

/// `general.link-opener` and `general.link-schemes`: defaults, values, located errors.
struct LinkSettingsTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    func error(_ text: String) -> ConfigError? {
        do { _ = try parser.parse(text, file: "test.toml"); return nil } catch { return error }
    }

    @Test func defaultsOpenWebAndMailLinksWithXdgOpen() throws {
        let config = try parser.parse("", file: "test.toml")
        #expect(config.general.linkOpener == ["xdg-open"])
        #expect(config.general.linkSchemes == ["http", "https", "mailto"])
    }

    @Test func valuesAreRead() throws {
        let config = try parser.parse("""
            [general]
            link-opener = ["firefox", "--new-tab"]
            link-schemes = ["HTTPS", "file"]
            """, file: "test.toml")
        #expect(config.general.linkOpener == ["firefox", "--new-tab"])
        #expect(config.general.linkSchemes == ["https", "file"])
    }

    @Test func badValuesAreLocated() throws {
        let opener = try #require(error("[general]\nhistory-size = 3\nlink-opener = \"xdg-open %u\"\n"))
        #expect(opener.line == 3)
        #expect(opener.reason.contains("link-opener"))
        #expect(error("[general]\nlink-opener = []\n") != nil)
        #expect(error("[general]\nlink-opener = [\"\"]\n") != nil)
        let scheme = try #require(error("[general]\nlink-schemes = [\"https\", \"java script\"]\n"))
        #expect(scheme.line == 2)
        #expect(scheme.reason.contains("'java script'"))
    }

    @Test func schemeSyntax() {
        #expect(ConfigParser.isScheme("https"))
        #expect(ConfigParser.isScheme("web+app.x-y"))
        #expect(!ConfigParser.isScheme("1http"))
        #expect(!ConfigParser.isScheme(""))
        #expect(!ConfigParser.isScheme("ht tp"))
    }
}
