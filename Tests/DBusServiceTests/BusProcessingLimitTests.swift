import DBusService
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `processPending(limit:)` handles at most `limit` messages a call, so a client pipelining
/// calls cannot keep one call reading for as long as it sends: the rest wait on the bus.
final class BusProcessingLimitTests: BusTestCase {
    static let name = "org.overlaywl.LimitTest"
    static let path = "/org/overlaywl/LimitTest"

    func testACallHandlesAtMostTheLimitAndTheNextOnesTheRest() throws {
        var handled = 0
        try bus.export(path: Self.path, interface: BusInterface(
            name: Self.name, methods: [BusMethod("Ping")], handler: { _ in handled += 1; return BusReply([]) }))
        try bus.requestName(Self.name)
        let client = try BusConnection(address: daemon.address)
        let sent = 100  // under dbus-daemon's limit of replies a connection may await
        var replies = 0
        var calls: [BusPendingCall] = []
        for _ in 0..<sent {
            calls.append(try client.callAsync(destination: Self.name, path: Self.path, interface: Self.name, member: "Ping",
                                              timeout: 10) { _ in replies += 1 })
        }
        // Every call reaches the server's socket before it handles any.
        let deadline = Date().addingTimeInterval(5)
        var perCall: [Int] = []
        while handled < sent, Date() < deadline {
            try client.processPending()
            let before = handled
            try bus.processPending(limit: 10)
            if handled > before { perCall.append(handled - before) }
            usleep(1000)
        }
        XCTAssertEqual(handled, sent)
        XCTAssertLessThanOrEqual(perCall.max() ?? 0, 10, "a call handled more than its limit: \(perCall)")
        XCTAssertGreaterThanOrEqual(perCall.count, sent / 10)
        XCTAssertTrue(perCall.contains(10), "the client's calls were pipelined: some call met the limit")
        while replies < sent, Date() < deadline { try client.processPending(); try bus.processPending(); usleep(1000) }
        XCTAssertEqual(replies, sent, "every call was answered")
        withExtendedLifetime(calls) {}
    }
}
