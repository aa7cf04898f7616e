// The centre's status counts are kept as notifications come and go (the registry's and the
// history's creation times), not counted again at each Notify: after every step of a random
// sequence they must equal a count from scratch.
import DBusService
import OverlayEngine
import PropertyBased
import Testing
import WaylandPresenter
@testable import overlay_wl

struct CreationTimesTests {
    /// Random inserts, removals (present or not) and queries against a plain array.
    @Test func itAnswersLikeAFullCount() async {
        let ops = zip(Gen.int(in: 0...3), Gen.int(in: 0...12)).array(of: 1...120)
        await propertyCheck(count: 300, input: ops) { ops in
            var times = CreationTimes()
            var plain: [Double] = []
            for (kind, value) in ops {
                let t = Double(value) / 2
                switch kind {
                case 0, 1:
                    times.insert(t)
                    plain.append(t)
                case 2:
                    let had = plain.firstIndex(of: t)
                    let removed = times.remove(t)
                    #expect(removed == (had != nil))
                    if let had { plain.remove(at: had) }
                default:
                    break
                }
                #expect(times.count == plain.count)
                #expect(times.count(since: t) == plain.filter { $0 >= t }.count)
                #expect(times.sorted == plain.sorted())
            }
        }
    }

    @Test func notANumberCountsAsTheOldest() {
        var times = CreationTimes([3, .nan, 1])
        #expect(times.count(since: 0) == 2)
        #expect(times.count(since: -.infinity) == 3)
        let removed = times.remove(.nan)
        #expect(removed)
        #expect(times.sorted == [1, 3])
    }

    @Test func aDrainedFloodLeavesNoStorage() {
        var times = CreationTimes()
        for i in 0..<2000 { times.insert(Double(i)) }
        for i in 0..<1990 { times.remove(Double(i)) }
        #expect(times.sorted == (1990..<2000).map(Double.init))
        #expect(times.sorted.capacity <= spareCapacityFloor)  // 2000 times reserved before
        for i in 1990..<2000 { times.remove(Double(i)) }
        #expect(times.sorted.capacity == 0)
    }
}

/// One step of a random centre scenario, decoded from two small integers.
enum CenterStep: CustomStringConvertible {
    case notify(app: Int, timeout: Int32)
    case replace(pick: Int)
    case close(pick: Int)
    case snooze(pick: Int)
    case toggleDoNotDisturb
    case openCenter(Bool)
    case clearApp(Int)
    case restore
    case advance(Double)

    init(_ kind: Int, _ a: Int) {
        switch kind {
        case 0...3: self = .notify(app: a % 3, timeout: [0, 1000, 3000, -1][a % 4])
        case 4: self = .replace(pick: a)
        case 5: self = .close(pick: a)
        case 6: self = .snooze(pick: a)
        case 7: self = .toggleDoNotDisturb
        case 8: self = .openCenter(a % 2 == 0)
        case 9: self = .clearApp(a % 3)
        case 10: self = .restore
        default: self = .advance(Double(a % 8) * 0.5)
        }
    }

    var description: String {
        switch self {
        case .notify(let app, let timeout): "notify(app\(app), \(timeout))"
        case .replace(let p): "replace(\(p))"
        case .close(let p): "close(\(p))"
        case .snooze(let p): "snooze(\(p))"
        case .toggleDoNotDisturb: "toggleDoNotDisturb"
        case .openCenter(let open): "openCenter(\(open))"
        case .clearApp(let app): "clearApp(app\(app))"
        case .restore: "restore"
        case .advance(let s): "advance(\(s))"
        }
    }
}

@Suite(.serialized) struct CenterCountTests {
    static let steps = zip(Gen.int(in: 0...11), Gen.int(in: 0...30)).array(of: 1...60)

    /// A small history (so its bound pushes entries out) and a column of two that stacks at 3.
    static let config = """
        [general]
        history-size = 4
        """

    static func run(_ steps: [CenterStep]) throws {
        let h = try DaemonHarness(config: config)
        var ids: [UInt32] = []
        func pick(_ n: Int) -> UInt32? { ids.isEmpty ? nil : ids[n % ids.count] }
        for step in steps {
            switch step {
            case .notify(let app, let timeout):
                ids.append(try h.notify(NotifyRequest(appName: "app\(app)", summary: "s", expireTimeout: timeout)))
            case .replace(let p):
                if let id = pick(p) { _ = try h.notify(NotifyRequest(replacesID: id, summary: "again", expireTimeout: 2000)) }
            case .close(let p):
                if let id = pick(p) { _ = h.daemon.notifications.closeNotification(id: id); try h.update() }
            case .snooze(let p):
                if let id = pick(p) { try? h.daemon.center.snooze(id, seconds: 1); try h.update() }
            case .toggleDoNotDisturb:
                try h.daemon.center.setDoNotDisturb(!h.daemon.config.doNotDisturb)
                try h.update()
            case .openCenter(let open):
                h.presenter.openCenter(open)
                try h.update()
            case .clearApp(let app):
                h.daemon.center.clear { $0.appName == "app\(app)" }
                try h.update()
            case .restore:
                if let id = h.daemon.notifications.restore(0) { ids.append(id) }
                try h.update()
            case .advance(let seconds):
                try h.advance(seconds)
            }
            let registry = h.daemon.registry, notifications = h.daemon.notifications
            #expect(registry.notificationTimes == CreationTimes(registry.records.values.compactMap(\.notification?.created)),
                    "open notifications' times after \(step)")
            #expect(notifications.historyTimes == CreationTimes(notifications.history.items.map(\.record.created)),
                    "history's times after \(step)")
            #expect(h.daemon.center.status() == h.daemon.center.recountedStatus(), "status after \(step)")
        }
    }

    @Test func theKeptCountsEqualACountFromScratch() async {
        await propertyCheck(count: 60, input: Self.steps) { raw in
            #expect(throws: Never.self) { try Self.run(raw.map { CenterStep($0.0, $0.1) }) }
        }
    }

    /// A flood sends CenterChanged at once for its first notification, then once more with the
    /// count it reached when the interval ends; then nothing is due (no wakeups).
    @Test func aFloodSendsTheStatusTwice() throws {
        let h = try DaemonHarness(config: Self.config)
        try h.advance(1)
        let before = h.signals.centerStatuses.count
        for i in 1...50 { _ = try h.notify(NotifyRequest(appName: "flood", summary: "n\(i)", expireTimeout: 0)) }
        #expect(h.signals.centerStatuses.count == before + 1)
        #expect(h.signals.centerStatuses.last?.contains(#""unread":1,"#) == true)
        #expect(h.daemon.center.nextDeadline == h.clock.now + CenterFrontend.statusInterval)
        try h.advance(CenterFrontend.statusInterval)
        #expect(h.signals.centerStatuses.count == before + 2)
        #expect(h.signals.centerStatuses.last?.contains(#""unread":50,"#) == true)
        #expect(h.daemon.center.nextDeadline == nil)
        try h.advance(1)
        #expect(h.signals.centerStatuses.count == before + 2, "no change, no signal")
    }

    /// A flood from one app: the unread count follows every Notify, and opening the centre reads
    /// them all.
    @Test func aFloodIsCountedAsItComes() throws {
        let h = try DaemonHarness(config: Self.config)
        for i in 1...300 {
            _ = try h.notify(NotifyRequest(appName: "flood", summary: "n\(i)", expireTimeout: 2000))
            #expect(h.daemon.center.status().unread == i)
        }
        #expect(h.daemon.center.status() == h.daemon.center.recountedStatus())
        h.presenter.openCenter(true)
        try h.advance(1)
        #expect(h.daemon.center.status().unread == 0)
        try h.advance(5)  // all expired: the history keeps its newest 4
        #expect(h.daemon.notifications.history.items.count == 4)
        #expect(h.daemon.center.status() == h.daemon.center.recountedStatus())
        #expect(h.daemon.center.status().showing == 0)
    }
}
