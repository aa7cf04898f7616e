/// What a redraw of a tree must repaint when the tree changed in place: where the parts whose
/// look changed (a bar's value, a text's words, a label that grew) were and are. Every part
/// paints within its frame (plus `partInkMargin`) except shadows, so that region holds every
/// pixel that differs. A change of shape (parts came or went, the root resized) or of a shadow
/// repaints the whole view.
extension ViewLayoutResult {
    /// How far past its frame a part may leave ink (antialiased edges, a text's last line).
    public static let partInkMargin = 1.0

    /// The rectangles (root coordinates) where these parts paint differently from `before`: the
    /// old and new frames of each part that changed, grown by `partInkMargin`; empty when nothing
    /// changed. Nil when the whole view must be repainted: another size or shape (parts added,
    /// removed or of another kind), a shadow changed, or the rectangles would cover as much as
    /// the view itself.
    public func changedRects(from before: ViewLayoutResult) -> [Rect]? {
        guard size == before.size, placed.count == before.placed.count else { return nil }
        var rects: [Rect] = []
        var area = 0.0
        for i in placed.indices where before.placed[i] != placed[i] {
            let old = before.placed[i], new = placed[i]
            guard old.index == new.index, old.parent == new.parent, old.kindCode == new.kindCode else { return nil }
            if case .shadow = new.part { return nil }
            for frame in old.frame == new.frame ? [new.frame] : [old.frame, new.frame] where frame.width > 0 && frame.height > 0 {
                let m = Self.partInkMargin
                let grown = Rect(x: frame.minX - m, y: frame.minY - m, width: frame.width + 2 * m, height: frame.height + 2 * m)
                area += grown.width * grown.height
                rects.append(grown)
            }
        }
        return area < size.width * size.height ? rects : nil
    }
}
