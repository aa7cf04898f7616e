import Glibc
import WaylandPresenter
import XCTest

/// A round of the loop looks its sources up again only when one was removed during it: a source
/// removed while another prepares to poll is neither prepared, polled nor dispatched in that round.
/// XCTest, run one at a time: a loop blocks SIGTERM for the whole process while it exists, and a
/// child another test started meanwhile would inherit that.
final class EventLoopRoundTests: XCTestCase {
    final class Pipe: EventSource {
        var fds: [Int32] = [0, 0]
        var prepared = 0, dispatched = 0
        var onPrepare: () -> Void = {}
        init() { pipe(&fds); _ = write(fds[1], "x", 1) }  // always readable
        deinit { close(fds[0]); close(fds[1]) }
        var pollDescriptor: Int32 { fds[0] }
        var pollEvents: Int16 { Int16(POLLIN) }
        func prepareToPoll() throws -> Bool { prepared += 1; onPrepare(); return false }
        func dispatch(events: Int16) throws { dispatched += 1 }
    }

    /// Stops `loop` after `rounds` rounds (its pass before the first round not counted).
    func stop(_ loop: EventLoop, afterRounds rounds: Int) {
        var passes = 0
        loop.afterDispatch = { [unowned loop] in
            passes += 1
            if passes == rounds + 1 { loop.stop() }
            return nil
        }
    }

    func testASourceRemovedWhilePreparingIsLeftOutOfTheRound() throws {
        let loop = try EventLoop()
        let first = Pipe(), removed = Pipe(), last = Pipe()
        for source in [first, removed, last] { loop.add(source) }
        first.onPrepare = { [unowned loop] in if first.prepared == 2 { loop.remove(removed) } }
        stop(loop, afterRounds: 2)
        try loop.run()
        XCTAssertEqual(first.dispatched, 2)
        XCTAssertEqual(last.dispatched, 2)
        XCTAssertEqual(removed.prepared, 1, "prepared in the first round only")
        XCTAssertEqual(removed.dispatched, 1)
    }

    func testTheEarliestSourceDeadlineBoundsPoll() throws {
        final class Due: EventSource {
            var fds: [Int32] = [0, 0]
            let deadline: Double?
            var dispatched = 0
            init(_ deadline: Double?) { self.deadline = deadline; pipe(&fds) }  // never readable
            deinit { close(fds[0]); close(fds[1]) }
            var pollDescriptor: Int32 { fds[0] }
            var pollEvents: Int16 { Int16(POLLIN) }
            func dispatch(events: Int16) throws { dispatched += 1 }
        }
        let loop = try EventLoop()
        let start = monotonicNow()
        let sources = [Due(nil), Due(start + 5), Due(start + 0.03), Due(start + 2)]
        sources.forEach(loop.add)
        stop(loop, afterRounds: 1)
        try loop.run()
        let waited = monotonicNow() - start
        XCTAssertGreaterThanOrEqual(waited, 0.025, "not before the 30 ms deadline")
        XCTAssertLessThan(waited, 1.5, "woken by the 30 ms deadline, not a later one")
        XCTAssertEqual(sources.map(\.dispatched), [1, 1, 1, 1])
    }
}
