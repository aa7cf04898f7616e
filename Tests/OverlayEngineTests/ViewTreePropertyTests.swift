// Layout invariants and JSON round trips over random view trees.
import Testing
import PropertyBased
@testable import OverlayEngine

@Suite("ViewTree properties")
struct ViewTreePropertyTests {
    static let seeds = Gen.int(in: 1...Int.max)
    static let proposals = zip(Gen.int(in: -1...600), Gen.int(in: -1...400))

    static func proposal(_ w: Int, _ h: Int) -> ProposedSize {
        ProposedSize(width: w < 0 ? nil : Double(w), height: h < 0 ? nil : Double(h))
    }

    @Test func childrenStayInsideTheirParentsWithFiniteNonNegativeFrames() async {
        await propertyCheck(count: 500, input: Self.seeds, Self.proposals) { seed, p in
            var random = RandomTree(seed: seed)
            let tree = random.tree()
            let result = ViewLayout.layout(tree, proposal: Self.proposal(p.0, p.1), measuring: FixedPitchMeasurer())
            let frames = result.nodeFrames
            #expect(frames.count == tree.nodeCount, "every node is placed once (seed \(seed))")
            #expect(frames[0].map { within($0, Rect(origin: .zero, size: result.size)) } == true)
            for item in result.placed {
                let f = item.frame
                #expect(f.width >= 0 && f.height >= 0, "negative size \(f) (seed \(seed))")
                let finite = [f.minX, f.minY, f.width, f.height].allSatisfy { $0.isFinite }
                #expect(finite, "non-finite \(f) (seed \(seed))")
                if case .node = item.part, let parent = item.parent {
                    #expect(within(f, frames[parent]!), "node \(item.index) at \(f) outside parent \(frames[parent]!) (seed \(seed))")
                }
            }
        }
    }

    @Test func stacksSumTheirChildrenAndSpacingAtTheirIdealSize() async {
        await propertyCheck(count: 500, input: Self.seeds, Gen.bool) { seed, vertical in
            var random = RandomTree(seed: seed)
            // Spacers and dividers follow the stack's axis, so alone they measure differently.
            let children = (0..<1 + seed % 5).map { _ in random.tree(depth: 3) }.map { child in
                switch child.kind {
                case .spacer, .divider: ViewNode(.text(TextContent("abc")), modifiers: child.modifiers)
                default: child
                }
            }
            let spacing = Double(seed % 13)
            let stack = vertical ? ViewNode(.vstack(spacing: spacing, alignment: .leading), children: children)
                : ViewNode(.hstack(spacing: spacing, alignment: .top), children: children)
            let sizes = children.map { layout($0).size }
            let size = layout(stack).size
            let main = sizes.map { vertical ? $0.height : $0.width }.reduce(0, +) + spacing * Double(children.count - 1)
            let cross = sizes.map { vertical ? $0.width : $0.height }.max()!
            #expect(abs((vertical ? size.height : size.width) - main) < 1e-6, "seed \(seed)")
            #expect(abs((vertical ? size.width : size.height) - cross) < 1e-6, "seed \(seed)")
        }
    }

    @Test func jsonRoundTripGivesTheSameTree() async {
        await propertyCheck(count: 500, input: Self.seeds) { seed in
            var random = RandomTree(seed: seed)
            let tree = random.tree()
            let json = tree.json
            do {
                let decoded = try ViewNode(json: json)
                #expect(decoded == tree, "seed \(seed): \(json)")
                #expect(decoded.json == json)
            } catch {
                Issue.record("seed \(seed): \(error) in \(json)")
            }
        }
    }
}
