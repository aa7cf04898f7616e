// An ordered list of view ids with O(1) append, O(log n) removal and amortised O(1) popFirst.

/// Ids kept in ascending order of a key that only ever grows on append (arrival or
/// appearance sequence). Removal leaves a tombstone; tombstones are compacted away
/// once they outnumber live ids, so a 10,000-view queue stays cheap to edit.
struct SequencedIDs: Sendable {
    private var keys: [UInt64] = []
    private var ids: [ViewID] = []
    private var alive: [Bool] = []
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Appends `id`; `key` must be larger than every key appended before.
    mutating func append(_ id: ViewID, key: UInt64) {
        precondition(keys.last.map { $0 < key } ?? true, "keys must increase")
        keys.append(key); ids.append(id); alive.append(true)
        count += 1
    }

    /// Removes `id` stored under `key`. Returns false when it is not present.
    @discardableResult
    mutating func remove(_ id: ViewID, key: UInt64) -> Bool {
        var lo = head, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        guard lo < keys.count, keys[lo] == key, ids[lo] == id, alive[lo] else { return false }
        alive[lo] = false
        count -= 1
        skipDeadHead()
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
