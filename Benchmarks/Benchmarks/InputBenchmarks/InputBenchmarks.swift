import Benchmark
import OverlayEngine

/// The per-event cost of input: `InputRouter` plus the engine update for each pointer event
/// (presses, slow drags and releases over 10 views, hover tracking), without drawing.
let benchmarks: @Sendable () -> Void = {
    Benchmark("Input: 20,000 pointer events through the router and the engine",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one)) { benchmark in
        let name = "toasts"
        var config = ContainerConfiguration(name: name, displayType: .vertical, queueType: .multiple)
        config.defaults.alignment = .top
        config.defaults.transition = .identity
        config.defaults.dismissGesture = .value(.swipe(.right))
        var manager = OverlayManager()
        try manager.register(config, now: 0)
        for _ in 0..<10 { try manager.show(in: name, size: Size(width: 300, height: 100), animated: false, now: 0) }
        let list = manager.renderList(for: name, size: Size(width: 400, height: 600), now: 0)
        let snapshot = manager
        var router = InputRouter { snapshot.resolvedConfiguration(of: $0)?.dismissGesture }
        router.setItems(list.items, for: name)
        let target = list.items.max { $0.frame.minY > $1.frame.minY }!.frame
        let pointer = InputContact.pointer(seat: 1)
        benchmark.startMeasurement()
        var t = 1.0
        for i in 0..<20_000 {
            t += 0.001
            let point = Point(x: target.midX + Double(i % 40), y: target.midY)
            if i % 400 == 0 { _ = manager.apply(router.pointerButton(pointer, pressed: true, time: t), now: t) }
            _ = manager.apply(router.pointerMoved(pointer, in: name, to: point, time: t), now: t)
            if i % 400 == 399 { _ = manager.apply(router.pointerButton(pointer, pressed: false, time: t), now: t) }
        }
        benchmark.stopMeasurement()
        blackHole(manager)
    }
}
