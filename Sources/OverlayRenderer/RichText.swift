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

    /// The image `src` names fitted into `maxWidth` × `maxHeight` points, never enlarged, decoded
    /// for `scale`; throws `ImageLoadError` when it cannot be read.
    static func load(_ src: String, maxWidth: Double, maxHeight: Double, scale: Double) throws -> BodyImage {
        guard let path = path(ofSource: src) else { throw ImageLoadError.notFound(src) }
        let natural = ImageLoader.naturalSize(file: path)
        let (w, h) = fitted(natural ?? (Int(maxHeight), Int(maxHeight)), maxWidth: maxWidth, maxHeight: maxHeight)
        let image = try ImageLoader.load(file: path, box: max(1, Int((max(w, h) * scale).rounded(.up))))
        guard natural == nil else { return BodyImage(image: image, width: w, height: h) }
        // SVG: no natural size; its aspect decides within the box.
        let (sw, sh) = fitted((image.pixelWidth, image.pixelHeight), maxWidth: maxWidth, maxHeight: maxHeight, enlarge: true)
        return BodyImage(image: image, width: sw, height: sh)
    }

    /// `size` (pixels, taken as points) scaled down to fit the box, aspect kept, whole points;
    /// `enlarge` also scales it up to touch the box.
    static func fitted(_ size: (Int, Int), maxWidth: Double, maxHeight: Double, enlarge: Bool = false) -> (Double, Double) {
        let w = Double(max(1, size.0)), h = Double(max(1, size.1))
        let k = min(maxWidth / w, maxHeight / h, enlarge ? .infinity : 1)
        return (max(1, (w * k).rounded(.down)), max(1, (h * k).rounded(.down)))
    }
}

/// Markup set in a text block with its links coloured and its inline images in place: a view
/// tree's text with `linkColor` or `imageMaxHeight` (a toast's body).
struct RichText {
    let block: TextBlock
    /// Link rectangles in the block's coordinates (one per line the link spans).
    let links: [(href: String, frame: Rect)]
    let images: [(image: LoadedImage, frame: Rect)]

    /// Sets `document` in `block`: each image `load` returns (by its index in the document) in
    /// place of its U+FFFC, the others as their alt text; links in `linkColor` (nil: plain text,
    /// none reported). False when nothing shows.
    static func set(_ document: MarkupDocument, in block: TextBlock, linkColor: Color?,
                    load: (MarkupDocument.Image) -> BodyImage?) -> RichText? {
        var loaded: [Int: BodyImage] = [:]
        for (index, image) in document.images.enumerated() { loaded[index] = load(image) }
        let resolved = document.resolved { loaded[$0] != nil }
        guard !resolved.markup.isEmpty else { return nil }
        block.setMarkup(resolved.markup) { list in
            if let linkColor { for link in resolved.links { TextBlock.colorRange(link.range, linkColor, in: list) } }
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
        let links = linkColor == nil ? [] : resolved.links.flatMap { link in block.frames(ofBytes: link.range).map { (link.href, $0) } }
        let images = resolved.images.compactMap { index, offset -> (LoadedImage, Rect)? in
            guard let image = loaded[index], let origin = block.origin(ofByte: offset) else { return nil }
            // Whole points, so a plain image lands on whole device pixels (crisp edges).
            let frame = Rect(x: origin.x.rounded(), y: (origin.baseline - image.height).rounded(),
                             width: image.width, height: image.height)
            return frame.maxY <= block.height + 0.5 ? (image.image, frame) : nil
        }
        return RichText(block: block, links: links, images: images)
    }

}
