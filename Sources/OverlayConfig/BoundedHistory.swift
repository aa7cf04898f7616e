import DequeModule

/// The last `capacity` items, oldest first. Appending at capacity drops the oldest in O(1).
/// Inlinable: its owner's module specializes it for its element (a generic call per method from
/// another module costs more than the method).
public struct BoundedHistory<Element> {
    @usableFromInline var storage: Deque<Element> = []
    public var capacity: Int { didSet { trim() } }

    @inlinable public init(capacity: Int) { self.capacity = max(0, capacity) }

    @inlinable public var items: Deque<Element> { storage }

    @inlinable public mutating func append(_ item: Element) {
        storage.append(item)
        trim()
    }

    /// Removes and returns the newest item.
    @inlinable public mutating func popLast() -> Element? { storage.popLast() }

    /// Removes and returns the newest item that satisfies `predicate`.
    @inlinable public mutating func removeLast(where predicate: (Element) -> Bool) -> Element? {
        guard let index = storage.lastIndex(where: predicate) else { return nil }
        return storage.remove(at: index)
    }

    /// Removes every item that satisfies `predicate`.
    @inlinable public mutating func removeAll(where predicate: (Element) -> Bool) { storage.removeAll(where: predicate) }
    /// Changes the item at `index` in place.
    @inlinable public mutating func update(at index: Int, _ change: (inout Element) -> Void) {
        change(&storage[index])
    }

    @inlinable mutating func trim() {
        let capacity = max(0, self.capacity)
        if storage.count > capacity { storage.removeFirst(storage.count - capacity) }
    }
}
