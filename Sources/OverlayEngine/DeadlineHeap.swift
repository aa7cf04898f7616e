// A binary min-heap of (deadline, view id), for the auto-dismiss deadlines of waiting views.

/// Entries are never removed from the middle: the owner pops entries that no longer hold
/// (the view left the queue, or its deadline moved) when they reach the top, so every
/// edit stays O(log n) however many views wait.
struct DeadlineHeap: Sendable {
    struct Item: Sendable {
        var deadline: Double
        var id: ViewID
    }

    private var items: [Item] = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }
    /// Items reserved.
    var reservedCapacity: Int { items.capacity }
    var top: Item? { items.first }

    mutating func push(_ deadline: Double, _ id: ViewID) {
        items.append(Item(deadline: deadline, id: id))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].deadline < items[parent].deadline else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func popTop() -> Item? {
        guard !items.isEmpty else { return nil }
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count && items[left].deadline < items[smallest].deadline { smallest = left }
                if right < items.count && items[right].deadline < items[smallest].deadline { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }
}
