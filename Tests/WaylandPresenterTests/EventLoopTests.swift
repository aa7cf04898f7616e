import Glibc
import WaylandPresenter
import XCTest

/// The poll loop: deadlines wake it through the timerfd, signals through the signalfd.
final class EventLoopTests: XCTestCase {
    func testDeadlineWakesTheLoopAndSignalStopsIt() throws {
        let loop = try EventLoop()
        let start = monotonicNow()
        var passes: [Double] = []
        loop.afterDispatch = {
            passes.append(monotonicNow() - start)
            switch passes.count {
            case 1: return start + 0.05          // ask to be woken in 50 ms
            case 2: raise(SIGTERM); return nil   // delivered through the signalfd: stops the loop
            default: return nil
            }
        }
        try loop.run()
        XCTAssertEqual(passes.count, 3, "initial pass, the timer wake-up, the signal wake-up")
        XCTAssertGreaterThanOrEqual(passes[1], 0.045, "the timer must not fire early")
        XCTAssertLessThan(passes[1], 1.0)
    }

    func testSourceDeadlineBoundsPoll() throws {
        final class Pipe: EventSource {
            var fds: [Int32] = [0, 0]
            var dispatched = 0
            let due: Double
            init(due: Double) { self.due = due; pipe(&fds) }
            deinit { close(fds[0]); close(fds[1]) }
            var pollDescriptor: Int32 { fds[0] }
            var pollEvents: Int16 { Int16(POLLIN) }
            var deadline: Double? { dispatched == 0 ? due : nil }
            func dispatch(events: Int16) throws { dispatched += 1 }
        }
        let loop = try EventLoop()
        let source = Pipe(due: monotonicNow() + 0.03)
        loop.add(source)
        var passes = 0
        loop.afterDispatch = {
            passes += 1
            if passes == 2 { loop.stop() }
            return nil
        }
        let start = monotonicNow()
        try loop.run()
        XCTAssertEqual(source.dispatched, 1, "the source's deadline woke poll once without any event")
        XCTAssertGreaterThanOrEqual(monotonicNow() - start, 0.025)
    }
}

/// Input a source handles while preparing to poll (a bus message that arrived after the bus
/// was dispatched, read by sd_bus_process then) is acted on before the loop sleeps: a Notify
/// handled there was shown in the engine but not drawn until something else woke the loop.
final class EventLoopPreparedInputTests: XCTestCase {
    final class Buffered: EventSource {
        var fds: [Int32] = [0, 0]
        var preparations = 0
        var handled = false
        let safety: Double
        init(safety: Double) { self.safety = safety; pipe(&fds) }
        deinit { close(fds[0]); close(fds[1]) }
        var pollDescriptor: Int32 { fds[0] }  // never readable
        var pollEvents: Int16 { Int16(POLLIN) }
        var deadline: Double? { safety }  // without the pass the loop would sleep until here
        func prepareToPoll() throws -> Bool {
            preparations += 1
            guard preparations == 1 else { return false }
            handled = true
            return true
        }
        func dispatch(events: Int16) throws {}
    }

    func testThePassRunsBeforeTheLoopSleeps() throws {
        let loop = try EventLoop()
        let start = monotonicNow()
        let source = Buffered(safety: start + 2)
        loop.add(source)
        var passes: [(time: Double, handled: Bool)] = []
        loop.afterDispatch = {
            passes.append((monotonicNow() - start, source.handled))
            if passes.count == 2 { loop.stop() }
            return nil
        }
        try loop.run()
        XCTAssertEqual(passes.map(\.handled), [false, true])
        XCTAssertLessThan(passes[1].time, 1, "the pass after the handled input waited for the next wake-up")
    }
}

/// A loop blocks SIGINT/SIGTERM/SIGHUP for its signalfd; once it is gone they must be unblocked,
/// or every process started afterwards would inherit a mask that ignores SIGTERM.
final class SignalMaskTests: XCTestCase {
    func testSignalsAreUnblockedWhenTheLoopGoes() throws {
        func blocked(_ signal: Int32) -> Bool {
            var current = sigset_t()
            sigprocmask(SIG_BLOCK, nil, &current)
            return sigismember(&current, signal) == 1
        }
        do {
            let loop = try EventLoop()
            XCTAssertTrue(blocked(SIGTERM), "while the loop lives, SIGTERM goes to its signalfd")
            _ = loop
        }
        XCTAssertFalse(blocked(SIGTERM))
        XCTAssertFalse(blocked(SIGINT))
        XCTAssertFalse(blocked(SIGHUP))
    }
}

/// A source added while another dispatches joins the next poll round (it must not shift the
/// timer and signal entries of the round in progress).
final class EventLoopGrowthTests: XCTestCase {
    final class Ticker: EventSource {
        var fds: [Int32] = [0, 0]
        var dispatched = 0
        var onDispatch: () -> Void = {}
        init() { pipe(&fds) }
        deinit { close(fds[0]); close(fds[1]) }
        var pollDescriptor: Int32 { fds[0] }
        var pollEvents: Int16 { Int16(POLLIN) }
        var deadline: Double? { dispatched < 3 ? monotonicNow() : nil }
        func dispatch(events: Int16) throws { dispatched += 1; onDispatch() }
    }

    func testSourceAddedDuringDispatch() throws {
        let loop = try EventLoop()
        let first = Ticker(), second = Ticker()
        first.onDispatch = { if first.dispatched == 1 { loop.add(second) } }
        loop.add(first)
        var passes = 0
        loop.afterDispatch = {
            passes += 1
            if passes == 4 { loop.stop() }
            return nil
        }
        try loop.run()
        XCTAssertEqual(first.dispatched, 3)
        XCTAssertEqual(second.dispatched, 2, "the new source is dispatched from the round after it was added")
    }
}
