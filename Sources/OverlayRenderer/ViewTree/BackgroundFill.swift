import CCairo
import OverlayEngine

/// A view's plain rounded background, filled the cheap way the clip and the pixels under it allow.
///
/// - A clip that keeps away from the rounded corners (a repaint of a few parts) is filled as
///   plain rectangles, the pixels a rounded fill gives there with no curve to rasterise.
/// - On clear pixels (`onClear`: nothing drawn under the frame yet this frame) colour is copied
///   (Cairo's SOURCE operator, a plain fill) instead of blended (OVER, about 5 instructions a pixel
///   at any opacity): over transparent pixels both give the colour times its coverage. A rounded
///   background on clear pixels is copied between its corner rows and filled rounded in the two
///   bands of rows that hold the corners, split on whole device pixels so no pixel is drawn twice.
struct BackgroundFill {
    var frame: Rect
    var radius: Double
    var color: Color

    /// Fills the background; false when none of the cheap ways applies (nothing was drawn: fill
    /// the rounded path).
    func paint(_ cr: OpaquePointer, clip: ClipRegion, onClear: Bool) -> Bool {
        guard frame.width > 0, frame.height > 0, color.alpha > 0 else { return true }
        let r = min(max(0, radius), frame.width / 2, frame.height / 2)
        if let pieces = piecesAwayFromCorners(clip, radius: r) {
            guard !pieces.isEmpty else { return true }  // nothing of the frame shows in the clip
            cairo_save(cr)
            if onClear { cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE) }
            Paths.setSource(cr, color)
            for piece in pieces { cairo_rectangle(cr, piece.minX, piece.minY, piece.width, piece.height) }
            cairo_fill(cr)
            cairo_restore(cr)
            return true
        }
        return onClear && paintBands(cr, radius: r)
    }

    /// The clip's rectangles cut to the frame when none reaches into a rounded corner; nil when
    /// one does (or the clip is not exact).
    private func piecesAwayFromCorners(_ clip: ClipRegion, radius r: Double) -> [Rect]? {
        guard clip.isExact else { return nil }
        var pieces: [Rect] = []
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

    /// On clear pixels: the rows between the corners copied, the two bands of corner rows filled
    /// rounded. False when the transform is not a scale and a translation or the corners leave
    /// no whole row between them.
    private func paintBands(_ cr: OpaquePointer, radius r: Double) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return false }
        let top = frame.minY * m.yy + m.y0, bottom = frame.maxY * m.yy + m.y0
        let innerTop = ((frame.minY + r) * m.yy + m.y0).rounded(.up), innerBottom = ((frame.maxY - r) * m.yy + m.y0).rounded(.down)
        guard innerBottom > innerTop else { return false }
        let left = frame.minX * m.xx + m.x0, right = frame.maxX * m.xx + m.x0
        cairo_save(cr)
        Paths.setSource(cr, color)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_rectangle(cr, left, innerTop, right - left, innerBottom - innerTop)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        for (y0, y1) in [(top.rounded(.down), innerTop), (innerBottom, bottom.rounded(.up))] {
            cairo_save(cr)
            cairo_rectangle(cr, left.rounded(.down), y0, right.rounded(.up) - left.rounded(.down), y1 - y0)
            cairo_clip(cr)
            cairo_set_matrix(cr, &m)
            Paths.roundedRect(cr, frame, radius: r)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        cairo_restore(cr)
        return true
    }
}
