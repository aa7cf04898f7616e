// The single-pass tag/entity scanner behind `Markup.document`. Works on UTF-8 bytes: every byte
// that matters to markup is ASCII, and multi-byte sequences are copied through untouched.

import OverlayEngine

struct MarkupRepair {
    /// An element that is open in the output.
    private enum Open {
        case simple(String)     // b i u s tt span: closed with </name>
        case link               // <a>: written as <u>
        case dropped(String)    // past maxDepth: not written, but its closer must match it
    }

    private let input: [UInt8]
    private var out: [UInt8] = []
    private var stack: [Open] = []
    private var written = 0  // open elements actually written
    private var validated: [String: Bool] = [:]
    /// Links and images found, with byte offsets into the output markup.
    private(set) var links: [MarkupDocument.Link] = []
    private(set) var images: [MarkupDocument.Image] = []
    /// Index in `links` of the open `<a>` (only one is open at a time: nested ones are dropped).
    private var openLink: Int?

    init(_ input: [UInt8]) {
        self.input = input
        out.reserveCapacity(input.count + input.count / 8 + 16)
    }

    /// U+FFFC OBJECT REPLACEMENT CHARACTER: where an image goes in the text.
    static let placeholder: [UInt8] = [0xEF, 0xBF, 0xBC]

    mutating func run() -> String {
        var i = 0
        let n = input.count
        while i < n {
            let byte = input[i]
            switch byte {
            case UInt8(ascii: "<"):
                if let end = tag(at: i) {
                    i = end
                } else {
                    out.append(contentsOf: MarkupEscape.lt)
                    i += 1
                }
            case UInt8(ascii: "&"):
                if let end = Self.entityEnd(input[...], i), Self.keepEntity(input[(i + 1)..<(end - 1)]) {
                    out.append(contentsOf: input[i..<end])
                    i = end
                } else {
                    out.append(contentsOf: MarkupEscape.amp)
                    i += 1
                }
            case UInt8(ascii: ">"):
                out.append(contentsOf: MarkupEscape.gt)
                i += 1
            case 0x0D:
                // CRLF and lone CR become LF.
                if i + 1 >= n || input[i + 1] != 0x0A { out.append(0x0A) }
                i += 1
            default:
                if byte >= 0x20 || byte == 0x09 || byte == 0x0A { out.append(byte) }
                i += 1
            }
        }
        while !stack.isEmpty { closeTop() }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Entities

    /// If `bytes[start]` is `&` followed by `name;`, `#digits;` or `#xhex;` (bounded length), the
    /// index just past the `;`.
    static func entityEnd(_ bytes: ArraySlice<UInt8>, _ start: Int) -> Int? {
        var j = start + 1
        let limit = min(bytes.endIndex, start + 12)
        while j < limit {
            let c = bytes[j]
            if c == UInt8(ascii: ";") { return j > start + 1 ? j + 1 : nil }
            let ok = isAlnum(c) || (c == UInt8(ascii: "#") && j == start + 1)
            if !ok { return nil }
            j += 1
        }
        return nil
    }

    /// Known named entities, and numeric references to characters XML allows.
    static func keepEntity(_ name: ArraySlice<UInt8>) -> Bool {
        guard let first = name.first else { return false }
        if first == UInt8(ascii: "#") {
            var digits = name.dropFirst()
            var radix: UInt32 = 10
            if let x = digits.first, x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.count <= 8 else { return false }
            var value: UInt32 = 0
            for d in digits {
                guard let v = hexValue(d), v < radix else { return false }
                value = value * radix + v
            }
            return Markup.isXMLChar(value)
        }
        switch String(decoding: name, as: UTF8.self) {
        case "amp", "lt", "gt", "quot", "apos": return true
        default: return false
        }
    }

    // MARK: Tags

    /// Parses the `<…>` at `start`, writes its replacement and returns the index after `>`; nil
    /// when it is not an allowed, well-formed tag (the caller then shows the `<` literally).
    private mutating func tag(at start: Int) -> Int? {
        let n = min(input.count, start + Markup.maxTagBytes)
        var j = start + 1
        let closing = j < n && input[j] == UInt8(ascii: "/")
        if closing { j += 1 }
        let nameStart = j
        while j < n, Self.isAlnum(input[j]) { j += 1 }
        guard j > nameStart, Self.isAlpha(input[nameStart]) else { return nil }
        let name = String(decoding: input[nameStart..<j], as: UTF8.self).lowercased()

        var attributes: [(name: String, value: ArraySlice<UInt8>)] = []
        var selfClosing = false
        while true {
            while j < n, Self.isSpace(input[j]) { j += 1 }
            guard j < n else { return nil }
            if input[j] == UInt8(ascii: ">") { j += 1; break }
            if input[j] == UInt8(ascii: "/"), j + 1 < n, input[j + 1] == UInt8(ascii: ">") {
                selfClosing = true
                j += 2
                break
            }
            guard !closing else { return nil }
            let attrStart = j
            while j < n, Self.isAlnum(input[j]) || input[j] == UInt8(ascii: "_") || input[j] == UInt8(ascii: "-")
                    || input[j] == UInt8(ascii: ":") {
                j += 1
            }
            guard j > attrStart else { return nil }
            let attrName = String(decoding: input[attrStart..<j], as: UTF8.self).lowercased()
            while j < n, Self.isSpace(input[j]) { j += 1 }
            var value: ArraySlice<UInt8> = []
            if j < n, input[j] == UInt8(ascii: "=") {
                j += 1
                while j < n, Self.isSpace(input[j]) { j += 1 }
                guard j < n else { return nil }
                let quote = input[j]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let valueStart = j + 1
                    j = valueStart
                    while j < n, input[j] != quote { j += 1 }
                    guard j < n else { return nil }
                    value = input[valueStart..<j]
                    j += 1
                } else {
                    let valueStart = j
                    while j < n, !Self.isSpace(input[j]), input[j] != UInt8(ascii: ">") { j += 1 }
                    value = input[valueStart..<j]
                    // "<a href=x/>": the "/" belongs to the tag end, not the value.
                    if value.last == UInt8(ascii: "/"), j < n, input[j] == UInt8(ascii: ">") {
                        value = value.dropLast()
                        j -= 1
                    }
                }
            }
            attributes.append((attrName, value))
        }

        if closing { return close(name) ? j : nil }
        switch name {
        case "b", "i", "u", "s", "tt":
            if !selfClosing { open(.simple(name), text: "<\(name)>") }
        case "span":
            var text = "<span"
            for (attrName, value) in attributes {
                if let kept = spanAttribute(attrName, value) { text += " \(attrName)=\"\(kept)\"" }
            }
            text += ">"
            if !selfClosing { open(.simple("span"), text: text) }
        case "a":
            guard !selfClosing else { break }
            if openLink != nil || written >= Markup.maxDepth {
                stack.append(.dropped("a"))  // links do not nest: the inner one is plain text
                break
            }
            open(.link, text: "<u>")
            let href = attributes.last(where: { $0.name == "href" }).map { Markup.decodeEntities($0.value) } ?? ""
            if !href.isEmpty, links.count < Markup.maxLinks {
                openLink = links.count
                links.append(MarkupDocument.Link(href: href, start: out.count, end: out.count))
            }
        case "img":
            let alt = attributes.last(where: { $0.name == "alt" }).map { Markup.decodeEntities($0.value) } ?? ""
            let src = attributes.last(where: { $0.name == "src" }).map { Markup.decodeEntities($0.value) } ?? ""
            if !src.isEmpty, images.count < Markup.maxImages {
                images.append(MarkupDocument.Image(src: src, alt: alt, offset: out.count))
                out.append(contentsOf: Self.placeholder)
            } else {
                for byte in alt.utf8 { MarkupEscape.append(byte, to: &out) }
            }
        case "br":
            out.append(0x0A)
        default:
            return nil
        }
        return j
    }

    private mutating func open(_ element: Open, text: String) {
        if written < Markup.maxDepth {
            out.append(contentsOf: text.utf8)
            stack.append(element)
            written += 1
        } else if case .simple(let name) = element {
            stack.append(.dropped(name))
        } else {
            stack.append(.dropped("a"))
        }
    }

    /// Handles `</name>`: closes everything open down to the innermost `name`. Returns false for
    /// names that are not markup we know (so the closer is shown literally); a known but stray
    /// closer is swallowed.
    private mutating func close(_ name: String) -> Bool {
        switch name {
        case "b", "i", "u", "s", "tt", "span", "a": break
        case "img", "br": return true
        default: return false
        }
        guard let index = stack.lastIndex(where: { Self.name(of: $0) == name }) else { return true }
        while stack.count > index { closeTop() }
        return true
    }

    private mutating func closeTop() {
        guard let top = stack.popLast() else { return }
        switch top {
        case .simple(let name):
            out.append(contentsOf: "</\(name)>".utf8)
            written -= 1
        case .link:
            if let index = openLink { links[index].end = out.count }
            openLink = nil
            out.append(contentsOf: "</u>".utf8)
            written -= 1
        case .dropped:
            break
        }
    }

    private static func name(of element: Open) -> String {
        switch element {
        case .simple(let name), .dropped(let name): return name
        case .link: return "a"
        }
    }

    // MARK: span attributes

    private static let colorAttributes: Set<String> = [
        "foreground", "fgcolor", "color", "background", "bgcolor", "alpha", "fgalpha", "bgalpha",
    ]
    private static let sizeKeywords: Set<String> = [
        "xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large",
    ]

    /// The value to write for an allowed span attribute, or nil to drop it.
    private mutating func spanAttribute(_ name: String, _ raw: ArraySlice<UInt8>) -> String? {
        guard !raw.isEmpty, raw.count <= 32,
              raw.allSatisfy({ Self.isAlnum($0) || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%")
                  || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else { return nil }
        var value = String(decoding: raw, as: UTF8.self)
        if Self.colorAttributes.contains(name) {
            // Colour names, #hex, alpha numbers/percentages: Pango decides below.
        } else if name == "size" || name == "font_size" {
            guard let clamped = Self.clampSize(value.lowercased()) else { return nil }
            value = clamped
        } else {
            return nil
        }
        let probe = "<span \(name)=\"\(value)\">x</span>"
        if let known = validated[probe] { return known ? value : nil }
        let ok = Markup.isValid(probe)
        validated[probe] = ok
        return ok ? value : nil
    }

    /// Absolute size keywords pass; numbers are clamped to 6…24 pt (or 50…200 %). Relative
    /// keywords (`smaller`, `larger`) are dropped: nested, they grow without bound.
    static func clampSize(_ value: String) -> String? {
        if sizeKeywords.contains(value) { return value }
        func number(_ s: Substring) -> Double? {
            guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
            return Double(s)
        }
        if value.hasSuffix("pt"), let points = number(value.dropLast(2)) {
            return "\(Int(min(24, max(6, points)).rounded()))pt"
        }
        if value.hasSuffix("%"), let percent = number(value.dropLast()) {
            return "\(Int(min(200, max(50, percent)).rounded()))%"
        }
        if let units = number(value[...]) {
            return "\(Int(min(24 * 1024, max(6 * 1024, units)).rounded()))"
        }
        return nil
    }

    // MARK: ASCII classes

    static func isAlpha(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    static func isAlnum(_ c: UInt8) -> Bool {
        isAlpha(c) || (c >= 0x30 && c <= 0x39)
    }

    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        default: return nil
        }
    }
}
