import OverlayEngine

extension LaidOutView {
    /// The rectangles (root coordinates) where this tree paints differently from `before`
    /// (`ViewLayoutResult.changedRects`), with the control whose caret or focus changed; nil
    /// when the whole view must be repainted (another shape or size, other colours).
    public func changedRects(from before: LaidOutView) -> [Rect]? {
        guard look == before.look, var rects = layout.changedRects(from: before.layout) else { return nil }
        if focus?.index != before.focus?.index || focus?.caret != before.focus?.caret {
            let fields = Set([focus?.index, before.focus?.index].compactMap { $0 })
            let m = ViewLayoutResult.partInkMargin
            for part in layout.placed where fields.contains(part.index) {
                rects.append(part.frame.insetBy(dx: -m, dy: -m))
            }
        }
        return rects
    }
}
