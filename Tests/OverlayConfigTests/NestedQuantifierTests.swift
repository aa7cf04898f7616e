import OverlayConfig
import Testing

/// Rule regexes with a repeated group that repeats inside (`(a+)+`): Swift's Regex has no step
/// limit, and `^(a+)+$` against "aaaaaaaaaaaaaaaaaaaaaaaa!" spun the daemon for minutes. They are
/// refused when the config is read.
@Suite struct NestedQuantifierTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    @Test(arguments: [
        ("^(a+)+$", "(a+)+"), (#"(\w+\s?)*"#, #"(\w+\s?)*"#), ("(?:ab*)+", "(?:ab*)+"),
        ("x(a{2,})*y", "(a{2,})*"), ("(a+)+?", "(a+)+?"), ("(a*)++", "(a*)++"), ("(a+){3,}", "(a+){3,}"),
        ("((a)+b)+", "((a)+b)+"), ("(?<n>[a-z]+)*", "(?<n>[a-z]+)*"), ("(x|(y+))+", "(x|(y+))+"),
        (#"(\p{L}+ )+"#, #"(\p{L}+ )+"#), ("[(](a+)+", "(a+)+"),
    ])
    func nestedQuantifiersAreFound(pattern: String, group: String) {
        #expect(NestedQuantifiers.find(in: pattern) == group)
    }

    @Test(arguments: [
        "(a|b)+", "(ab)+", #"\(a+\)+"#, "[(]a+[)]+", "(?i)battery", #"\d+%"#, "^(Slack|Element|Signal)$",
        "(a+)?", "(a+){2}", "(a+){1,3}", "(a?)+", "(a?+)+", "(a{2})+", "(a{,3})*", "[]a+]+", "[^](+]*",
        #"[\]+(]+"#, #"\Q(a+)+\E"#, #"(\x{41})+"#, "(a{x,})+", "[[:alpha:]+(]+", "(a|aa)+",
    ])
    func otherPatternsPass(pattern: String) {
        #expect(NestedQuantifiers.find(in: pattern) == nil)
    }

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
}
