import CCairo
import Glibc

/// Writing directions: of a text (its first letter of a strong direction), and the locale's, for
/// text that has none of its own.
enum TextDirection {
    /// True when the first letter of `text` with a strong direction reads right to left
    /// (Hebrew, Arabic, …); text with none follows the locale. As Pango decides the base
    /// direction of a paragraph, without laying it out.
    static func isRightToLeft(_ text: String) -> Bool {
        let strongLetter = UInt32(FRIBIDI_MASK_STRONG | FRIBIDI_MASK_LETTER)
        for scalar in text.unicodeScalars {
            let type = fribidi_get_bidi_type(FriBidiChar(scalar.value)).rawValue
            if type & strongLetter == strongLetter { return type & UInt32(FRIBIDI_MASK_RTL) != 0 }
        }
        return localeIsRightToLeft
    }

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
