import CCairo
import OverlayEngine

/// Turns notification bodies (which apps send as "some HTML", Pango markup, or plain text with
/// stray `&` and `<`) into markup that `pango_parse_markup` accepts and that shows what the sender
/// meant.
///
/// Rules:
/// - Kept tags: `b i u s tt` (attributes dropped) and `span` with only colour/size attributes
///   (`foreground fgcolor color background bgcolor alpha fgalpha bgalpha size font_size`; sizes
///   limited to the absolute keywords `xx-small`…`xx-large`, 1024ths of a point, `Npt` or `N%`,
///   clamped to 6…24 pt / 50…200 %; a value Pango rejects is dropped).
/// - `<a href=…>text</a>` becomes `<u>text</u>` and a link (links do not nest: an inner `<a>` is
///   plain text); `<img src="…" alt="x">` becomes an image placeholder (without `src`: the escaped
///   alt text); `<br>` becomes a newline. Tag names are case-insensitive.
/// - Any other `<…>` (including `<blink>`, comments, a lone `<`) is shown literally (escaped).
/// - Entities `&amp; &lt; &gt; &quot; &apos;` and numeric ones for valid XML characters are kept;
///   anything else starting with `&` shows literally.
/// - Stray closing tags are ignored, mis-nested closers close what is open above them, tags still
///   open at the end are closed, nesting deeper than `maxDepth` is dropped (text kept).
/// - If the result still fails `pango_parse_markup`, the whole (cut) body is escaped as plain text.
/// - Only the first `maxInputBytes` of UTF-8 are looked at (cut on a character boundary): at most
///   a few lines are shown, and this bounds the work for a 1 MB body.
public enum Markup {
    /// Bodies are cut to this many UTF-8 bytes before parsing.
    public static let maxInputBytes = 8 * 1024
    /// Deeper tag nesting is dropped (its text is kept).
    public static let maxDepth = 16
    /// A `<…>` longer than this is not a tag (shown literally); bounds the scanning work.
    static let maxTagBytes = 1024
    /// Links and images kept per body (further ones are plain text and alt text).
    public static let maxLinks = 256
    public static let maxImages = 8

    /// Escapes text for Pango markup (`& < > " '`) and drops C0 control characters other than
    /// tab, newline and carriage return, which markup cannot carry.
    public static func escape(_ text: String) -> String { MarkupEscape.escape(text) }

    /// True when `markup` is plain text: no tags, entities or control characters, and short
    /// enough that sanitising keeps all of it. It reads as itself (a percentage, most summaries),
    /// so it can be set as text, unparsed.
    static func isPlain(_ markup: String) -> Bool {
        let bytes = markup.utf8
        return bytes.count <= maxInputBytes && !bytes.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") || $0 < 0x20 || $0 == 0x7F }
    }

    /// See the type's documentation. Images are shown as their alt text.
    public static func sanitize(_ body: String) -> String {
        document(body).resolved { _ in false }.markup
    }

    /// The sanitised markup with its links and images (see the type's documentation).
    public static func document(_ body: String) -> MarkupDocument {
        let cut = prefix(body, maxBytes: maxInputBytes)
        var parser = MarkupRepair(Array(cut.utf8))
        let repaired = parser.run()
        if isValid(repaired) { return MarkupDocument(markup: repaired, links: parser.links, images: parser.images) }
        return MarkupDocument(markup: escape(String(cut)))
    }

    /// True when Pango parses `markup` without error.
    public static func isValid(_ markup: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let ok = pango_parse_markup(markup, -1, 0, nil, nil, nil, &error)
        if let error { g_error_free(error) }
        return ok != 0
    }

    /// The longest prefix of `text` with at most `maxBytes` UTF-8 bytes, ending on a character
    /// boundary (or, inside a pathological multi-kilobyte grapheme, on a scalar boundary).
    static func prefix(_ text: String, maxBytes: Int) -> Substring {
        let utf8 = text.utf8
        guard utf8.count > maxBytes else { return text[...] }
        var index = utf8.index(utf8.startIndex, offsetBy: maxBytes)
        var steps = 0
        while index > utf8.startIndex, index.samePosition(in: text) == nil, steps < 64 {
            index = utf8.index(before: index)
            steps += 1
        }
        if index.samePosition(in: text) == nil {
            index = utf8.index(utf8.startIndex, offsetBy: maxBytes)
            while index > utf8.startIndex, index.samePosition(in: text.unicodeScalars) == nil {
                index = utf8.index(before: index)
            }
        }
        return text[..<index]
    }

    /// Whether Unicode scalar `v` may appear in XML text (and so in GMarkup).
    static func isXMLChar(_ v: UInt32) -> Bool {
        v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v)
            || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }

    /// Decodes the five XML entities and numeric references (for `alt` text); others stay as is.
    static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "&"), let end = MarkupRepair.entityEnd(bytes, i) {
                let name = String(decoding: bytes[(i + 1)..<(end - 1)], as: UTF8.self)
                switch name {
                case "amp": out.append(UInt8(ascii: "&"))
                case "lt": out.append(UInt8(ascii: "<"))
                case "gt": out.append(UInt8(ascii: ">"))
                case "quot": out.append(UInt8(ascii: "\""))
                case "apos": out.append(UInt8(ascii: "'"))
                default:
                    let digits = name.dropFirst()
                    let value = digits.first == "x" || digits.first == "X"
                        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    if let value, let scalar = Unicode.Scalar(value) {
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    }
                }
                i = end
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
