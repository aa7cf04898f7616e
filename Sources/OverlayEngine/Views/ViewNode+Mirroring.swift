// Right-to-left: a view tree mirrored left for right.

extension ViewNode {
    /// The tree mirrored for right-to-left text: horizontal stacks and grid rows run the other
    /// way, leading and trailing swap in alignments and paddings, gradients flip horizontally.
    /// Text itself is not touched (Pango sets each paragraph in its own direction); a text field
    /// reads the other way (what is typed into a mirrored field runs right to left).
    public func mirrored() -> ViewNode {
        var node = self
        switch kind {
        case .hstack:
            node.children = children.reversed()
        case .vstack(let spacing, let alignment):
            node.kind = .vstack(spacing: spacing, alignment: alignment.mirrored)
        case .zstack(let alignment):
            node.kind = .zstack(alignment: alignment.mirrored)
        case .textField(var field):
            field.rightToLeft.toggle()
            node.kind = .textField(field)
        case .grid(let columns, let spacing, let rowSpacing):
            node.kind = .grid(columns: columns.reversed(), spacing: spacing, rowSpacing: rowSpacing)
            let count = columns.count
            node.children = stride(from: 0, to: children.count, by: count).flatMap { start -> [ViewNode] in
                Array(children[start..<min(children.count, start + count)].reversed())
            }
        default:
            break
        }
        node.modifiers = modifiers.map(\.mirrored)
        node.children = node.children.map { $0.mirrored() }
        return node
    }
}

extension HorizontalAlignment {
    var mirrored: HorizontalAlignment { self == .leading ? .trailing : self == .trailing ? .leading : .center }
}

extension Alignment {
    var mirrored: Alignment {
        switch self {
        case .topLeading: .topTrailing
        case .topTrailing: .topLeading
        case .leading: .trailing
        case .trailing: .leading
        case .bottomLeading: .bottomTrailing
        case .bottomTrailing: .bottomLeading
        default: self
        }
    }
}

extension ViewModifier {
    var mirrored: ViewModifier {
        switch self {
        case .padding(let e):
            return .padding(EdgeInsets(top: e.top, leading: e.trailing, bottom: e.bottom, trailing: e.leading))
        case .frame(var spec):
            spec.alignment = spec.alignment.mirrored
            return .frame(spec)
        case .background(.linearGradient(let colors, let start, let end)):
            return .background(.linearGradient(colors: colors, start: Point(x: 1 - start.x, y: start.y),
                                               end: Point(x: 1 - end.x, y: end.y)))
        case .shadow(var shadow):
            shadow.offset = Point(x: -shadow.offset.x, y: shadow.offset.y)
            return .shadow(shadow)
        default:
            return self
        }
    }
}
