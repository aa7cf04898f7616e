import OverlayConfig
import Testing

/// `general.color-scheme`, `general.contrast`, `general.reduced-motion` and `general.icon-theme`.
struct AppearanceSettingsTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    @Test func everythingFollowsTheDesktopByDefault() throws {
        let appearance = try parser.parse("", file: "test.toml").general.appearance
        #expect(appearance == AppearanceSettings())
        #expect(appearance.colorScheme == .auto && appearance.contrast == .auto && appearance.reducedMotion == .auto)
    }

    @Test func valuesAreRead() throws {
        let appearance = try parser.parse("""
            [general]
            color-scheme = "light"
            contrast = "high"
            reduced-motion = true
            """, file: "test.toml").general.appearance
        #expect(appearance.colorScheme == .light)
        #expect(appearance.contrast == .high)
        #expect(appearance.reducedMotion == .reduced)
        let off = try parser.parse("[general]\nreduced-motion = \"full\"\n", file: "t.toml").general.appearance
        #expect(off.reducedMotion == .full)
    }

    func error(_ text: String) -> ConfigError? {
        do { _ = try parser.parse(text, file: "test.toml"); return nil } catch { return error }
    }

    @Test func badValuesAreLocatedAndListTheChoices() throws {
        let scheme = try #require(error("[general]\n\ncolor-scheme = \"sepia\"\n"))
        #expect(scheme.line == 3)
        #expect(scheme.reason.contains("'sepia' is not one of auto, dark, light"))
        #expect(error("[general]\ncontrast = 1\n") != nil)
        #expect(error("[general]\nreduced-motion = \"some\"\n") != nil)
    }

    @Test func anIconThemeIsAFolderNameOrAuto() throws {
        #expect(try parser.parse("[general]\nicon-theme = \"Papirus-Dark\"\n", file: "t.toml").general.appearance.iconTheme == "Papirus-Dark")
        #expect(try parser.parse("[general]\nicon-theme = \"auto\"\n", file: "t.toml").general.appearance.iconTheme == nil)
        for bad in ["", "../etc", "a/b", "..", String(repeating: "x", count: 256)] {
            let refused = try #require(error("[general]\n\nicon-theme = \"\(bad)\"\n"), "\(bad)")
            #expect(refused.line == 3)
            #expect(refused.reason.contains("is not an icon theme's folder name"))
        }
        #expect(error("[general]\nicon-theme = 3\n") != nil)
    }
}
