import OverlayEngine
import CCairo

/// An image loaded for a body, with its size in points (the same at every scale).
public struct BodyImage {
    let image: LoadedImage
    let width: Double
    let height: Double

    /// The file an `<img src>` names: a path, or a file:// URI (percent-escapes decoded); nil
    /// for anything else (the spec allows no remote images).
    static func path(ofSource src: String) -> String? {
        if src.hasPrefix("/") { return src }
        guard src.lowercased().hasPrefix("file://") else { return nil }
        var rest = Array(src.utf8.dropFirst(7))
        if rest.first != UInt8(ascii: "/") {  // file://localhost/path
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")),
                  String(decoding: rest[..<slash], as: UTF8.self).lowercased() == "localhost" else { return nil }
            rest = Array(rest[slash...])
        }
        var out: [UInt8] = []
        var i = 0
        while i < rest.count {
            if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count,
               let hi = MarkupRepair.hexValue(rest[i + 1]), let lo = MarkupRepair.hexValue(rest[i + 2]) {
                out.append(UInt8(hi * 16 + lo))
                i += 3
            } else {
                out.append(rest[i])
                i += 1
            }
        }
        guard !out.contains(0) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// `size` (pixels, taken as points) scaled down to fit the box, aspect kept, whole points;
    /// `enlarge` also scales it up to touch the box.
    static func fitted(_ size: (Int, Int), maxWidth: Double, maxHeight: Double, enlarge: Bool = false) -> (Double, Double) {
        let w = Double(max(1, size.0)), h = Double(max(1, size.1))
        let k = min(maxWidth / w, maxHeight / h, enlarge ? .infinity : 1)
        return (max(1, (w * k).rounded(.down)), max(1, (h * k).rounded(.down)))
    }
}

/// The body of a toast: its text block, where its links are and the inline images to paint.
struct PreparedBody {
    let block: TextBlock
    /// Link rectangles in the block's coordinates (one per line the link spans).
    let links: [(href: String, frame: Rect)]
    let images: [(image: LoadedImage, frame: Rect)]

    /// Lays out `document` in `width` points; images are fitted into `width` × `maxImageHeight`
    /// by `load` (nil: shown as their alt text), links get `linkColor`. Nil when nothing shows.
    init?(_ document: MarkupDocument, text: TextContext, style: ToastStyle, width: Double,
         load: (String, Double, Double, Double) -> BodyImage?) {
        var loaded: [Int: BodyImage] = [:]
        for (index, image) in document.images.enumerated() {
            loaded[index] = load(image.src, width, max(1, style.bodyImageMaxHeight), text.scale)
        }
        let resolved = document.resolved { loaded[$0] != nil }
        guard !resolved.markup.isEmpty else { return nil }
        block = TextBlock(in: text, font: style.font, width: width, maxLines: style.bodyMaxLines)
        let color = style.linkColor
        block.setMarkup(resolved.markup) { list in
            for link in resolved.links { TextBlock.colorRange(link.range, color, in: list) }
            for (index, offset) in resolved.images {
                guard let image = loaded[index] else { continue }
                let unit = Double(PANGO_SCALE)
                // Sits on the baseline: all of its height is ascent.
                var rect = PangoRectangle(x: 0, y: Int32(-image.height * unit), width: Int32(image.width * unit),
                                          height: Int32(image.height * unit))
                let attribute = pango_attr_shape_new(&rect, &rect)!
                attribute.pointee.start_index = UInt32(offset)
                attribute.pointee.end_index = UInt32(offset + MarkupRepair.placeholder.count)
                pango_attr_list_insert(list, attribute)
            }
        }
        let block = block
        links = resolved.links.flatMap { link in block.frames(ofBytes: link.range).map { (link.href, $0) } }
        images = resolved.images.compactMap { index, offset in
            guard let image = loaded[index], let origin = block.origin(ofByte: offset) else { return nil }
            // Whole points, so a plain image lands on whole device pixels (crisp edges).
            let frame = Rect(x: origin.x.rounded(), y: (origin.baseline - image.height).rounded(),
                                  width: image.width, height: image.height)
            return frame.maxY <= block.height + 0.5 ? (image.image, frame) : nil
        }
    }

    /// Draws the text (in the current colour) and the images with the block's corner at (`x`, `y`).
    func draw(_ cr: OpaquePointer, x: Double, y: Double) {
        block.draw(cr, x: x, y: y)
        for (image, frame) in images {
            image.paint(cr, in: Rect(x: x + frame.x, y: y + frame.y, width: frame.width, height: frame.height))
        }
    }
}
