import OverlayEngine

/// A sanitised body: Pango markup plus the links and images found in it.
///
/// Offsets are UTF-8 byte offsets into `markup`. Each image stands in the markup as one U+FFFC
/// (OBJECT REPLACEMENT CHARACTER); `resolved` swaps the ones that could not be loaded for their
/// alt text and turns every offset into one in the text Pango lays out.
public struct MarkupDocument: Equatable, Sendable {
    public struct Link: Equatable, Sendable {
        /// The `href` as sent (entities decoded); whether it may be opened is the opener's call.
        public var href: String
        public var start: Int
        public var end: Int
    }

    /// An `<img>` in the body, at a placeholder in the text.
    public struct Image: Equatable, Sendable {
        /// The `src` (entities decoded): a path or file:// URI per the spec.
        public var src: String
        /// Shown instead when the image cannot be loaded.
        public var alt: String
        /// Where its U+FFFC placeholder starts.
        public var offset: Int
    }

    public var markup: String
    public var links: [Link] = []
    public var images: [Image] = []

    /// The document for the layout: failed images replaced by their alt text, offsets in the
    /// plain text of `TextBlock.setMarkup(markup)` (tags removed, entities decoded, newlines as
    /// the 3-byte U+2028). Links without text are left out.
    public func resolved(loaded: (Int) -> Bool) -> ResolvedMarkup {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(markup.utf8.count)
        var shifts: [(at: Int, by: Int)] = []  // markup offset → growth of everything after it
        var kept: [(index: Int, offset: Int)] = []
        var copied = 0
        var growth = 0
        let source = Array(markup.utf8)
        for (index, image) in images.enumerated() where image.offset >= copied && image.offset + 3 <= source.count {
            bytes.append(contentsOf: source[copied..<image.offset])
            copied = image.offset + 3
            if loaded(index) {
                kept.append((index, image.offset + growth))
                bytes.append(contentsOf: MarkupRepair.placeholder)
            } else {
                var alt: [UInt8] = []
                for byte in image.alt.utf8 { MarkupEscape.append(byte, to: &alt) }
                bytes.append(contentsOf: alt)
                growth += alt.count - 3
                shifts.append((image.offset + 1, growth))
            }
        }
        bytes.append(contentsOf: source[copied...])
        func moved(_ offset: Int) -> Int { shifts.last(where: { $0.at <= offset })?.by ?? 0 }

        var targets = links.flatMap { [$0.start + moved($0.start), $0.end + moved($0.end)] }
        targets += kept.map(\.offset)
        let plain = Self.plainOffsets(of: targets, in: bytes)
        var result = ResolvedMarkup(markup: String(decoding: bytes, as: UTF8.self))
        for (i, link) in links.enumerated() where plain[2 * i] < plain[2 * i + 1] {
            result.links.append((link.href, plain[2 * i]..<plain[2 * i + 1]))
        }
        for (j, image) in kept.enumerated() { result.images.append((image.index, plain[2 * links.count + j])) }
        return result
    }

    /// For each markup offset (at text, never inside a tag), the byte offset in the laid-out
    /// text. Valid for markup `MarkupRepair` wrote: `<` only starts tags, `&` only entities.
    static func plainOffsets(of targets: [Int], in bytes: [UInt8]) -> [Int] {
        let order = targets.indices.sorted { targets[$0] < targets[$1] }
        var result = [Int](repeating: 0, count: targets.count)
        var next = 0
        var i = 0, plain = 0
        while next < order.count {
            while next < order.count, targets[order[next]] <= i {
                result[order[next]] = plain
                next += 1
            }
            guard i < bytes.count else {
                while next < order.count { result[order[next]] = plain; next += 1 }
                break
            }
            switch bytes[i] {
            case UInt8(ascii: "<"):
                while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
                i += 1
            case UInt8(ascii: "&"):
                let end = MarkupRepair.entityEnd(bytes[...], i) ?? i + 1
                plain += Markup.decodeEntities(bytes[i..<end]).utf8.count
                i = end
            case 0x0A:
                plain += 3  // TextBlock.singleParagraph: LF → U+2028
                i += 1
            default:
                plain += 1
                i += 1
            }
        }
        return result
    }
}

/// A `MarkupDocument` ready for one layout: byte ranges in the laid-out text.
public struct ResolvedMarkup {
    public var markup: String
    public var links: [(href: String, range: Range<Int>)] = []
    /// Images kept (by index in `MarkupDocument.images`) and where their U+FFFC is.
    public var images: [(index: Int, offset: Int)] = []
}
