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

@Suite("View tree value animation")
struct ViewValueAnimationTests {
    func bar(_ value: Double, total: Double = 1) -> ViewLayoutResult {
        layout(VStack(alignment: .leading) { Text("Volume"); ProgressBar(value: value, total: total).frame(width: 100) })
    }

    @Test func valuesMoveFromTheOldTreesToTheNewOnes() throws {
        let old = bar(2, total: 10), new = bar(0.8)
        #expect(new.canAnimateValues(from: old))
        let half = new.interpolatingValues(from: old, progress: 0.5)
        let part = try #require(half.placed.first { if case .node(.progressBar) = $0.part { true } else { false } })
        #expect(part.part == .node(.progressBar(value: 0.5, total: 1)), "0.2 to 0.8, half way")
        #expect(new.interpolatingValues(from: old, progress: 1) == new, "done: the new tree itself")
    }

    @Test func onlyBarsAndSlidersInTheSamePlacesAnimate() {
        let relabelled = layout(VStack(alignment: .leading) { Text("Brightness"); ProgressBar(value: 0.2).frame(width: 100) })
        #expect(bar(0.2).canAnimateValues(from: relabelled), "new text is drawn new; the bar still moves")
        let wider = layout(VStack(alignment: .leading) { Text("Volume"); ProgressBar(value: 0.2).frame(width: 120) })
        #expect(!bar(0.2).canAnimateValues(from: wider), "a bar that moved or grew is not animated")
        #expect(!bar(0.2).canAnimateValues(from: layout(VStack { Text("Volume") })), "other nodes")
    }
}
