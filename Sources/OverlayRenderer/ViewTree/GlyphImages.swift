import CCairo
import OverlayEngine

/// Small texts drawn again and again (an on-screen display's percentage, a label repainted under
/// a moving bar) kept as their glyphs' coverage: one A8 image per set text, box and place within
/// a device pixel, composited in the text's colour with one mask operation. Setting the glyphs
/// through Pango and cairo costs about 16 k instructions for a short text however few pixels it
/// covers; compositing its image straight into the canvas's pixels (`ImageBlend`) a few thousand.
///
/// The image is the text as drawn: cairo puts each glyph on whole device pixels, so a text whose
/// glyphs fall on the same pixels of its box (however far it moved within a pixel across) and
/// which starts at the same place within a pixel down gives the same pixels; it is clipped to
/// the same box. A text that draws more than glyphs (an underline, a background, a clip of its
/// own) is kept per exact place. An image is made on a text's second drawing, so a text drawn
/// once costs no image. (A value moving on moves its text by fractions of a pixel, frame by
/// frame: its glyphs stay on their pixels.)
///
/// Bounded: at most `capacity` texts (with their layouts kept alive) and `maximumBytes` of
/// images, the least recently used dropped first; a box of more than `maximumPixels` device
/// pixels is always drawn directly. Not thread-safe: one per renderer.
final class GlyphImages {
    static let capacity = 48
    static let maximumPixels = 16_384
    static let maximumBytes = 512 << 10

    /// A text as drawn: its layout (by identity), its box in device pixels, where the text starts
    /// within its first device pixel down, and across either the device columns its glyphs fall
    /// on (from the box's left edge) or, for a text that draws more than glyphs, where it starts.
    private struct Key: Hashable {
        var block: ObjectIdentifier
        var width, height: Int
        var offsetX: Double?
        var offsetY: Double
        var columns: [Int32]
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
    /// `clip`: the canvas's clip (user space) when it is whole rectangles and `cr` draws straight
    /// onto the canvas: the image is then composited into its pixels directly (`ImageBlend`).
    func draw(_ cr: OpaquePointer, _ text: ViewTreeRenderer.SetText, box: Rect, color: Color, clip: [Rect]? = nil) -> Bool {
        guard text.images.isEmpty else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.xx == m.yy else { return false }
        let s = m.xx
        let x = box.minX * s + m.x0, y = box.minY * s + m.y0
        let left = x.rounded(.down), top = y.rounded(.down)
        let right = (box.maxX * s + m.x0).rounded(.up), bottom = (box.maxY * s + m.y0).rounded(.up)
        guard right - left >= 1, bottom - top >= 1, (right - left) * (bottom - top) <= Double(Self.maximumPixels) else { return false }
        let columns = text.block.drawsGlyphsOnly && !text.block.overflows ? Self.columns(of: text.block, cr, at: box.origin, left: left) : nil
        let key = Key(block: ObjectIdentifier(text.block), width: Int(right - left), height: Int(bottom - top),
                      offsetX: columns == nil ? x - left : nil, offsetY: y - top, columns: columns ?? [])
        guard let image = image(key, text, at: (x - left, y - top), scale: s) else { return false }
        if let clip, ImageBlend.drawsOnTarget(cr), let boxes = ImageBlend.deviceBoxes(clip, m),
           ImageBlend.mask(image, color: color, on: cr, x: Int(left), y: Int(top), within: boxes) {
            return true
        }
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

    /// The device columns, from `left`, cairo puts the glyphs of `block` on when it is drawn from
    /// `origin` (user space of `cr`): pango's sums from cairo's current point, each glyph rounded
    /// as cairo's image compositor rounds it. Nil when a glyph is drawn as a box.
    private static func columns(of block: TextBlock, _ cr: OpaquePointer, at origin: Point, left: Double) -> [Int32]? {
        guard let offsets = block.glyphOffsets else { return nil }
        cairo_move_to(cr, origin.x, origin.y)
        var cx = 0.0, cy = 0.0
        cairo_get_current_point(cr, &cx, &cy)  // as pango reads it: on cairo's fixed-point grid
        cairo_new_path(cr)
        return offsets.map { offset in
            var gx = cx + offset.run + offset.glyph, gy = cy
            cairo_user_to_device(cr, &gx, &gy)
            return Int32(max(-1e9, min(1e9, (gx + 0.5).rounded(.down) - left)))
        }
    }

    /// The image of `key`, made on its second use with the text at `offset` within its first
    /// device pixel; nil on its first use.
    private func image(_ key: Key, _ text: ViewTreeRenderer.SetText, at offset: (x: Double, y: Double), scale: Double) -> OpaquePointer? {
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
        cairo_translate(cr, offset.x, offset.y)
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
