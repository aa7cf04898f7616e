import DBusService
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Calls and matches that never block: replies, errors, timeouts and signals arrive while the
/// caller processes its connection, as the daemon's poll loop does.
final class BusAsyncCallTests: BusTestCase {
    static let name = "org.overlaywl.AsyncTest"
    static let path = "/org/overlaywl/AsyncTest"
    var client: BusConnection!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try bus.export(path: Self.path, interface: BusInterface(
            name: Self.name, methods: [BusMethod("Echo", input: "v", output: "v")],
            handler: { call in BusReply(call.arguments) }))
        try bus.requestName(Self.name)
        client = try BusConnection(address: daemon.address)
    }

    override func tearDown() {
        client = nil
        try? bus?.releaseName(Self.name)
        super.tearDown()
    }

    /// Processes both connections (without blocking) until `done` or `timeout` seconds.
    @discardableResult
    private func pump(timeout: Double = 3, serving: Bool = true, until done: () -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !done() && Date() < deadline {
            try client.processPending()
            if serving { try bus.processPending() }
            usleep(1000)
        }
        return done()
    }

    func testTheReplyArrivesWhileTheConnectionIsProcessed() throws {
        var result: Result<[BusValue], Error>?
        let call = try client.callAsync(destination: Self.name, path: Self.path, interface: Self.name, member: "Echo",
                                        arguments: [.variant(.uint32(7))], timeout: 2) { result = $0 }
        XCTAssertNil(result, "callAsync returned before any reply was read")
        XCTAssertFalse(call.isDone)
        XCTAssertTrue(try pump { result != nil })
        XCTAssertEqual(try result?.get(), [.variant(.uint32(7))])
        XCTAssertTrue(call.isDone)
    }

    func testAnErrorReplyIsABusMethodError() throws {
        var result: Result<[BusValue], Error>?
        let call = try client.callAsync(destination: "org.overlaywl.NobodyOwnsThis", path: "/", interface: "x.y", member: "Z",
                                        timeout: 2) { result = $0 }
        XCTAssertTrue(try pump { result != nil })
        guard case .failure(let error as BusMethodError)? = result else { return XCTFail("expected an error reply: \(String(describing: result))") }
        XCTAssertEqual(error.name, "org.freedesktop.DBus.Error.ServiceUnknown")
        withExtendedLifetime(call) {}
    }

    func testAServerThatNeverAnswersTimesOutAtTheConnectionsDeadline() throws {
        let silent = try BusConnection(address: daemon.address)
        try silent.requestName("org.overlaywl.Silent")  // owns the name and never reads its calls
        var result: Result<[BusValue], Error>?
        let started = Date()
        let call = try client.callAsync(destination: "org.overlaywl.Silent", path: "/", interface: "x.y", member: "Z",
                                        timeout: 0.3) { result = $0 }
        try client.processPending()
        XCTAssertNotNil(client.timeoutMicroseconds, "the loop is told when to wake for the timeout")
        XCTAssertTrue(try pump(serving: false) { result != nil })
        let elapsed = Date().timeIntervalSince(started)
        guard case .failure(let error as BusMethodError)? = result else { return XCTFail("expected a timeout: \(String(describing: result))") }
        XCTAssertTrue(["org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.NoReply"].contains(error.name), error.name)
        XCTAssertGreaterThanOrEqual(elapsed, 0.29)
        XCTAssertLessThan(elapsed, 2)
        withExtendedLifetime((call, silent)) {}
    }

    func testDroppingThePendingCallCancelsIt() throws {
        var called = false
        var call: BusPendingCall? = try client.callAsync(destination: Self.name, path: Self.path, interface: Self.name,
                                                         member: "Echo", arguments: [.variant(.bool(true))], timeout: 2) { _ in called = true }
        XCTAssertNotNil(call)
        call = nil
        try pump(timeout: 0.3) { false }
        XCTAssertFalse(called)
    }

    func testAnAsyncMatchDeliversSignals() throws {
        var received: [[BusValue]] = []
        let subscription = try client.subscribeAsync(
            rule: "type='signal',interface='org.overlaywl.AsyncTest',member='Changed',arg0='appearance'") { received.append($0) }
        try pump(timeout: 0.3) { false }  // the bus installs the match
        try bus.emitSignal(path: Self.path, interface: Self.name, member: "Changed", arguments: [.string("other"), .uint32(1)])
        try bus.emitSignal(path: Self.path, interface: Self.name, member: "Changed", arguments: [.string("appearance"), .uint32(2)])
        XCTAssertTrue(try pump { !received.isEmpty })
        try pump(timeout: 0.2) { false }
        XCTAssertEqual(received, [[.string("appearance"), .uint32(2)]], "only the matching signal")
        withExtendedLifetime(subscription) {}
    }
}
