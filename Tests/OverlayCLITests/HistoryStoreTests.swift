// The history file: every hint type survives a round trip, bad files are refused with a clear
// error (never a crash) and moved aside, and a restarted daemon restores from it.
import DBusService
import Foundation
import OverlayEngine
import OverlayRenderer
import Testing
@testable import overlay_wl
@testable import WaylandPresenter

@Suite(.serialized) struct HistoryStoreTests {
    static let everyType: [String: BusValue] = [
        "y": .byte(7), "b": .bool(true), "n": .int16(-3), "q": .uint16(65000), "i": .int32(-70000),
        "u": .uint32(4_000_000_000), "x": .int64(-1 << 40), "t": .uint64(1 << 63), "d": .double(-0.25),
        "s": .string("é ✓"), "o": .objectPath("/a/b"), "g": .signature("a{sv}"), "ay": .bytes([0, 255, 9]),
        "as": .array([.string("p"), .string("q")], elementSignature: "s"), "empty": .array([], elementSignature: "i"),
        "dict": .dict([BusDictEntry(key: .string("k"), value: .variant(.int32(1)))], keySignature: "s", valueSignature: "v"),
        "image-data": .structure([.int32(1), .int32(1), .int32(4), .bool(true), .int32(8), .int32(4), .bytes([1, 2, 3, 4])]),
        "v": .variant(.variant(.string("deep"))),
    ]

    static func entry(id: UInt32 = 3, hints: [String: BusValue] = everyType) -> HistoryEntry {
        let request = NotifyRequest(appName: "app", replacesID: 2, appIcon: "mail-unread", summary: "Sum", body: "<b>Body</b>",
                                    actions: [NotificationAction(key: "a", label: "A")], hints: hints, expireTimeout: -1,
                                    sender: ":1.4")
        return HistoryEntry(record: NotificationRecord(id: id, request: request, created: 10.5, updated: 11.25), reason: "expired")
    }

    func temporaryPath() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-wl-history-\(UUID().uuidString)")
        return dir.path + "/state/history"
    }

    @Test func everyHintTypeSurvivesARoundTrip() throws {
        let entries = [Self.entry(), Self.entry(id: 4, hints: [:])]
        let decoded = try HistoryCodec.decode(HistoryCodec.encode(entries))
        #expect(decoded.count == 2)
        for (a, b) in zip(entries, decoded) {
            #expect(a.record.request == b.record.request && a.record.id == b.record.id && a.reason == b.reason)
            #expect(a.record.created == b.record.created && a.record.updated == b.record.updated)
        }
    }

    @Test func everyTruncationAndCorruptionIsAClearError() throws {
        let bytes = HistoryCodec.encode([Self.entry()])
        for length in HistoryCodec.magic.count + 1..<bytes.count {
            #expect(throws: HistoryCodec.Malformed.self) { try HistoryCodec.decode(Array(bytes[..<length])) }
        }
        #expect(throws: HistoryCodec.Malformed.self) { try HistoryCodec.decode(Array("something else".utf8)) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {  // flipped bytes: decoded or refused, never a crash
            var copy = bytes
            copy[Int.random(in: HistoryCodec.magic.count..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = try? HistoryCodec.decode(copy)
        }
        var deep = HistoryCodec.magic
        let nested = BusValue.variant(Array(repeating: 0, count: 40).reduce(BusValue.byte(1)) { inner, _ in .variant(inner) })
        deep = HistoryCodec.encode([Self.entry(hints: ["deep": nested])])
        #expect(throws: HistoryCodec.Malformed.self) { try HistoryCodec.decode(deep) }
    }

    @Test func anUnreadableFileIsMovedAside() throws {
        let path = temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("not a history".utf8).write(to: URL(fileURLWithPath: path))
        let store = HistoryStore(path: path, clock: { 0 })
        #expect(store.load().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: path + ".unreadable"))
    }

    /// When the heap is trimmed the history is made afresh (its entries were made one by one
    /// amid a flood's traffic and hold pages apart): every entry stays as it was, in new storage,
    /// and the file is not written again for it.
    @Test func theHeapTrimMakesTheHistoryAfreshAsItWas() throws {
        let path = temporaryPath()
        let h = try DaemonHarness(config: """
            [containers.notifications]
            group-by = ["app", "summary"]
            """, historyPath: path)
        for n in 1...3 {
            let id = try h.notify(NotifyRequest(appName: "Mail", summary: "Inbox \(n)", body: "<b>Body</b> of notification \(n), longer than a small string",
                                                actions: [NotificationAction(key: "open", label: "Open")],
                                                hints: ["urgency": .byte(2), "s": .string("é ✓")], expireTimeout: 0))
            #expect(h.presenter.dismiss(ViewID(id), reason: .user))
        }
        try h.advance(HistoryStore.writeDelay + 0.5)
        let store = try #require(h.daemon.notifications.historyStore)
        try store.dispatch(events: 0)
        #expect(store.writeDue == nil, "written")
        let before = h.daemon.notifications.history.items
        #expect(before.count == 3 && h.presenter.heapTrim.trims == 0)
        func storage(_ text: String) -> UnsafePointer<UInt8>? { text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil }
        let bodies = before.map { storage($0.record.body) }
        try h.advance(OverlayPresenter.spareBufferLifetime + 1)
        #expect(h.presenter.heapTrim.trims == 1)
        let after = h.daemon.notifications.history.items
        #expect(after.count == before.count)
        for (a, b) in zip(before, after) {
            #expect(a.record.request == b.record.request && a.record.id == b.record.id && a.reason == b.reason)
            #expect(a.record.created == b.record.created && a.record.updated == b.record.updated)
            #expect(a.record.groupBy == b.record.groupBy && b.record.group == "Mail\u{1F}\(b.record.summary)")
        }
        #expect(zip(bodies, after.map { storage($0.record.body) }).allSatisfy { $0 != $1 }, "made afresh")
        #expect(store.writeDue == nil, "an equal history is not written again")
    }

    @Test func aRestartedDaemonRestoresFromTheFile() throws {
        let path = temporaryPath()
        do {
            let h = try DaemonHarness(historyPath: path)
            let id = try h.notify(NotifyRequest(appIcon: "mail-unread", summary: "Kept", hints: ["urgency": .byte(2)], expireTimeout: 0))
            #expect(h.presenter.dismiss(ViewID(id), reason: .user))
            try h.advance(0.5)
            #expect(!FileManager.default.fileExists(atPath: path), "written a moment after the change, not at once")
            try h.advance(HistoryStore.writeDelay)
            let store = try #require(h.daemon.notifications.historyStore)
            try store.dispatch(events: 0)
            #expect(FileManager.default.fileExists(atPath: path))
        }
        let h = try DaemonHarness(historyPath: path)
        let entry = try #require(h.daemon.notifications.history.items.last)
        #expect(entry.record.summary == "Kept" && entry.reason == "dismissed")
        let again = try #require(h.daemon.notifications.restore(0))
        try h.update()
        #expect(again != entry.record.id, "ids given out before the restart are not given again")
        #expect(h.toast(again)?.icon == .themed("mail-unread"))
        #expect(h.daemon.registry.notification(again)?.urgency == .critical)
    }
}
