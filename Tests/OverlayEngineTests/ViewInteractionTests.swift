// Hit-testing controls, reaching nodes by their walk index, and slider values from positions.
import Testing
@testable import OverlayEngine

@Suite("View tree interaction")
struct ViewInteractionTests {
    let tree = VStack(spacing: 0) {
        Text("Title")
        Button("OK", action: "ok")
        Toggle(isOn: false, action: "wifi")
        Slider(value: 5, in: 0...10, step: 1, action: "vol").frame(width: 116)
    }

    @Test func theControlUnderAPointIsTheFrontMostOne() throws {
        let result = layout(tree)
        let frames = result.nodeFrames
        // Node 2 is the button, 3 its label: a point on the label finds the button.
        let label = try #require(frames[3])
        let hit = try #require(result.control(at: Point(x: label.midX, y: label.midY)))
        #expect(hit.index == 2 && hit.part == .node(.button(action: "ok", style: .bordered)))
        let toggle = try #require(frames[4])
        #expect(result.control(at: Point(x: toggle.midX, y: toggle.midY))?.index == 4)
        let title = try #require(frames[1])
        #expect(result.control(at: Point(x: title.midX, y: title.midY)) == nil, "text is not a control")
        #expect(result.control(at: Point(x: -1, y: -1)) == nil)
    }

    @Test func nodesAreFoundAndChangedByWalkIndex() {
        var node = tree
        #expect(node.nodeCount == 6)
        #expect(node.node(at: 3)?.kind == .text(TextContent("OK")))
        #expect(node.node(at: 6) == nil && node.node(at: -1) == nil)
        #expect(node.update(at: 4) { $0.kind = .toggle(isOn: true, action: "wifi") })
        #expect(node.node(at: 4)?.kind == .toggle(isOn: true, action: "wifi"))
        #expect(node.children[2].kind == .toggle(isOn: true, action: "wifi"))
        #expect(!node.update(at: 9) { _ in })
    }

    @Test func sliderValuesFollowThePointerBetweenTheKnobsEnds() {
        let frame = Rect(x: 10, y: 0, width: 116, height: 20)  // travel 100 between x 18 and 118
        #expect(SliderTrack.value(atX: 18, frame: frame, range: 0...10, step: 0) == 0)
        #expect(SliderTrack.value(atX: 0, frame: frame, range: 0...10, step: 0) == 0, "clamped below")
        #expect(SliderTrack.value(atX: 500, frame: frame, range: 0...10, step: 0) == 10, "clamped above")
        #expect(SliderTrack.value(atX: 68, frame: frame, range: 0...10, step: 0) == 5)
        #expect(SliderTrack.value(atX: 71, frame: frame, range: 0...10, step: 2) == 6, "5.3 snaps to the step of 2")
        #expect(SliderTrack.snapped(.nan, range: 0...10, step: 0) == 0)
        #expect(SliderTrack.keyStep(range: 0...100, step: 0) == 5)
        #expect(SliderTrack.fraction(25, range: 0...100) == 0.25)
    }

    @Test func relativeImagePathsAreResolvedAgainstTheFilesFolder() {
        let node = HStack { ViewNode(.image(ImageContent(.file("a.png")))); ViewNode(.image(ImageContent(.file("/abs.png")))) }
        let resolved = node.resolvingImageFiles(relativeTo: "/views")
        #expect(resolved.children[0].kind == .image(ImageContent(.file("/views/a.png"))))
        #expect(resolved.children[1].kind == .image(ImageContent(.file("/abs.png"))))
    }
}

@Suite("View tree layout animation")
struct ViewLayoutAnimationTests {
    func bar(_ value: Double, total: Double = 1, width: Double = 100, label: String = "Volume") -> ViewLayoutResult {
        layout(VStack(alignment: .leading) { Text(label); ProgressBar(value: value, total: total).frame(width: width) })
    }

    func part(_ layout: ViewLayoutResult, _ id: String) -> PlacedView? {
        layout.placed.first { $0.id == id && { if case .node = $0.part { true } else { false } }($0) }
    }

    @Test func valuesMoveFromTheOldTreesToTheNewOnes() throws {
        let old = bar(2, total: 10), new = bar(0.8)
        #expect(new.animates(from: old))
        let half = new.interpolating(from: old, progress: 0.5)
        let part = try #require(half.placed.first { if case .node(.progressBar) = $0.part { true } else { false } })
        #expect(part.part == .node(.progressBar(value: 0.5, total: 1)), "0.2 to 0.8, half way")
        #expect(new.interpolating(from: old, progress: 1) == new, "done: the new tree itself")
    }

    @Test func whatDoesNotMoveDoesNotAnimate() {
        #expect(!bar(0.2).animates(from: bar(0.2)))
        #expect(!bar(0.2, label: "Volumes").animates(from: bar(0.2)), "new text in the same place is drawn new")
        #expect(bar(0.2).animates(from: bar(0.2, width: 120)), "a bar that grew shrinks back")
    }

    /// Parts with an id move and resize part of the way, wherever they are in the tree; text
    /// moves at its new size.
    @Test func partsWithAnIdMoveToTheirNewFrames() throws {
        let old = layout(VStack(spacing: 0) {
            Text("Title").id("title")
            Spacer(minLength: 40)
            ProgressBar(value: 0.5).frame(width: 100).id("level")
        })
        let new = layout(HStack(spacing: 0) {
            ProgressBar(value: 0.5).frame(width: 200).id("level")
            Text("Title").id("title")
        })
        #expect(new.animates(from: old))
        let half = new.interpolating(from: old, progress: 0.5)
        let (a, b, m) = (try #require(part(old, "level")), try #require(part(new, "level")), try #require(part(half, "level")))
        #expect(m.frame.minX == (a.frame.minX + b.frame.minX) / 2 && m.frame.minY == (a.frame.minY + b.frame.minY) / 2)
        #expect(m.frame.width == 150, "100 to 200, half way")
        let (t0, t1, tm) = (try #require(part(old, "title")), try #require(part(new, "title")), try #require(part(half, "title")))
        #expect(tm.frame.minX == (t0.frame.minX + t1.frame.minX) / 2)
        #expect(tm.frame.size == t1.frame.size, "text keeps its new size")
        #expect(half.size.width == (old.size.width + new.size.width) / 2)
    }

    /// A part with no match fades in; an old one with no match fades out, drawn last, and is no
    /// control of the new tree.
    @Test func newPartsFadeInAndGoneOnesFadeOut() throws {
        let old = layout(VStack { Text("Old").id("old"); Button("Go", action: "go").id("go") })
        let new = layout(VStack { Text("New").id("new") })
        let quarter = new.interpolating(from: old, progress: 0.25)
        let arriving = try #require(part(quarter, "new"))
        #expect(abs(arriving.opacity - 0.25) < 1e-9)
        let leaving = try #require(part(quarter, "old"))
        #expect(abs(leaving.opacity - 0.75) < 1e-9)
        let gone = quarter.placed[new.placed.count...]
        #expect(gone.contains { $0.id == "old" } && gone.contains { $0.id == "go" }, "gone parts come last")
        #expect(gone.allSatisfy { $0.index < 0 }, "with indices no control of the new tree has")
        #expect(!gone.contains { $0.parent == nil }, "the root stays: its parts move, they do not fade")
    }

    /// Over random progress, a matched part's frame lies between its old and new frames.
    @Test(arguments: [0.0, 0.1, 0.33, 0.5, 0.9, 0.999])
    func framesStayBetweenTheEnds(progress: Double) throws {
        let old = bar(0.1, width: 80), new = bar(0.9, width: 220)
        let mid = new.interpolating(from: old, progress: progress)
        for (i, p) in mid.placed.enumerated() where i < new.placed.count {
            let a = old.placed[i].frame, b = new.placed[i].frame
            #expect(p.frame.width >= min(a.width, b.width) - 1e-9 && p.frame.width <= max(a.width, b.width) + 1e-9)
            #expect(p.frame.minX >= min(a.minX, b.minX) - 1e-9 && p.frame.minX <= max(a.minX, b.minX) + 1e-9)
        }
    }
}
