import CCairo
import CPixels

/// A picture composited scaled (a scaled card's unscaled picture) with pixman's bilinear filter,
/// which cairo uses at these scales, computed for a scale and translation alone
/// (`ow_scale_over`: about half of pixman's instructions) and blended like
/// `CardImageCache`'s images. The sample positions are those cairo hands pixman, rounded to
/// 16.16 the same way; a few pixels may still differ from cairo's by a weight step (2/255 at
/// most).
enum ScaledPicture {
    /// Composites `picture` (its pixels mapped to the target's device pixels by `matrix`, a
    /// scale and translation) with `opacity` on `cr`'s target, inside its clip. False, with
    /// nothing drawn, where cairo would filter otherwise (shrunk under ¾: a box filter) or the
    /// target or clip is not plain ARGB32 pixels and whole-pixel rectangles.
    static func composite(_ picture: Canvas, matrix m: cairo_matrix_t, on cr: OpaquePointer, opacity: Double) -> Bool {
        guard m.xy == 0, m.yx == 0, m.xx > 0.75, m.yy > 0.75, m.xx < 1e4, m.yy < 1e4, abs(m.x0) < 1e7, abs(m.y0) < 1e7,
              let source = cairo_image_surface_get_data(picture.surface),
              let target = CardImageCache.plainTarget(of: cr) else { return false }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        guard let clip = CardImageCache.wholePixelClip(of: cr) else { return false }
        defer { cairo_rectangle_list_destroy(clip.list) }
        // What the scaled picture can reach, as cairo bounds it: its pixels and half a pixel
        // more (bilinear taps) mapped to whole device pixels, within the clip.
        let w = Double(picture.pixelWidth), h = Double(picture.pixelHeight)
        var left = Int((m.x0 - 0.5 * m.xx).rounded(.down)), right = Int((m.x0 + (w + 0.5) * m.xx).rounded(.up))
        var top = Int((m.y0 - 0.5 * m.yy).rounded(.down)), bottom = Int((m.y0 + (h + 0.5) * m.yy).rounded(.up))
        let clipLeft = clip.rects.map { Int($0.x) }.min() ?? 0, clipTop = clip.rects.map { Int($0.y) }.min() ?? 0
        let clipRight = clip.rects.map { Int($0.x + $0.width) }.max() ?? 0, clipBottom = clip.rects.map { Int($0.y + $0.height) }.max() ?? 0
        left = max(left, clipLeft, 0); top = max(top, clipTop, 0)
        right = min(right, clipRight, target.width); bottom = min(bottom, clipBottom, target.height)
        guard right > left, bottom > top else { return true }
        let (transform, shift) = pixmanTransform(m, centre: (Double(left + right) / 2, Double(top + bottom) / 2))
        var t = transform
        let alpha = CardImageCache.alpha8(opacity)
        cairo_surface_flush(target.surface)
        for r in clip.rects {
            let x0 = max(Int(r.x), left, 0), y0 = max(Int(r.y), top, 0)
            let x1 = min(Int(r.x + r.width), right, target.width), y1 = min(Int(r.y + r.height), bottom, target.height)
            guard x1 > x0, y1 > y0 else { continue }
            guard ow_scale_over(target.data + y0 * target.stride + x0 * 4, Int32(target.stride), Int32(x0 + shift.x), Int32(y0 + shift.y),
                                Int32(x1 - x0), Int32(y1 - y0), source, Int32(picture.stride), Int32(picture.pixelWidth),
                                Int32(picture.pixelHeight), &t, alpha) != 0 else { continue }
            cairo_surface_mark_dirty_rectangle(target.surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        }
        return true
    }

    /// The transform cairo gives pixman for a picture drawn through `m` (its pixels to device
    /// pixels), and the shift pixman's destination pixels then have
    /// (`_cairo_matrix_to_pixman_matrix_offset`): the inverse with an integer translation taken
    /// out, each coefficient rounded to 16.16 and the translation corrected to be exact at
    /// `centre` (the middle of the pixels composited).
    static func pixmanTransform(_ m: cairo_matrix_t, centre: (x: Double, y: Double)) -> (ow_scale_transform, shift: (x: Int, y: Int)) {
        // cairo_matrix_invert's scale-only case.
        let xx = 1 / m.xx, yy = 1 / m.yy
        var x0 = -m.x0 * xx, y0 = -m.y0 * yy
        // The integer translation that keeps the rest smallest.
        var tx = x0, ty = y0, norm = max(abs(x0), abs(y0))
        for i in [-1.0, 1.0] {
            for j in [-1.0, 1.0] {
                let den = (xx + i) * (yy + j)
                guard abs(den) >= .ulpOfOne else { continue }
                let x = (0 - x0 * (yy + j)) * (1 / den), y = (0 - y0 * (xx + i)) * (1 / den)
                if norm > max(abs(x), abs(y)) { (norm, tx, ty) = (max(abs(x), abs(y)), x, y) }
            }
        }
        tx = tx.rounded(.down); ty = ty.rounded(.down)
        x0 += xx * tx; y0 += yy * ty
        var t = ow_scale_transform(scale_x: fixed(xx), offset_x: fixed(x0), scale_y: fixed(yy), offset_y: fixed(y0))
        let inverse = (xx: 1 / xx, yy: 1 / yy)
        for _ in 0..<5 {
            // Where pixman maps the centre, back through cairo's inverse, and the error moved forwards.
            let px = Double(sample(t.scale_x, t.offset_x, fixed(centre.x))) / 65536
            let py = Double(sample(t.scale_y, t.offset_y, fixed(centre.y))) / 65536
            let dx = fixed((px * inverse.xx + -x0 * inverse.xx - centre.x) * xx)
            let dy = fixed((py * inverse.yy + -y0 * inverse.yy - centre.y) * yy)
            t.offset_x -= dx; t.offset_y -= dy
            if dx == 0 && dy == 0 { break }
        }
        return (t, (-Int(tx), -Int(ty)))
    }

    /// pixman_transform_point_3d of the 16.16 coordinate `c` along one axis.
    private static func sample(_ scale: Int64, _ offset: Int64, _ c: Int64) -> Int64 {
        (scale * c + offset * 65536 + 32768) >> 16
    }

    /// `value` in 16.16 fixed point, rounded as cairo rounds it (to even).
    private static func fixed(_ value: Double) -> Int64 { Int64((value * 65536).rounded(.toNearestOrEven)) }
}
