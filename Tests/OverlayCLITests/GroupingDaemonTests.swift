// Grouping through the daemon: group-by picks the key (and NotificationRecord.group reports
// it), twelve from one app stack, header clicks open, close and clear, and the top card's
// actions and replacements work inside the stack.
import DBusService
import OverlayConfig
import OverlayEngine
import Testing
import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct GroupingDaemonTests {
    static let column = BuiltInContainers.notificationsName

    /// The header drawn over the column's stack of `key`, from the engine's render list.
    func header(_ h: DaemonHarness, key: String) -> RenderItem? {
        h.presenter.manager.renderList(for: Self.column, size: Size(width: 400, height: 3000), now: h.clock.now)
            .items.first { $0.groupHeader?.key == key }
    }

    func chat(_ n: Int, _ extra: (inout NotifyRequest) -> Void = { _ in }) -> NotifyRequest {
        var request = NotifyRequest(appName: "Chat", summary: "Message \(n)", expireTimeout: 0)
        extra(&request)
        return request
    }

    func headerClick(_ h: DaemonHarness, _ header: ViewID, _ part: ClickedPart) throws {
        h.daemon.presenter(h.presenter, clicked: ViewClick(view: header, part: part, point: Point(x: 1, y: 1)))
        try h.advance(1)
    }

    @Test func theGroupFieldIsTheContainersGroupKey() throws {
        let byApp = try DaemonHarness()
        let entry = try byApp.notify(NotifyRequest(appName: "Mail", summary: "a", hints: ["desktop-entry": .string("org.mail")]))
        let plain = try byApp.notify(NotifyRequest(appName: "Mail", summary: "b"))
        #expect(byApp.daemon.registry.notification(entry)?.group == "org.mail")
        #expect(byApp.daemon.registry.notification(plain)?.group == "Mail")

        let bySummary = try DaemonHarness(config: """
            [containers.notifications]
            group-by = ["app", "summary"]
            """)
        let id = try bySummary.notify(NotifyRequest(appName: "Mail", summary: "Inbox"))
        #expect(bySummary.daemon.registry.notification(id)?.group == "Mail\u{1F}Inbox")

        let none = try DaemonHarness(config: """
            [containers.notifications]
            group-by = "none"
            """)
        var ids: [UInt32] = []
        for n in 1...4 { ids.append(try none.notify(chat(n))) }
        #expect(none.daemon.registry.notification(ids[0])?.group == String(ids[0]))
        #expect(header(none, key: "Chat") == nil)
        #expect(none.presenter.manager.showing(in: Self.column).count == 4)
    }

    @Test(arguments: [("group-by = [\"colour\"]", "unknown field 'colour'"),
                      ("group-by = []", "expected \"none\" or a list"),
                      ("group-threshold = 0", "group-threshold")])
    func badGroupSettingsAreRefusedClearly(line: String, says: String) {
        do {
            _ = try ConfigRuntime.parser.parse("[containers.notifications]\n" + line, file: "c.toml")
            Issue.record("accepted: \(line)")
        } catch {
            #expect("\(error)".contains(says), "\(error)")
        }
    }

    @Test func headerClicksOpenCloseAndClearTheStack() throws {
        let h = try DaemonHarness()
        var ids: [UInt32] = []
        for n in 1...12 { ids.append(try h.notify(chat(n))) }
        let item = try #require(header(h, key: "Chat"))
        #expect(item.groupHeader?.count == 12)
        #expect(h.presenter.paintedView(item.id, in: Self.column)?.tree.texts == ["  Chat · 12"])
        // Twelve in one stack take one of the column's five slots: nothing is hidden.
        #expect(h.presenter.manager.showing(in: Self.column).count == 12)
        try headerClick(h, item.id, .body)
        #expect(h.presenter.manager.isExpanded(group: "Chat", in: Self.column))
        try headerClick(h, item.id, .body)
        #expect(!h.presenter.manager.isExpanded(group: "Chat", in: Self.column))
        #expect(h.signals.closed.isEmpty)
        try headerClick(h, item.id, .closeButton)
        try h.advance(1)
        #expect(h.signals.closed.map(\.id).sorted() == ids.sorted())
        #expect(h.signals.closed.allSatisfy { $0.reason == .dismissed })
    }

    @Test func aClickOnAPeekingCardOpensTheStackAndClosesNothing() throws {
        let h = try DaemonHarness()
        var ids: [UInt32] = []
        for n in 1...4 { ids.append(try h.notify(chat(n))) }
        try h.click(ids[2], .body)
        #expect(h.presenter.manager.isExpanded(group: "Chat", in: Self.column))
        #expect(h.signals.closed.isEmpty)
        // Open, each card is itself again: a click closes it (reason 2).
        try h.click(ids[2], .body)
        #expect(h.signals.closed.map(\.id) == [ids[2]])
        #expect(h.presenter.manager.stackHeader(coveringPeek: ViewID(ids[3])) == nil, "the top card is not peeking")
    }

    @Test func theTopCardsActionsWorkWhileCollapsed() throws {
        let h = try DaemonHarness()
        var ids: [UInt32] = []
        for n in 1...5 { ids.append(try h.notify(chat(n) { $0.actions = [NotificationAction(key: "reply", label: "Reply")] })) }
        #expect(header(h, key: "Chat")?.groupHeader?.top == ViewID(ids[4]))
        try h.click(ids[4], .action("reply"))
        #expect(h.signals.signals.contains(.actionInvoked(id: ids[4], action: "reply")))
    }

    @Test func aReplacementStaysInItsStack() throws {
        let h = try DaemonHarness()
        var ids: [UInt32] = []
        for n in 1...4 { ids.append(try h.notify(chat(n))) }
        let before = try #require(header(h, key: "Chat"))
        let again = try h.notify(chat(9) { $0.replacesID = ids[1] })
        #expect(again == ids[1])
        let after = try #require(header(h, key: "Chat"))
        #expect(after.id == before.id && after.groupHeader?.count == 4)
        #expect(h.presenter.manager.members(ofGroup: "Chat", in: Self.column) == ids.map { ViewID($0) })
        #expect(h.toast(ids[1])?.summary == "Message 9")
        #expect(h.signals.closed.isEmpty)
    }
}
