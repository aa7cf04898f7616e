import DBusService
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `hasWorkDue`: whether processing the connection can do anything before its socket has input.
/// A loop round another source woke skips the bus when it is false (processing would only read
/// the socket to find it empty), so it must be true whenever sd-bus holds input it has read.
final class BusWorkDueTests: BusTestCase {
    static let name = "org.overlaywl.WorkDueTest"
    static let path = "/org/overlaywl/WorkDueTest"

    func testDrainedUntilTheLimitOrABlockingCallLeavesInputRead() throws {
        var handled = 0
        try bus.export(path: Self.path, interface: BusInterface(
            name: Self.name, methods: [BusMethod("Ping")], handler: { _ in handled += 1; return BusReply([]) }))
        try bus.requestName(Self.name)
        XCTAssertTrue(bus.hasWorkDue, "a blocking call may have read and queued input")
        try bus.processPending()
        XCTAssertFalse(bus.hasWorkDue, "everything read was handled")

        let client = try BusConnection(address: daemon.address)
        let sent = 30
        var calls: [BusPendingCall] = []
        for _ in 0..<sent {
            calls.append(try client.callAsync(destination: Self.name, path: Self.path, interface: Self.name, member: "Ping",
                                              timeout: 10) { _ in })
        }
        try client.flush()
        var input = pollfd(fd: bus.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&input, 1, 5000), 1, "the calls reached the server's socket")
        usleep(50_000)  // the rest of them too
        try bus.processPending(limit: 10)
        XCTAssertEqual(handled, 10)
        XCTAssertTrue(bus.hasWorkDue, "stopped at its limit: more may be read and not handled")
        let deadline = Date().addingTimeInterval(5)
        while handled < sent, Date() < deadline {
            if !bus.hasWorkDue {
                var more = pollfd(fd: bus.fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&more, 1, 100)
            }
            try bus.processPending(limit: 10)
        }
        XCTAssertEqual(handled, sent)
        try bus.processPending(limit: 10)
        XCTAssertFalse(bus.hasWorkDue)

        _ = try bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                         interface: "org.freedesktop.DBus", member: "GetId")
        XCTAssertTrue(bus.hasWorkDue, "a blocking call reads what arrives while it waits")
        withExtendedLifetime(calls) {}
    }
}
