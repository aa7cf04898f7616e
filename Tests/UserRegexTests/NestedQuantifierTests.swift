import Testing
@testable import UserRegex

/// Regexes with a repeated group that repeats inside (`(a+)+`): Swift's Regex has no step limit,
/// and `^(a+)+$` against "aaaaaaaaaaaaaaaaaaaaaaaa!" spun the daemon for minutes.
@Suite struct NestedQuantifierTests {
    @Test(arguments: [
        ("^(a+)+$", "(a+)+"), (#"(\w+\s?)*"#, #"(\w+\s?)*"#), ("(?:a*b*)+", "(?:a*b*)+"),
        ("x(a{2,})*y", "(a{2,})*"), ("(a+)+?", "(a+)+?"), ("(a*)++", "(a*)++"), ("(a+){3,}", "(a+){3,}"),
        ("((a)+b)+", "((a)+b)+"), ("(?<n>[a-z]+)*", "(?<n>[a-z]+)*"), ("(x|(y+))+", "(x|(y+))+"),
        ("[(](a+)+", "(a+)+"),
        // Near a run and a delimiter, but ambiguous or beyond what the check compares.
        (#"(\S+\s*)+"#, #"(\S+\s*)+"#), (#"(\w+\d)+"#, #"(\w+\d)+"#), ("(a+a)+", "(a+a)+"),
        ("(?i)(a+A)+", "(a+A)+"), (#"(?x)(\S+ )+"#, #"(\S+ )+"#), (#"([^,]+\s)+"#, #"([^,]+\s)+"#),
        (#"(\S+\s|x)+"#, #"(\S+\s|x)+"#), ("(.+,)+", "(.+,)+"), ("([a-z]+[a-c])+", "([a-z]+[a-c])+"),
        (#"((\S)+\s)+"#, #"((\S)+\s)+"#), (#"(\S+\s{2})+"#, #"(\S+\s{2})+"#), (#"(\S+\S)+"#, #"(\S+\S)+"#),
        (#"(?=\S+\s)+"#, #"(?=\S+\s)+"#), (#"(\p{N}+ )+"#, #"(\p{N}+ )+"#), (#"((\S+\s)+)+"#, #"((\S+\s)+)+"#),
        ("([,-]+-)+", "([,-]+-)+"), (#"(?^x:(\S+ )+)"#, #"(\S+ )+"#), (#"(?-x)(?x)(\S+ )+"#, #"(\S+ )+"#),
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

    /// A run and one character outside it, in either order: a text splits into repetitions one way only.
    static let runsAndDelimiters = [
        #"^(\S+\s)+$"#, #"([^,]+,)+"#, #"(\s\S+)*"#, "(a+b)+", #"(?:\d+\.)+\d+"#, #"(\p{L}+ )+"#,
        #"(?<w>\w+\W)+"#, #"(\d+\s)+"#, "([^/]*/)*", "([abc]+-)+?", #"(\w+?\s)+"#, "(?i)([^,]+,)+",
        "(-[^-]+)+", "(?:ab*)+", #"(\S++\n)*"#, #"(\S{1,}\t)+"#, "([-x]+,)+",
    ]

    @Test(arguments: runsAndDelimiters)
    func aRunAndADelimiterPass(pattern: String) {
        #expect(NestedQuantifiers.find(in: pattern) == nil)
    }

    /// What the check lets through matches in polynomial time: each pattern, made to fail at the
    /// end of a text of 40 repetitions, would take some 2⁴⁰ steps if repetitions could split a text
    /// more than one way (`(\w+\s?)*` takes 1.5 s at 16 letters), and finishes here.
    @Test func aRunAndADelimiterFailsFast() throws {
        let texts = [(#"^(\S+\s)+$"#, "ab ", "a!"), (#"^([^,]+,)+$"#, "ab,", "a!"), (#"^(\s\S+)*$"#, " ab", " "),
                     ("^(a+b)+$", "aab", "a!"), (#"^(\p{L}+ )+$"#, "ab ", "a!")]
        for (pattern, unit, end) in texts {
            #expect(NestedQuantifiers.find(in: pattern) == nil)
            let regex = try Regex(pattern)
            #expect(!(String(repeating: unit, count: 40) + end).contains(regex), "\(pattern)")
            #expect(String(repeating: unit, count: 40).contains(regex), "\(pattern)")
        }
    }
}
