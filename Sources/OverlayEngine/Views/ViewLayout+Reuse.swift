// A tree that changed only in values is placed as before: an OSD's next level (the bar's value,
// the percentage's words) is not laid out again, only its changed nodes patched in.

/// How a layout ran: its proposal and every size its texts gave (texts are the only parts whose
/// size depends on their content; what else sizes a part is in the tree's shape).
struct LayoutRecord: Sendable {
    /// A text's size at a proposed width (nil: its ideal width).
    struct TextSize: Sendable {
        var index: Int, width: Double?, size: Size
    }
    var proposal: ProposedSize
    var texts: [TextSize]
}

extension ViewLayout {
    /// The size of a text proposed `width` (nil: its ideal width).
    static func textSize(_ content: TextContent, width: Double?, measuring: any TextMeasuring) -> Size {
        let size = measuring.measure(content, proposedWidth: width)
        guard content.fillsWidth || content.centersLines, let width else { return size }
        return Size(width: max(size.width, width), height: size.height)
    }

    /// `root` placed as `previous` placed `previousRoot`, when a layout would place it so: the
    /// proposal is the same, the trees have the same shape (`ViewNode.valueChanges(from:)`) and
    /// their changed texts give every size `previous` asked of them again. Nil when a layout must run.
    static func reuse(_ previous: ViewLayoutResult, of previousRoot: ViewNode, for root: ViewNode,
                      proposal: ProposedSize, measuring: any TextMeasuring) -> ViewLayoutResult? {
        guard previous.record?.proposal == proposal, let changes = root.valueChanges(from: previousRoot) else { return nil }
        return patch(previous, with: changes, measuring: measuring)
    }

    /// `previous` with the nodes `changes` names given their new kinds, placed where they were:
    /// only changed texts are measured again. Nil when a layout must run: a changed text gives
    /// another size than `previous` asked of it (the placement could change), or a change's kind
    /// does not size like the node's (`ViewKind.sizesAlike`), or `previous` was not laid out by
    /// `layout`. `changes`: in index order, as `ViewNode.valueChanges(from:)` gives them.
    public static func patch(_ previous: ViewLayoutResult, with changes: [ValueChange],
                             measuring: any TextMeasuring) -> ViewLayoutResult? {
        guard let record = previous.record else { return nil }
        for change in changes {
            guard case .text(let content) = change.kind else { continue }
            for asked in record.texts where asked.index == change.index {
                guard textSize(content, width: asked.width, measuring: measuring) == asked.size else { return nil }
            }
        }
        var result = previous
        guard !changes.isEmpty else { return result }
        let patched = result.placed.withUnsafeMutableBufferPointer { parts in
            for i in parts.indices where parts[i].isNode {
                // Found by position and read in place: a change taken out of the list is a copy.
                guard let k = changes.firstIndex(where: { $0.index == parts[i].index }) else { continue }
                guard case .node(let old) = parts[i].part, changes[k].kind.sizesAlike(old) else { return false }
                parts[i].part = .node(changes[k].kind)
            }
            return true
        }
        return patched ? result : nil
    }
}

/// A node of a tree given a new kind of the same size (a bar's value, a text's words): its index
/// in a depth-first, parent-first walk (the root is 0) and its new kind.
public struct ValueChange: Equatable, Sendable {
    public var index: Int
    public var kind: ViewKind
    public init(index: Int, kind: ViewKind) { self.index = index; self.kind = kind }
}

extension ViewNode {
    /// The nodes whose kinds differ from `old`'s, in index order, when the two trees have the same
    /// shape: the same nodes, ids and modifiers, differing only in what sizes nothing (values of
    /// bars, sliders and toggles, actions, the picture in an image of a set size) and in texts.
    /// Nil when the shapes differ.
    public func valueChanges(from old: ViewNode) -> [ValueChange]? {
        var changes: [ValueChange] = []
        var index = 0
        // Children read through borrowed buffers: a child taken from its array is a copy of its subtree's root.
        func alike(_ new: ViewNode, _ old: ViewNode) -> Bool {
            guard new.id == old.id, new.children.count == old.children.count, new.modifiers == old.modifiers,
                  new.kind.sizesAlike(old.kind) else { return false }
            if new.kind != old.kind { changes.append(ValueChange(index: index, kind: new.kind)) }
            index += 1
            return new.children.withUnsafeBufferPointer { newChildren in
                old.children.withUnsafeBufferPointer { oldChildren in
                    newChildren.indices.allSatisfy { alike(newChildren[$0], oldChildren[$0]) }
                }
            }
        }
        return alike(self, old) ? changes : nil
    }

    /// This tree with `changes` (in index order, as `valueChanges(from:)` gives them) applied.
    public func applying(_ changes: [ValueChange]) -> ViewNode {
        var node = self
        _ = node.apply(changes)
        return node
    }

    /// Applies `changes` (in index order, as `valueChanges(from:)` gives them); false when every
    /// node already had its new kind.
    public mutating func apply(_ changes: [ValueChange]) -> Bool {
        var index = 0, next = 0, changed = false
        func apply(_ node: inout ViewNode) {
            guard next < changes.count else { return }
            if changes[next].index == index {
                if node.kind != changes[next].kind {
                    node.kind = changes[next].kind
                    changed = true
                }
                next += 1
            }
            index += 1
            for i in node.children.indices { apply(&node.children[i]) }
        }
        apply(&self)
        return changed
    }
}

extension ViewKind {
    /// True when a node of this kind in place of `old` would be given the same size for every
    /// proposal, texts aside (both texts: their sizes are compared by measuring).
    func sizesAlike(_ old: ViewKind) -> Bool {
        switch (self, old) {
        case (.text, .text), (.progressBar, .progressBar), (.toggle, .toggle), (.slider, .slider): true
        case (.image(let a), .image(let b)): a.boxSize == b.boxSize
        case (.symbol(let a), .symbol(let b)): a.size == b.size
        case (.button(_, let a), .button(_, let b)): a == b
        case (.textField(let a), .textField(let b)): a.font == b.font && a.minHeight == b.minHeight
        default: self == old
        }
    }
}

extension ImageContent {
    /// The box layout gives it: its size, else the pixels' size, else `defaultSize`.
    var boxSize: Size {
        if let size { return size }
        if case .pixels(let w, let h, _) = source { return Size(width: Double(w), height: Double(h)) }
        return Self.defaultSize
    }
}

extension PlacedView {
    var isNode: Bool {
        if case .node = part { return true }
        return false
    }
}
