/// A repeated group's body that cannot backtrack exponentially although it repeats inside: a
/// run of one character set and one character outside that set, in either order (`\S+\s`,
/// `[^,]*,`, `\s\d+`, `(?:a+b)`). Every repetition of the group ends (or starts) at a character
/// the run cannot take, so a text splits into repetitions one way only. Only shapes whose sets
/// this check can compare pass: escapes (`\s \S \d \D \w \W`, `\p{L}`), literal characters, and
/// bracket sets of literal characters without ranges; with `(?i)` no letter is compared, and any
/// other inline option (`(?x)` makes spaces mean nothing) turns the check off.
enum RunAndDelimiter {
    /// What the pattern's inline options allow the check.
    struct Options {
        var enabled = true
        var caseInsensitive = false

        /// Reads every option group, `(?i)`, `(?^x:…)`, `(?-i)`…: any `(?` that opens no plain
        /// or named group, lookaround or comment.
        init(pattern c: [Unicode.Scalar]) {
            var i = 0
            while i + 2 < c.count {
                defer { i += 1 }
                guard c[i] == "(", c[i + 1] == "?", !":<=!'#|>P".unicodeScalars.contains(c[i + 2]) else { continue }
                var j = i + 2
                while j < c.count, c[j] != ")", c[j] != ":" {
                    if c[j] == "i" { caseInsensitive = true } else if c[j] != "-", c[j] != "^" { enabled = false }
                    j += 1
                }
            }
        }
    }

    /// One character's worth of a pattern, as far as the check tells characters apart.
    enum Atom {
        case escape(Unicode.Scalar)  // s S d D w W
        case letter                  // \p{L}
        case literal(Unicode.Scalar)
        case set([Unicode.Scalar], negated: Bool)
    }

    /// True when `body` (a group's text between its parentheses) is a run and a delimiter.
    static func isOne(_ body: ArraySlice<Unicode.Scalar>, _ options: Options) -> Bool {
        guard options.enabled else { return false }
        let c = Array(body)
        var i = 0
        if c.count >= 2, c[0] == "?" {
            // (?:…) and (?<name>…); lookarounds and option groups do not qualify.
            if c[1] == ":" { i = 2 } else if c[1] == "<", c.count > 2, c[2] != "=", c[2] != "!" {
                guard let close = c.firstIndex(of: ">") else { return false }
                i = close + 1
            } else { return false }
        }
        var parts: [(atom: Atom, repeats: Bool)] = []
        while i < c.count {
            guard let (atom, next) = atom(c, i) else { return false }
            let (end, unbounded) = NestedQuantifiers.quantifier(c, next)
            if end > next, !unbounded { return false }  // `\s?`, `\s{2}`: the delimiter is not one character
            var after = end
            if end > next, after < c.count, c[after] == "?" || c[after] == "+" { after += 1 }
            parts.append((atom, unbounded))
            i = after
        }
        guard parts.count == 2, parts[0].repeats != parts[1].repeats else { return false }
        return disjoint(parts[0].atom, parts[1].atom, options)
    }

    /// The atom at `i` and where it ends; nil for anything else (a group, `.`, an anchor, a range…).
    private static func atom(_ c: [Unicode.Scalar], _ i: Int) -> (Atom, Int)? {
        switch c[i] {
        case "\\":
            guard i + 1 < c.count else { return nil }
            let e = c[i + 1]
            if "sSdDwW".unicodeScalars.contains(e) { return (.escape(e), i + 2) }
            if e == "p" {
                let end = NestedQuantifiers.skipEscape(c, i)
                let name = String(String.UnicodeScalarView(c[min(i + 2, end)..<end]))
                return name == "{L}" || name == "{Letter}" ? (.letter, end) : nil
            }
            return literalEscape(e).map { (.literal($0), i + 2) }
        case "[":
            var j = i + 1
            let negated = j < c.count && c[j] == "^"
            if negated { j += 1 }
            var members: [Unicode.Scalar] = []
            while j < c.count, c[j] != "]" {
                if c[j] == "\\" {
                    guard j + 1 < c.count, let m = literalEscape(c[j + 1]) else { return nil }
                    members.append(m)
                    j += 2
                } else {
                    // `-` is a member first or last only; elsewhere it makes a range.
                    guard c[j] != "[", c[j] != "-" || members.isEmpty || (j + 1 < c.count && c[j + 1] == "]") else { return nil }
                    members.append(c[j])
                    j += 1
                }
            }
            guard j < c.count, !members.isEmpty else { return nil }
            return (.set(members, negated: negated), j + 1)
        case ".", "(", ")", "|", "^", "$", "+", "*", "?", "{": return nil
        default: return (.literal(c[i]), i + 1)
        }
    }

    /// The character `\e` stands for when it is a literal one: punctuation, `\t`, `\n`, `\r`.
    private static func literalEscape(_ e: Unicode.Scalar) -> Unicode.Scalar? {
        switch e {
        case "t": "\t"
        case "n": "\n"
        case "r": "\r"
        default: e.isASCII && !e.properties.isAlphabetic && !("0"..."9").contains(e) ? e : nil
        }
    }

    /// True when no character matches both.
    private static func disjoint(_ a: Atom, _ b: Atom, _ options: Options) -> Bool {
        switch (a, b) {
        case (.literal(let x), _): return matches(b, x, options) == false
        case (_, .literal(let x)): return matches(a, x, options) == false
        case (.set(let m, false), _): return m.allSatisfy { matches(b, $0, options) == false }
        case (_, .set(let m, false)): return m.allSatisfy { matches(a, $0, options) == false }
        case (.escape(let x), .escape(let y)):
            return disjointEscapes.contains { $0 == (x, y) || $0 == (y, x) }
        case (.letter, .escape(let e)), (.escape(let e), .letter): return "sdW".unicodeScalars.contains(e)
        default: return false
        }
    }

    /// Escape pairs no character matches both of (`\d` is within `\w`).
    private static let disjointEscapes: [(Unicode.Scalar, Unicode.Scalar)] = [
        ("s", "S"), ("d", "D"), ("w", "W"), ("s", "d"), ("s", "w"), ("d", "W"),
    ]

    /// Whether `atom` matches `x`; nil when the check cannot tell (a character beyond ASCII
    /// against an escape, a letter under `(?i)`).
    private static func matches(_ atom: Atom, _ x: Unicode.Scalar, _ options: Options) -> Bool? {
        switch atom {
        case .escape(let e):
            guard x.isASCII else { return nil }
            let digit = ("0"..."9").contains(x)
            let word = digit || x == "_" || x.properties.isAlphabetic
            let space = " \t\n\r\u{0B}\u{0C}".unicodeScalars.contains(x)
            switch e {
            case "s": return space
            case "S": return !space
            case "d": return digit
            case "D": return !digit
            case "w": return word
            default: return !word
            }
        case .letter:
            return x.isASCII ? x.properties.isAlphabetic : nil
        case .literal(let y):
            if options.caseInsensitive, x.properties.isAlphabetic || y.properties.isAlphabetic { return x == y ? true : nil }
            return x == y
        case .set(let members, let negated):
            var unknown = false
            for m in members {
                switch matches(.literal(m), x, options) {
                case true?: return !negated
                case nil: unknown = true
                case false?: break
                }
            }
            return unknown ? nil : negated
        }
    }
}
