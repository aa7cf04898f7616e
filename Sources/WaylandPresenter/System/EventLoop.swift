import Glibc

/// Something the loop polls: a file descriptor, plus an optional deadline for poll's timeout.
public protocol EventSource: AnyObject {
    var pollDescriptor: Int32 { get }
    var pollEvents: Int16 { get }
    /// Absolute monotonic seconds by which `dispatch` must run even without events.
    var deadline: Double? { get }
    /// Called right before poll (flush output, prepare reads). True when it handled input that
    /// was already buffered (a bus message read after the source's dispatch): the loop then runs
    /// its after-dispatch pass before it sleeps, so what that input changed is acted on.
    func prepareToPoll() throws -> Bool
    /// Called after every poll, with the events seen (possibly none).
    func dispatch(events: Int16) throws
}

public extension EventSource {
    var deadline: Double? { nil }
    func prepareToPoll() throws -> Bool { false }
}

/// One poll() over every source, a timerfd and a signalfd. Nothing wakes it but events:
/// with no deadlines it sleeps in poll forever.
public final class EventLoop {
    private var sources: [EventSource] = []
    private let timer: DeadlineTimer
    private let signals: SignalSource
    private var stopped = false
    /// Counts `remove` calls: a round looks its sources up again only when one was removed.
    private var removals = 0
    /// Runs after each round of dispatch; returns the next engine deadline for the timerfd.
    public var afterDispatch: () throws -> Double? = { nil }
    /// Called with SIGINT/SIGTERM/SIGHUP as they arrive; the default stops the loop.
    public var onSignal: (Int32) -> Void = { _ in }
    /// Called when a source's `prepareToPoll` or `dispatch` throws; rethrowing ends `run()` with
    /// that error (the default). A handler that keeps the loop going may `remove` the source.
    public var onSourceError: (EventSource, Error) throws -> Void = { _, error in throw error }

    /// A loop with its timerfd and a signalfd for SIGINT, SIGTERM and SIGHUP (blocked while the loop exists);
    /// throws when the kernel refuses either.
    public init() throws {
        timer = try DeadlineTimer()
        signals = try SignalSource(signals: [SIGINT, SIGTERM, SIGHUP])
        onSignal = { [unowned self] signal in if signal != SIGHUP { self.stop() } }
    }

    /// Polls `source` from the next round on (a `WaylandDisplay`, a bus connection, an inotify watch…).
    public func add(_ source: EventSource) { sources.append(source) }

    /// Stops polling `source` (from the next poll on; a source removed during a round is not
    /// dispatched again in it). The loop no longer holds it.
    public func remove(_ source: EventSource) {
        sources.removeAll { $0 === source }
        removals &+= 1
    }

    private func contains(_ source: EventSource) -> Bool { sources.contains { $0 === source } }
    /// Ends `run()` after the current round.
    public func stop() { stopped = true }

    /// Runs until `stop()`; returns normally on SIGINT/SIGTERM.
    public func run() throws {
        try timer.arm(at: try afterDispatch())
        var fds: [pollfd] = []  // reused: a round allocates nothing
        while !stopped {
            // The sources of this round: one added while dispatching joins the next round.
            var polled = sources
            let removalsBefore = removals
            var handledWhilePreparing = false
            for source in polled where removals == removalsBefore || contains(source) {
                do { handledWhilePreparing = try source.prepareToPoll() || handledWhilePreparing } catch {
                    try onSourceError(source, error)
                }
            }
            if removals != removalsBefore { polled.removeAll { !contains($0) } }
            let removalsPolled = removals
            fds.removeAll(keepingCapacity: true)
            for source in polled { fds.append(pollfd(fd: source.pollDescriptor, events: source.pollEvents, revents: 0)) }
            fds.append(pollfd(fd: timer.descriptor.rawValue, events: Int16(POLLIN), revents: 0))
            fds.append(pollfd(fd: signals.descriptor.rawValue, events: Int16(POLLIN), revents: 0))
            let timeout = handledWhilePreparing ? 0 : pollTimeout()  // no sleep before the pass
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR { throw SystemError(call: "poll", code: errno) }
            for index in polled.indices {
                let source = polled[index]
                if removals != removalsPolled, !contains(source) { continue }
                do { try source.dispatch(events: ready > 0 ? fds[index].revents : 0) } catch { try onSourceError(source, error) }
            }
            if fds[polled.count].revents != 0 { timer.acknowledge() }
            if fds[polled.count + 1].revents != 0 { signals.drain().forEach(onSignal) }
            try timer.arm(at: try afterDispatch())
        }
    }

    /// Milliseconds until the earliest source deadline, or -1 (forever).
    private func pollTimeout() -> Int32 {
        var earliest: Double?
        for source in sources {
            if let due = source.deadline, earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        guard let earliest else { return -1 }
        let ms = ((earliest - monotonicNow()) * 1000).rounded(.up)
        return Int32(max(0, min(ms, Double(Int32.max))))
    }
}
