import OverlayEngine
import OverlayRenderer
@testable import WaylandPresenter
import XCTest

/// The loop wakes for the engine's timers up to `OverlayPresenter.timerSlack` late, so that a
/// flood's notifications, expiring one by one, are handled a few to a wakeup; each still expires
/// at its own time.
final class TimerSlackTests: XCTestCase {
    func testTimersCloseTogetherAreHandledInOneWakeupEachAtItsOwnTime() throws {
        var now = 0.0
        let presenter = OverlayPresenter(display: nil, clock: { now })
        let recorder = EffectRecorder()
        presenter.delegate = recorder
        var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple)
        config.maximumVisible = 100
        try presenter.register(config, placement: SurfacePlacement())
        // Twenty toasts, 1 ms apart, each expiring 2 s after it came.
        for i in 0..<20 {
            now = Double(i) * 0.001
            var configuration = ViewConfiguration()
            configuration.autoDismiss = .value(2)
            try presenter.show(ToastContent(summary: "n\(i)"), in: "c", configuration: configuration, animated: false)
        }
        _ = try presenter.update()
        recorder.dismissed = []
        // Wake when the loop would, until all of them expired.
        var wakeups = 0
        var due = try presenter.update()
        while recorder.dismissed.count < 20, let next = due, wakeups < 50 {
            XCTAssertGreaterThan(next, now)
            now = next
            wakeups += 1
            due = try presenter.update()
        }
        XCTAssertEqual(recorder.dismissed.count, 20)
        XCTAssertEqual(Set(recorder.dismissed), Set((1...20).map { ViewID(UInt64($0)) }), "each once")
        XCTAssertLessThanOrEqual(wakeups, 3, "20 expiries over 19 ms: \(wakeups) wakeups (one each without the slack)")
        XCTAssertLessThanOrEqual(now, 2 + 0.019 + OverlayPresenter.timerSlack + 1e-9, "none waited longer than the slack")
    }
}

private final class EffectRecorder: OverlayPresenterDelegate {
    var dismissed: [ViewID] = []
    func presenter(_ presenter: OverlayPresenter, didApply effect: EngineEffect) {
        if case .dismissed(let id, _, .autoDismiss) = effect { dismissed.append(id) }
    }
    func presenter(_ presenter: OverlayPresenter, clicked click: ViewClick) {}
}
