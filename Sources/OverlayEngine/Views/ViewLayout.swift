// Lays out a view tree the SwiftUI way: a parent proposes a size, the child picks its own, the
// parent places it. The result is a flat list of placed parts in paint order.

/// A size offered to a view; nil on an axis asks for the view's ideal length.
public struct ProposedSize: Hashable, Sendable {
    public var width, height: Double?
    /// A proposal of the given lengths.
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    /// Exactly `size`.
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }
    /// Ideal size on both axes.
    public static let unspecified = ProposedSize(width: nil, height: nil)
}

/// One thing to paint: a node, or a background, shadow or border of one, with its frame in the
/// root's coordinates.
public struct PlacedView: Equatable, Sendable {
    /// What is painted.
    public enum Part: Equatable, Sendable {
        /// The node itself (containers are listed too, before their children).
        case node(ViewKind)
        case background(Fill)
        case shadow(Shadow)
        case border(Color, width: Double)
        /// The parts after it, up to the matching `unclip`, are cut to this frame (rounded by the
        /// corner radius): a `clipped` modifier.
        case clip
        case unclip
    }
    public var part: Part
    public var frame: Rect
    /// The node's index in a depth-first, parent-first walk of the tree (the root is 0).
    public var index: Int
    /// The parent node's index; nil for the root.
    public var parent: Int?
    /// The node's id.
    public var id: String?
    /// Corner radius of backgrounds, shadows and borders.
    public var cornerRadius: Double
    /// Opacity, all enclosing `opacity` modifiers multiplied.
    public var opacity: Double
}

/// The outcome of laying out a tree.
public struct ViewLayoutResult: Equatable, Sendable {
    /// Size the root picked.
    public var size: Size
    /// Parts in paint order (back to front).
    public var placed: [PlacedView]
    /// By node index: the arrow its backgrounds, shadows and borders follow (`ViewModifier.arrow`),
    /// relative to each such part's frame.
    public var arrows: [Int: CalloutArrow] = [:]
    /// How it was laid out, when by `ViewLayout.layout` (not part of its value): what lets a
    /// tree that differs only in values be placed the same way again (ViewLayout+Reuse.swift).
    var record: LayoutRecord?
    /// The proposal it was laid out for, when by `ViewLayout.layout`.
    public var proposal: ProposedSize? { record?.proposal }

    public init(size: Size, placed: [PlacedView], arrows: [Int: CalloutArrow] = [:]) {
        self.size = size; self.placed = placed; self.arrows = arrows
    }

    public static func == (a: ViewLayoutResult, b: ViewLayoutResult) -> Bool {
        a.size == b.size && a.placed == b.placed && a.arrows == b.arrows
    }
}

/// Lays out view trees.
public enum ViewLayout {
    /// Lays out `root` for `proposal`; the root sits at the origin. Axes where the root would be
    /// infinitely large fall back to its ideal length.
    /// `previous`: an earlier layout (of another tree, for any proposal); when the trees differ
    /// only where no size depends on it, its frames are reused (ViewLayout+Reuse.swift).
    public static func layout(_ root: ViewNode, proposal: ProposedSize = .unspecified, measuring: any TextMeasuring,
                              reusing previous: (root: ViewNode, layout: ViewLayoutResult)? = nil) -> ViewLayoutResult {
        if let previous, let reused = reuse(previous.layout, of: previous.root, for: root, proposal: proposal, measuring: measuring) {
            return reused
        }
        var engine = LayoutPass(root: root, measuring: measuring)
        return engine.run(proposal)
    }

    /// Lays out `root` at its ideal size, then again offered exactly that size (what a toast's
    /// template is drawn at): the same as `layout` at the ideal size's proposal, in one pass
    /// whose sizes the second run reuses.
    public static func layoutAtIdealSize(_ root: ViewNode, measuring: any TextMeasuring) -> ViewLayoutResult {
        var engine = LayoutPass(root: root, measuring: measuring)
        let ideal = engine.run(.unspecified, placing: false).size
        return engine.run(ProposedSize(ideal))
    }

    /// Insets a button style puts around its label.
    public static func labelInsets(_ style: ButtonStyle) -> EdgeInsets {
        style == .plain ? .zero : EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12)
    }

    /// Fixed size of a toggle switch.
    public static let toggleSize = Size(width: 40, height: 22)
    /// Height of a progress bar, a slider and a divider's thickness.
    public static let progressBarHeight = 6.0, sliderHeight = 20.0, dividerThickness = 1.0
    /// Ideal width of the flexible controls (progress bar, slider, text field).
    public static let idealControlWidth = 160.0
}

enum StackAxis { case horizontal, vertical }

/// One layout run: the tree flattened, and sizes remembered per (node, modifier level, proposal).
struct LayoutPass {
    struct Entry {
        var node: ViewNode
        var children: [Int]
        var parent: Int?
        /// Axis of the enclosing stack (spacers and dividers follow it).
        var axis: StackAxis?
        var cornerRadius: Double
        /// Where its sizes start in `sizes` (one list per modifier level and the node itself).
        var firstLevel: Int
    }

    let measuring: any TextMeasuring
    var entries: [Entry] = []
    /// The sizes picked so far, for the proposals asked; each (node, modifier level) has a short
    /// list of them (a list beats hashing), its latest at `latestSize[slot]`, each entry linking
    /// to the one before (-1: none).
    var sizes: [(proposal: ProposedSize, size: Size, before: Int)] = []
    var latestSize: [Int] = []
    var placed: [PlacedView] = []
    var arrows: [Int: CalloutArrow] = [:]
    /// The sizes texts gave (the layout's only answers that depend on content).
    var texts: [LayoutRecord.TextSize] = []

    init(root: ViewNode, measuring: any TextMeasuring) {
        self.measuring = measuring
        _ = flatten(root, parent: nil, axis: nil)
        sizes.reserveCapacity(latestSize.count * 2)
    }

    private mutating func flatten(_ node: ViewNode, parent: Int?, axis: StackAxis?) -> Int {
        var radius = 0.0
        let index = entries.count
        for modifier in node.modifiers {
            switch modifier {
            case .cornerRadius(let r): radius = r
            case .arrow(let arrow): arrows[index] = arrow
            default: break
            }
        }
        entries.append(Entry(node: node, children: [], parent: parent, axis: axis, cornerRadius: radius, firstLevel: latestSize.count))
        latestSize.append(contentsOf: repeatElement(-1, count: node.modifiers.count + 1))
        let childAxis: StackAxis? = switch node.kind {
        case .vstack: .vertical
        case .hstack: .horizontal
        default: nil
        }
        var children: [Int] = []
        children.reserveCapacity(node.children.count)
        for child in node.children { children.append(flatten(child, parent: index, axis: childAxis)) }
        entries[index].children = children
        return index
    }

    /// Sizes the tree for `proposal` and, unless `placing` is false, places it (a run after
    /// another reuses its sizes and replaces its placed parts).
    mutating func run(_ proposal: ProposedSize, placing: Bool = true) -> ViewLayoutResult {
        guard !entries.isEmpty else { return ViewLayoutResult(size: .zero, placed: []) }
        let top = entries[0].node.modifiers.count
        var size = self.size(0, top, proposal)
        if !size.width.isFinite || !size.height.isFinite {
            let ideal = self.size(0, top, .unspecified)
            if !size.width.isFinite { size.width = ideal.width.isFinite ? ideal.width : 0 }
            if !size.height.isFinite { size.height = ideal.height.isFinite ? ideal.height : 0 }
        }
        guard placing else { return ViewLayoutResult(size: size, placed: []) }
        placed.removeAll(keepingCapacity: true)
        placed.reserveCapacity(entries.count + 8)
        place(0, top, Rect(origin: .zero, size: size), opacity: 1)
        var result = ViewLayoutResult(size: size, placed: placed, arrows: arrows)
        result.record = LayoutRecord(proposal: proposal, texts: texts)
        return result
    }

    // MARK: Sizing

    /// Size node `index` picks for `proposal` with its first `level` modifiers applied.
    mutating func size(_ index: Int, _ level: Int, _ proposal: ProposedSize) -> Size {
        var proposal = proposal
        if level == 0, case .text = entries[index].node.kind { proposal.height = nil }  // text picks its size by width alone
        let slot = entries[index].firstLevel + level
        var known = latestSize[slot]
        while known >= 0 {
            if sizes[known].proposal == proposal { return sizes[known].size }
            known = sizes[known].before
        }
        let result: Size
        if level > 0 {
            switch entries[index].node.modifiers[level - 1] {
            case .padding(let e):
                let inner = size(index, level - 1, Self.inset(proposal, e))
                result = Size(width: inner.width + e.leading + e.trailing, height: inner.height + e.top + e.bottom)
            case .frame(let f):
                let inner = size(index, level - 1, Self.frameProposal(f, proposal))
                result = Size(width: Self.frameLength(f.width, f.minWidth, f.idealWidth, f.maxWidth, proposal.width, inner.width),
                              height: Self.frameLength(f.height, f.minHeight, f.idealHeight, f.maxHeight, proposal.height, inner.height))
            default:
                result = size(index, level - 1, proposal)
            }
        } else {
            result = baseSize(index, proposal)
        }
        let clean = Size(width: result.width.isNaN ? 0 : max(0, result.width),
                         height: result.height.isNaN ? 0 : max(0, result.height))
        sizes.append((proposal, clean, latestSize[slot]))
        latestSize[slot] = sizes.count - 1
        return clean
    }

    private mutating func baseSize(_ index: Int, _ p: ProposedSize) -> Size {
        let entry = entries[index]
        switch entry.node.kind {
        case .vstack(let spacing, _):
            return stackSize(index, .vertical, spacing, p)
        case .hstack(let spacing, _):
            return stackSize(index, .horizontal, spacing, p)
        case .zstack:
            var result = Size.zero
            for child in entry.children {
                let s = size(child, entries[child].node.modifiers.count, p)
                result = Size(width: max(result.width, s.width), height: max(result.height, s.height))
            }
            return result
        case .spacer(let minLength):
            switch entry.axis {
            case .vertical: return Size(width: 0, height: max(minLength, p.height ?? 0))
            case .horizontal: return Size(width: max(minLength, p.width ?? 0), height: 0)
            case nil: return Size(width: max(minLength, p.width ?? 0), height: max(minLength, p.height ?? 0))
            }
        case .divider:
            let t = ViewLayout.dividerThickness
            return entry.axis == .horizontal ? Size(width: t, height: p.height ?? 0) : Size(width: p.width ?? 0, height: t)
        case .grid(let columns, let spacing, let rowSpacing):
            let g = gridMetrics(index, columns, spacing, rowSpacing, p)
            return Size(width: g.widths.reduce(0, +) + spacing * Double(max(0, g.widths.count - 1)),
                        height: g.heights.reduce(0, +) + rowSpacing * Double(max(0, g.heights.count - 1)))
        case .text(let content):
            let width = p.width.flatMap { $0.isFinite ? $0 : nil }
            let size = ViewLayout.textSize(content, width: width, measuring: measuring)
            if !texts.contains(where: { $0.index == index && $0.width == width }) {
                texts.append(LayoutRecord.TextSize(index: index, width: width, size: size))
            }
            return size
        case .image(let image):
            return image.boxSize
        case .symbol(let symbol):
            return Size(width: symbol.size, height: symbol.size)
        case .progressBar:
            return Size(width: p.width ?? ViewLayout.idealControlWidth, height: ViewLayout.progressBarHeight)
        case .slider:
            return Size(width: p.width ?? ViewLayout.idealControlWidth, height: ViewLayout.sliderHeight)
        case .toggle:
            return ViewLayout.toggleSize
        case .textField(let field):
            // One line of its font whatever it holds: typing never resizes it.
            let line = measuring.measure(TextContent("Ag", font: field.font, lineLimit: 1, wraps: false), proposedWidth: nil)
            return Size(width: p.width ?? ViewLayout.idealControlWidth, height: max(line.height + 8, field.minHeight))
        case .button(_, let style):
            let e = ViewLayout.labelInsets(style)
            let label = entry.children.first.map { size($0, entries[$0].node.modifiers.count, Self.inset(p, e)) } ?? .zero
            return Size(width: label.width + e.leading + e.trailing, height: label.height + e.top + e.bottom)
        }
    }

    private mutating func stackSize(_ index: Int, _ axis: StackAxis, _ spacing: Double, _ p: ProposedSize) -> Size {
        let children = stackChildSizes(index, axis, spacing, p)
        guard !children.isEmpty else { return .zero }
        var main = spacing * Double(children.count - 1), cross = 0.0
        for s in children {
            main += axis == .vertical ? s.height : s.width
            cross = max(cross, axis == .vertical ? s.width : s.height)
        }
        return axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }

    /// Sizes of a stack's children: with a length on the main axis, the least flexible child is
    /// offered an equal share first, and what it leaves goes to the rest.
    mutating func stackChildSizes(_ index: Int, _ axis: StackAxis, _ spacing: Double, _ p: ProposedSize) -> [Size] {
        let children = entries[index].children
        func proposal(_ main: Double?) -> ProposedSize {
            axis == .vertical ? ProposedSize(width: p.width, height: main) : ProposedSize(width: main, height: p.height)
        }
        func mainLength(_ s: Size) -> Double { axis == .vertical ? s.height : s.width }
        let proposedMain = axis == .vertical ? p.height : p.width
        guard let available = proposedMain, children.count > 1 else {
            return children.map { size($0, entries[$0].node.modifiers.count, p) }
        }
        var flexibility: [(child: Int, position: Int, flex: Double)] = []
        flexibility.reserveCapacity(children.count)
        for (position, child) in children.enumerated() {
            let level = entries[child].node.modifiers.count
            let most = outerLength(child, level, axis) ?? mainLength(size(child, level, proposal(.infinity)))
            // A child that grows without bound is as flexible as can be whatever its least length
            // (which, for text, means setting it at no width: a line per character).
            let flex = most.isInfinite ? .infinity : most - mainLength(size(child, level, proposal(0)))
            flexibility.append((child, position, flex.isNaN ? .infinity : flex))
        }
        flexibility.sort { ($0.flex, $0.position) < ($1.flex, $1.position) }
        var remaining = max(0, available - spacing * Double(children.count - 1))
        var result = [Size](repeating: .zero, count: children.count)
        for (k, item) in flexibility.enumerated() {
            let share = remaining / Double(children.count - k)
            let s = size(item.child, entries[item.child].node.modifiers.count, proposal(share))
            result[item.position] = s
            if remaining.isFinite { remaining = max(0, remaining - mainLength(s)) }
        }
        return result
    }

    /// The length node `index` (with its first `level` modifiers) picks on `axis` when offered
    /// infinity there, when its modifiers alone decide it: a frame of a fixed length, or one that
    /// grows without bound (and the paddings around it); nil when its content decides.
    func outerLength(_ index: Int, _ level: Int, _ axis: StackAxis) -> Double? {
        var extra = 0.0
        for modifier in entries[index].node.modifiers.prefix(level).reversed() {
            switch modifier {
            case .padding(let e): extra += axis == .horizontal ? e.leading + e.trailing : e.top + e.bottom
            case .frame(let f):
                let (fixed, most) = axis == .horizontal ? (f.width, f.maxWidth) : (f.height, f.maxHeight)
                if let fixed { return fixed + extra }
                return most == .infinity ? .infinity : nil
            default: break
            }
        }
        return nil
    }

    /// Column widths and row heights of a grid for `p`.
    mutating func gridMetrics(_ index: Int, _ columns: [GridColumn], _ spacing: Double, _ rowSpacing: Double,
                              _ p: ProposedSize) -> (widths: [Double], heights: [Double]) {
        let children = entries[index].children
        let columns = columns.isEmpty ? [GridColumn.flexible] : columns
        let count = columns.count
        var widths = [Double](repeating: 0, count: count)
        var flexibleCount = 0, fixedTotal = 0.0
        for (c, column) in columns.enumerated() {
            if case .fixed(let w) = column { widths[c] = w; fixedTotal += w } else { flexibleCount += 1 }
        }
        if flexibleCount > 0 {
            if let width = p.width {
                let share = max(0, width - fixedTotal - spacing * Double(count - 1)) / Double(flexibleCount)
                for (c, column) in columns.enumerated() where column == .flexible { widths[c] = share }
            } else {
                for (position, child) in children.enumerated() where columns[position % count] == .flexible {
                    let ideal = size(child, entries[child].node.modifiers.count, .unspecified).width
                    widths[position % count] = max(widths[position % count], ideal)
                }
            }
        }
        let rows = (children.count + count - 1) / count
        var heights = [Double](repeating: 0, count: rows)
        for (position, child) in children.enumerated() {
            let s = size(child, entries[child].node.modifiers.count, ProposedSize(width: widths[position % count], height: nil))
            heights[position / count] = max(heights[position / count], s.height)
        }
        return (widths, heights)
    }

    static func inset(_ p: ProposedSize, _ e: EdgeInsets) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - e.leading - e.trailing) },
                     height: p.height.map { max(0, $0 - e.top - e.bottom) })
    }

    /// What a frame offers its content: the fixed length, else the proposal (or the ideal length
    /// when there is none) clamped to the minimum and maximum.
    static func frameProposal(_ f: FrameSpec, _ p: ProposedSize) -> ProposedSize {
        func axis(_ fixed: Double?, _ least: Double?, _ ideal: Double?, _ most: Double?, _ proposed: Double?) -> Double? {
            if let fixed { return fixed }
            guard var length = proposed ?? ideal else { return nil }
            if let most { length = min(length, most) }
            if let least { length = max(length, least) }
            return length
        }
        return ProposedSize(width: axis(f.width, f.minWidth, f.idealWidth, f.maxWidth, p.width),
                            height: axis(f.height, f.minHeight, f.idealHeight, f.maxHeight, p.height))
    }

    /// Length a frame picks on one axis around content of length `content`.
    static func frameLength(_ fixed: Double?, _ least: Double?, _ ideal: Double?, _ most: Double?,
                            _ proposed: Double?, _ content: Double) -> Double {
        if let fixed { return fixed }
        if proposed == nil, var length = ideal {
            if let most { length = min(length, most) }
            if let least { length = max(length, least) }
            return length
        }
        let offered = proposed
        var length = content
        if let least { length = max(least, offered.map { min(length, $0) } ?? length) }
        if let most { length = min(most, offered.map { max(length, $0) } ?? length) }
        return length
    }
}
