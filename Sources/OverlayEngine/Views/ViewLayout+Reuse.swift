// A tree that changed only in values is placed as before: an OSD's next level (the bar's value,
// the percentage's words) is not laid out again.

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
    /// proposal is the same, the trees have the same nodes, ids and modifiers, they differ only
    /// in what sizes nothing (values of bars, sliders and toggles, actions, the picture in an
    /// image of a set size) and in texts that give every size `previous` asked of them again.
    /// Layout asks nothing else, so it would decide the same. Nil when a layout must run.
    static func reuse(_ previous: ViewLayoutResult, of previousRoot: ViewNode, for root: ViewNode,
                      proposal: ProposedSize, measuring: any TextMeasuring) -> ViewLayoutResult? {
        guard let record = previous.record, record.proposal == proposal else { return nil }
        var kinds: [ViewKind] = []
        kinds.reserveCapacity(previous.placed.count)  // one a node; a tree has about as many parts
        var changedTexts: [(index: Int, content: TextContent)] = []
        // Children read through borrowed buffers: a child taken from its array is a copy of its subtree's root.
        func alike(_ new: ViewNode, _ old: ViewNode) -> Bool {
            guard new.id == old.id, new.children.count == old.children.count, new.modifiers == old.modifiers,
                  new.kind.sizesAlike(old.kind) else { return false }
            if case .text(let content) = new.kind, new.kind != old.kind { changedTexts.append((kinds.count, content)) }
            kinds.append(new.kind)
            return new.children.withUnsafeBufferPointer { newChildren in
                old.children.withUnsafeBufferPointer { oldChildren in
                    newChildren.indices.allSatisfy { alike(newChildren[$0], oldChildren[$0]) }
                }
            }
        }
        guard alike(root, previousRoot) else { return nil }
        for (index, content) in changedTexts {
            for asked in record.texts where asked.index == index {
                guard textSize(content, width: asked.width, measuring: measuring) == asked.size else { return nil }
            }
        }
        var result = previous
        for i in result.placed.indices where result.placed[i].isNode {
            result.placed[i].part = .node(kinds[result.placed[i].index])
        }
        return result
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
