/// What a redraw of a tree must repaint when the tree changed in place: where the parts whose
/// look changed (a text's words, a label that grew) were and are, and of a bar whose value
/// alone changed, the columns between its old and new fill's ends. Every part
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
        func add(_ frame: Rect) {
            guard frame.width > 0 && frame.height > 0 else { return }
            let m = Self.partInkMargin
            let grown = Rect(x: frame.minX - m, y: frame.minY - m, width: frame.width + 2 * m, height: frame.height + 2 * m)
            area += grown.width * grown.height
            rects.append(grown)
        }
        let whole = withParts(before) { parts, oldParts in
            for i in parts.indices where oldParts[i] != parts[i] {
                guard oldParts[i].index == parts[i].index, oldParts[i].parent == parts[i].parent,
                      oldParts[i].kindCode == parts[i].kindCode else { return true }
                if case .shadow = parts[i].part { return true }
                if let span = parts[i].barSpan(from: oldParts[i]) {
                    add(span)
                    continue
                }
                if oldParts[i].frame != parts[i].frame { add(oldParts[i].frame) }
                add(parts[i].frame)
            }
            return false
        }
        return !whole && area < size.width * size.height ? rects : nil
    }
}

extension PlacedView {
    /// The filled fraction (0…1) of a bar of `value` out of `total`, as it is drawn.
    public static func barFraction(_ value: Double, of total: Double) -> Double {
        total > 0 && value.isFinite ? min(1, max(0, value / total)) : 0
    }

    /// Where this progress bar, changed from `old` in its value alone, paints differently: the
    /// columns between the two fills' ends (the track and the fill either side are as they
    /// were). Nil for any other part or change.
    func barSpan(from old: PlacedView) -> Rect? {
        guard case .node(.progressBar(let v1, let t1)) = part, case .node(.progressBar(let v0, let t0)) = old.part,
              frame == old.frame, opacity == old.opacity, cornerRadius == old.cornerRadius else { return nil }
        let x0 = frame.minX + frame.width * Self.barFraction(v0, of: t0)
        let x1 = frame.minX + frame.width * Self.barFraction(v1, of: t1)
        return Rect(x: min(x0, x1), y: frame.minY, width: abs(x1 - x0), height: frame.height)
    }
}
