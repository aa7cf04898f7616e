// Groups of views sharing a key (`ViewConfiguration.groupKey`) in a multiple container with a
// `groupThreshold`: once that many members are showing they stack into one card under a header,
// and the stack takes one of the container's `maximumVisible` slots however many it holds.
//
// Bookkeeping is per show and dismissal: one dictionary lookup and one ordered insert/remove
// (O(1) at the ends, which is where the newest arrive). `slotsUsed` stays a counter.

/// One group's showing members and whether the user expanded it.
struct GroupState: Sendable {
    /// Showing members, ascending order (the newest is last: the top card).
    var members = SequencedIDs()
    /// Stacked under a header: `members.count >= threshold`, kept after the last member leaves so
    /// the leaving cards go out where the stack was.
    var stacked = false
    /// Every member is being dismissed together: the stack stays whole while they go.
    var dissolving = false
    var expanded = false
    /// While the pointer is over the header: the members whose countdowns it paused.
    var hoverPaused: [ViewID]?
    /// When `expanded` last changed, and the expansion progress it sprang from.
    var toggledAt = -Double.infinity
    var fromProgress = 0.0
    /// Names the header in render lists (`ViewID.groupHeader(serial:)`).
    let serial: UInt64

    /// The spring that opens and closes a stack.
    static let spring = Spring(response: 0.35, dampingFraction: 0.78)
    static let springDuration = spring.settlingDuration()

    init(serial: UInt64) { self.serial = serial }

    /// Adds a showing member. Returns the change in the slots the group saves at the container's
    /// `threshold` (nil: nothing stacks). Called in place (`groups.values[g].join`): reading the
    /// group out of its table would copy it.
    /// A member joining a dissolving stack (one hidden for the stack's room, coming back as the
    /// others leave) stops the dissolve: the stack stays only while enough members are left.
    mutating func join(_ id: ViewID, order: UInt64, threshold: Int?) -> Int {
        let before = members.count
        if before == 0 { stacked = false }
        dissolving = false
        members.insert(id, key: order)
        return countChanged(from: before, threshold: threshold)
    }

    /// Removes a showing member (nothing when `id` is none), as `join` adds one.
    mutating func leave(_ id: ViewID, order: UInt64, threshold: Int?) -> Int {
        let before = members.count
        guard members.remove(id, key: order) else { return 0 }
        return countChanged(from: before, threshold: threshold)
    }

    /// Keeps `stacked` in step with a member count changed from `before`; returns the change in
    /// the slots saved.
    private mutating func countChanged(from before: Int, threshold: Int?) -> Int {
        guard let threshold else { return 0 }
        let n = members.count
        if n > 0 && !dissolving {
            let stacks = n >= max(1, threshold)
            if !stacks && stacked { expanded = false; toggledAt = -.infinity }
            stacked = stacks
        }
        return (n - ContainerState.cost(of: n, threshold: threshold)) - (before - ContainerState.cost(of: before, threshold: threshold))
    }

    /// 0 = collapsed, 1 = expanded; the spring may overshoot a little.
    func progress(at now: Double) -> Double {
        let target = expanded ? 1.0 : 0.0
        let t = now - toggledAt
        if t >= Self.springDuration { return target }
        return target + (fromProgress - target) * Self.spring.displacement(at: t, from: 1)
    }

    func isSpringing(at now: Double) -> Bool { now - toggledAt < Self.springDuration }
}

extension ContainerState {
    /// True when this container stacks groups.
    var groupsStack: Bool { config.queueType == .multiple && config.groupThreshold != nil }

    /// Slots the showing views take: a stacked group counts as one.
    var slotsUsed: Int { showingCount - groupSavings }

    /// The group a newly showing view joins: its key, unless the container does not group or
    /// the view is high priority (it stands alone, above the others).
    func groupKey(for entry: ViewEntry) -> String? { Self.groupKey(of: entry, stacking: groupsStack) }

    /// The group `entry` joins on screen in a container whose groups stack (`stacking`).
    static func groupKey(of entry: ViewEntry, stacking: Bool) -> String? {
        guard stacking, !entry.pinned else { return nil }
        return entry.configuration.groupKey
    }

    /// Slots one more showing member of `key`, a group that shows `n` members now, costs
    /// (negative when it makes the group stack).
    private func slotCost(joining key: String?, members n: Int) -> Int {
        guard key != nil, let threshold = config.groupThreshold else { return 1 }
        return Self.cost(of: n + 1, threshold: threshold) - Self.cost(of: n, threshold: threshold)
    }

    /// True when `id` may show without going over the container's capacity. One lookup of its
    /// group (a flood asks this for every newcomer). Mutating only to read the entry and the
    /// group in place: a read through `entries[id]` or `groups[key]` copies them.
    mutating func fits(_ id: ViewID) -> Bool {
        let stacks = groupsStack
        let (pinned, key) = withEntry(at: entries.index(forKey: id)!) { ($0.pinned, Self.groupKey(of: $0, stacking: stacks)) }
        let members = key.flatMap { withGroup($0) { $0.members.count } }
        if let members, members >= max(1, config.maximumGroupMembers) { return false }
        let cost = pinned ? 1 : slotCost(joining: key, members: members ?? 0)
        return slotsUsed + cost <= config.capacity
    }

    /// Reads or changes group `key` in place (nil when there is none), through one lookup.
    mutating func withGroup<R>(_ key: String, _ body: (inout GroupState) -> R) -> R? {
        guard let g = groups.index(forKey: key) else { return nil }
        return body(&groups.values[g])
    }

    /// True when the group already shows `maximumGroupMembers`.
    func isFull(_ key: String?) -> Bool {
        guard let key, let n = groups[key]?.members.count else { return false }
        return n >= max(1, config.maximumGroupMembers)
    }

    /// A newcomer to a full group takes its oldest member's place (which is hidden). False when
    /// its group is not full. It comes in without its insertion while the top card is still
    /// coming in (`topIsComingIn`).
    mutating func swapIntoFullGroup(_ id: ViewID, now: Double, effects: inout [EngineEffect]) -> Bool {
        guard let slot = entries.index(forKey: id) else { return false }
        let stacks = groupsStack
        let (was, key) = withEntry(at: slot) { ($0.filing, Self.groupKey(of: $0, stacking: stacks)) }
        guard let key, let (count, first) = withGroup(key, { ($0.members.count, $0.members.first) }),
              count >= max(1, config.maximumGroupMembers), let oldest = first else { return false }
        if was.phase == .hidden, entries[oldest]!.arrival > was.arrival { return false }
        hide(oldest, now: now)
        if was.phase == .waiting, topIsComingIn(key, now: now), let slot = entries.index(forKey: id) {
            withEntry(at: slot) { $0.insertAnimated = false }
        }
        appear(id, now: now, effects: &effects)
        return true
    }

    /// True while group `key`'s top card is within its insertion time. A newcomer swapped in
    /// then (a flood pouring into a full stack) takes the top at once instead of fading in
    /// over a card that is itself still fading in: the stack's top comes in once, and a
    /// flood's last cards are drawn in one frame, not in one a frame through a fade.
    private mutating func topIsComingIn(_ key: String, now: Double) -> Bool {
        guard let found = withGroup(key, { $0.members.last }), let top = found,
              let slot = entries.index(forKey: top) else { return false }
        return withEntry(at: slot) { $0.phase == .showing && now < $0.appearedAt + $0.animationDuration }
    }

    /// Slots `n` showing members take: each alone below the threshold, one stack from it on.
    static func cost(of n: Int, threshold: Int) -> Int { n >= max(1, threshold) ? 1 : n }

    /// True when a showing member of a closed stack at rest is buried: at least the drawn top
    /// cards (`GroupStack.peeking + 1`) are newer members, so none of it is on screen and it may
    /// leave without a transition.
    /// Mutating only to read the group in place.
    @inline(__always)
    mutating func isBuriedInStack(_ entry: ViewEntry.Filing, now: Double) -> Bool {
        guard entry.phase == .showing, let key = entry.groupKey, let g = groups.index(forKey: key) else { return false }
        return isBuriedInStack(entry, group: g, now: now)
    }

    /// `isBuriedInStack` for an entry whose group (at `g`) is already looked up.
    mutating func isBuriedInStack(_ entry: ViewEntry.Filing, group g: Dictionary<String, GroupState>.Index, now: Double) -> Bool {
        guard entry.phase == .showing else { return false }
        return withGroup(at: g) { group in
            group.stacked && GroupStack.drawsTopOnly(group, at: now)
                && !group.members.isAmongLast(GroupStack.peeking + 1, key: entry.order)
        }
    }

    /// Stacks whose every showing member is in `ids` (a flood's stack expiring) stay whole while
    /// their top cards go, as a cleared group does, instead of breaking up into cards laid out
    /// alone once fewer than the threshold are left.
    mutating func dissolveStacks(leavingWhole ids: [ViewID]) {
        guard groupsStack, ids.count > 1 else { return }
        var leaving: [String: Int] = [:]
        for id in ids {
            guard let entry = entries[id], entry.phase == .showing, let key = entry.groupKey else { continue }
            leaving[key, default: 0] += 1
        }
        for (key, count) in leaving where groups[key]?.stacked == true && groups[key]?.members.count == count {
            groups[key]!.dissolving = true
        }
    }

    /// A view went on screen as a member of group `key` (its entry is stored as showing, with the
    /// key and its `order`); under a header the pointer is over, its countdown pauses too.
    mutating func joinGroup(_ id: ViewID, key: String, order: UInt64, now: Double) {
        // In place, through one lookup: a copy of the group would copy its member list at every show.
        let g: Dictionary<String, GroupState>.Index
        if let existing = groups.index(forKey: key) {
            g = existing
        } else {
            groups[key] = GroupState(serial: nextGroupSerial())
            g = groups.index(forKey: key)!
        }
        let threshold = config.groupThreshold
        let (saved, hovered) = withGroup(at: g) { ($0.join(id, order: order, threshold: threshold), $0.hoverPaused != nil) }
        groupSavings += saved
        if hovered { pauseIfHeaderHovered(id, group: g, now: now) }
    }

    /// `withGroup` for a position already looked up.
    mutating func withGroup<R>(at g: Dictionary<String, GroupState>.Index, _ body: (inout GroupState) -> R) -> R {
        body(&groups.values[g])
    }

    /// A showing member of group `key` (nil: none) at `order` left the screen (dismissed or hidden).
    mutating func leaveGroup(_ id: ViewID, key: String?, order: UInt64) {
        guard let key, let g = groups.index(forKey: key) else { return }
        leaveGroup(id, at: g, order: order)
    }

    /// `leaveGroup` for a group already looked up.
    mutating func leaveGroup(_ id: ViewID, at g: Dictionary<String, GroupState>.Index, order: UInt64) {
        groupSavings += groups.values[g].leave(id, order: order, threshold: config.groupThreshold)
    }

    /// Forgets a group with no showing member once nothing of it is drawn any more. O(drawn),
    /// and only when the group is empty.
    mutating func releaseGroupIfUnused(_ key: String?) {
        guard let key, let g = groups.index(forKey: key) else { return }
        releaseGroupIfUnused(at: g)
    }

    /// `releaseGroupIfUnused` for a group already looked up.
    mutating func releaseGroupIfUnused(at g: Dictionary<String, GroupState>.Index) {
        guard withGroup(at: g, { $0.members.isEmpty }) else { return }
        let key = groups.keys[g]
        var drawnMember = false
        drawn.forEach { if !drawnMember, entries[$0]?.groupKey == key { drawnMember = true } }
        if !drawnMember { groups.remove(at: g) }
    }

    private mutating func nextGroupSerial() -> UInt64 {
        groupSerial += 1
        return groupSerial
    }

    /// Recounts the savings after the threshold changed (runtime configuration).
    mutating func recountGroups() {
        groupSavings = 0
        guard let threshold = config.groupThreshold else {
            groups.removeAll()
            for id in Array(entries.keys) { entries[id]!.groupKey = nil }
            return
        }
        for key in Array(groups.keys) {
            let n = groups[key]!.members.count
            groupSavings += n - Self.cost(of: n, threshold: threshold)
            if n > 0 { groups[key]!.stacked = n >= max(1, threshold) }
        }
    }

    // MARK: Expanding

    /// Opens or closes a stacked group with a spring, from wherever it is now. False when the
    /// group is not stacked.
    @discardableResult
    mutating func setExpanded(_ key: String, _ expanded: Bool, now: Double) -> Bool {
        guard var group = groups[key], group.stacked, !group.members.isEmpty else { return false }
        guard group.expanded != expanded else { return true }
        group.fromProgress = group.progress(at: now)
        group.expanded = expanded
        group.toggledAt = motion == .reduced ? -.infinity : now  // reduced motion: at once
        groups[key] = group
        return true
    }

    /// The key of the group whose header is `id`.
    func groupKey(ofHeader id: ViewID) -> String? {
        guard let serial = id.groupHeaderSerial else { return nil }
        return groups.first { $0.value.serial == serial }?.key
    }

    /// A group's showing members, oldest first.
    func members(of key: String) -> [ViewID] { groups[key]?.members.elements ?? [] }

    /// Dismisses every member of a group, newest first: the hidden ones (moved off by a full
    /// stack, or newcomers that never showed) so that none comes back into the stack while it
    /// goes, then the showing ones, keeping the stack together while the cards go out.
    /// O(hidden) for the hidden ones.
    mutating func dismissGroup(_ key: String, reason: DismissReason, animated: Bool, now: Double,
                               effects: inout [EngineEffect]) -> [ViewID] {
        guard groups[key] != nil else { return [] }
        let hiddenMembers = hidden.elements.filter { id in
            entries[id].map { $0.groupKey == key || groupKey(for: $0) == key } ?? false
        }
        for id in hiddenMembers.reversed() { dismiss(id, reason: reason, animated: animated, now: now, effects: &effects) }
        let ids = members(of: key)
        // Decided before any leaves: each card leaving lifts the next one to the top.
        var buried: Set<ViewID> = []
        for id in ids where isBuriedInStack(entries[id]!.filing, now: now) { buried.insert(id) }
        let stacked = groups[key]?.stacked ?? false
        groups[key]?.dissolving = stacked
        for id in ids.reversed() {
            dismiss(id, reason: reason, animated: animated && !buried.contains(id), now: now, effects: &effects)
        }
        return hiddenMembers + ids
    }
}

extension ViewID {
    /// Group headers' ids in render lists and clicks: this band, which the engine never gives
    /// out to views (`OverlayManager.maximumID` stays below it).
    static let groupHeaderBand: UInt64 = 1 << 63

    /// The header of the group numbered `serial`.
    public static func groupHeader(serial: UInt64) -> ViewID { ViewID(groupHeaderBand | serial) }

    /// True for a group header's id.
    public var isGroupHeader: Bool { self != ViewID(UInt64.max) && rawValue & Self.groupHeaderBand != 0 }

    var groupHeaderSerial: UInt64? { isGroupHeader ? rawValue & ~Self.groupHeaderBand : nil }
}
