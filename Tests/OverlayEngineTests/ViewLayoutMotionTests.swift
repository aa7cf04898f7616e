import Testing
@testable import OverlayEngine

/// `animates(from:)` reads each part in place instead of building it moved no way: it must say
/// what building it says (the layout moved no way from the earlier one differs from this one).
@Suite struct ViewLayoutMotionTests {
    static func panel(_ fraction: Double, percent: String? = nil, slider: Double = 0.5, dimmed: Bool = false,
                      corner: Double = 14) -> ViewNode {
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 6) {
                Text("Volume", lineLimit: 1)
                ProgressBar(value: fraction).frame(width: 200).opacity(dimmed ? 0.4 : 1).id("level")
                Slider(value: slider, action: "set").frame(width: 120)
            }
            Text(percent ?? "\(Int((fraction * 100).rounded())) %", lineLimit: 1).frame(width: 48, alignment: .trailing)
        }
        .padding(14).background(Color(hex: "#ECEFF4")!).cornerRadius(corner)
    }

    /// (name, from, to): values, texts, opacity, corners, sizes and shapes changing, and nothing.
    static let moves: [(String, ViewNode, ViewNode)] = [
        ("the same tree", panel(0.4), panel(0.4)),
        ("a bar's value and its text", panel(0.3), panel(0.7)),
        ("a bar's value only", panel(0.3, percent: "x"), panel(0.7, percent: "x")),
        ("a slider's value", panel(0.4, slider: 0.2), panel(0.4, slider: 0.9)),
        ("a text moved", panel(0.5, percent: "50 %"), panel(0.5, percent: "5 %")),
        ("a part dimmed", panel(0.4), panel(0.4, dimmed: true)),
        ("the corners", panel(0.4), panel(0.4, corner: 6)),
        ("another size", panel(0.4), panel(0.4).padding(2)),
        ("a part came", VStack { panel(0.4) }, VStack { panel(0.4); Text("new") }),
        ("a part went", VStack { panel(0.4); Text("old") }, VStack { panel(0.4) }),
    ]

    @Test(arguments: moves) func animatesSaysWhatMovingNoWayShows(name: String, from: ViewNode, to: ViewNode) {
        let start = layout(from), end = layout(to)
        #expect(end.animates(from: start) == (end.interpolating(from: start, progress: 0) != end), "\(name)")
        #expect(start.animates(from: end) == (start.interpolating(from: end, progress: 0) != start), "\(name), back")
    }

    @Test func partsShowAtStartExactlyWhenMovingNoWayKeepsThem() {
        for (name, from, to) in Self.moves {
            let start = layout(from), end = layout(to)
            let matches = end.partMatches(from: start), moved = end.interpolating(from: start, progress: 0)
            for (i, part) in end.placed.enumerated() {
                guard let j = matches.from[i] else { continue }
                #expect(part.showsAtStart(of: start.placed[j]) == (moved.placed[i] == part), "\(name), part \(i)")
            }
        }
    }

    @Test func aMovingBarAndAnUnchangedTreeAreTold() {
        #expect(layout(Self.panel(0.7)).animates(from: layout(Self.panel(0.3))))
        #expect(!layout(Self.panel(0.4)).animates(from: layout(Self.panel(0.4))))
    }
}
