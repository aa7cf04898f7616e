// The control interface's methods on a daemon without a compositor (see DaemonTests.swift).
import DBusService
import Glibc
import OverlayConfig
import OverlayEngine
import Testing
@testable import overlay_wl

@Suite(.serialized) struct ControlFrontendTests {
    func call(_ h: DaemonHarness, _ member: String, _ arguments: [BusValue] = []) throws -> [BusValue] {
        let reply = try h.daemon.control.handle(BusCall(member: member, arguments: arguments))
        try h.update()
        return reply.values
    }

    func show(_ h: DaemonHarness, _ container: String, _ title: String) throws -> UInt32 {
        let options = ShowRequest.options([("container", .string(container)), ("title", .string(title)),
                                           ("auto-dismiss", .string("never"))])
        guard case .uint32(let id)? = try call(h, "Show", [options]).first else { throw BusMethodError.failed("no id") }
        return id
    }

    static let config = """
        [containers.side]
        anchor = ["top", "bottom", "left"]
        """

    @Test func dismissTopmostTakesTheLastToAppearAcrossContainers() throws {
        let h = try DaemonHarness(config: Self.config)
        let a = try show(h, "side", "a")
        try h.advance(0.1)
        let b = try h.notify(NotifyRequest(summary: "b", expireTimeout: 0))
        try h.advance(0.1)
        let c = try show(h, "side", "c")
        #expect(try call(h, "DismissTopmost", [.stringArray([]), .bool(false)]) == [.uint32(c)])
        #expect(try call(h, "DismissTopmost", [.stringArray([]), .bool(false)]) == [.uint32(b)])
        #expect(h.signals.closed.map(\.reason) == [.dismissed], "a notification dismissed this way is the user's (2)")
        #expect(try call(h, "DismissTopmost", [.stringArray(["notifications"]), .bool(false)]) == [.uint32(0)])
        #expect(h.presenter.manager.contains(ViewID(a)))
    }

    @Test func dismissAllInOrExceptContainers() throws {
        let h = try DaemonHarness(config: Self.config)
        let side = try show(h, "side", "s")
        let note = try h.notify(NotifyRequest(summary: "n", expireTimeout: 0))
        _ = try call(h, "DismissAll", [.stringArray([]), .stringArray(["side"]), .bool(false), .bool(false)])
        #expect(!h.presenter.manager.contains(ViewID(note)) && h.presenter.manager.contains(ViewID(side)))
        #expect(throws: BusMethodError.self) {
            _ = try self.call(h, "DismissAll", [.stringArray(["side"]), .stringArray(["notifications"]), .bool(false), .bool(false)])
        }
        #expect(throws: BusMethodError.self) { _ = try self.call(h, "DismissAll", [.stringArray(["nope"]), .stringArray([]), .bool(false), .bool(false)]) }
        _ = try call(h, "DismissAll", [.stringArray(["side"]), .stringArray([]), .bool(false), .bool(false)])
        #expect(!h.presenter.manager.contains(ViewID(side)))
        #expect(h.signals.signals.contains(.viewClosed(id: side, container: "side", how: "dismissed", action: "")))
    }

    @Test func showRefusesANotificationsIdAndUnknownContainers() throws {
        let h = try DaemonHarness()
        let note = try h.notify(NotifyRequest(summary: "n", expireTimeout: 0))
        let replace = ShowRequest.options([("container", .string("notifications")), ("id", .integer(Int(note))), ("title", .string("x"))])
        #expect(throws: BusMethodError.self) { _ = try self.call(h, "Show", [replace]) }
        #expect(throws: BusMethodError.self) { _ = try self.show(h, "nowhere", "x") }
        #expect(h.toast(note)?.summary == "n")
    }

    /// Views of a vertical or horizontal container are laid out as one group, whose alignment,
    /// background, shadow and tap-to-dismiss are the container's: `Show` and `ShowView` asking
    /// a view's own there are refused with the reason, not ignored; a stacking container takes them.
    @Test func groupSettingsOfAViewAreRefusedOutsideStackingContainers() throws {
        let h = try DaemonHarness(config: Self.config + "\n[containers.free]\ndisplay = \"stacking\"\n")
        for (key, value) in [("background", "#FF000080"), ("shadow", "8"), ("alignment", "top"), ("tap-to-dismiss", "true")] {
            let setting: SettingValue = key == "tap-to-dismiss" ? .bool(true) : .string(value)
            let asked = ShowRequest.options([("container", .string("side")), ("title", .string("x")), (key, setting)])
            #expect {
                _ = try self.call(h, "Show", [asked])
            } throws: { error in
                "\(error)".contains("'side' is a vertical container") && "\(error)".contains(key)
                    && "\(error)".contains("[containers.side]")
            }
            let tree = #"{"type": "text", "text": "x"}"#
            #expect(throws: BusMethodError.self) {
                _ = try self.call(h, "ShowView", [.string("side"), .string(tree), ShowRequest.options([(key, setting)])])
            }
            let free = ShowRequest.options([("container", .string("free")), ("title", .string("x")), (key, setting)])
            #expect(try call(h, "Show", [free]).count == 1, "a stacking container takes a view's \(key)")
        }
        #expect(h.presenter.manager.showing(in: "side").isEmpty)
    }

    @Test func rulesSettingGroupSettingsOfAVerticalContainerAreReported() throws {
        let h = try DaemonHarness(config: Self.config + """

            [containers.free]
            display = "stacking"

            [[rules]]
            urgency = "critical"
            background = "#BF616AFF"

            [[rules]]
            app-name = "Slack"
            container = "free"
            shadow = 8

            [[rules]]
            app-name = "Mail"
            container = "side"
            shadow = 8
            tap-to-dismiss = true
            """)
        let config = h.daemon.config
        let warnings = config.ignoredRuleSettings(config.config.rules)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.first?.contains(":6: rule: background: no effect in the vertical container 'notifications'") == true, "\(warnings)")
        #expect(warnings.last?.contains(":15: rule: shadow, tap-to-dismiss: no effect in the vertical container 'side'") == true, "\(warnings)")
    }

    @Test func aReloadFindsAConfigFileWrittenAfterTheDaemonStarted() throws {
        let path = "/tmp/overlay-wl-late-config-\(getpid()).toml"
        defer { unlink(path) }
        let h = try DaemonHarness()
        h.daemon.config.locate = { access(path, F_OK) == 0 ? path : nil }
        let none = try #require(try call(h, "Reload").first?.stringValue)
        #expect(none.hasPrefix("(built-in: no config file"), "\(none)")
        let f = fopen(path, "w"); fputs("[containers.dialogs]\ndisplay = \"stacking\"\n", f); fclose(f)
        #expect(try call(h, "Reload") == [.string(path)])
        #expect(h.presenter.containerNames.contains("dialogs"))
    }

    @Test func invokeChecksTheActionAndReportsIt() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "n", actions: [NotificationAction(key: "open", label: "Open")], expireTimeout: 0))
        #expect(throws: BusMethodError.self) { _ = try self.call(h, "Invoke", [.uint32(id), .string("delete")]) }
        _ = try call(h, "Invoke", [.uint32(id), .string("open")])
        try h.advance(1)
        #expect(h.signals.signals.prefix(2) == [.actionInvoked(id: id, action: "open"), .notificationClosed(id: id, reason: .dismissed)])
    }

    @Test func listTextShowsEachContainersViews() throws {
        let h = try DaemonHarness(config: Self.config)
        let id = try show(h, "side", "s")
        let text = try #require(try call(h, "ListText").first?.stringValue)
        #expect(text.contains("side (vertical, multiple)\n  showing (bottom to top): \(id)\n  waiting (next first):    -"), "\(text)")
        #expect(!text.contains("held"), "nothing held: no line for it")
        try h.daemon.center.setDoNotDisturb(true)
        let held = try h.notify(NotifyRequest(summary: "later", expireTimeout: 0))
        let during = try #require(try call(h, "ListText").first?.stringValue)
        #expect(during.hasSuffix("held (do-not-disturb, a rule or a snooze): \(held)\nmodes: do-not-disturb"), "\(during)")
    }
}

@Suite struct ContainerListingTests {
    @Test func listingNamesEachContainersDisplayQueueAndOrderAsTheConfigDoes() throws {
        let h = try DaemonHarness(config: """
            [containers.side]
            anchor = ["top", "bottom", "left"]
            display = "horizontal"
            queue = "one-by-one-wait-finish"
            display-order = "oldest-on-top"
            """)
        guard case .string(let text)? = try h.daemon.control.handle(BusCall(member: "ListText", arguments: [])).values.first,
              case .string(let json)? = try h.daemon.control.handle(BusCall(member: "List", arguments: [])).values.first
        else { Issue.record("List and ListText answer one string each"); return }
        #expect(text.contains("side (horizontal, one-by-one-wait-finish)"))
        #expect(json.contains(#""name":"side","display":"horizontal","queue":"one-by-one-wait-finish","display-order":"oldest-on-top""#))
    }
}
