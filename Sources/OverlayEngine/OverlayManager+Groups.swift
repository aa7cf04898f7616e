// Stacked groups (ViewGroups.swift): open and close them, and dismiss a whole group.

extension OverlayManager {
    /// The container and key of the group whose header is `header`.
    public func group(ofHeader header: ViewID) -> (container: String, key: String)? {
        guard header.isGroupHeader else { return nil }
        for state in containers {
            if let key = state.groupKey(ofHeader: header) { return (state.name, key) }
        }
        return nil
    }

    /// The header of the closed stack `id` is a card under the top one of (it peeks out
    /// below it); nil for a top card, an open stack's card or a view in no stack.
    public func stackHeader(coveringPeek id: ViewID) -> ViewID? {
        guard let name = location[id], let index = containerIndex[name],
              let key = containers[index].entries[id]?.groupKey,
              let group = containers[index].groups[key], group.stacked, !group.expanded,
              group.members.last != id, containers[index].entries[id]?.phase == .showing else { return nil }
        return .groupHeader(serial: group.serial)
    }

    /// A group's showing members, oldest first.
    public func members(ofGroup key: String, in container: String) -> [ViewID] {
        containerIndex[container].map { containers[$0].members(of: key) } ?? []
    }

    /// True when the group is stacked and opened.
    public func isExpanded(group key: String, in container: String) -> Bool {
        containerIndex[container].flatMap { containers[$0].groups[key]?.expanded } ?? false
    }

    /// Opens or closes a stacked group; it springs from where it is. False when the group is not
    /// stacked (fewer than the threshold showing).
    @discardableResult
    public mutating func setExpanded(group key: String, in container: String, _ expanded: Bool, now: Double) -> Bool {
        guard let index = containerIndex[container] else { return false }
        return containers[index].setExpanded(key, expanded, now: now)
    }

    /// A click on a header: opens its group, or closes it when open.
    @discardableResult
    public mutating func toggleGroup(header: ViewID, now: Double) -> Bool {
        guard let (container, key) = group(ofHeader: header) else { return false }
        return setExpanded(group: key, in: container, !isExpanded(group: key, in: container), now: now)
    }

    /// Dismisses every showing member of the header's group with `reason`; returns them.
    @discardableResult
    public mutating func dismissGroup(header: ViewID, reason: DismissReason = .request,
                                      animated: Bool = true, now: Double) -> [ViewID] {
        guard let (container, key) = group(ofHeader: header) else { return [] }
        return mutate(container) {
            $0.dismissGroup(key, reason: reason, animated: animated, now: now, effects: &$1)
        }
    }
}
