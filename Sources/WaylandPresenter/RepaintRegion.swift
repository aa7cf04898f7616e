import OverlayEngine
import OverlayRenderer

/// One item as a surface last drew it: where it was, where it left ink, and which revision of
/// its content it showed. A view tree keeps the tree drawn and its settings, so a tree changed
/// in place repaints only its changed parts.
struct DrawnItem: Equatable {
    var item: RenderItem
    var ink: Rect
    var revision: Int
    /// The tree and settings, shared: a frame copies its items' records several times.
    private let content: DrawnContent?
    var tree: LaidOutView? { content?.tree }
    var configuration: ResolvedViewConfiguration? { content?.configuration }

    init(item: RenderItem, ink: Rect, revision: Int, tree: LaidOutView? = nil, configuration: ResolvedViewConfiguration? = nil) {
        self.item = item
        self.ink = ink
        self.revision = revision
        content = tree == nil && configuration == nil ? nil : DrawnContent(tree: tree, configuration: configuration)
    }

    /// The parts of the tree that paint differently from `old`'s, and the tree's size, when the
    /// tree changed in place under the same settings (read where they are shared, not copied);
    /// nil when the whole item must be repainted.
    func changedTreeParts(from old: DrawnItem) -> (rects: [Rect], size: Size)? {
        guard let content, let oldContent = old.content else { return nil }
        return content.changedParts(from: oldContent)
    }

    /// The tree is known by its revision: equal items need not compare their trees.
    static func == (a: DrawnItem, b: DrawnItem) -> Bool {
        a.item == b.item && a.ink == b.ink && a.revision == b.revision
    }
}

/// What a drawn item's view showed: its tree and settings.
private final class DrawnContent {
    let tree: LaidOutView?
    let configuration: ResolvedViewConfiguration?
    init(tree: LaidOutView?, configuration: ResolvedViewConfiguration?) {
        self.tree = tree
        self.configuration = configuration
    }

    func changedParts(from old: DrawnContent) -> (rects: [Rect], size: Size)? {
        // Read through optional chaining, in place: binding the trees would copy them.
        guard configuration == old.configuration, let size = tree?.size, tree?.rootCornerRadius == old.tree?.rootCornerRadius,
              let rects = old.tree.flatMap({ tree?.changedRects(from: $0) }) else { return nil }
        return (rects, size)
    }
}

/// What a frame must repaint, given what the frame before it drew: the ink of every item that
/// is new, moved, faded or whose content changed, and the ink each of them (and every item
/// gone since) left where it was. An item that did not change is repainted only where that
/// region meets it; a pill counting down or one toast fading in leaves the others alone. A view
/// tree that changed in place where it stands (a bar's value, a label) repaints only those parts.
enum RepaintRegion {
    static func changes(from before: [ViewID: DrawnItem], to now: [DrawnItem]) -> [Rect] {
        var region: [Rect] = []
        for drawn in now {
            if let old = before[drawn.item.id] {
                if old == drawn { continue }
                if let parts = changedParts(from: old, to: drawn) {
                    region += parts
                    continue
                }
                region.append(old.ink)
            }
            region.append(drawn.ink)
        }
        // Items gone since: a surface shows few, so they are looked for in the list (no set to build).
        for (id, old) in before where !now.contains(where: { $0.item.id == id }) { region.append(old.ink) }
        return region
    }

    /// `rects` without those another of them covers (of equal ones, the first stays), those of
    /// one row that overlap or touch joined: frames in a row repaint the same parts or spans next
    /// to each other (a moving bar), and each rectangle costs the clip, the painter and the
    /// damage request. Lists longer than `coverCheckLimit` are returned as they are.
    static func withoutCovered(_ rects: [Rect]) -> [Rect] {
        guard rects.count > 1, rects.count <= coverCheckLimit else { return rects }
        let rects = joinedInRows(rects)
        var kept: [Rect] = []
        kept.reserveCapacity(rects.count)
        for (i, r) in rects.enumerated() {
            let covered = rects.indices.contains { j in
                let c = rects[j]
                return j != i && c.contains(r) && (c != r || j < i)
            }
            if !covered { kept.append(r) }
        }
        return kept
    }

    static let coverCheckLimit = 16

    /// `rects` with each that has the top and bottom of one before it and overlaps or touches it
    /// joined to it: their union, no larger than the two.
    private static func joinedInRows(_ rects: [Rect]) -> [Rect] {
        var joined: [Rect] = []
        joined.reserveCapacity(rects.count)
        for r in rects {
            guard let k = joined.firstIndex(where: { $0.minY == r.minY && $0.maxY == r.maxY && $0.minX <= r.maxX && r.minX <= $0.maxX })
            else {
                joined.append(r)
                continue
            }
            let minX = min(joined[k].minX, r.minX), maxX = max(joined[k].maxX, r.maxX)
            joined[k] = Rect(x: minX, y: r.minY, width: maxX - minX, height: r.height)
        }
        return joined
    }

    /// Where a tree that changed in place, and nothing else about its item, paints differently
    /// (surface coordinates, within its ink); nil when the whole item must be repainted.
    static func changedParts(from old: DrawnItem, to new: DrawnItem) -> [Rect]? {
        guard old.item == new.item, old.ink == new.ink, let (rects, size) = new.changedTreeParts(from: old) else { return nil }
        let item = new.item, s = item.scale
        let origin = item.frame.origin + item.offset
        let ax = item.scaleAnchor.x * size.width, ay = item.scaleAnchor.y * size.height
        return rects.map { r in
            Rect(x: origin.x + ax + (r.minX - ax) * s, y: origin.y + ay + (r.minY - ay) * s, width: r.width * s, height: r.height * s)
        }
    }
}
