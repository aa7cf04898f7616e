/// Plain text into Pango markup: `& < > " '` escaped, and C0 control characters other than tab,
/// newline and carriage return dropped (markup cannot carry them). The renderer's `Markup` and
/// notification templates both escape through it.
public enum MarkupEscape {
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 { append(byte, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// UTF-8 bytes of `escape(text)`, without making it.
    public static func escapedCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): count += amp.count
            case UInt8(ascii: "<"): count += lt.count
            case UInt8(ascii: ">"): count += gt.count
            case UInt8(ascii: "\""): count += quot.count
            case UInt8(ascii: "'"): count += apos.count
            case 0x09, 0x0A, 0x0D: count += 1
            case 0..<0x20: break
            default: count += 1
            }
        }
        return count
    }

    /// Appends `byte` of UTF-8 text to `out`, escaped as `escape` does.
    public static func append(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): out.append(contentsOf: amp)
        case UInt8(ascii: "<"): out.append(contentsOf: lt)
        case UInt8(ascii: ">"): out.append(contentsOf: gt)
        case UInt8(ascii: "\""): out.append(contentsOf: quot)
        case UInt8(ascii: "'"): out.append(contentsOf: apos)
        case 0x09, 0x0A, 0x0D: out.append(byte)
        case 0..<0x20: break
        default: out.append(byte)
        }
    }

    public static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8), apos = Array("&apos;".utf8)
}
