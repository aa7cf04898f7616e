// OverlayEngine performance: queue churn, layout and animating render lists.
import Benchmark
import OverlayEngine

/// Deterministic shuffle (xorshift), so every run dismisses in the same random order.
func shuffled(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [Int] {
    var state = seed
    var values = Array(0..<count)
    for i in stride(from: count - 1, to: 0, by: -1) {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        values.swapAt(i, Int(state % UInt64(i + 1)))
    }
    return values
}

let viewCount = 10_000
let dismissOrder = shuffled(viewCount)
let size = Size(width: 320, height: 80)

func queueContainer() -> OverlayManager {
    var config = ContainerConfiguration(name: "q", displayType: .vertical, queueType: .multiple)
    config.maximumVisible = 5
    config.delayForShowingNext = 0.05
    config.defaults.transition = .opacity
    config.defaults.animation = .easeOut(duration: 0.2)
    var manager = OverlayManager()
    try! manager.register(config, now: 0)
    return manager
}

/// A manager with `count` views that all appeared at t = 0 with an animated transition.
func animatingContainer(_ count: Int) -> OverlayManager {
    var config = ContainerConfiguration(name: "a", displayType: .vertical, queueType: .multiple)
    config.defaults.transition = .combined(.opacity, .scale(0.8, anchor: .bottom))
    config.defaults.animation = .easeInOut(duration: 1)
    config.defaults.background = .value(.color(Color(red: 0, green: 0, blue: 0, alpha: 0.3)))
    var manager = OverlayManager()
    try! manager.register(config, now: 0)
    for i in 0..<count {
        try! manager.show(ViewID(UInt64(i + 1)), in: "a", size: Size(width: 300, height: Double(60 + i % 7)), now: 0)
    }
    return manager
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal],
                                           maxDuration: .seconds(5), maxIterations: 1_000_000)

    // 10,000 shows into one container (5 visible, the rest queued), then 10,000 dismissals
    // in random order with the clock advancing: 20,000 operations per iteration.
    Benchmark("Queue: 10k views shown then dismissed in random order (20k ops)",
              configuration: .init(maxDuration: .seconds(10), maxIterations: 200)) { benchmark in
        var manager = queueContainer()
        benchmark.startMeasurement()
        var now = 0.0
        for i in 0..<viewCount {
            try! manager.show(ViewID(UInt64(i + 1)), in: "q", size: size, now: now)
        }
        for (n, index) in dismissOrder.enumerated() {
            now += 0.01
            manager.advance(to: now)
            manager.dismiss(ViewID(UInt64(index + 1)), now: now)
            if n % 64 == 0 { blackHole(manager.drainEffects()) }
        }
        benchmark.stopMeasurement()
        blackHole(manager.drainEffects())
    }

    let items100 = (0..<100).map { LayoutItem(size: Size(width: 200 + Double($0 % 9), height: 40 + Double($0 % 5))) }
    let bounds = Rect(x: 0, y: 0, width: 1920, height: 1080)
    Benchmark("Layout: 100-view vertical container") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Layout.frames(items100, displayType: .vertical, groupAlignment: .bottomTrailing,
                                    spacing: -20, in: bounds))
        }
    }

    let stacked100 = (0..<100).map {
        LayoutItem(size: Size(width: 200, height: 40), alignment: Alignment.allCases[$0 % 9])
    }
    Benchmark("Layout: 100-view stacking container") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Layout.frames(stacked100, displayType: .stacking, groupAlignment: .center, spacing: 0, in: bounds))
        }
    }

    let settled100 = animatingContainer(100)
    Benchmark("Render list: 100 settled views (layout through the manager)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(settled100.renderList(for: "a", size: Size(width: 1920, height: 1080), now: 5))
        }
    }

    let animating50 = animatingContainer(50)
    Benchmark("Render list: 50 animating views") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(animating50.renderList(for: "a", size: Size(width: 1920, height: 1080), now: 0.37))
        }
    }
}
