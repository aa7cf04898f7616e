import Testing
@testable import UserRegex

/// Swift's regex parser recurses once per nested character class: `[` 4,000 deep overflowed the
/// stack of a config fuzzing run. Patterns nested past `UserRegex.maximumNesting` are refused
/// before the parser sees them.
@Suite struct NestingTests {
    @Test(arguments: [
        ("abc", 0), ("(a)", 1), ("(?:a(b))", 2), ("[a]", 1), ("[[a]]", 2), ("([a])", 2), ("[(]", 1), ("[(((]", 1),
        (#"\((a)\)"#, 1), (#"\[[a]"#, 1), ("[]a]", 1), ("[^]a]", 1), ("[[:alpha:]]", 2), (#"\Q((((\E(a)"#, 1),
        ("a)b)c", 0), ("(a)(b)(c)", 1), (#"[\]]"#, 1),
    ])
    func nestingIsCountedLikeTheParserRecurses(pattern: String, depth: Int) {
        #expect(UserRegex.nesting(of: pattern) == depth)
    }

    @Test func deepClassesAndGroupsAreRefusedBeforeTheParser() {
        let limit = UserRegex.maximumNesting
        // Inside a class `(` is a character: `([` repeated nests one group and the classes.
        for (open, close, depth) in [("[", "]", 4_000), ("(", ")", 4_000), ("(?:", ")", 4_000), ("([", "])", 4_001)] {
            let times = open == "([" ? limit - 1 : limit
            let ok = String(repeating: open, count: times) + "a" + String(repeating: close, count: times)
            #expect((try? UserRegex.compile(ok)) != nil, "\(ok)")
            // As deep as the fuzzer's input: refused, not a stack overflow.
            let deep = String(repeating: open, count: 4_000) + "a" + String(repeating: close, count: 4_000)
            #expect(throws: UserRegex.Refusal(description: "groups and character classes nest \(depth) deep; at most \(limit)")) {
                try UserRegex.compile(deep)
            }
        }
        let oneTooDeep = String(repeating: "[", count: limit + 1) + "a" + String(repeating: "]", count: limit + 1)
        #expect(throws: UserRegex.Refusal.self) { try UserRegex.compile(oneTooDeep) }
    }

    @Test func aPatternTheParserRejectsSaysWhy() throws {
        let refusal = try #require(throws: UserRegex.Refusal.self) { try UserRegex.compile("(a") }
        #expect(refusal.description.hasPrefix("invalid regex '(a': "), "\(refusal)")
    }

    @Test func nestedQuantifiersAreRefusedAfterCompiling() throws {
        let refusal = try #require(throws: UserRegex.Refusal.self) { try UserRegex.compile("^(a+)+$") }
        #expect(refusal.description.hasPrefix("nested quantifiers like '(a+)+'"), "\(refusal)")
        #expect(try UserRegex.compile("^(Slack|Element)$").wholeMatch(in: "Slack") != nil)
    }
}
