import OverlayEngine

/// The creation times of a set of notifications, kept sorted, so that how many came at or after
/// a moment (the centre's unread count) is one binary search. Its owner adds and removes a time
/// wherever a notification joins or leaves the set, so nothing is counted again per Notify.
/// Times mostly come in order: adding the newest is O(1); removing one is O(log n) plus moving
/// the later ones. It holds one time per member of the set it follows (the open notifications,
/// at most the registry's; or the history, at most `history-size`).
struct CreationTimes: Equatable {
    private(set) var sorted: [Double] = []

    init() {}

    init<S: Sequence>(_ times: S) where S.Element == Double {
        sorted = times.map(Self.key).sorted()
    }

    var count: Int { sorted.count }

    mutating func insert(_ time: Double) {
        let key = Self.key(time)
        if let last = sorted.last, last > key {
            sorted.insert(key, at: firstIndex(notBelow: key))
        } else {
            sorted.append(key)
        }
    }

    /// Removes one occurrence of `time`; false when it is not there.
    @discardableResult
    mutating func remove(_ time: Double) -> Bool {
        let key = Self.key(time)
        let index = firstIndex(notBelow: key)
        guard index < sorted.count, sorted[index] == key else { return false }
        sorted.remove(at: index)
        sorted.shrinkIfSparse()  // a drained flood gives its storage back
        return true
    }

    /// How many times are at or after `time`.
    func count(since time: Double) -> Int { sorted.count - firstIndex(notBelow: Self.key(time)) }

    private func firstIndex(notBelow key: Double) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// NaN (a damaged history file) sorts first, like the oldest time: never unread.
    private static func key(_ time: Double) -> Double { time.isNaN ? -.infinity : time }
}
