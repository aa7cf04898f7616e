// Caps on view trees from outside the process, and the errors that name where input went wrong.

/// How large a view tree may be. Input beyond any cap is refused with a `ViewDecodingError`.
public struct ViewLimits: Equatable, Sendable {
    /// Nodes from the root to the deepest leaf (the root alone is depth 1).
    public var maxDepth = 32
    /// Nodes in the whole tree.
    public var maxNodes = 512
    /// UTF-8 bytes of all strings in the tree together (text, ids, actions, names, paths).
    public var maxTextBytes = 65_536
    /// Pixels of all raw-pixel images together.
    public var maxImagePixels = 1_048_576
    /// Bytes of JSON text.
    public var maxInputBytes = 8_388_608
    /// Largest length (spacing, padding, frame, size) in points.
    public var maxLength = 100_000.0
    /// Modifiers of one view (each wraps the view once more when it is laid out and drawn).
    public var maxModifiersPerView = 32
    /// Modifiers in the whole tree.
    public var maxModifiers = 1024
    /// Shadow modifiers in the whole tree (a shadow is blurred when first drawn: about a
    /// millisecond per 10 points of radius on a 2-core machine).
    public var maxShadows = 16
    /// Largest shadow radius, in points: half what a config may give (`Shadow.maximumRadius`),
    /// as a view file comes from outside and its shadows are blurred when first drawn.
    public var maxShadowRadius = Shadow.maximumRadius / 2

    /// The defaults above.
    public init() {}
    public static let standard = ViewLimits()
}

/// Why a view tree could not be decoded, with the JSON path of the offending value
/// (`$.children[2].value: expected a number`).
public struct ViewDecodingError: Error, Equatable, CustomStringConvertible {
    /// JSONPath of the value, `$` for the root.
    public var path: String
    public var message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { "\(path): \(message)" }
}

/// Standard base64 (RFC 4648) with padding, for raw pixels in JSON.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i]), b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(n >> 18 & 63)]); out.append(alphabet[Int(n >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Nil unless `text` is padded base64.
    static func decode(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        func value(_ c: UInt8) -> UInt32? {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): 62
            case UInt8(ascii: "/"): 63
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            let last = i + 4 == chars.count
            let pad = last ? (chars[i + 3] == UInt8(ascii: "=") ? (chars[i + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var n: UInt32 = 0
            for k in 0..<4 {
                if k >= 4 - pad { n <<= 6; continue }
                guard let v = value(chars[i + k]) else { return nil }
                n = n << 6 | v
            }
            out.append(UInt8(n >> 16 & 0xFF))
            if pad < 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if pad < 1 { out.append(UInt8(n & 0xFF)) }
            i += 4
        }
        return out
    }
}
