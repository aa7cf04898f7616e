// Random view trees for property tests, built from a seed (xorshift), valid for the JSON schema.
@testable import OverlayEngine

struct RandomTree {
    private var state: UInt64
    private var budget: Int

    init(seed: Int, nodes: Int = 40) {
        state = UInt64(truncatingIfNeeded: seed) | 1
        budget = nodes
    }

    private mutating func next(_ bound: Int) -> Int {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Int(state % UInt64(bound))
    }
    private mutating func length(_ bound: Int = 60) -> Double { Double(next(bound * 2)) / 2 }
    private mutating func color() -> Color {
        Color(red: Double(next(256)) / 255, green: Double(next(256)) / 255, blue: Double(next(256)) / 255,
              alpha: Double(next(256)) / 255)
    }
    private mutating func string() -> String {
        let pieces = ["a", "bc", " ", "Volume", "\"", "\\", "é", "日本", "🙂", "<b>x</b>", "\n", "&amp;"]
        return (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined()
    }

    /// A tree of at most the node budget, at most `depth` deep.
    mutating func tree(depth: Int = 5) -> ViewNode {
        budget -= 1
        var node: ViewNode
        let containers = depth > 1 && budget > 0
        switch next(containers ? 14 : 9) {
        case 0: node = ViewNode(.text(TextContent(string(), font: FontSpec(family: next(2) == 0 ? nil : "Sans", size: Double(8 + next(20)),
                                                                    weight: FontWeight.allCases[next(5)]),
                                                  color: next(2) == 0 ? nil : color(), lineLimit: next(3) == 0 ? nil : 1 + next(3),
                                                  wraps: next(2) == 0, truncation: Truncation.allCases[next(4)])))
        case 1: node = ViewNode(.image(ImageContent(next(2) == 0 ? .icon("dialog-" + string()) : .file("/tmp/" + string()),
                                                    size: next(2) == 0 ? nil : Size(width: length(), height: length()),
                                                    contentMode: ContentMode.allCases[next(2)], tint: next(2) == 0 ? nil : color())))
        case 2:
            let w = 1 + next(3), h = 1 + next(3)
            node = ViewNode(.image(ImageContent(.pixels(width: w, height: h, rgba: (0..<w * h * 4).map { _ in UInt8(next(256)) }))))
        case 3: node = ViewNode(.progressBar(value: length(10), total: 1 + length(10)))
        case 4: node = ViewNode(.toggle(isOn: next(2) == 0, action: "t" + string()))
        case 5:
            let lo = length(10), hi = lo + length(10)
            node = ViewNode(.slider(value: lo, range: lo...hi, step: 0, action: "s"))
        case 6: node = ViewNode(.textField(TextFieldContent(placeholder: string(), text: string(), submitAction: "send")))
        case 7: node = ViewNode(.spacer(minLength: length(20)))
        case 8: node = ViewNode(.divider)
        case 9: node = ViewNode(.vstack(spacing: length(10), alignment: HorizontalAlignment.allCases[next(3)]))
        case 10: node = ViewNode(.hstack(spacing: length(10), alignment: VerticalAlignment.allCases[next(3)]))
        case 11: node = ViewNode(.zstack(alignment: Alignment.allCases[next(9)]))
        case 12:
            let columns = (0..<1 + next(3)).map { _ in next(2) == 0 ? GridColumn.flexible : .fixed(length(40)) }
            node = ViewNode(.grid(columns: columns, spacing: length(10), rowSpacing: length(10)))
        default: node = ViewNode(.button(action: "b", style: ButtonStyle.allCases[next(3)]))
        }
        if node.kind.isContainer {
            let count = if case .button = node.kind { 1 } else { next(5) }
            for _ in 0..<count where budget > 0 { node.children.append(tree(depth: depth - 1)) }
        }
        for _ in 0..<next(4) { node.modifiers.append(modifier()) }
        if next(3) == 0 { node.id = "n\(next(1000))" }
        return node
    }

    private mutating func modifier() -> ViewModifier {
        switch next(8) {
        case 0: return .padding(next(2) == 0 ? EdgeInsets(all: length(20))
                                : EdgeInsets(top: length(20), leading: length(20), bottom: length(20), trailing: length(20)))
        case 1: return .frame(FrameSpec(width: next(2) == 0 ? nil : length(200), height: next(2) == 0 ? nil : length(100),
                                        alignment: Alignment.allCases[next(9)]))
        case 2:
            let least = length(100)
            return .frame(FrameSpec(minWidth: next(2) == 0 ? nil : least, idealWidth: next(2) == 0 ? nil : length(200),
                                    maxWidth: next(2) == 0 ? .infinity : least + length(100),
                                    minHeight: next(2) == 0 ? nil : length(50), alignment: Alignment.allCases[next(9)]))
        case 3:
            switch next(3) {
            case 0: return .background(.color(color()))
            case 1: return .background(.blur(BlurMaterial.allCases[next(5)]))
            default: return .background(.linearGradient(colors: [color(), color()], start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.25)))
            }
        case 4: return .cornerRadius(length(20))
        case 5: return .border(color(), width: length(4))
        case 6: return .shadow(Shadow(color: color(), radius: length(10), offset: Point(x: length(4) - 2, y: length(4))))
        default: return .opacity(Double(next(101)) / 100)
        }
    }
}

extension ViewNode {
    /// Nodes in the tree, this one included.
    var nodeCount: Int { 1 + children.reduce(0) { $0 + $1.nodeCount } }
}
