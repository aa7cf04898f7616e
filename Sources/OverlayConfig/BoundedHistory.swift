import DequeModule

/// The last `capacity` items, oldest first. Appending at capacity drops the oldest in O(1).
public struct BoundedHistory<Element> {
    public private(set) var items: Deque<Element> = []
    public var capacity: Int { didSet { trim() } }

    public init(capacity: Int) { self.capacity = max(0, capacity) }

    public mutating func append(_ item: Element) {
        items.append(item)
        trim()
    }

    /// Removes and returns the newest item.
    public mutating func popLast() -> Element? { items.popLast() }

    /// Removes and returns the newest item that satisfies `predicate`.
    public mutating func removeLast(where predicate: (Element) -> Bool) -> Element? {
        guard let index = items.lastIndex(where: predicate) else { return nil }
        return items.remove(at: index)
    }

    /// Removes every item that satisfies `predicate`.
    public mutating func removeAll(where predicate: (Element) -> Bool) { items.removeAll(where: predicate) }
    /// Changes the item at `index` in place.
    public mutating func update(at index: Int, _ change: (inout Element) -> Void) {
        change(&items[index])
    }

    private mutating func trim() {
        let capacity = max(0, self.capacity)
        if items.count > capacity { items.removeFirst(items.count - capacity) }
    }
}
