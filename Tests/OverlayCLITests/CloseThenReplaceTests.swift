// A notification closed and replaced within one bus dispatch (no presenter pass between the two
// calls): found end to end under AddressSanitizer, whose slowness put CloseNotification and the
// next Notify into one dispatch (NotificationSpecTests.testIdsAreNeverZero…).
import DBusService
import OverlayEngine
import Testing
@testable import overlay_wl

@Suite(.serialized) struct CloseThenReplaceTests {
    @Test func replacingAnIdClosedInTheSameDispatchGetsANewId() throws {
        let h = try DaemonHarness()
        let a = try h.notify(NotifyRequest(summary: "a", expireTimeout: 0))
        #expect(h.daemon.notifications.closeNotification(id: a))
        let b = h.daemon.notifications.notify(NotifyRequest(replacesID: a, summary: "b", expireTimeout: 0))
        try h.advance(1)
        #expect(b != a, "a closed id is not reused")
        #expect(h.signals.closed.map(\.id) == [a], "a closes once; b stays open")
        #expect(h.toast(b)?.summary == "b")
        #expect(h.daemon.registry.notification(b) != nil, "b keeps its record")
        #expect(h.daemon.notifications.closeNotification(id: b))
        try h.advance(1)
        #expect(h.signals.closed.map(\.id) == [a, b])
    }

    @Test func aTagClosedInTheSameDispatchStartsANewNotification() throws {
        let h = try DaemonHarness()
        let tag: [String: BusValue] = ["x-canonical-private-synchronous": .string("volume")]
        let a = try h.notify(NotifyRequest(summary: "40 %", hints: tag, expireTimeout: 0))
        #expect(h.daemon.notifications.closeNotification(id: a))
        let b = h.daemon.notifications.notify(NotifyRequest(summary: "50 %", hints: tag, expireTimeout: 0))
        try h.advance(1)
        #expect(b != a)
        #expect(h.signals.closed.map(\.id) == [a])
        #expect(h.toast(b)?.summary == "50 %")
    }

    @Test func replacingAnOpenIdStillKeepsIt() throws {
        let h = try DaemonHarness()
        let a = try h.notify(NotifyRequest(summary: "a", expireTimeout: 0))
        let again = h.daemon.notifications.notify(NotifyRequest(replacesID: a, summary: "a, updated", expireTimeout: 0))
        try h.advance(1)
        #expect(again == a)
        #expect(h.signals.closed.isEmpty)
        #expect(h.toast(a)?.summary == "a, updated")
    }
}
