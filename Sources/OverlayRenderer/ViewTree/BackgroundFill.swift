import CCairo
import OverlayEngine

/// A view's plain rounded background, filled the cheap way the clip and the pixels under it allow.
///
/// - A clip that keeps away from the rounded corners (a repaint of a few parts) is filled as
///   plain rectangles, the pixels a rounded fill gives there with no curve to rasterise.
/// - On clear pixels (`onClear`: nothing drawn under the frame yet this frame) colour is copied
///   (Cairo's SOURCE operator, a plain fill) instead of blended (OVER, about 5 instructions a pixel
///   at any opacity): over transparent pixels both give the colour times its coverage. Pieces of
///   such a clip on whole device pixels are written into the canvas directly (`Canvas.copy`). A rounded
///   background on clear pixels is copied between its corner rows, and the two bands of rows
///   that hold its corners are copied from images of them (`ShapeImages`), split on whole device
///   pixels so no pixel is drawn twice.
struct BackgroundFill {
    var frame: Rect
    var radius: Double
    var color: Color

    /// Fills the background; false when none of the cheap ways applies (nothing was drawn: fill
    /// the rounded path).
    func paint(_ cr: OpaquePointer, canvas: Canvas, clip: ClipRegion, onClear: Bool, bands: ShapeImages?) -> Bool {
        guard frame.width > 0, frame.height > 0, color.alpha > 0 else { return true }
        let r = min(max(0, radius), frame.width / 2, frame.height / 2)
        if let pieces = piecesAwayFromCorners(clip, radius: r) {
            guard !pieces.isEmpty else { return true }  // nothing of the frame shows in the clip
            if onClear, let boxes = devicePixels(pieces, cr), canvas.copy(color, into: boxes) { return true }
            cairo_save(cr)
            if onClear { cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE) }
            Paths.setSource(cr, color)
            for piece in pieces { cairo_rectangle(cr, piece.minX, piece.minY, piece.width, piece.height) }
            cairo_fill(cr)
            cairo_restore(cr)
            return true
        }
        guard onClear, let bands else { return false }
        return paintCopied(cr, radius: r, bands: bands)
    }

    /// The clip's rectangles cut to the frame when none reaches into a rounded corner; nil when
    /// one does (or the clip is not exact).
    private func piecesAwayFromCorners(_ clip: ClipRegion, radius r: Double) -> [Rect]? {
        guard clip.isExact else { return nil }
        var pieces: [Rect] = []
        pieces.reserveCapacity(clip.rects.count)
        for c in clip.rects {
            let x0 = max(c.minX, frame.minX), x1 = min(c.maxX, frame.maxX)
            let y0 = max(c.minY, frame.minY), y1 = min(c.maxY, frame.maxY)
            guard x1 > x0, y1 > y0 else { continue }
            let piece = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            if r > 0 {
                let inCornerColumns = piece.minX < frame.minX + r || piece.maxX > frame.maxX - r
                let inCornerRows = piece.minY < frame.minY + r || piece.maxY > frame.maxY - r
                if inCornerColumns && inCornerRows { return nil }
            }
            pieces.append(piece)
        }
        return pieces
    }

    /// The device pixels of `rects` (user space) when the transform is a uniform scale and a
    /// translation and every edge lies on them (as a repaint region's do); else nil.
    private func devicePixels(_ rects: [Rect], _ cr: OpaquePointer) -> [(x0: Int, y0: Int, x1: Int, y1: Int)]? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.xx == m.yy else { return nil }
        return ImageBlend.deviceBoxes(rects, m)
    }

    /// On clear pixels: the rows between the corners copied from the colour, the two bands of
    /// rows that hold the corners copied from their images (`ShapeImages`: the rounded fill's
    /// pixels), split on whole device pixels. False when the transform is not a uniform scale and
    /// a translation, the corners leave no whole row between them, or a band's image is too
    /// large: nothing was drawn.
    private func paintCopied(_ cr: OpaquePointer, radius r: Double, bands shapes: ShapeImages) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.xx == m.yy else { return false }
        let s = m.xx
        let left = frame.minX * s + m.x0, right = frame.maxX * s + m.x0
        let top = frame.minY * s + m.y0, bottom = frame.maxY * s + m.y0
        let innerTop = (top + r * s).rounded(.up), innerBottom = (bottom - r * s).rounded(.down)
        guard innerBottom > innerTop else { return false }
        let x0 = left.rounded(.down), y0 = top.rounded(.down), y1 = bottom.rounded(.up)
        let width = right - left
        guard let topBand = shapes.band(.top, width: width, radius: r * s, edgeX: left - x0, edgeY: top - y0,
                                        rows: Int(innerTop - y0), color: color),
              let bottomBand = shapes.band(.bottom, width: width, radius: r * s, edgeX: left - x0, edgeY: bottom - innerBottom,
                                           rows: Int(y1 - innerBottom), color: color) else { return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        Paths.setSource(cr, color)
        cairo_rectangle(cr, left, innerTop, width, innerBottom - innerTop)
        cairo_fill(cr)
        for (image, y) in [(topBand, y0), (bottomBand, innerBottom)] {
            cairo_set_source_surface(cr, image, x0, y)
            cairo_rectangle(cr, x0, y, Double(cairo_image_surface_get_width(image)), Double(cairo_image_surface_get_height(image)))
            cairo_fill(cr)
        }
        cairo_restore(cr)
        return true
    }
}
