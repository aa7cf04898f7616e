import OverlayConfig
import Testing
import UserRegex

/// A rule's regexes go through `UserRegex`: what it refuses is an error at the setting's place.
@Suite struct RuleRegexTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    @Test func aRuleWithNestedQuantifiersIsALocatedError() throws {
        let error = try #require(throws: ConfigError.self) {
            try parser.parse("""
                [[rules]]
                app-name = "^(Slack|Element|Signal)$"

                [[rules]]
                  summary = "^(a+)+$"
                """, file: "test.toml")
        }
        #expect(error.line == 5)
        #expect(error.column == 13)
        #expect(error.reason == "[rules 2] summary: nested quantifiers like '(a+)+' can take exponential time on "
            + "some texts; rewrite without a repeated group that repeats inside")
        #expect(error.description.hasPrefix("test.toml:5:13: "))
    }

    @Test func rulesWithoutNestedQuantifiersStillParse() throws {
        let config = try parser.parse("""
            [[rules]]
            app-name = "^(Slack|Element|Signal)$"
            summary = "(?i)battery"
            body = '\\d+%'
            """, file: "test.toml")
        #expect(config.rules.count == 1)
        #expect(config.rules[0].matches(NotificationFacts(appName: "Slack", summary: "Battery low", body: "5%"), modes: []))
    }

    /// The config fuzzer's finding: a rule's regex of character classes nested 4,000 deep
    /// overflowed the stack of Swift's regex parser.
    @Test func aDeeplyNestedRegexIsALocatedError() throws {
        let pattern = String(repeating: "[", count: 4_000) + "a" + String(repeating: "]", count: 4_000)
        let error = try #require(throws: ConfigError.self) {
            try parser.parse("[[rules]]\nbody = \"\(pattern)\"\n", file: "test.toml")
        }
        #expect(error.line == 2)
        #expect(error.reason == "[rules 1] body: groups and character classes nest 4000 deep; at most \(UserRegex.maximumNesting)")
    }
}
