/// A regex someone else wrote (a config rule's `app-name`, `summary` or `body`, a tip's
/// `title~=` window selector), compiled with the bounds Swift's `Regex` lacks:
/// - its parser recurses once per nested class (`[[[…]]]`), so a few thousand levels overflow the
///   stack and end the process: groups and classes may nest at most `maximumNesting` deep;
/// - it has no step limit, so a repeated group that repeats inside (`(a+)+`) can take exponential
///   time on some texts (`NestedQuantifiers`).
public enum UserRegex {
    /// The deepest groups and character classes may nest, counted together (`([a])` is 2).
    public static let maximumNesting = 32

    /// Why a pattern was refused, in words that fit after "summary: " or a selector.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The compiled pattern, or why it cannot be used.
    public static func compile(_ pattern: String) throws(Refusal) -> Regex<AnyRegexOutput> {
        let depth = nesting(of: pattern)
        if depth > maximumNesting {
            throw Refusal(description: "groups and character classes nest \(depth) deep; at most \(maximumNesting)")
        }
        let regex: Regex<AnyRegexOutput>
        do { regex = try Regex(pattern) } catch {
            throw Refusal(description: "invalid regex '\(pattern)': \(error)")
        }
        if let group = NestedQuantifiers.find(in: pattern) {
            throw Refusal(description: "nested quantifiers like '\(group)' can take exponential time on some texts; "
                + "rewrite without a repeated group that repeats inside")
        }
        return regex
    }

    /// How deep groups and character classes nest in `pattern`: `(` and `[` outside a class, `[`
    /// inside one (where `(` is a character, and `]` first is a member); escapes are skipped.
    static func nesting(of pattern: String) -> Int {
        let c = Array(pattern.unicodeScalars)
        var depth = 0, deepest = 0, classDepth = 0
        var i = 0
        func open() { depth += 1; deepest = max(deepest, depth) }
        func openClass() {
            open()
            classDepth += 1
            i += 1
            if i < c.count, c[i] == "^" { i += 1 }
            if i < c.count, c[i] == "]" { i += 1 }
        }
        while i < c.count {
            switch c[i] {
            case "\\": i = NestedQuantifiers.skipEscape(c, i)
            case "[": openClass()
            case "]" where classDepth > 0:
                classDepth -= 1
                depth -= 1
                i += 1
            case "(" where classDepth == 0: open(); i += 1
            case ")" where classDepth == 0:
                depth = max(0, depth - 1)
                i += 1
            default: i += 1
            }
        }
        return deepest
    }
}
