// Frames for a container's views: stacking, or a row/column group with spacing.

/// One view to place: its measured size, its alignment (stacking only) and its slot
/// weight: 1 when fully in, shrinking to 0 as it transitions out, so siblings slide.
public struct LayoutItem: Equatable, Sendable {
    public var size: Size
    public var alignment: Alignment
    public var weight: Double
    /// Stacking: a fixed top-left corner (container coordinates) that overrides the alignment.
    public var position: Point?
    public init(size: Size, alignment: Alignment = .center, weight: Double = 1, position: Point? = nil) {
        self.size = size; self.alignment = alignment; self.weight = weight; self.position = position
    }
}

/// Where a container's views go: its content bounds, and each view's frame for its display type.
public enum Layout {
    /// The rectangle views are laid out in: the container minus the safe area edges it
    /// does not ignore, minus its insets.
    public static func contentBounds(containerSize: Size, safeArea: EdgeInsets,
                                     ignoring policy: SafeAreaPolicy, insets: EdgeInsets) -> Rect {
        let safe = EdgeInsets(top: policy.ignores(.top) ? 0 : safeArea.top,
                              leading: policy.ignores(.leading) ? 0 : safeArea.leading,
                              bottom: policy.ignores(.bottom) ? 0 : safeArea.bottom,
                              trailing: policy.ignores(.trailing) ? 0 : safeArea.trailing)
        return Rect(origin: .zero, size: containerSize).inset(by: safe).inset(by: insets)
    }

    /// Frames for `items`, given oldest first; the result is in the same order.
    /// Stacking: each item at its own alignment. Horizontal/vertical: a group at
    /// `groupAlignment` with `spacing` (negative overlaps), newest at the anchored edge
    /// (bottom/trailing for bottom/trailing alignments, top/leading otherwise).
    public static func frames(_ items: [LayoutItem], displayType: DisplayType,
                              groupAlignment: Alignment, spacing: Double, in bounds: Rect) -> [Rect] {
        switch displayType {
        case .stacking:
            return items.map { item in
                item.position.map { Rect(origin: $0, size: item.size) } ?? item.alignment.place(item.size, in: bounds)
            }
        case .vertical:
            return group(items, vertical: true, alignment: groupAlignment, spacing: spacing, in: bounds)
        case .horizontal:
            return group(items, vertical: false, alignment: groupAlignment, spacing: spacing, in: bounds)
        }
    }

    /// Main axis along y when `vertical`, x otherwise; everything else is symmetric.
    private static func group(_ items: [LayoutItem], vertical: Bool, alignment: Alignment,
                              spacing: Double, in bounds: Rect) -> [Rect] {
        let mainUnit = vertical ? alignment.unitY : alignment.unitX
        let crossUnit = vertical ? alignment.unitX : alignment.unitY
        let anchoredAtEnd = mainUnit == 1
        let boundsMain = vertical ? bounds.minY : bounds.minX
        let boundsMainLength = vertical ? bounds.height : bounds.width
        let boundsCross = vertical ? bounds.minX : bounds.minY
        let boundsCrossLength = vertical ? bounds.width : bounds.height

        // Extent of the group: Σ wᵢ·lengthᵢ + spacing·(Σ wᵢ − 1), clamped at zero.
        var weightSum = 0.0, lengthSum = 0.0
        for item in items {
            let w = min(1, max(0, item.weight))
            weightSum += w
            lengthSum += w * (vertical ? item.size.height : item.size.width)
        }
        let extent = max(0, lengthSum + spacing * max(0, weightSum - 1))
        let groupStart = boundsMain + (boundsMainLength - extent) * mainUnit

        var frames = [Rect](repeating: .zero, count: items.count)
        var cursor = 0.0
        for i in stride(from: items.count - 1, through: 0, by: -1) {   // newest first
            let item = items[i]
            let length = vertical ? item.size.height : item.size.width
            let crossLength = vertical ? item.size.width : item.size.height
            let main = anchoredAtEnd ? groupStart + extent - cursor - length : groupStart + cursor
            let cross = boundsCross + (boundsCrossLength - crossLength) * crossUnit
            frames[i] = vertical
                ? Rect(x: cross, y: main, width: item.size.width, height: item.size.height)
                : Rect(x: main, y: cross, width: item.size.width, height: item.size.height)
            cursor += min(1, max(0, item.weight)) * (length + spacing)
        }
        return frames
    }

    /// How many of a row's or column's views, oldest first as laid out in `frames`, are left out
    /// so that the others lie wholly inside `bounds` along its axis: the oldest, from the first
    /// one (walking from the newest) that crosses an edge. The newest is never left out: a view
    /// larger than the bounds shows cut rather than not at all.
    static func leftOut(_ frames: [Rect], vertical: Bool, in bounds: Rect) -> Int {
        let slack = 0.5
        for i in stride(from: frames.count - 2, through: 0, by: -1) {
            let f = frames[i]
            let inside = vertical ? f.minY >= bounds.minY - slack && f.maxY <= bounds.maxY + slack
                                  : f.minX >= bounds.minX - slack && f.maxX <= bounds.maxX + slack
            if !inside { return i + 1 }
        }
        return 0
    }

    /// `bounds` less `length` at the end of the axis away from the anchor (the top for a
    /// bottom-anchored column): where an overflow indicator goes.
    static func keepingRoom(_ length: Double, in bounds: Rect, vertical: Bool, anchoredAtEnd: Bool) -> Rect {
        var r = bounds
        let cut = min(length, vertical ? r.height : r.width)
        if vertical {
            r.size.height -= cut
            if anchoredAtEnd { r.origin.y += cut }
        } else {
            r.size.width -= cut
            if anchoredAtEnd { r.origin.x += cut }
        }
        return r
    }
}
