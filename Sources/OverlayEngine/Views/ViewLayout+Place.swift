// Placement: each parent gives its children frames inside its own, in paint order.

extension LayoutPass {
    /// Places node `index` with its first `level` modifiers applied into `frame`.
    mutating func place(_ index: Int, _ level: Int, _ frame: Rect, opacity: Double) {
        let entry = entries[index]
        if level > 0 {
            switch entry.node.modifiers[level - 1] {
            case .padding(let e):
                place(index, level - 1, Self.clamp(frame.inset(by: e), into: frame), opacity: opacity)
            case .frame(let f):
                let inner = size(index, level - 1, Self.frameProposal(f, ProposedSize(frame.size)))
                place(index, level - 1, Self.clamp(f.alignment.place(inner, in: frame), into: frame), opacity: opacity)
            case .background(let fill):
                emit(.background(fill), index, frame, opacity)
                place(index, level - 1, frame, opacity: opacity)
            case .shadow(let shadow):
                emit(.shadow(shadow), index, frame, opacity)
                place(index, level - 1, frame, opacity: opacity)
            case .border(let color, let width):
                place(index, level - 1, frame, opacity: opacity)
                emit(.border(color, width: width), index, frame, opacity)
            case .opacity(let value):
                place(index, level - 1, frame, opacity: opacity * min(1, max(0, value)))
            case .cornerRadius, .arrow:
                place(index, level - 1, frame, opacity: opacity)
            case .clipped:
                emit(.clip, index, frame, opacity)
                place(index, level - 1, frame, opacity: opacity)
                emit(.unclip, index, frame, opacity)
            }
            return
        }
        emit(.node(entry.node.kind), index, frame, opacity)
        switch entry.node.kind {
        case .vstack(let spacing, let alignment):
            placeStack(index, .vertical, spacing, alignment.unit, frame, opacity)
        case .hstack(let spacing, let alignment):
            placeStack(index, .horizontal, spacing, alignment.unit, frame, opacity)
        case .zstack(let alignment):
            for child in entry.children {
                let level = entries[child].node.modifiers.count
                let s = size(child, level, ProposedSize(frame.size))
                place(child, level, Self.clamp(alignment.place(s, in: frame), into: frame), opacity: opacity)
            }
        case .grid(let columns, let spacing, let rowSpacing):
            placeGrid(index, columns, spacing, rowSpacing, frame, opacity)
        case .button(_, let style):
            guard let label = entry.children.first else { return }
            let level = entries[label].node.modifiers.count
            let area = frame.inset(by: ViewLayout.labelInsets(style))
            let s = size(label, level, ProposedSize(area.size))
            place(label, level, Self.clamp(Alignment.center.place(s, in: area), into: frame), opacity: opacity)
        default:
            break
        }
    }

    private mutating func placeStack(_ index: Int, _ axis: StackAxis, _ spacing: Double, _ crossUnit: Double,
                                     _ frame: Rect, _ opacity: Double) {
        let children = entries[index].children
        let sizes = stackChildSizes(index, axis, spacing, ProposedSize(frame.size))
        var cursor = axis == .vertical ? frame.minY : frame.minX
        for (child, s) in zip(children, sizes) {
            let rect: Rect
            if axis == .vertical {
                rect = Rect(x: frame.minX + (frame.width - s.width) * crossUnit, y: cursor, width: s.width, height: s.height)
                cursor += s.height + spacing
            } else {
                rect = Rect(x: cursor, y: frame.minY + (frame.height - s.height) * crossUnit, width: s.width, height: s.height)
                cursor += s.width + spacing
            }
            place(child, entries[child].node.modifiers.count, Self.clamp(rect, into: frame), opacity: opacity)
        }
    }

    private mutating func placeGrid(_ index: Int, _ columns: [GridColumn], _ spacing: Double, _ rowSpacing: Double,
                                    _ frame: Rect, _ opacity: Double) {
        let g = gridMetrics(index, columns, spacing, rowSpacing, ProposedSize(frame.size))
        var xs: [Double] = [], x = frame.minX
        for w in g.widths { xs.append(x); x += w + spacing }
        var ys: [Double] = [], y = frame.minY
        for h in g.heights { ys.append(y); y += h + rowSpacing }
        let count = g.widths.count
        for (position, child) in entries[index].children.enumerated() {
            let cell = Rect(x: xs[position % count], y: ys[position / count],
                            width: g.widths[position % count], height: g.heights[position / count])
            let level = entries[child].node.modifiers.count
            let s = size(child, level, ProposedSize(cell.size))
            place(child, level, Self.clamp(Alignment.center.place(s, in: cell), into: frame), opacity: opacity)
        }
    }

    private mutating func emit(_ part: PlacedView.Part, _ index: Int, _ frame: Rect, _ opacity: Double) {
        let entry = entries[index]
        placed.append(PlacedView(part: part, frame: frame, index: index, parent: entry.parent, id: entry.node.id,
                                 cornerRadius: entry.cornerRadius, opacity: opacity))
    }

    /// `rect` moved and shrunk as little as needed to lie inside `bounds` (non-finite lengths take
    /// the bounds' length).
    static func clamp(_ rect: Rect, into bounds: Rect) -> Rect {
        let width = rect.width.isFinite ? min(max(0, rect.width), bounds.width) : bounds.width
        let height = rect.height.isFinite ? min(max(0, rect.height), bounds.height) : bounds.height
        let x = rect.minX.isFinite ? min(max(rect.minX, bounds.minX), bounds.maxX - width) : bounds.minX
        let y = rect.minY.isFinite ? min(max(rect.minY, bounds.minY), bounds.maxY - height) : bounds.minY
        return Rect(x: x, y: y, width: width, height: height)
    }
}
