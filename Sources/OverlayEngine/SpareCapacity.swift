// Giving back the storage a burst grew. Swift's dictionaries and arrays never shrink when
// elements leave, so after a flood of a thousand views their storage (hundreds of bytes a view)
// stays reserved while the daemon idles. These rebuild it once most of it is unused.

/// Below this capacity storage is kept as it is while anything is in it; an empty one gives
/// its storage back whatever its capacity (64 records of a few hundred bytes are tens of KiB).
public let spareCapacityFloor = 64

extension Dictionary {
    /// Rebuilds the storage at twice the count when under a quarter of its capacity is used
    /// (and the capacity is above `floor`); an empty one keeps no storage. O(1) when nothing is
    /// done; a rebuild costs O(count) and happens only after three quarters of the capacity
    /// emptied, so removals stay O(1) amortised. Inlinable: specialized where it is called, it
    /// is a few comparisons; through a generic call from another module it cost thousands of
    /// instructions a call.
    @inlinable public mutating func shrinkIfSparse(floor: Int = spareCapacityFloor) {
        if isEmpty { if capacity > 0 { self = [:] }; return }
        guard capacity > floor, count < capacity / 4 else { return }
        var smaller = Dictionary(minimumCapacity: count * 2)
        for (key, value) in self { smaller[key] = value }
        self = smaller
    }
}

extension Set {
    /// As `Dictionary.shrinkIfSparse`: a copy at twice the count when under a quarter is used,
    /// no storage when empty.
    public mutating func shrinkIfSparse(floor: Int = spareCapacityFloor) {
        if isEmpty { if capacity > 0 { self = [] }; return }
        guard capacity > floor, count < capacity / 4 else { return }
        var smaller = Set(minimumCapacity: count * 2)
        for member in self { smaller.insert(member) }
        self = smaller
    }
}

extension Array {
    /// As `Dictionary.shrinkIfSparse`: a copy at twice the count when under a quarter is used,
    /// no storage when empty. Inlinable, as the dictionary's.
    @inlinable public mutating func shrinkIfSparse(floor: Int = spareCapacityFloor) {
        if isEmpty { if capacity > 0 { self = [] }; return }
        guard capacity > floor, count < capacity / 4 else { return }
        var smaller: [Element] = []
        smaller.reserveCapacity(count * 2)
        smaller.append(contentsOf: self)
        self = smaller
    }
}

extension SequencedIDs {
    /// A fresh list once every id left and the storage is above the floor.
    mutating func releaseStorageIfEmpty() {
        if isEmpty && reservedCapacity > spareCapacityFloor { self = SequencedIDs() }
    }
}

extension DeadlineHeap {
    /// A fresh heap once empty and the storage is above the floor.
    mutating func releaseStorageIfEmpty() {
        if isEmpty && reservedCapacity > spareCapacityFloor { self = DeadlineHeap() }
    }
}

extension ContainerState {
    /// Gives back what a burst reserved: the views' storage once mostly unused, the id lists
    /// and deadline heaps once empty. O(1) unless there is something to give back.
    mutating func releaseSpareCapacity() {
        entries.shrinkIfSparse()
        queue.releaseStorageIfEmpty()
        drawn.releaseStorageIfEmpty()
        normalShowing.releaseStorageIfEmpty()
        pinnedShowing.releaseStorageIfEmpty()
        hidden.releaseStorageIfEmpty()
        pinnedHidden.releaseStorageIfEmpty()
        waitingDeadlines.releaseStorageIfEmpty()
        hiddenDeadlines.releaseStorageIfEmpty()
        showingDeadlines.releaseStorageIfEmpty()
        removalEnds.releaseStorageIfEmpty()
    }

    /// Bytes reserved for views and their ordering (tests).
    var reservedViewCapacity: Int { entries.capacity }
}
