extension StringProtocol {
    /// The text without the leading and trailing characters that are in `set`: the package's
    /// small parsers (config locations, key files, scene values) trim with it.
    package func trimmed(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
