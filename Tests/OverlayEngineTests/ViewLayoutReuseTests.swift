import Testing
@testable import OverlayEngine

/// A tree laid out again from an earlier layout (`ViewLayout.layout(_:proposal:measuring:reusing:)`)
/// is placed exactly as a fresh layout places it, and texts that did not change are not measured.
@Suite struct ViewLayoutReuseTests {
    /// Counts what it is asked, measures as `FixedPitchMeasurer`.
    final class CountingMeasurer: TextMeasuring {
        var asked: [String] = []
        func measure(_ text: TextContent, proposedWidth: Double?) -> Size {
            asked.append(text.markup)
            return FixedPitchMeasurer().measure(text, proposedWidth: proposedWidth)
        }
    }

    static func osd(_ fraction: Double, percent: String? = nil, label: String = "Volume", icon: String = "audio-volume-low",
                    iconSize: Size? = Size(width: 24, height: 24), barWidth: Double = 200, muted: Bool = false) -> ViewNode {
        HStack(spacing: 12) {
            Image(.icon(icon), size: iconSize)
            VStack(alignment: .leading, spacing: 6) {
                Text(label, lineLimit: 1)
                ProgressBar(value: fraction).frame(width: barWidth).opacity(muted ? 0.4 : 1).id("level")
            }
            Text(percent ?? "\(Int((fraction * 100).rounded())) %", lineLimit: 1).frame(width: 48, alignment: .trailing)
        }
        .padding(14).background(Color(hex: "#ECEFF4")!).cornerRadius(14).id("osd")
    }

    /// Pairs (before, after): each laid out from the other gives what a fresh layout gives.
    static let changes: [(String, ViewNode, ViewNode)] = [
        ("a value and its percentage", osd(0.3), osd(0.35)),
        ("a longer percentage", osd(0.05), osd(0.5)),
        ("a label that wraps no more", osd(0.3, label: "Volume"), osd(0.3, label: "Vol")),
        ("the icon's picture at a set size", osd(0.3, icon: "a"), osd(0.3, icon: "b")),
        ("the icon's picture at the default size", osd(0.3, icon: "a", iconSize: nil), osd(0.3, icon: "b", iconSize: nil)),
        ("the icon's size", osd(0.3), osd(0.3, iconSize: Size(width: 32, height: 32))),
        ("a wider bar", osd(0.3), osd(0.3, barWidth: 150)),
        ("an opacity modifier", osd(0.3), osd(0.3, muted: true)),
        ("another shape", osd(0.3), VStack { Text("Volume"); ProgressBar(value: 0.3) }),
        ("a slider and a toggle", VStack { Slider(value: 0.2, action: "a"); Toggle(isOn: false, action: "b") },
         VStack { Slider(value: 0.9, action: "a"); Toggle(isOn: true, action: "c") }),
        ("a field's typed text", VStack { TextField("Reply", submitAction: "r") },
         VStack { TextField("Reply", text: "Hello", submitAction: "r") }),
        ("a field's placeholder", VStack { TextField("Reply", submitAction: "r") }, VStack { TextField("Say something", submitAction: "r") }),
        ("a button's action and style", Button("OK", action: "ok"), Button("OK", action: "yes", style: .prominent)),
    ]

    @Test(arguments: changes.indices, [ProposedSize.unspecified, ProposedSize(width: 150, height: nil)])
    func reusedIsFresh(_ i: Int, proposal: ProposedSize) {
        let (_, a, b) = Self.changes[i]
        for (before, after) in [(a, b), (b, a)] {
            let measurer = FixedPitchMeasurer()
            let old = ViewLayout.layout(before, proposal: proposal, measuring: measurer)
            let fresh = ViewLayout.layout(after, proposal: proposal, measuring: measurer)
            let reused = ViewLayout.layout(after, proposal: proposal, measuring: measurer, reusing: (before, old))
            #expect(reused == fresh, "\(Self.changes[i].0)")
            #expect(reused.size == fresh.size && reused.placed.map(\.frame) == fresh.placed.map(\.frame))
        }
    }

    @Test func aNewValueMeasuresOnlyTheTextThatChanged() {
        let measurer = CountingMeasurer()
        let old = ViewLayout.layout(Self.osd(0.3), measuring: measurer)
        #expect(measurer.asked.contains("Volume"))
        measurer.asked = []
        let reused = ViewLayout.layout(Self.osd(0.35), measuring: measurer, reusing: (Self.osd(0.3), old))
        #expect(Set(measurer.asked) == ["35 %"], "the label is not measured again")
        let bar = reused.placed.first { $0.id == "level" && $0.isNode }
        #expect(bar?.part == .node(.progressBar(value: 0.35, total: 1)), "the new value, in the old frame")
        #expect(bar?.frame == old.placed.first { $0.id == "level" && $0.isNode }?.frame)
    }

    @Test func anotherProposalLaysOutAgain() {
        let measurer = CountingMeasurer()
        let old = ViewLayout.layout(Self.osd(0.3), measuring: measurer)
        measurer.asked = []
        let wide = ViewLayout.layout(Self.osd(0.3), proposal: ProposedSize(width: 500, height: nil), measuring: measurer,
                                     reusing: (Self.osd(0.3), old))
        #expect(measurer.asked.contains("Volume"), "measured for the new proposal")
        #expect(wide == ViewLayout.layout(Self.osd(0.3), proposal: ProposedSize(width: 500, height: nil), measuring: measurer))
    }

    @Test func aMovedLayoutIsNotReused() {
        // Part way through a move (`interpolating`) a layout is no layout's outcome: it is never reused.
        let measurer = CountingMeasurer()
        let from = ViewLayout.layout(Self.osd(0.3), measuring: measurer), to = ViewLayout.layout(Self.osd(0.6), measuring: measurer)
        let moving = to.interpolating(from: from, progress: 0.5)
        measurer.asked = []
        let next = ViewLayout.layout(Self.osd(0.6), measuring: measurer, reusing: (Self.osd(0.6), moving))
        #expect(!measurer.asked.isEmpty)
        #expect(next == to)
    }

    /// A tree's changed values, applied to the tree before, give the tree after; patched into the
    /// layout before, they place it as a fresh layout does (or ask for one).
    @Test(arguments: changes.indices)
    func valueChangesPatchTheTreeAndItsLayout(_ i: Int) throws {
        let (name, a, b) = Self.changes[i]
        for (before, after) in [(a, b), (b, a)] {
            let measurer = FixedPitchMeasurer()
            guard let changes = after.valueChanges(from: before) else {
                #expect(ViewLayout.layout(after, measuring: measurer, reusing: (before, ViewLayout.layout(before, measuring: measurer)))
                        == ViewLayout.layout(after, measuring: measurer), "\(name)")
                continue
            }
            #expect(!changes.isEmpty && changes.map(\.index) == changes.map(\.index).sorted(), "\(name)")
            #expect(before.applying(changes) == after, "\(name)")
            let fresh = ViewLayout.layout(after, measuring: measurer)
            if let patched = ViewLayout.patch(ViewLayout.layout(before, measuring: measurer), with: changes, measuring: measurer) {
                #expect(patched == fresh, "\(name)")
            }
        }
    }

    @Test func anOSDsNextValueIsTwoChangesThatPatchItsLayout() throws {
        let measurer = CountingMeasurer()
        let old = ViewLayout.layout(Self.osd(0.3), measuring: measurer)
        let changes = try #require(Self.osd(0.35).valueChanges(from: Self.osd(0.3)))
        #expect(changes == [ValueChange(index: 4, kind: .progressBar(value: 0.35, total: 1)),
                            ValueChange(index: 5, kind: Text("35 %", lineLimit: 1).kind)])
        measurer.asked = []
        let patched = try #require(ViewLayout.patch(old, with: changes, measuring: measurer))
        #expect(measurer.asked == ["35 %"], "only the changed text is measured")
        #expect(patched == ViewLayout.layout(Self.osd(0.35), measuring: FixedPitchMeasurer()))
        #expect(Self.osd(0.3).valueChanges(from: Self.osd(0.3)) == [], "no change")
    }

    @Test func aPatchThatCouldMoveAPartIsRefused() {
        let measurer = FixedPitchMeasurer()
        let old = ViewLayout.layout(Self.osd(0.3), measuring: measurer)
        // "100 %" is wider than "30 %": the percentage's frame would change.
        #expect(ViewLayout.patch(old, with: [ValueChange(index: 5, kind: Text("100 %", lineLimit: 1).kind)], measuring: measurer) == nil)
        // A bar where the label was: another kind sizes otherwise.
        #expect(ViewLayout.patch(old, with: [ValueChange(index: 3, kind: .progressBar(value: 1, total: 1))], measuring: measurer) == nil)
        // A layout made by hand (or part way through a move) records nothing to patch against.
        #expect(ViewLayout.patch(ViewLayoutResult(size: old.size, placed: old.placed), with: [], measuring: measurer) == nil)
    }
}
