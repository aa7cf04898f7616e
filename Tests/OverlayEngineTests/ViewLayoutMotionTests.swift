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

    /// What is left of a move part way is at most what is left of its progress times its span
    /// (`moveSpan`), so a move can end once that is under half a device pixel.
    @Test(arguments: moves) func whatIsLeftOfAMoveIsWithinItsSpan(name: String, from: ViewNode, to: ViewNode) {
        let start = layout(from), end = layout(to)
        let span = end.moveSpan(from: start)
        for p in [0.0, 0.3, 0.75, 0.95] {
            let shown = end.interpolating(from: start, progress: p)
            var points = max(abs(shown.size.width - end.size.width), abs(shown.size.height - end.size.height)), opacity = 0.0
            for (i, part) in shown.placed.enumerated() {
                guard i < end.placed.count else {  // a part going
                    opacity = max(opacity, part.opacity)
                    continue
                }
                let target = end.placed[i], f = part.frame, g = target.frame
                opacity = max(opacity, abs(part.opacity - target.opacity))
                points = max(points, abs(f.minX - g.minX), abs(f.maxX - g.maxX), abs(f.minY - g.minY), abs(f.maxY - g.maxY),
                             abs(part.cornerRadius - target.cornerRadius))
                if let a = part.fillFraction, let b = target.fillFraction {
                    points = max(points, abs((f.minX + f.width * a) - (g.minX + g.width * b)))
                }
            }
            #expect(points <= (1 - p) * span.points + 1e-9, "\(name) at \(p): \(points) points left of \(span.points)")
            #expect(opacity <= (1 - p) * span.opacity + 1e-9, "\(name) at \(p): \(opacity) opacity left of \(span.opacity)")
        }
        #expect((span.points > 0 || span.opacity > 0) == end.animates(from: start), "\(name): a span exactly when it moves")
    }

    @Test func aBarsSpanIsHowFarItsFillEndMoves() {
        let span = layout(Self.panel(0.3, percent: "x")).moveSpan(from: layout(Self.panel(0.7, percent: "x")))
        #expect(span.points == 80 && span.opacity == 0, "0.4 of a 200-point bar: \(span)")
    }

    /// The built-in eases rise steadily: they settle where they first come within the share of
    /// the way left; a caller's bezier and a spring may overshoot and run their whole duration.
    @Test func aSteadyEaseSettlesWhereItFirstComesWithinTheShare() {
        for animation in [Animation.linear(duration: 0.2), .easeIn(duration: 0.3), .easeOut(duration: 0.15), .easeInOut(duration: 0.35)] {
            for share in [0.5, 0.05, 0.001] {
                let t = animation.settled(within: share)
                #expect(t <= animation.duration && 1 - animation.progress(at: t) <= share, "\(animation), \(share)")
                #expect(1 - animation.progress(at: t - animation.duration / 1000) > share, "\(animation), \(share): not sooner")
            }
        }
        let spring = Animation.spring(response: 0.3, dampingFraction: 0.5)
        #expect(spring.settled(within: 0.05) == spring.duration)
        #expect(Animation.bezier(x1: 0.3, y1: 1.6, x2: 0.6, y2: 1, duration: 0.2).settled(within: 0.05) == 0.2)
    }
}
