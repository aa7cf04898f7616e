// The notification centre's daemon side on a display-less presenter with injected time: what
// it lists, its buttons, snooze, the status line and the pill.
import DBusService
import Glibc
import OverlayEngine
import Testing
import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct CenterFrontendTests {
    func centerClick(_ h: DaemonHarness, _ row: ViewID, _ part: ClickedPart) throws {
        daemon(h).presenter(h.presenter, clicked: ViewClick(view: row, part: part, point: nil))
        try h.advance(1)
    }
    func daemon(_ h: DaemonHarness) -> Daemon { h.daemon }

    /// The list as the centre would lay it out.
    func rows(_ h: DaemonHarness) -> [CenterRow.Kind] {
        var list = CenterList()
        list.setEntries(h.daemon.center.centerEntries(), heights: CenterRowHeights())
        return list.rows.map(\.kind)
    }

    var statuses: (SignalRecorder) -> [String] { { $0.centerStatuses } }

    @Test func itListsShowingHeldAndHistoryGroupedNewestFirst() throws {
        let h = try DaemonHarness()
        let old = try h.notify(NotifyRequest(appName: "mail", summary: "old", expireTimeout: 1000))
        try h.advance(2)  // expired: in history
        let chat = try h.notify(NotifyRequest(appName: "chat", summary: "hi", expireTimeout: 0))
        try h.advance(1)
        try centerClick(h, CenterRowID.header, .action(CenterFrontend.dndKey))
        #expect(h.daemon.config.doNotDisturb, "the header's button turns do-not-disturb on")
        let held = try h.notify(NotifyRequest(appName: "mail", summary: "new", expireTimeout: 0))
        #expect(h.daemon.registry[ViewID(held)]?.isHeld == true, "held back, not shown")
        #expect(h.toast(held) == nil)
        #expect(rows(h) == [.group(0), .entry(held), .entry(old), .group(1), .entry(chat)])
        let entry = h.daemon.center.centerContent(.entry(held), group: nil)
        #expect(entry.summary == "new" && entry.body.hasPrefix("now · held · "))
        #expect(entry.actions.map(\.key) == ["overlay-wl.snooze-300", "overlay-wl.snooze-3600"])

        try centerClick(h, CenterRowID.header, .action(CenterFrontend.dndKey))
        #expect(!h.daemon.config.doNotDisturb)
        #expect(h.toast(held)?.summary == "new", "do-not-disturb off: the held one shows, same id")
    }

    @Test func anEntrysOwnActionsComeBeforeTheSnoozesThreeButtonsAtMost() throws {
        let h = try DaemonHarness()
        func actions(_ labels: [String]) -> [NotificationAction] { labels.map { NotificationAction(key: $0.lowercased(), label: $0) } }
        let one = try h.notify(NotifyRequest(summary: "one", actions: actions(["OK"]), expireTimeout: 0))
        let two = try h.notify(NotifyRequest(summary: "two", actions: actions(["OK", "Cancel"]), expireTimeout: 0))
        let four = try h.notify(NotifyRequest(summary: "four", actions: actions(["A", "B", "C", "D"]), expireTimeout: 0))
        try h.advance(1)
        let keys = { (id: UInt32) in h.daemon.center.centerContent(.entry(id), group: nil).actions.map(\.key) }
        #expect(keys(one) == ["ok", "overlay-wl.snooze-300", "overlay-wl.snooze-3600"])
        #expect(keys(two) == ["ok", "cancel", "overlay-wl.snooze-300"], "both of the app's buttons, then a snooze")
        #expect(keys(four) == ["a", "b", "c"], "the app's first three, no room for a snooze")
        #expect(h.daemon.notifications.closeNotification(id: two))
        try h.advance(1)
        #expect(keys(two) == ["ok", "cancel"], "in history: the app's own, no snooze")
    }

    @Test func theContainersShowingOpenNotificationsAreListedForTheCentreToCover() throws {
        let h = try DaemonHarness()
        #expect(h.daemon.center.listedContainers().isEmpty)
        let id = try h.notify(NotifyRequest(summary: "open", expireTimeout: 1000))
        try h.advance(0.5)
        #expect(h.daemon.center.listedContainers() == ["notifications"])
        try h.advance(2)  // expired: in history, shown nowhere
        #expect(h.daemon.registry.notification(id) == nil)
        #expect(h.daemon.center.listedContainers().isEmpty)
    }

    @Test func relativeTimesTickAtTheNextWallClockMinute() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "t", expireTimeout: 0))
        try h.advance(200)
        #expect(h.daemon.center.centerContent(.entry(id), group: nil).body.hasPrefix("3 min ago · ")
                || h.daemon.center.centerContent(.entry(id), group: nil).body.hasPrefix("4 min ago · "))
        let now = h.clock.now, wall = h.clock.wall
        let tick = try #require(h.daemon.center.centerTextsChange(after: now))
        let next = ((wall / 60).rounded(.down) + 1) * 60
        #expect(abs((tick - now) - (next - wall)) < 1e-6, "due at the next minute boundary of the wall clock")
        #expect(h.daemon.center.relativeTime(wall - 7200) == "2 h ago")
        #expect(h.daemon.center.relativeTime(wall - 3 * 86400) == "3 d ago")
    }

    @Test func theMinuteTickRunsOnlyWhileTheCentreIsOpen() throws {
        let h = try DaemonHarness()
        _ = try h.notify(NotifyRequest(summary: "t", expireTimeout: 0))
        #expect(try h.presenter.update() == nil, "closed: nothing is due")
        h.presenter.openCenter(true)
        try h.advance(1)
        let due = try #require(try h.presenter.update())
        #expect(due > h.clock.now && due <= h.clock.now + 60)
        h.presenter.openCenter(false)
        try h.advance(1)
        #expect(try h.presenter.update() == nil, "closed again: no timer")
    }

    @Test func clearButtonsCloseAsDismissedAndEmptyTheHistory() throws {
        let h = try DaemonHarness()
        let gone = try h.notify(NotifyRequest(appName: "a", summary: "gone", expireTimeout: 1000))
        try h.advance(2)
        let a = try h.notify(NotifyRequest(appName: "a", summary: "a", expireTimeout: 0))
        let b = try h.notify(NotifyRequest(appName: "b", summary: "b", expireTimeout: 0))
        try centerClick(h, CenterRowID.entry(a), .closeButton)
        #expect(h.signals.closed.map(\.id) == [gone, a] && h.signals.closed.last?.reason == .dismissed)
        #expect(!rows(h).contains(.entry(a)), "cleared: not listed, not in history")
        #expect(rows(h).contains(.entry(gone)) && rows(h).contains(.entry(b)))

        try centerClick(h, CenterRowID.entry(gone), .closeButton)
        #expect(!rows(h).contains(.entry(gone)) && h.signals.closed.count == 2, "a history entry just goes")

        _ = try h.notify(NotifyRequest(appName: "c", summary: "c", expireTimeout: 1000))
        try h.advance(2)
        try centerClick(h, CenterRowID.header, .action(CenterFrontend.clearAllKey))
        #expect(rows(h).isEmpty)
        #expect(h.signals.closed.last?.id == b && h.signals.closed.last?.reason == .dismissed)
        #expect(h.daemon.notifications.history.items.isEmpty)
    }

    @Test func aClickOnAnEntryInvokesItsDefaultActionOnlyWhileItsSenderIsThere() throws {
        let h = try DaemonHarness()
        var request = NotifyRequest(summary: "open me", actions: [NotificationAction(key: "default", label: "Open")], expireTimeout: 0)
        request.sender = ":1.42"
        let id = try h.notify(request)
        var connected = false
        h.daemon.center.senderConnected = { name in name == ":1.42" && connected }
        try centerClick(h, CenterRowID.entry(id), .body)
        #expect(!h.signals.signals.contains(.actionInvoked(id: id, action: "default")), "sender gone: nothing")
        connected = true
        try centerClick(h, CenterRowID.entry(id), .body)
        #expect(h.signals.signals.contains(.actionInvoked(id: id, action: "default")))
        #expect(h.signals.closed.map(\.id) == [id])
    }

    @Test func aClickOnAnEntryWithoutADefaultActionExpandsAndFoldsIt() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "long", body: "one\ntwo\nthree", expireTimeout: 0))
        try centerClick(h, CenterRowID.entry(id), .body)
        #expect(h.presenter.isCenterEntryExpanded(id))
        #expect(h.signals.signals.isEmpty, "no action invoked, nothing closed")
        try centerClick(h, CenterRowID.entry(id), .body)
        #expect(!h.presenter.isCenterEntryExpanded(id))
    }

    @Test func snoozeHidesAndBringsBackTheSameIDWithoutClosingOrExpiring() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "later", expireTimeout: 2000))
        try centerClick(h, CenterRowID.entry(id), .action("overlay-wl.snooze-300"))
        #expect(h.toast(id) == nil && !h.presenter.manager.contains(ViewID(id)), "off screen")
        #expect(h.daemon.center.centerContent(.entry(id), group: nil).body.contains("snoozed · "))
        try h.advance(297)
        #expect(!h.presenter.manager.contains(ViewID(id)))
        #expect(h.signals.closed.isEmpty, "neither closed nor expired while snoozed")
        try h.advance(2)
        #expect(h.toast(id)?.summary == "later", "back, with the same id")
        #expect(h.daemon.registry[ViewID(id)]?.isHeld == false)
        #expect(h.signals.closed.isEmpty)
        try h.advance(3)
        #expect(h.signals.closed.map(\.id) == [id], "its timeout runs again once back")

        #expect(throws: CenterFrontend.SnoozeError.self) { try h.daemon.center.snooze(id, seconds: 60) }
        let other = try h.notify(NotifyRequest(summary: "x", expireTimeout: 0))
        #expect(throws: CenterFrontend.SnoozeError.self) { try h.daemon.center.snooze(other, seconds: 0) }
    }

    @Test func aModeChangeDoesNotWakeASnoozedNotification() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "later", expireTimeout: 0))
        try h.daemon.center.snooze(id, seconds: 60)
        try h.advance(1)
        try h.daemon.center.setDoNotDisturb(true)
        try h.daemon.center.setDoNotDisturb(false)
        try h.advance(1)
        #expect(h.toast(id) == nil, "still snoozed")
        try h.advance(60)
        #expect(h.toast(id) != nil)
    }

    @Test func aHistoryRestoredAtStartIsNotUnread() throws {
        let path = "/tmp/overlay-wl-center-history-\(getpid()).bin"
        defer { unlink(path) }
        do {
            let h = try DaemonHarness(historyPath: path)
            h.clock.now = 10  // 90 s before the next daemon starts
            _ = try h.notify(NotifyRequest(summary: "old", expireTimeout: 1000))
            try h.advance(2)
            h.daemon.notifications.historyStore?.flush()
        }
        let again = try DaemonHarness(historyPath: path)
        #expect(again.daemon.notifications.history.items.count == 1)
        #expect(again.daemon.center.status().unread == 0)
    }

    @Test func theStatusLineCountsAndChangesOnce() throws {
        let h = try DaemonHarness()
        #expect(h.daemon.center.statusJSON == #"{"text":"","alt":"none","tooltip":"0 unread, 0 showing, 0 hidden","class":"none","showing":0,"hidden":0,"unread":0,"dnd":false,"open":false}"#)
        _ = try h.notify(NotifyRequest(summary: "a", expireTimeout: 0))
        let b = try h.notify(NotifyRequest(summary: "b", expireTimeout: 0))
        try h.daemon.center.snooze(b, seconds: 60)
        try h.advance(1)
        let status = h.daemon.center.status()
        #expect(status.showing == 1 && status.hidden == 1 && status.unread == 2)
        #expect(statuses(h.signals).last?.contains(#""showing":1,"hidden":1,"unread":2"#) == true)
        let count = statuses(h.signals).count
        try h.advance(1)
        #expect(statuses(h.signals).count == count, "no change, no signal")

        daemon(h).presenter(h.presenter, clicked: ViewClick(view: .overflowIndicator, part: .overflowIndicator, point: nil))
        try h.advance(1)
        #expect(h.presenter.isCenterOpen, "a click on the pill opens the centre")
        #expect(h.daemon.center.status().unread == 0, "opening reads everything")
        #expect(statuses(h.signals).last?.contains(#""unread":0,"dnd":false,"open":true"#) == true)
    }
}

struct SnoozeDurationTests {
    @Test(arguments: [("300", 300.0), ("90s", 90), ("5m", 300), ("1h", 3600), ("1h30m", 5400), ("2d", 172_800)])
    func durationsParse(_ text: String, _ seconds: Double) {
        #expect(SnoozeCommand.seconds(text, now: 0) == seconds)
    }

    @Test(arguments: ["soon", "", "5x", "m5", "25:00", "12:60", "1:2:3"])
    func nonsenseIsRefused(_ text: String) {
        #expect(SnoozeCommand.seconds(text, now: 0) == nil)
    }

    @Test func aTimeOfDayIsTheNextOneToCome() throws {
        var t: time_t = 1_700_000_000
        var local = tm()
        localtime_r(&t, &local)
        let now = Int(local.tm_hour) * 3600 + Int(local.tm_min) * 60 + Int(local.tm_sec)
        let inOneHour = (now / 60 + 60) % 1440  // minutes since midnight, an hour on (whole minutes)
        let text = "\(inOneHour / 60):\(inOneHour % 60 < 10 ? "0" : "")\(inOneHour % 60)"
        let seconds = try #require(SnoozeCommand.seconds(text, now: t))
        #expect(seconds == Double(3600 - now % 60), "\(text) from \(now) s after midnight")
        let current = "\(local.tm_hour):\(local.tm_min < 10 ? "0" : "")\(local.tm_min)"
        #expect(SnoozeCommand.seconds(current, now: t) == Double(86400 - now % 60),
                "the current minute is tomorrow's")
    }
}
