// An ordered list of view ids with O(1) append, O(log n) removal and amortised O(1) popFirst.

/// Ids kept in ascending order of a unique key (arrival sequence), mostly added at the end. Removal leaves a tombstone; tombstones are compacted away
/// once they outnumber live ids, so a 10,000-view queue stays cheap to edit.
struct SequencedIDs: Sendable {
    private var keys: [UInt64] = []
    private var ids: [ViewID] = []
    private var alive: [Bool] = []
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }
    /// Slots reserved, live or not.
    var reservedCapacity: Int { keys.capacity }

    /// Appends `id`; `key` must be larger than every key appended before.
    mutating func append(_ id: ViewID, key: UInt64) {
        precondition(keys.last.map { $0 < key } ?? true, "keys must increase")
        keys.append(key); ids.append(id); alive.append(true)
        count += 1
    }

    /// Inserts `id` under `key`, which no live id holds. O(1) past either end or into its
    /// own tombstone, O(count) elsewhere.
    mutating func insert(_ id: ViewID, key: UInt64) {
        if count == 0 {
            keys.removeAll(keepingCapacity: true); ids.removeAll(keepingCapacity: true)
            alive.removeAll(keepingCapacity: true); head = 0
        }
        if count == 0 || keys.last! < key { return append(id, key: key) }
        if key < keys[head], head > 0 {
            // Slots before head are dead and never searched: reuse the last one.
            head -= 1
            keys[head] = key; ids[head] = id; alive[head] = true
            count += 1
            return
        }
        let i = position(of: key)
        if i < keys.count, keys[i] == key {
            // The tombstone of an id that left under this key: it comes back in place.
            precondition(!alive[i], "key already present")
            ids[i] = id; alive[i] = true
            count += 1
            return
        }
        keys.insert(key, at: i); ids.insert(id, at: i); alive.insert(true, at: i)
        count += 1
    }

    /// True when `id` is live under `key`.
    func contains(_ id: ViewID, key: UInt64) -> Bool {
        let i = position(of: key)
        return i < keys.count && keys[i] == key && ids[i] == id && alive[i]
    }

    /// First index from head whose key is not below `key`.
    private func position(of key: UInt64) -> Int {
        var lo = head, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Removes `id` stored under `key`. Returns false when it is not present.
    @discardableResult
    mutating func remove(_ id: ViewID, key: UInt64) -> Bool {
        let lo = position(of: key)
        guard lo < keys.count, keys[lo] == key, ids[lo] == id, alive[lo] else { return false }
        alive[lo] = false
        count -= 1
        skipDeadHead()
        dropDeadTail()
        compactIfSparse()
        return true
    }

    var first: ViewID? { count == 0 ? nil : ids[head] }

    mutating func popFirst() -> ViewID? {
        guard count > 0 else { return nil }
        let id = ids[head]
        alive[head] = false
        count -= 1
        skipDeadHead()
        compactIfSparse()
        return id
    }

    /// Live ids in key order.
    var elements: [ViewID] {
        var out: [ViewID] = []
        out.reserveCapacity(count)
        forEach { out.append($0) }
        return out
    }

    func forEach(_ body: (ViewID) -> Void) {
        var i = head
        while i < ids.count {
            if alive[i] { body(ids[i]) }
            i += 1
        }
    }

    /// Last live id (largest key).
    var last: ViewID? {
        var i = ids.count - 1
        while i >= head {
            if alive[i] { return ids[i] }
            i -= 1
        }
        return nil
    }

    /// Last live id (largest key) that satisfies `predicate`, scanning back from the end.
    func last(where predicate: (ViewID) -> Bool) -> ViewID? {
        var i = ids.count - 1
        while i >= head {
            if alive[i], predicate(ids[i]) { return ids[i] }
            i -= 1
        }
        return nil
    }

    /// True when `key`, a live id's, is among the `n` largest live keys. Scans back from the end
    /// over at most `n` live ids (and the tombstones between them).
    func isAmongLast(_ n: Int, key: UInt64) -> Bool {
        var i = ids.count - 1, seen = 0
        while i >= head, seen < n {
            if alive[i] {
                if keys[i] <= key { return true }
                seen += 1
            }
            i -= 1
        }
        return false
    }

    /// Keeps `last` O(1) when ids leave from the end.
    private mutating func dropDeadTail() {
        while keys.count > head, !alive[keys.count - 1] {
            keys.removeLast(); ids.removeLast(); alive.removeLast()
        }
    }

    private mutating func skipDeadHead() {
        while head < alive.count && !alive[head] { head += 1 }
    }

    private mutating func compactIfSparse() {
        let dead = keys.count - count
        guard dead > 32 && dead > count else { return }
        var k: [UInt64] = [], d: [ViewID] = []
        k.reserveCapacity(count * 2); d.reserveCapacity(count * 2)
        for i in head..<keys.count where alive[i] {
            k.append(keys[i]); d.append(ids[i])
        }
        keys = k; ids = d
        alive = Array(repeating: true, count: k.count)
        head = 0
    }
}
