// The daemon's frontends, wired by `Daemon`, on a presenter without a compositor: the real
// engine, registry and frontends, with time injected and signals recorded instead of sent.
import DBusService
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

final class SignalRecorder: SignalSink {
    private(set) var signals: [DaemonSignal] = []
    /// CenterChanged lines, kept apart: they follow every change of the counts.
    private(set) var centerStatuses: [String] = []
    func emit(_ signal: DaemonSignal) {
        if case .centerChanged(let json) = signal { return centerStatuses.append(json) }
        signals.append(signal)
    }

    /// NotificationClosed reasons by id, in order.
    var closed: [(id: UInt32, reason: CloseReason)] {
        signals.compactMap { if case .notificationClosed(let id, let reason) = $0 { return (id, reason) }; return nil }
    }
}

/// A daemon on a display-less presenter whose clock the test moves.
final class DaemonHarness {
    final class Clock {
        var now = 100.0
        /// Wall-clock seconds: a fixed offset from `now`.
        var wall: Double { 1_700_000_000 + now }
    }
    let clock = Clock()
    let signals = SignalRecorder()
    let presenter: OverlayPresenter
    let daemon: Daemon
    /// Commands the hooks and the link opener would have started.
    private(set) var launched: [[String]] = []

    init(config text: String = "", historyPath: String? = nil) throws {
        let clock = clock
        presenter = OverlayPresenter(display: nil, clock: { clock.now })
        let config = try ConfigRuntime.parser.parse(text, file: "config.toml")
        daemon = try Daemon(presenter: presenter, signals: signals, configPath: nil, config: config,
                            wallClock: { clock.wall }, historyPath: historyPath)
        daemon.hooks.launch = { [unowned self] argv, environment in
            launched.append(argv + environment.filter { $0.hasPrefix("OVERLAY_WL_") }.sorted())
            return Int32(launched.count)
        }
        daemon.links.launch = { [unowned self] argv in
            launched.append(argv)
            return true
        }
        try update()
    }

    func update() throws { _ = try presenter.update() }

    /// Moves the clock on and lets the presenter run its pass (effects reach the daemon).
    func advance(_ seconds: Double) throws {
        clock.now += seconds
        try update()
    }

    func notify(_ request: NotifyRequest) throws -> UInt32 {
        let id = daemon.notifications.notify(request)
        try update()
        return id
    }

    /// A click on part of a view, as the presenter reports it after hit testing.
    func click(_ id: UInt32, _ part: ClickedPart, at point: Point? = Point(x: 1, y: 1)) throws {
        daemon.presenter(presenter, clicked: ViewClick(view: ViewID(id), part: part, point: point))
        try advance(1)
    }

    func toast(_ id: UInt32) -> ToastContent? { presenter.toast(of: ViewID(id)) }
}

@Suite(.serialized) struct DaemonTests {
    static let pixels = BusValue.structure([.int32(2), .int32(2), .int32(8), .bool(true), .int32(8), .int32(4),
                                           .bytes([UInt8](repeating: 200, count: 16))])

    @Test func aNotificationExpiresOnceWithReasonOne() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "Hello", expireTimeout: 2000))
        #expect(id != 0)
        #expect(h.toast(id)?.summary == "Hello")
        try h.advance(1.9)
        #expect(h.signals.closed.isEmpty)
        try h.advance(0.2)
        try h.advance(1)
        #expect(h.signals.closed.map(\.id) == [id])
        #expect(h.signals.closed.first?.reason == .expired)
        #expect(h.daemon.registry[ViewID(id)] == nil, "the record goes with the view")
    }

    @Test func restoreBringsBackTheWholeRequest() throws {
        let h = try DaemonHarness()
        let themed = try h.notify(NotifyRequest(appName: "mail", appIcon: "mail-unread", summary: "Themed",
                                                hints: ["urgency": .byte(2), "desktop-entry": .string("org.mail")]))
        let image = try h.notify(NotifyRequest(summary: "Image", hints: ["image-data": Self.pixels]))
        let rawIcon = h.toast(image)?.icon
        #expect(rawIcon != nil)
        #expect(h.presenter.dismiss(ViewID(themed), reason: .user) && h.presenter.dismiss(ViewID(image), reason: .user))
        try h.advance(1)
        #expect(h.signals.closed.map(\.reason) == [.dismissed, .dismissed])

        let again = try #require(h.daemon.notifications.restore(themed))
        try h.update()
        #expect(again != themed, "a restored notification is a new one")
        #expect(h.toast(again)?.icon == .themed("mail-unread"))
        let record = try #require(h.daemon.registry.notification(again))
        #expect(record.urgency == .critical && record.desktopEntry == "org.mail" && record.appName == "mail")
        let imageAgain = try #require(h.daemon.notifications.restore(image))
        try h.update()
        #expect(h.toast(imageAgain)?.icon == rawIcon, "the image-data hint survives history")
    }

    @Test func closeNotificationReportsReasonThreeOnce() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "x", expireTimeout: 0))
        #expect(h.daemon.notifications.closeNotification(id: id))
        try h.advance(1)
        #expect(!h.daemon.notifications.closeNotification(id: id), "closed: NotFound for the caller")
        try h.advance(10)
        #expect(h.signals.closed.map(\.id) == [id] && h.signals.closed.first?.reason == .closedByCall)
    }

    /// The `x`/`y` hints make a tip at that point; a point no output holds (a second monitor
    /// gone) leaves the notification to a toast in the column, not lost without a word.
    @Test func aNotificationWhoseHintsPlaceNoTipIsShownAsAToast() throws {
        let h = try DaemonHarness()
        let far = NotifyRequest(summary: "second monitor", hints: ["x": .int32(20_000), "y": .int32(100)], expireTimeout: 0)
        let id = try h.notify(far)
        #expect(h.toast(id)?.summary == "second monitor")
        #expect(h.presenter.manager.showing(in: BuiltInContainers.notificationsName).contains(ViewID(id)))
        #expect(h.signals.closed.isEmpty)
    }

    @Test func anActionClickInvokesAndThenCloses() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "Call", actions: [NotificationAction(key: "answer", label: "Answer")],
                                            expireTimeout: 0))
        try h.click(id, .action("answer"))
        #expect(h.signals.signals.first == .actionInvoked(id: id, action: "answer"))
        #expect(h.signals.closed.map(\.reason) == [.dismissed])
    }

    @Test func aResidentNotificationStaysAfterItsAction() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "Player", actions: [NotificationAction(key: "default", label: "Open")],
                                            hints: ["resident": .bool(true)], expireTimeout: 0))
        try h.click(id, .body)
        #expect(h.signals.signals == [.actionInvoked(id: id, action: "default")])
        #expect(h.presenter.manager.contains(ViewID(id)))
    }

    @Test func aBodyClickWithoutDefaultActionIsTheDismissGesture() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "x", expireTimeout: 0))
        try h.click(id, .body, at: nil)
        #expect(h.presenter.manager.contains(ViewID(id)), "a key or binding is no tap: nothing happens")
        try h.click(id, .body)
        #expect(h.signals.closed.map(\.reason) == [.dismissed], "the built-in column's tap dismisses (reason 2)")
    }

    @Test func theCloseButtonClosesWithReasonTwo() throws {
        let h = try DaemonHarness(config: "[containers.notifications]\nclose-button = true\ngesture = \"none\"\n")
        let id = try h.notify(NotifyRequest(summary: "x", expireTimeout: 0))
        try h.click(id, .body)
        #expect(h.signals.closed.isEmpty, "no dismiss gesture: a body click does nothing")
        try h.click(id, .closeButton)
        #expect(h.signals.closed.map(\.reason) == [.dismissed])
    }

    @Test func aLinkClickOpensTheLinkAndKeepsTheView() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "x", body: "<a href=\"https://example.org\">x</a>", expireTimeout: 0))
        try h.click(id, .link("https://example.org"))
        #expect(h.launched == [["xdg-open", "https://example.org"]])
        #expect(h.presenter.manager.contains(ViewID(id)))
        try h.click(id, .link("file:///etc/passwd"))
        #expect(h.launched.count == 1, "a scheme not allowed is not opened")
    }

    @Test func aSynchronousTagKeepsItsId() throws {
        let h = try DaemonHarness()
        let first = try h.notify(NotifyRequest(summary: "Volume 10", hints: ["x-canonical-private-synchronous": .string("vol")]))
        let second = try h.notify(NotifyRequest(summary: "Volume 20", hints: ["x-canonical-private-synchronous": .string("vol")]))
        #expect(first == second)
        #expect(h.toast(first)?.summary == "Volume 20")
        #expect(h.signals.closed.isEmpty, "replacing closes nothing")
    }

    @Test func heldNotificationsShowWhenTheModeGoes() throws {
        let h = try DaemonHarness(config: """
            [general]
            modes = ["quiet"]
            [[rules]]
            mode = "quiet"
            queue = true
            """)
        let id = try h.notify(NotifyRequest(summary: "later", expireTimeout: 0))
        #expect(!h.presenter.manager.contains(ViewID(id)))
        #expect(h.daemon.registry.held.map(\.id) == [id])
        _ = try h.daemon.control.handle(BusCall(member: "RemoveMode", arguments: [.string("quiet")]))
        try h.update()
        #expect(h.presenter.manager.contains(ViewID(id)), "shown with the id its sender got")
        #expect(h.daemon.registry.held.isEmpty)
    }

    @Test func aSoundHintRunsTheSoundHookWithFieldsInTheEnvironment() throws {
        let h = try DaemonHarness(config: "[hooks]\nsound = [\"play\", \"--quiet\"]\n")
        let id = try h.notify(NotifyRequest(appName: "chat", summary: "Hi", hints: ["sound-name": .string("message")]))
        let run = try #require(h.launched.first)
        #expect(Array(run.prefix(2)) == ["play", "--quiet"])
        #expect(run.contains("OVERLAY_WL_SOUND_NAME=message") && run.contains("OVERLAY_WL_ID=\(id)")
                && run.contains("OVERLAY_WL_APP_NAME=chat"))
    }

    @Test func aControlViewReportsTheActionItClosedWith() throws {
        let h = try DaemonHarness()
        let options = ShowRequest.options([("container", .string("notifications")), ("title", .string("Update?")),
                                           ("actions", .array([.string("yes=Yes")]))])
        let reply = try h.daemon.control.handle(BusCall(member: "Show", arguments: [options]))
        guard case .uint32(let id)? = reply.values.first else { Issue.record("Show gave no id"); return }
        try h.update()
        try h.click(id, .action("yes"))
        #expect(h.signals.signals == [.viewClosed(id: id, container: "notifications", how: "action", action: "yes")])
        #expect(h.signals.closed.isEmpty, "a control view is no notification")
    }

    @Test func idsComeFromOneAllocatorAndFitTheBus() throws {
        let h = try DaemonHarness()
        h.presenter.maximumID = 3
        var ids: [UInt32] = []
        for i in 0..<3 { ids.append(try h.notify(NotifyRequest(summary: "n\(i)", expireTimeout: 0))) }
        #expect(Set(ids).count == 3 && ids.allSatisfy { $0 >= 1 && $0 <= 3 })
        #expect(h.presenter.dismiss(ViewID(ids[1]), reason: .user))
        try h.advance(1)
        #expect(try h.notify(NotifyRequest(summary: "wrapped", expireTimeout: 0)) == ids[1], "the freed id is the next free one")
    }

    @Test func listDescribesEachNotificationForScripts() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(appName: "Chat", summary: "Ann", body: "<b>hi</b> &amp; bye",
                                            actions: [NotificationAction(key: "reply", label: "Reply")],
                                            hints: ["urgency": .byte(0), "category": .string("im.received"),
                                                    "desktop-entry": .string("org.chat")], expireTimeout: 0))
        try h.advance(2)
        _ = try h.notify(NotifyRequest(appName: "Chat", replacesID: id, summary: "Ann (2)", expireTimeout: 0))
        let reply = try h.daemon.control.handle(BusCall(member: "List"))
        let text = try #require(reply.values.first?.stringValue)
        let expected = """
            "notifications":[{"id":\(id),"app-name":"Chat","summary":"Ann (2)","body":"","desktop-entry":null,\
            "urgency":"normal","category":null,"group":"Chat","container":"notifications","state":"showing",\
            "created":1700000100,"updated":1700000102,"actions":[]}]
            """
        #expect(text.contains(expected), "\(text)")

        let first = NotificationRecord(id: 9, request: NotifyRequest(appName: "Chat", summary: "Ann", body: "<b>hi</b> &amp; bye",
            actions: [NotificationAction(key: "reply", label: "Reply")],
            hints: ["urgency": .byte(0), "category": .string("im.received"), "desktop-entry": .string("org.chat")]),
            created: 5)
        #expect(first.json(state: "history", container: nil).text == """
            {"id":9,"app-name":"Chat","summary":"Ann","body":"hi & bye","desktop-entry":"org.chat","urgency":"low",\
            "category":"im.received","group":"org.chat","container":null,"state":"history","created":5,"updated":5,\
            "actions":[{"key":"reply","label":"Reply"}]}
            """)
    }

    /// A notification that replaces another (by `replaces_id` or by its synchronous tag) keeps
    /// its id and its first creation time; one naming an id that is not open is new: a new id,
    /// created when it came.
    @Test func aReplacementKeepsItsCreationTimeAndANewNotificationTakesItsOwn() throws {
        let h = try DaemonHarness()
        let tagged: [String: BusValue] = ["x-dunst-stack-tag": .string("volume")]
        let first = try h.notify(NotifyRequest(summary: "one", hints: tagged, expireTimeout: 0))
        try h.advance(2)
        #expect(try h.notify(NotifyRequest(summary: "two", hints: tagged, expireTimeout: 0)) == first)
        try h.advance(2)
        #expect(try h.notify(NotifyRequest(replacesID: first, summary: "three", expireTimeout: 0)) == first)
        let record = try #require(h.daemon.notifications.registry.notification(first))
        #expect(record.summary == "three")
        #expect(record.created == 1_700_000_100 && record.updated == 1_700_000_104)

        #expect(h.presenter.dismiss(ViewID(first), reason: .user))
        try h.advance(1)
        let fresh = try h.notify(NotifyRequest(replacesID: first, summary: "four", expireTimeout: 0))
        #expect(fresh != first, "a closed id is not replaced")
        let created = try #require(h.daemon.notifications.registry.notification(fresh)?.created)
        #expect(created == 1_700_000_105)
    }

    @Test func doNotDisturbLetsOnlyCriticalNotificationsPopUp() throws {
        let h = try DaemonHarness()
        let on = try h.daemon.control.handle(BusCall(member: "SetDoNotDisturb", arguments: [.bool(true)]))
        #expect(on.values == [.bool(true)])
        let quiet = try h.notify(NotifyRequest(summary: "later", expireTimeout: 0))
        let urgent = try h.notify(NotifyRequest(summary: "Battery at 3%", hints: ["urgency": .byte(2)]))
        #expect(!h.presenter.manager.contains(ViewID(quiet)) && h.presenter.manager.contains(ViewID(urgent)))
        #expect(h.daemon.registry.held.map(\.id) == [quiet])
        let off = try h.daemon.control.handle(BusCall(member: "ToggleDoNotDisturb"))
        try h.update()
        #expect(off.values == [.bool(false)])
        #expect(h.presenter.manager.contains(ViewID(quiet)), "shown when do-not-disturb ends, with its id")
        #expect(h.signals.closed.isEmpty)
    }

    @Test func anInlineReplyGoesToTheSenderAloneAndCloses() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "Ann", actions: [NotificationAction(key: "inline-reply", label: "Reply")],
                                            expireTimeout: 0, sender: ":1.7"))
        let plain = try h.notify(NotifyRequest(summary: "no reply here", expireTimeout: 0))
        #expect(throws: NotificationFrontend.ReplyError.self) { try h.daemon.notifications.reply(id: plain, text: "x") }
        try h.daemon.notifications.reply(id: id, text: "on my way")
        try h.advance(1)
        #expect(h.signals.signals.first == .notificationReplied(id: id, text: "on my way", sender: ":1.7"))
        #expect(h.signals.closed.map(\.id) == [id] && h.signals.closed.first?.reason == .dismissed)
    }

    @Test func aNotificationKeepsNoMoreThanItsLimits() throws {
        let h = try DaemonHarness()
        let huge = String(repeating: "é", count: 100_000)  // 200,000 bytes
        let big = BusValue.structure([.int32(4096), .int32(4096), .int32(16384), .bool(true), .int32(8), .int32(4),
                                      .bytes([UInt8](repeating: 1, count: 16))])
        let id = try h.notify(NotifyRequest(appName: huge, summary: huge, body: huge,
                                            actions: (0..<40).map { NotificationAction(key: "k\($0)", label: huge) },
                                            hints: ["image-data": big, "category": .string(huge)], expireTimeout: 0))
        let kept = try #require(h.daemon.registry.notification(id)).request
        #expect(kept.summary.utf8.count <= NotificationLimits.summaryBytes && kept.summary.hasPrefix("éé"))
        #expect(kept.body.utf8.count <= NotificationLimits.bodyBytes && kept.body.utf8.count > NotificationLimits.bodyBytes - 2)
        #expect(kept.appName.utf8.count <= NotificationLimits.appNameBytes)
        #expect(kept.actions.count == NotificationLimits.actions)
        #expect(kept.actions.allSatisfy { $0.label.utf8.count <= NotificationLimits.actionTextBytes })
        #expect(kept.hints["image-data"] == nil, "an image too large to show is not kept")
        #expect((kept.category?.utf8.count ?? 0) <= NotificationLimits.stringBytes)
        #expect(NotifyRequest.cut("aé", 2) == "a", "never half a character")
    }

    @Test func theNewestFiveShowAndACriticalOneAlwaysShows() throws {
        let h = try DaemonHarness()
        var ids: [UInt32] = []
        // From seven apps: seven from one would stack into one card (GroupingDaemonTests).
        for i in 0..<7 { ids.append(try h.notify(NotifyRequest(appName: "app\(i)", summary: "n\(i)", expireTimeout: 0))); try h.advance(0.01) }
        let column = BuiltInContainers.notificationsName
        try h.advance(BuiltInContainers.notifications.swapDelay)  // a burst swaps once, just after it
        #expect(h.presenter.manager.showing(in: column).map(\.busID).sorted() == Array(ids.suffix(5)))
        #expect(h.presenter.manager.hidden(in: column).map(\.busID) == Array(ids.prefix(2)))
        let listed = try #require(try h.daemon.control.handle(BusCall(member: "List")).values.first?.stringValue)
        #expect(listed.contains("\"id\":\(ids[0]),") && listed.contains("\"state\":\"hidden\""))

        let critical = try h.notify(NotifyRequest(summary: "Battery at 3%", hints: ["urgency": .byte(2)]))
        #expect(h.presenter.manager.state(of: ViewID(critical)) == .showing, "at once, no waiting")
        #expect(h.presenter.manager.showing(in: column).last == ViewID(critical), "on top of the column")
        try h.advance(60)
        #expect(h.presenter.manager.state(of: ViewID(critical)) == .showing, "a critical one without a timeout never expires")
        #expect(h.presenter.dismiss(ViewID(ids[6]), reason: .user))
        try h.advance(1)
        #expect(h.presenter.manager.state(of: ViewID(ids[2])) == .showing, "the newest hidden one comes back")
        #expect(h.signals.closed.map(\.id) == [ids[6]])
    }

    @Test func heldNotificationsAreBounded() throws {
        let h = try DaemonHarness()
        _ = try h.daemon.control.handle(BusCall(member: "SetDoNotDisturb", arguments: [.bool(true)]))
        var ids: [UInt32] = []
        for i in 0..<(ViewRegistry.maximumHeld + 2) {
            ids.append(h.daemon.notifications.notify(NotifyRequest(summary: "q\(i)", expireTimeout: 0)))
        }
        try h.update()
        #expect(h.daemon.registry.held.count == ViewRegistry.maximumHeld)
        #expect(h.signals.closed.map(\.id) == Array(ids.prefix(2)), "the oldest held close, each once")
        #expect(h.signals.closed.allSatisfy { $0.reason == .expired })
        #expect(h.daemon.registry.held.first?.id == ids[2])
    }

    @Test func eachUrgencyHasItsOwnLookAndLowOnesGoSooner() throws {
        let h = try DaemonHarness(config: """
            [containers.notifications]
            accent = "#FFB000"
            [[rules]]
            summary = "^calm"
            emphasis = "normal"
            """)
        let low = try h.notify(NotifyRequest(summary: "low", hints: ["urgency": .byte(0)]))
        let normal = try h.notify(NotifyRequest(summary: "normal"))
        let critical = try h.notify(NotifyRequest(summary: "critical", hints: ["urgency": .byte(2)]))
        let calm = try h.notify(NotifyRequest(summary: "calm critical", hints: ["urgency": .byte(2)]))
        #expect(h.toast(low)?.emphasis == .quiet && h.toast(normal)?.emphasis == .normal)
        #expect(h.toast(critical)?.emphasis == .urgent)
        #expect(h.toast(calm)?.emphasis == .normal, "a rule overrides the look")
        try h.advance(NotificationFrontend.defaultTimeout * NotificationRecord.lowTimeoutShare + 0.5)
        #expect(h.signals.closed.map(\.id) == [low], "a low one goes after 3 s; the normal one is still there")
        h.presenter.measureAllPending()
        let tree = try #require(h.presenter.paintedView(ViewID(critical), in: BuiltInContainers.notificationsName)?.tree)
        #expect(tree.layout.placed.contains { $0.part == .background(.color(Color(hex: "#FFB000")!)) }, "the urgent bar in the container's accent")
    }
}

extension LaidOutView {
    /// The markup of its texts, in paint order.
    var texts: [String] {
        layout.placed.compactMap { if case .node(.text(let t)) = $0.part { t.markup } else { nil } }
    }
}
