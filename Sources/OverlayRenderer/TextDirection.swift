import Glibc

/// The locale's writing direction, for text that has none of its own.
enum TextDirection {
    /// Languages written right to left (ISO 639 codes).
    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "ps",
                                                    "sd", "syr", "ug", "ur", "yi"]

    /// True when the messages locale (`LC_ALL`, else `LC_MESSAGES`, else `LANG`) is such a language.
    static let localeIsRightToLeft: Bool = {
        let names: [String] = ["LC_ALL", "LC_MESSAGES", "LANG"]
        let locale = names.lazy.compactMap { name in getenv(name).map { String(cString: $0) } }.first { !$0.isEmpty }
        return locale.map(isRightToLeft(locale:)) ?? false
    }()

    /// "he_IL.UTF-8" → true; "en_US", "C" → false.
    static func isRightToLeft(locale: String) -> Bool {
        let language = locale.prefix { $0.isLetter }.lowercased()
        return rightToLeftLanguages.contains(language)
    }
}
