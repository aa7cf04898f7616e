// The total image budget: past it, history images go first (oldest first), then the oldest
// non-critical open notifications with an image close as expired, once each.
import DBusService
import OverlayEngine
import Testing
@testable import overlay_wl

@Suite struct ImageBudgetTests {
    /// 16 × 16 RGBA: 1024 bytes of pixels.
    static let image = BusValue.structure([.int32(16), .int32(16), .int32(64), .bool(true), .int32(8), .int32(4),
                                          .bytes([UInt8](repeating: 90, count: 1024))])

    static func withImage(_ summary: String, urgency: UInt8 = 1) -> NotifyRequest {
        NotifyRequest(summary: summary, hints: ["image-data": image, "urgency": .byte(urgency)], expireTimeout: 0)
    }

    /// Image data that does not describe its pixels is dropped before anything keeps it, and
    /// the reason is handed back for the daemon's log.
    @Test func badImageDataIsDroppedWithItsReason() {
        let short = BusValue.structure([.int32(100), .int32(100), .int32(400), .bool(true), .int32(8), .int32(4),
                                        .bytes([UInt8](repeating: 0, count: 16))])
        var request = NotifyRequest(summary: "s", hints: ["image-data": short])
        #expect(request.limit() == "image-data: 16 bytes of pixel data, 40000 needed")
        #expect(request.hints["image-data"] == nil)
        var good = Self.withImage("g")
        #expect(good.limit() == nil)
        #expect(good.hints["image-data"] != nil)
    }

    @Test func historyImagesGoFirstOldestFirstAndTheEntriesStay() throws {
        let h = try DaemonHarness()
        h.daemon.notifications.imageBytesLimit = 2500  // two images fit, three do not
        let a = try h.notify(Self.withImage("a"))
        #expect(h.daemon.notifications.closeNotification(id: a))
        try h.advance(1)
        let b = try h.notify(Self.withImage("b"))
        #expect(h.daemon.notifications.closeNotification(id: b))
        try h.advance(1)
        let c = try h.notify(Self.withImage("c"))
        try h.advance(1)
        let history = h.daemon.notifications.historyEntries
        #expect(history.map(\.record.id) == [a, b], "both entries stay")
        #expect(history.map { $0.record.request.hints["image-data"] == nil } == [true, false], "a's image went, b's stays")
        #expect(h.daemon.registry.notification(c)?.imageBytes == 1024, "the open one keeps its image")
        #expect(h.signals.closed.map(\.id) == [a, b], "nothing else closed")
        #expect(h.daemon.registry.imageBytes == 1024)
    }

    @Test func theOldestNonCriticalOpenOneClosesOnceWithReasonOne() throws {
        let h = try DaemonHarness()
        h.daemon.notifications.imageBytesLimit = 2500
        let critical = try h.notify(Self.withImage("critical", urgency: 2))
        let first = try h.notify(Self.withImage("first"))
        let second = try h.notify(Self.withImage("second"))
        try h.advance(10)
        #expect(h.signals.closed.map(\.id) == [first], "the oldest non-critical one, once")
        #expect(h.signals.closed.allSatisfy { $0.reason == .expired })
        #expect(h.daemon.registry.notification(critical) != nil && h.daemon.registry.notification(second) != nil)
        #expect(h.presenter.manager.state(of: ViewID(first)) == nil, "its view is gone")
        #expect(h.daemon.registry.imageBytes == 2048)
        let entry = try #require(h.daemon.notifications.historyEntries.last)
        #expect(entry.record.id == first && entry.record.imageBytes == 0, "in history, without its image")
    }

    @Test func theDefaultBudgetHoldsSixteenOfTheLargestImages() {
        #expect(NotificationLimits.totalImageBytes == 16 * ImageData.maximumPixels * 4)
    }
}
