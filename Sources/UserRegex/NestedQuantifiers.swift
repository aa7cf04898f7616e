/// Finds the classic shape of catastrophic backtracking in a regex: a group repeated without
/// bound (`+`, `*`, `{n,}`, lazy or possessive too) that has an unbounded repeat inside, as in
/// `(a+)+` or `(\w+\s?)*`. Swift's `Regex` has no step limit, so matching one against some texts
/// takes exponential time. Not every slow pattern has this shape: `(a|aa)+` is not found. Nor is
/// a group of that shape that is one repeated character set and one character outside it
/// (`(\S+\s)+`, `([^,]+,)+`), which is not slow: each of its repetitions must end (or start) at
/// that one character, so a text splits into them one way only (`RunAndDelimiter`).
public enum NestedQuantifiers {
    /// The first such group with its quantifier, e.g. `(a+)+` in `^(a+)+$`; nil if there is none.
    public static func find(in pattern: String) -> String? {
        let c = Array(pattern.unicodeScalars)
        let options = RunAndDelimiter.Options(pattern: c)
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(c[range])) }
        /// Open groups, innermost last: where each starts and whether an unbounded repeat is in it.
        var groups: [(start: Int, repeatsInside: Bool)] = []
        func repeatsInside() { if !groups.isEmpty { groups[groups.count - 1].repeatsInside = true } }
        var i = 0
        var afterQuantifier = false
        while i < c.count {
            let ch = c[i]
            // `?` or `+` right after a quantifier makes it lazy or possessive.
            if afterQuantifier, ch == "?" || ch == "+" { i += 1; afterQuantifier = false; continue }
            afterQuantifier = false
            switch ch {
            case "\\": i = skipEscape(c, i)
            case "[": i = skipClass(c, i)
            case "(":
                groups.append((i, false))
                i += 1
            case ")":
                i += 1
                guard let group = groups.popLast() else { continue }  // unbalanced: Regex reports it
                let (end, unbounded) = quantifier(c, i)
                if unbounded, group.repeatsInside, !RunAndDelimiter.isOne(c[(group.start + 1)..<(i - 1)], options) {
                    let suffix = end < c.count && (c[end] == "?" || c[end] == "+") ? 1 : 0
                    return text(group.start..<end + suffix)
                }
                if unbounded || group.repeatsInside { repeatsInside() }
                if end > i { i = end; afterQuantifier = true }
            case "+", "*", "?", "{":
                let (end, unbounded) = quantifier(c, i)
                guard end > i else { i += 1; continue }  // a `{` that is no quantifier
                if unbounded { repeatsInside() }
                i = end
                afterQuantifier = true
            default:
                i += 1
            }
        }
        return nil
    }

    /// The quantifier at `i`, if any: where it ends (`i` if there is none) and whether it is unbounded.
    static func quantifier(_ c: [Unicode.Scalar], _ i: Int) -> (end: Int, unbounded: Bool) {
        guard i < c.count else { return (i, false) }
        switch c[i] {
        case "+", "*": return (i + 1, true)
        case "?": return (i + 1, false)
        case "{":
            // {n}, {n,}, {n,m} or {,m}
            func digits(_ j: inout Int) -> Bool {
                let start = j
                while j < c.count, ("0"..."9").contains(c[j]) { j += 1 }
                return j > start
            }
            var j = i + 1
            let low = digits(&j)
            let comma = j < c.count && c[j] == ","
            if comma { j += 1 }
            let high = comma && digits(&j)
            guard j < c.count, c[j] == "}", low || high else { return (i, false) }
            return (j + 1, comma && !high)
        default: return (i, false)
        }
    }

    /// Past the escape at `i`: `\Q…\E` quotes, and `\p{…}`, `\x{…}` and the like take braces.
    static func skipEscape(_ c: [Unicode.Scalar], _ i: Int) -> Int {
        guard i + 1 < c.count else { return c.count }
        let e = c[i + 1]
        var j = i + 2
        if e == "Q" {
            while j + 1 < c.count, !(c[j] == "\\" && c[j + 1] == "E") { j += 1 }
            return min(j + 2, c.count)
        }
        if "pPxuNokg".unicodeScalars.contains(e), j < c.count, c[j] == "{" {
            while j < c.count, c[j] != "}" { j += 1 }
            return min(j + 1, c.count)
        }
        return j
    }

    /// Past the character class at `i` (`]` first is a member; classes may nest, as in Swift).
    private static func skipClass(_ c: [Unicode.Scalar], _ i: Int) -> Int {
        var j = i + 1
        if j < c.count, c[j] == "^" { j += 1 }
        if j < c.count, c[j] == "]" { j += 1 }
        var depth = 1
        while j < c.count {
            switch c[j] {
            case "\\": j = skipEscape(c, j)
            case "[": depth += 1; j += 1
            case "]":
                depth -= 1
                j += 1
                if depth == 0 { return j }
            default: j += 1
            }
        }
        return j
    }
}
