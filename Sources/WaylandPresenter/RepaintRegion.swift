import OverlayEngine

/// One item as a surface last drew it: where it was, where it left ink, and which revision of
/// its content it showed.
struct DrawnItem: Equatable {
    var item: RenderItem
    var ink: Rect
    var revision: Int
}

/// What a frame must repaint, given what the frame before it drew: the ink of every item that
/// is new, moved, faded or whose content changed, and the ink each of them (and every item
/// gone since) left where it was. An item that did not change is repainted only where that
/// region meets it; a pill counting down or one toast fading in leaves the others alone.
enum RepaintRegion {
    static func changes(from before: [ViewID: DrawnItem], to now: [DrawnItem]) -> [Rect] {
        var region: [Rect] = []
        var present = Set<ViewID>()
        present.reserveCapacity(now.count)
        for drawn in now {
            present.insert(drawn.item.id)
            if let old = before[drawn.item.id] {
                if old == drawn { continue }
                region.append(old.ink)
            }
            region.append(drawn.ink)
        }
        for (id, old) in before where !present.contains(id) { region.append(old.ink) }
        return region
    }
}
