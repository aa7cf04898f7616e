import CCairo
import OverlayEngine

/// Small texts drawn again and again (an on-screen display's percentage, a label repainted under
/// a moving bar) kept as their glyphs' coverage: one A8 image per set text, box and place within
/// a device pixel, composited in the text's colour with one mask operation. Setting the glyphs
/// through Pango and cairo costs about 16 k instructions for a short text however few pixels it
/// covers; compositing its image costs a few thousand.
///
/// The image is the text as drawn: its glyphs set at the same place within a device pixel
/// (cairo puts each glyph on whole pixels from there), clipped to the same box, so the pixels
/// are the direct drawing's. An image is made on a text's second drawing, so a text drawn once
/// costs no image.
///
/// Bounded: at most `capacity` texts (with their layouts kept alive) and `maximumBytes` of
/// images, the least recently used dropped first; a box of more than `maximumPixels` device
/// pixels is always drawn directly. Not thread-safe: one per renderer.
final class GlyphImages {
    static let capacity = 48
    static let maximumPixels = 16_384
    static let maximumBytes = 512 << 10

    /// A text as drawn: its layout (by identity), its box in device pixels and where the text
    /// starts within its first device pixel.
    private struct Key: Hashable {
        var block: ObjectIdentifier
        var width, height: Int
        var offsetX, offsetY: Double
    }

    private final class Entry {
        /// Keeps the layout alive, so its identity is not another's while the entry stays.
        let text: ViewTreeRenderer.SetText
        var image: OpaquePointer?
        var bytes = 0
        var lastUse: UInt64
        init(text: ViewTreeRenderer.SetText, lastUse: UInt64) { self.text = text; self.lastUse = lastUse }
        deinit { if let image { cairo_surface_destroy(image) } }
    }

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// Bytes of images held.
    private(set) var bytes = 0
    /// Texts kept now, with or without an image (tests).
    var count: Int { entries.count }
    /// Images kept now (tests).
    var images: Int { entries.values.count { $0.image != nil } }

    /// Draws `text` with its corner at `origin` (user space) in `color`, clipped to `box` (user
    /// space, the text's frame) grown to whole device pixels, from its glyphs' image. False when
    /// it cannot (the transform is not a uniform scale and a translation, the text has inline
    /// pictures, the box is too large, or this is the text's first drawing here): nothing was
    /// drawn, draw it directly.
    func draw(_ cr: OpaquePointer, _ text: ViewTreeRenderer.SetText, box: Rect, color: Color) -> Bool {
        guard text.images.isEmpty else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.xx == m.yy else { return false }
        let s = m.xx
        let x = box.minX * s + m.x0, y = box.minY * s + m.y0
        let left = x.rounded(.down), top = y.rounded(.down)
        let right = (box.maxX * s + m.x0).rounded(.up), bottom = (box.maxY * s + m.y0).rounded(.up)
        guard right - left >= 1, bottom - top >= 1, (right - left) * (bottom - top) <= Double(Self.maximumPixels) else { return false }
        let key = Key(block: ObjectIdentifier(text.block), width: Int(right - left), height: Int(bottom - top),
                      offsetX: x - left, offsetY: y - top)
        guard let image = image(key, text, scale: s) else { return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        Paths.setSource(cr, color)
        cairo_mask_surface(cr, image, left, top)
        cairo_restore(cr)
        return true
    }

    /// Drops every image.
    func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    /// The image of `key`, made on its second use; nil on its first.
    private func image(_ key: Key, _ text: ViewTreeRenderer.SetText, scale: Double) -> OpaquePointer? {
        clock &+= 1
        guard let entry = entries[key] else {
            entries[key] = Entry(text: text, lastUse: clock)
            while entries.count > Self.capacity { dropLeastRecentlyUsed() }
            return nil
        }
        entry.lastUse = clock
        if let image = entry.image { return image }
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(key.width), Int32(key.height)),
              cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(image)!
        cairo_translate(cr, key.offsetX, key.offsetY)
        cairo_scale(cr, scale, scale)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        text.block.draw(cr, x: 0, y: 0)
        cairo_destroy(cr)
        cairo_surface_flush(image)
        entry.image = image
        entry.bytes = Int(cairo_image_surface_get_stride(image)) * key.height
        bytes += entry.bytes
        while bytes > Self.maximumBytes { dropLeastRecentlyUsed() }
        return entries[key]?.image
    }

    private func dropLeastRecentlyUsed() {
        guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
        bytes -= oldest.value.bytes
        entries[oldest.key] = nil
    }
}
