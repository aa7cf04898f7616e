import CShims
import OverlayEngine
import OverlayRenderer
@testable import WaylandPresenter
import XCTest

/// Freed heap memory goes back to the system once, `delay` after the last view closed; nothing
/// is due while views are open or when nothing closed since the last trim (idle means no wakeups).
final class HeapTrimTests: XCTestCase {
    func testTheTrimIsDueADelayAfterTheLastViewClosedAndOnlyOnce() {
        var schedule = HeapTrimSchedule(delay: 5)
        XCTAssertFalse(schedule.update(now: 0, occupied: false), "nothing closed yet")
        XCTAssertNil(schedule.due)
        schedule.viewClosed()
        XCTAssertFalse(schedule.update(now: 1, occupied: true), "views still open")
        XCTAssertNil(schedule.due)
        XCTAssertFalse(schedule.update(now: 2, occupied: false))
        XCTAssertEqual(schedule.due, 7)
        XCTAssertFalse(schedule.update(now: 6.9, occupied: false))
        XCTAssertTrue(schedule.update(now: 7, occupied: false))
        XCTAssertNil(schedule.due)
        XCTAssertFalse(schedule.update(now: 20, occupied: false), "trimmed already")
        XCTAssertEqual(schedule.trims, 1)
    }

    func testAViewOpeningBeforeTheTrimPutsItOff() {
        var schedule = HeapTrimSchedule(delay: 5)
        schedule.viewClosed()
        _ = schedule.update(now: 0, occupied: false)
        XCTAssertFalse(schedule.update(now: 3, occupied: true))
        XCTAssertNil(schedule.due)
        XCTAssertFalse(schedule.update(now: 4, occupied: false))
        XCTAssertEqual(schedule.due, 9, "counted again from when the container emptied")
        XCTAssertTrue(schedule.update(now: 9, occupied: false))
    }

    /// GLib (before 2.76) kept Pango's layout lines, items and glyph strings in its own slabs: a
    /// burst's stayed there, pinning heap pages the trim could not return. The program asks it,
    /// before GLib starts, to take them from malloc.
    func testGLibTakesItsSlicesFromMalloc() {
        XCTAssertEqual(ow_glib_slices_use_malloc(), 1)
    }

    /// The presenter: a burst of toasts closes, the trim runs `spareBufferLifetime` later, and
    /// afterwards no deadline is left (the event loop sleeps).
    func testThePresenterTrimsAfterABurstDrainedThenHasNothingDue() throws {
        var now = 10.0
        let presenter = OverlayPresenter(display: nil, clock: { now })
        var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple)
        config.maximumVisible = 5
        config.overflow = .newest
        config.defaults.autoDismiss = .value(1)
        try presenter.register(config, placement: SurfacePlacement())
        for i in 0..<300 { try presenter.show(ToastContent(summary: "n\(i)"), in: "c", animated: false) }
        // Surfaces draw trees with the presenter's tree renderer: what they drew stays cached.
        let canvas = Canvas(pixelWidth: 200, pixelHeight: 60, scale: 1)
        presenter.trees.layouts.render(VStack { Text("Volume"); ProgressBar(value: 0.4) }, on: canvas)
        XCTAssertGreaterThan(presenter.trees.layouts.cachedCount, 0)
        XCTAssertGreaterThan(presenter.lazyMeasure.pending.count, 2 * spareCapacityFloor, "toasts off screen wait unmeasured")
        XCTAssertNotNil(try presenter.update())
        XCTAssertEqual(presenter.views.count, 300)
        now = 12  // every countdown ran out
        var due = try presenter.update()
        XCTAssertTrue(presenter.views.isEmpty)
        XCTAssertLessThanOrEqual(presenter.views.capacity, 2 * spareCapacityFloor, "the views' storage was given back")
        XCTAssertTrue(presenter.lazyMeasure.pending.isEmpty)
        XCTAssertEqual(presenter.lazyMeasure.pending.capacity, 0, "the unmeasured views' storage was given back")
        XCTAssertEqual(presenter.heapTrim.trims, 0)
        // Wake at each deadline, as the event loop would, until nothing is due.
        var wakeups = 0
        while let next = due, wakeups < 20 {
            now = max(now, next)
            due = try presenter.update()
            wakeups += 1
        }
        XCTAssertEqual(presenter.heapTrim.trims, 1)
        XCTAssertEqual(presenter.trees.layouts.cachedCount, 0, "the trim drops the tree renderer's texts and pictures")
        XCTAssertGreaterThanOrEqual(now, 12 + OverlayPresenter.spareBufferLifetime)
        XCTAssertNil(due, "idle: nothing is due after the trim")
    }
}

/// A headless presenter whose container "c" shows `count` toasts that expire after 1 s.
func presenterShowing(_ count: Int, clock: @escaping () -> Double) throws -> OverlayPresenter {
    let presenter = OverlayPresenter(display: nil, clock: clock)
    var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple)
    config.defaults.autoDismiss = .value(1)
    try presenter.register(config, placement: SurfacePlacement())
    for i in 0..<count { try presenter.show(ToastContent(summary: "n\(i)"), in: "c", animated: false) }
    return presenter
}
