// Help-tip placement: 1,000 tips around a 1920×1080 output per iteration (budget ≤ 1 ms in total).
import Benchmark
import OverlayEngine

/// 1,000 deterministic targets (xorshift): points and rectangles all over the output, some at the
/// edges (flips and shifts), some beyond it (clamped), with bubbles of varied sizes.
func tipCases(_ count: Int) -> [(TipTarget, Size)] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Double {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Double(state % UInt64(bound))
    }
    return (0..<count).map { i in
        let x = next(2100) - 90, y = next(1260) - 90
        let target: TipTarget = i % 3 == 0 ? .point(Point(x: x, y: y))
            : .rect(Rect(x: x, y: y, width: next(500), height: next(400)))
        return (target, Size(width: 120 + next(300), height: 40 + next(160)))
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal],
                                           maxDuration: .seconds(5), maxIterations: 100_000)
    let cases = tipCases(1_000)
    // The output minus a 32 px exclusive bar at the top.
    let area = Rect(x: 0, y: 32, width: 1920, height: 1048)
    let sides = TipSide.flipOrder(preferring: .top)
    Benchmark("Tips: place 1,000 tips (TipPlacer.place)") { benchmark in
        for _ in benchmark.scaledIterations {
            for (target, size) in cases {
                blackHole(TipPlacer.place(target, size: size, in: area, sides: sides))
            }
        }
    }
}
