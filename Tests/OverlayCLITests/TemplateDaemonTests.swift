// Notification templates in the daemon: chosen by a rule or a container, a broken one falling
// back to `default`, a template's button invoking the notification's action.
import DBusService
import Foundation
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

@Suite struct TemplateDaemonTests {
    /// The tree view `id` draws (laid out as its first frame would: there is no compositor here).
    private func tree(_ h: DaemonHarness, _ id: UInt32) -> LaidOutView? {
        h.presenter.measureAllPending()
        return h.presenter.content(of: ViewID(id))?.tree
    }

    @Test func aRuleChoosesCompactForOneAppAndTheRestStayToasts() throws {
        let h = try DaemonHarness(config: """
            [[rules]]
            app-name = "^chat$"
            template = "compact"
            """)
        let chat = try h.notify(NotifyRequest(appName: "chat", summary: "Ana", body: "Lunch at noon? " + String(repeating: "More words. ", count: 40)))
        let mail = try h.notify(NotifyRequest(appName: "mail", summary: "Invoice"))
        #expect(tree(h, chat)?.size == Size(width: 360, height: 36))  // one line, however long the body
        #expect(h.toast(mail)?.summary == "Invoice")
    }

    @Test func aContainerChoosesAndARuleOverridesIt() throws {
        let h = try DaemonHarness(config: """
            [containers.notifications]
            template = "hero"

            [[rules]]
            urgency = "critical"
            template = "default"
            """)
        let photo = try h.notify(NotifyRequest(summary: "Photo", hints: ["image-path": .string("/nonexistent/photo.png")]))
        let alarm = try h.notify(NotifyRequest(summary: "Alarm", hints: ["urgency": .byte(2)]))
        // hero without a loadable image: summary (13 pt) and the frame only.
        #expect(tree(h, photo).map { $0.size.height < 80 } == true)
        let urgent = try #require(tree(h, alarm))
        // default, urgent: the bar's pill is drawn in the accent colour.
        #expect(urgent.layout.placed.contains { $0.part == .background(.color(Color(hex: "#FF5A4EFF")!)) })
    }

    /// A container's close button is drawn by the template as a button with the built-in close
    /// action: tapped, it closes the notification as the toast's close button does (reason 2).
    @Test func aTemplatesCloseButtonClosesTheNotification() throws {
        let h = try DaemonHarness(config: """
            [containers.notifications]
            close-button = true
            template = "default"
            """)
        let id = try h.notify(NotifyRequest(summary: "Closable", expireTimeout: 0))
        let laidOut = try #require(tree(h, id))
        let close = try #require(laidOut.layout.placed.first { $0.part == .node(.button(action: ViewAction.close, style: .plain)) })
        #expect(h.presenter.toastPart(laidOut, at: Point(x: close.frame.midX, y: close.frame.midY)) == .closeButton)
        try h.click(id, .closeButton)
        #expect(h.signals.closed.map(\.id) == [id])
        #expect(h.signals.closed.first?.reason == .dismissed)
        #expect(!h.signals.signals.contains { if case .viewAction = $0 { true } else { false } }, "no action is reported")
    }

    /// An inline reply in the default template: the field takes typing, its submit button sends
    /// the text (NotificationReplied, then closed); a template without a field leaves the
    /// notification to `default`.
    @Test func aTemplatesReplyFieldSendsTheReply() throws {
        let h = try DaemonHarness(config: """
            [[rules]]
            template = "default"

            [[rules]]
            app-name = "^compact$"
            template = "compact"
            """)
        let reply = NotificationAction(key: "inline-reply", label: "Reply")
        let id = try h.notify(NotifyRequest(summary: "Ann", body: "lunch?", actions: [reply], expireTimeout: 0, sender: ":1.7"))
        let laidOut = try #require(tree(h, id))
        let field = try #require(laidOut.layout.placed.first { if case .node(.textField) = $0.part { true } else { false } })
        #expect(field.part == .node(.textField(TextFieldContent(placeholder: "Reply", submitAction: "inline-reply", font: FontSpec(size: 11)))))
        let send = try #require(laidOut.layout.placed.first { $0.part == .node(.button(action: "inline-reply", style: .plain)) })
        #expect(h.presenter.toastPart(laidOut, at: Point(x: field.frame.midX, y: field.frame.midY)) == .replyField)
        #expect(h.presenter.toastPart(laidOut, at: Point(x: send.frame.midX, y: send.frame.midY)) == .replySubmit)
        h.presenter.recordTap(on: ViewID(id), part: .replyField, point: nil)
        h.presenter.typeIntoReply(.insert("on my way"))
        h.presenter.recordTap(on: ViewID(id), part: .replySubmit, point: nil)
        try h.advance(1)
        #expect(h.signals.signals.first == .notificationReplied(id: id, text: "on my way", sender: ":1.7"))
        #expect(h.signals.closed.map(\.id) == [id])
        let compact = try h.notify(NotifyRequest(appName: "compact", summary: "Bo", actions: [reply], expireTimeout: 0))
        #expect(h.toast(compact)?.reply != nil && tree(h, compact)?.node.fieldIndex(submitting: TemplateReply.action) != nil,
                "compact has no field: default draws the notification")
    }

    /// A link in a templated body is hit where it is drawn and reported as the toast's links are.
    @Test func aLinkInATemplatedBodyIsClickable() throws {
        let h = try DaemonHarness(config: """
            [[rules]]
            template = "default"
            """)
        let id = try h.notify(NotifyRequest(summary: "Docs", body: "Read <a href=\"https://example.org/notes\">the notes</a> today"))
        let laidOut = try #require(tree(h, id))
        let link = try #require(h.presenter.trees.layouts.links(in: laidOut).first)
        #expect(link.href == "https://example.org/notes")
        #expect(h.presenter.toastPart(laidOut, at: Point(x: link.frame.midX, y: link.frame.midY)) == .link("https://example.org/notes"))
        #expect(h.presenter.toastPart(laidOut, at: Point(x: link.frame.minX - 20, y: link.frame.midY)) == .body)
    }

    @Test func aTemplateButtonInvokesTheNotificationsAction() throws {
        let h = try DaemonHarness(config: """
            [[rules]]
            template = "default"
            """)
        let id = try h.notify(NotifyRequest(summary: "Call", actions: [NotificationAction(key: "answer", label: "Answer"),
                                                                       NotificationAction(key: "decline", label: "Decline")]))
        let laidOut = try #require(tree(h, id))
        let buttons = laidOut.layout.placed.compactMap { part -> String? in
            if case .node(.button(let action, _)) = part.part { return action }
            return nil
        }
        #expect(buttons == ["answer", "decline"])
        let decline = try #require(laidOut.layout.placed.first { $0.part == .node(.button(action: "decline", style: .plain)) })
        #expect(h.presenter.toastPart(laidOut, at: Point(x: decline.frame.midX, y: decline.frame.midY)) == .action("decline"))
        try h.click(id, .action("decline"))
        #expect(h.signals.signals.first == .actionInvoked(id: id, action: "decline"))
        #expect(h.signals.closed.first?.id == id)
        // An action the notification does not offer invokes nothing.
        let other = try h.notify(NotifyRequest(summary: "Other", actions: [NotificationAction(key: "ok", label: "OK")]))
        try h.click(other, .action("answer"), at: nil)
        #expect(!h.signals.signals.contains(.actionInvoked(id: other, action: "answer")))
    }

    @Test func anInlineTemplateAndAFileTemplateAreRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"type": "text", "text": "[{summary}]", "modifiers": [{"padding": 5}]}"#.write(toFile: dir + "/bracket.json", atomically: true, encoding: .utf8)
        let h = try DaemonHarness(config: """
            [templates.bracket]
            file = "\(dir)/bracket.json"

            [templates.bare]
            view = '''{"type": "text", "text": "{summary}: {body}"}'''

            [[rules]]
            app-name = "a"
            template = "bracket"

            [[rules]]
            app-name = "b"
            template = "bare"
            """)
        let a = try h.notify(NotifyRequest(appName: "a", summary: "x<y"))
        let b = try h.notify(NotifyRequest(appName: "b", summary: "S", body: "<i>B</i>"))
        #expect(tree(h, a)?.node.kind == .text(TextContent("[x&lt;y]")))
        #expect(tree(h, b)?.node.kind == .text(TextContent("S: <i>B</i>")))
    }

    @Test func aBrokenTemplateFileFallsBackToTheToastAndNamesFileAndPath() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"type": "vstack", "children": [{"type": "text", "text": "{summary}", "lineLimit": "two"}]}"#
            .write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let h = try DaemonHarness(config: """
            [templates.broken]
            file = "\(dir)/broken.json"

            [templates.missing]
            file = "\(dir)/missing.json"

            [[rules]]
            template = "broken"
            """)
        let problems = h.daemon.config.templates.problems
        #expect(problems["broken"] == "\(dir)/broken.json: $.children[0].lineLimit: expected a number")
        #expect(problems["missing"] == "\(dir)/missing.json: cannot read: No such file or directory")
        let id = try h.notify(NotifyRequest(summary: "Still shown"))
        #expect(h.toast(id)?.summary == "Still shown")  // the default toast
        try h.advance(10)
        #expect(h.signals.closed.map(\.id) == [id])  // and the daemon goes on: it expires as usual
    }

    /// A theme change fills a templated notification again in the new colours.
    @Test func aTemplatedNotificationFollowsTheTheme() throws {
        let h = try DaemonHarness(config: "[[rules]]\ntemplate = \"compact\"")
        let id = try h.notify(NotifyRequest(summary: "Theme"))
        func fills() -> [Color] {
            tree(h, id)?.layout.placed.compactMap { if case .background(.color(let c)) = $0.part { c } else { nil } } ?? []
        }
        #expect(fills().contains(Color(hex: "#2B303BFF")!))  // dark background
        h.presenter.style = ToastTheme(scheme: .light).style
        try h.update()
        #expect(fills().contains(Color(hex: "#F5F7FAFF")!))  // light background
        #expect(!fills().contains(Color(hex: "#2B303BFF")!))
    }

    /// Three templated notifications from one app stack; the header shows the top card's icon.
    @Test func aStackOfTemplatedNotificationsHasTheAppsHeader() throws {
        let h = try DaemonHarness(config: "[[rules]]\ntemplate = \"compact\"")
        for n in 1...3 { _ = try h.notify(NotifyRequest(appName: "Chat", appIcon: "mail-unread", summary: "Message \(n)", expireTimeout: 0)) }
        let list = h.presenter.manager.renderList(for: "notifications", size: Size(width: 400, height: 3000), now: h.clock.now)
        let header = try #require(list.items.first { $0.groupHeader != nil })
        let painted = try #require(h.presenter.paintedView(header.id, in: "notifications"))
        #expect(painted.tree.layout.placed.contains { if case .node(.image(let i)) = $0.part { i.source == .icon("mail-unread") } else { false } } == true)
        #expect(painted.tree.texts == ["Chat · 3"])
    }

    /// The inline example of docs/CONFIG.md reads and fills.
    @Test func theDocumentedBannerWorks() throws {
        let h = try DaemonHarness(config: #"""
            [templates.banner]
            view = '''
            {"type": "hstack", "spacing": 8, "children": [
              {"type": "image", "icon": "{icon}", "size": {"width": 24, "height": 24}},
              {"type": "text", "text": "<b>{summary}</b> {body}", "color": "{summary}", "lineLimit": 1}
            ], "modifiers": [{"padding": 10}, {"frame": {"width": "{width}", "alignment": "leading"}},
                             {"background": "{background}"}, {"cornerRadius": 8}]}
            '''

            [[rules]]
            category = "im.received"
            template = "banner"
            """#)
        #expect(h.daemon.config.templates.problems.isEmpty)
        let id = try h.notify(NotifyRequest(summary: "Ana", body: "hi", hints: ["category": .string("im.received")]))
        #expect(tree(h, id)?.size.width == 360)
    }

    @Test func configErrorsNameTheTemplate() throws {
        func error(_ text: String) -> String {
            do { _ = try ConfigRuntime.parser.parse(text, file: "c.toml"); return "" } catch { return error.description }
        }
        #expect(error("[[rules]]\ntemplate = \"fancy\"").contains("unknown template 'fancy' (known: compact, default, hero)"))
        #expect(error("[containers.x]\ntemplate = \"fancy\"").contains("unknown template 'fancy'"))
        #expect(error("[templates.default]\nfile = \"a.json\"").contains("'default' is a built-in template"))
        #expect(error("[templates.t]\nfile = \"a.json\"\nview = \"{}\"").contains("either file or view"))
        #expect(error("[templates.t]\ncolour = 1").contains("unknown template key"))
        #expect(TemplateSettings.builtInNames == BuiltInTemplates.names)
    }
}
