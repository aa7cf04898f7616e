import CCairo
import OverlayEngine

/// View-tree text set in Pango, shared by measuring and painting: a text measured at a width is
/// drawn with the very layout it was measured with, and shaped once.
///
/// Each text (markup, font, line limit, truncation, link colour, picture height, scale) keeps
/// its layouts at its last `widthsPerText` widths. A layout also serves any narrower width that
/// still holds its widest line when nothing in it depends on the width: it reads left to right
/// (right-to-left lines are aligned to the layout's width), nothing was cut and it has no inline
/// pictures (fitted to the width). Its lines then break at the same places, so layout's passes
/// (the ideal size, then the offered width) and the frame the text is drawn in use one layout.
///
/// Bounded: at most `capacity` texts; past that the least recently used quarter is dropped.
/// Not thread-safe: one per renderer.
final class TextLayoutCache {
    static let capacity = 256
    static let widthsPerText = 4

    struct TextKey: Hashable {
        var markup: String, font: FontSpec, lines: Int, truncation: Truncation, scale: Double, linkColor: Color?
        var imageMaxHeight: Double?
        var centersLines: Bool

        /// Texts compare by their UTF-8 bytes (what Pango is given), not as Unicode-equivalent
        /// strings: hashing a text is then one pass over its bytes, with no normalising.
        static func == (a: TextKey, b: TextKey) -> Bool {
            a.lines == b.lines && a.scale == b.scale && a.centersLines == b.centersLines && a.truncation == b.truncation
                && a.font == b.font && a.linkColor == b.linkColor && a.imageMaxHeight == b.imageMaxHeight
                && a.markup.utf8.count == b.markup.utf8.count && a.markup.utf8.elementsEqual(b.markup.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var markup = markup
            markup.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(font)
            hasher.combine(lines)
            hasher.combine(scale)
            hasher.combine(centersLines)
        }
    }

    private struct Layout {
        /// The width it was set at (points, before the 0.01 Pango gets on top).
        var width: Double
        var text: ViewTreeRenderer.SetText
        /// True when it serves narrower widths that hold its lines (see the type's comment).
        var servesNarrower: Bool
    }

    /// A class: a lookup marks it used without writing the table.
    private final class Entry {
        var layouts: [Layout] = []
        var lastUse: UInt64
        init(lastUse: UInt64) { self.lastUse = lastUse }
    }

    private var entries: [TextKey: Entry] = [:]
    private var contexts: [Double: TextContext] = [:]
    private var clock: UInt64 = 0
    /// Texts set in Pango so far (tests).
    private(set) var laidOut = 0
    /// Loads an inline picture of text: its `src`, the box it fits (points) and the scale.
    var bodyImage: (String, Double, Double, Double) -> BodyImage? = { _, _, _, _ in nil }

    /// Texts kept now.
    var count: Int { entries.count }

    /// The Pango context of `scale` (made once).
    func context(_ scale: Double) -> TextContext {
        if let context = contexts[scale] { return context }
        let context = TextContext(scale: scale)
        contexts[scale] = context
        return context
    }

    /// `content` set at `width` points for `scale`: a layout kept for it at that width, or one at
    /// a wider width that serves it, else set now and kept.
    func set(_ content: TextContent, width: Double, scale: Double) -> ViewTreeRenderer.SetText {
        let lines = content.wraps ? (content.lineLimit ?? 10_000) : 1
        let key = TextKey(markup: content.markup, font: content.font, lines: lines, truncation: content.truncation, scale: scale,
                          linkColor: content.linkColor, imageMaxHeight: content.imageMaxHeight, centersLines: content.centersLines)
        let width = max(1, width)
        clock &+= 1
        let entry: Entry
        if let known = entries[key] {
            entry = known
            entry.lastUse = clock
            let found = entry.layouts.first { $0.width == width }
                ?? entry.layouts.first { $0.servesNarrower && width <= $0.width && $0.text.block.width <= width + 0.01 }
            if let found { return found.text }
        } else {
            entry = Entry(lastUse: clock)
            entries[key] = entry
        }
        let text = make(content, key: key, width: width)
        let block = text.block
        let layout = Layout(width: width, text: text,
                            servesNarrower: !block.isCut && !block.overflows && text.images.isEmpty && !block.isRightToLeft && !key.centersLines)
        entry.layouts.insert(layout, at: 0)
        if entry.layouts.count > Self.widthsPerText { entry.layouts.removeLast() }
        if entries.count > Self.capacity { dropLeastRecentlyUsed() }
        return text
    }

    /// Drops every layout and context.
    func removeAll() {
        entries.removeAll()
        contexts.removeAll()
    }

    private func make(_ content: TextContent, key: TextKey, width: Double) -> ViewTreeRenderer.SetText {
        laidOut += 1
        let block = TextBlock(in: context(key.scale), font: PangoTextMeasurer.fontName(key.font), width: width + 0.01, maxLines: key.lines)
        block.setEllipsize(ViewTreeRenderer.ellipsize(content.truncation))
        if content.centersLines { block.setAlignment(PANGO_ALIGN_CENTER) }
        if Markup.isPlain(content.markup) {
            block.setText(content.markup)  // what its markup would parse to, without parsing it twice
            return ViewTreeRenderer.SetText(block: block, links: [])
        }
        if content.linkColor != nil || content.imageMaxHeight != nil {
            let maxHeight = content.imageMaxHeight, scale = key.scale
            if let rich = RichText.set(Markup.document(content.markup), in: block, linkColor: content.linkColor, load: { image in
                maxHeight.flatMap { self.bodyImage(image.src, width, $0, scale) }
            }) {
                return ViewTreeRenderer.SetText(block: block, links: rich.links, images: rich.images)
            }
            return ViewTreeRenderer.SetText(block: block, links: [])
        }
        block.setMarkup(Markup.sanitize(content.markup))
        return ViewTreeRenderer.SetText(block: block, links: [])
    }

    private func dropLeastRecentlyUsed() {
        let oldest = entries.map { ($0.key, $0.value.lastUse) }.sorted { $0.1 < $1.1 }.prefix(max(1, Self.capacity / 4))
        for (key, _) in oldest { entries[key] = nil }
    }
}
