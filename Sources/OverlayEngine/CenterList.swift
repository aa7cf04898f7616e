// The notification centre's list: entries grouped by app, newest first, in a scrolled
// viewport. Only the rows meeting the viewport are laid out (a binary search over the rows'
// tops), so 10,000 entries cost the same per frame as ten.

/// One notification the centre lists: its id, its group (the app), and when it arrived.
public struct CenterEntry: Equatable, Sendable {
    public var id: UInt32
    public var group: String
    /// Any clock, the same for every entry: newer is larger.
    public var time: Double
    /// Entries with buttons are taller (a row of action buttons).
    public var hasButtons: Bool
    /// The row's height when it is not the kind's (an expanded entry, measured).
    public var height: Double?
    public init(id: UInt32, group: String, time: Double, hasButtons: Bool = false, height: Double? = nil) {
        self.id = id; self.group = group; self.time = time; self.hasButtons = hasButtons; self.height = height
    }
}

/// A row of the list: a group's heading or one entry. Its id is the one it is drawn and
/// hit-tested under (`CenterRowID`).
public struct CenterRow: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The heading of `groups[index]`, with its clear button (its close button).
        case group(Int)
        case entry(UInt32)
    }
    public var kind: Kind
    public var height: Double

    public var id: ViewID {
        switch kind {
        case .group(let index): CenterRowID.group(index)
        case .entry(let id): CenterRowID.entry(id)
        }
    }
}

/// Ids of what the centre draws; they never collide with the engine's (which stay below 2^32
/// in the daemon) nor with the "+N more" pill (`UInt64.max`).
public enum CenterRowID {
    static let entryBase: UInt64 = 1 << 48
    static let groupBase: UInt64 = 2 << 48
    /// The bar at the top of the centre (do-not-disturb, Clear all).
    public static let header = ViewID(3 << 48)

    public static func entry(_ id: UInt32) -> ViewID { ViewID(entryBase | UInt64(id)) }
    public static func group(_ index: Int) -> ViewID { ViewID(groupBase | UInt64(index)) }

    /// What a row id stands for; nil for ids that are not the centre's.
    public static func decode(_ id: ViewID) -> CenterRowRef? {
        if id == header { return .header }
        switch id.rawValue >> 48 {
        case 1: return .entry(UInt32(truncatingIfNeeded: id.rawValue))
        case 2: return .group(Int(id.rawValue & 0xFFFF_FFFF))
        default: return nil
        }
    }
}

/// A row of the notification centre by what it shows: the header, a group (by index) or an entry (by id).
public enum CenterRowRef: Equatable, Sendable {
    case header
    case group(Int)
    case entry(UInt32)
}

/// Row heights, measured by the presenter from its style (one line of summary and body).
public struct CenterRowHeights: Equatable, Sendable {
    /// The bar above the list (not scrolled).
    public var header: Double
    public var group: Double
    public var entry: Double
    public var entryWithButtons: Double
    public init(header: Double = 96, group: Double = 32, entry: Double = 84, entryWithButtons: Double = 124) {
        self.header = header; self.group = group; self.entry = entry; self.entryWithButtons = entryWithButtons
    }
}

/// The keys the centre understands beyond the drawer's (evdev codes in `init(evdevCode:)`).
public enum CenterKey: Equatable, Sendable {
    case up, down, pageUp, pageDown, home, end, enter, delete, escape

    /// KEY_UP 103, KEY_DOWN 108, KEY_PAGEUP 104, KEY_PAGEDOWN 109, KEY_HOME 102, KEY_END 107,
    /// KEY_ENTER 28 and KEY_KPENTER 96, KEY_DELETE 111, KEY_ESC 1; nil for others.
    public init?(evdevCode: UInt32) {
        switch evdevCode {
        case 103: self = .up
        case 108: self = .down
        case 104: self = .pageUp
        case 109: self = .pageDown
        case 102: self = .home
        case 107: self = .end
        case 28, 96: self = .enter
        case 111: self = .delete
        case 1: self = .escape
        default: return nil
        }
    }
}

/// What a key asks of the centre's owner.
public enum CenterKeyAction: Equatable, Sendable {
    /// Enter on an entry: its default action.
    case activate(UInt32)
    /// Delete on an entry: clear it.
    case clear(UInt32)
    /// Escape.
    case close
}

/// The notification centre's rows (a header, then each app's group and its entries, newest first) and where each one is.
public struct CenterList: Sendable {
    public private(set) var rows: [CenterRow] = []
    /// The groups, newest first; `CenterRow.Kind.group` indexes it.
    public private(set) var groups: [String] = []
    /// tops[i] is row i's top; tops[rows.count] the content height.
    private var tops: [Double] = [0]
    /// How far the content is scrolled up (0: the newest at the top).
    public private(set) var offset: Double = 0
    public var viewportHeight: Double = 0 { didSet { clampOffset() } }
    /// The keyboard-focused entry's row.
    public private(set) var focus: Int?
    /// Points a press moves vertically before it scrolls the list (less is a click).
    public static let dragSlop = 6.0

    public init() {}

    public var contentHeight: Double { tops[rows.count] }
    public var maximumOffset: Double { max(0, contentHeight - viewportHeight) }
    public var entryCount: Int { rows.count - groups.count }

    /// Replaces the entries: grouped (groups ordered by their newest entry), newest first in
    /// each group. The focused entry keeps its focus when it is still listed.
    public mutating func setEntries(_ entries: [CenterEntry], heights: CenterRowHeights) {
        let focused = focus.map { rows[$0].kind }
        var byGroup: [String: [CenterEntry]] = [:]
        for entry in entries { byGroup[entry.group, default: []].append(entry) }
        let newer = { (a: CenterEntry, b: CenterEntry) in (a.time, a.id) > (b.time, b.id) }
        var ordered = byGroup.map { (name: $0.key, entries: $0.value.sorted(by: newer)) }
        ordered.sort { newer($0.entries[0], $1.entries[0]) }
        groups = ordered.map(\.name)
        rows = []
        rows.reserveCapacity(entries.count + groups.count)
        tops = [0]
        tops.reserveCapacity(entries.count + groups.count + 1)
        for (index, group) in ordered.enumerated() {
            append(CenterRow(kind: .group(index), height: heights.group))
            for entry in group.entries {
                append(CenterRow(kind: .entry(entry.id),
                                 height: entry.height ?? (entry.hasButtons ? heights.entryWithButtons : heights.entry)))
            }
        }
        focus = focused.flatMap { kind in
            guard case .entry = kind else { return nil }
            return rows.firstIndex { $0.kind == kind }
        }
        clampOffset()
    }

    private mutating func append(_ row: CenterRow) {
        rows.append(row)
        tops.append(tops[tops.count - 1] + row.height)
    }

    public func top(of index: Int) -> Double { tops[index] }

    /// The rows meeting the viewport, in order (a binary search: O(log n)).
    public var visibleRange: Range<Int> {
        guard !rows.isEmpty, viewportHeight > 0 else { return 0..<0 }
        let first = firstRow(endingAfter: offset)
        var last = first
        while last < rows.count && tops[last] < offset + viewportHeight { last += 1 }
        return first..<last
    }

    /// The first row whose bottom is below `y`.
    private func firstRow(endingAfter y: Double) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if tops[mid + 1] <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The row at `y` points below the viewport's top; nil past the content.
    public func row(atViewportY y: Double) -> Int? {
        let index = firstRow(endingAfter: y + offset)
        return index < rows.count && y >= 0 && y < viewportHeight ? index : nil
    }

    /// The entry row of notification `id`.
    public func index(ofEntry id: UInt32) -> Int? { rows.firstIndex { $0.kind == .entry(id) } }

    // MARK: Scrolling

    public mutating func scroll(by delta: Double) { scroll(to: offset + delta) }

    public mutating func scroll(to y: Double) {
        offset = y
        clampOffset()
    }

    private mutating func clampOffset() { offset = min(max(0, offset), maximumOffset) }

    // MARK: Keyboard

    /// Up and Down move the focus between entries (scrolling it into view); Page Up and Page
    /// Down move it a viewport; Home and End to the first and last entry. Enter, Delete and
    /// Escape are for the owner.
    public mutating func keyPressed(_ key: CenterKey) -> CenterKeyAction? {
        switch key {
        case .escape: return .close
        case .enter, .delete:
            guard let focus, case .entry(let id) = rows[focus].kind else { return nil }
            if key == .delete { moveFocusAfterRemoving(focus) }
            return key == .enter ? .activate(id) : .clear(id)
        case .up: moveFocus(from: focus ?? rows.count, step: -1)
        case .down: moveFocus(from: focus ?? -1, step: 1)
        case .home:
            moveFocus(from: -1, step: 1)
            scroll(to: 0)
        case .end:
            moveFocus(from: rows.count, step: -1)
            scroll(to: maximumOffset)
        case .pageUp, .pageDown:
            let step = key == .pageUp ? -1 : 1
            let y = (focus.map { tops[$0] } ?? offset) + Double(step) * viewportHeight
            let target = firstRow(endingAfter: min(max(0, y), max(0, contentHeight - 1)))
            moveFocus(from: target - step, step: step)
        }
        return nil
    }

    /// Focuses the next entry from `start` in `step`'s direction (staying put at the ends).
    private mutating func moveFocus(from start: Int, step: Int) {
        var i = start + step
        while i >= 0 && i < rows.count {
            if case .entry = rows[i].kind {
                focus = i
                reveal(i)
                return
            }
            i += step
        }
    }

    /// The entry after a removed one (else before it) takes the focus.
    private mutating func moveFocusAfterRemoving(_ index: Int) {
        let before = focus
        moveFocus(from: index, step: 1)
        if focus == before { moveFocus(from: index, step: -1) }
        if focus == before { focus = nil }
    }

    /// Scrolls the least that shows row `index` whole.
    public mutating func reveal(_ index: Int) {
        if tops[index] < offset { scroll(to: tops[index]) }
        else if tops[index + 1] > offset + viewportHeight { scroll(to: tops[index + 1] - viewportHeight) }
    }

    /// The focused entry's id.
    public var focusedEntry: UInt32? {
        guard let focus, case .entry(let id) = rows[focus].kind else { return nil }
        return id
    }
}
