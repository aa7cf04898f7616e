import OverlayConfig
import OverlayEngine
import Testing

/// Rules: every criterion, last match wins per field, modes hide or hold, critical bypasses.
struct RuleTests {
    let config: OverlayConfiguration

    init() throws {
        config = try ConfigParser(builtInContainers: ["notifications"]).parse("""
            [containers.chat]
            [containers.alerts]

            [[rules]]
            app-name = "^(Slack|Element)$"
            container = "chat"
            background = "#112233"

            [[rules]]
            summary = "(?i)urgent"
            body = "now"
            container = "alerts"

            [[rules]]
            category = "im.received"
            desktop-entry = "org.gnome.Fractal"
            container = "chat"
            auto-dismiss = 2

            [[rules]]
            urgency = "low"
            mode = "dnd"
            hide = true

            [[rules]]
            mode = "dnd"
            queue = true
            """, file: "rules.toml")
    }

    @Test func appNameRegexRoutesAndStyles() {
        let d = config.route(NotificationFacts(appName: "Slack", summary: "hi"), modes: [])
        #expect(d.container == "chat")
        #expect(d.view.background == .value(.color(Color(hex: "#112233")!)))
        #expect(config.route(NotificationFacts(appName: "Slacker"), modes: []).container == nil)
    }

    @Test func allCriteriaOfARuleMustHoldAndTheLastMatchWins() {
        // Slack and "URGENT … now": both rules match; the later one's container wins,
        // the earlier one's background stays (field by field).
        let d = config.route(NotificationFacts(appName: "Slack", summary: "URGENT", body: "come now"), modes: [])
        #expect(d.container == "alerts")
        #expect(d.view.background != nil)
        #expect(config.route(NotificationFacts(summary: "urgent", body: "later"), modes: []).container == nil)
    }

    @Test func categoryAndDesktopEntry() {
        let facts = NotificationFacts(category: "im.received", desktopEntry: "org.gnome.Fractal")
        #expect(config.route(facts, modes: []).container == "chat")
        #expect(config.route(facts, modes: []).view.autoDismiss == .value(2))
        #expect(config.route(NotificationFacts(category: "im.received"), modes: []).container == nil)
    }

    @Test func modesHideOrHoldAndCriticalBypasses() {
        let low = NotificationFacts(summary: "x", urgency: 0)
        let normal = NotificationFacts(summary: "x", urgency: 1)
        let critical = NotificationFacts(summary: "x", urgency: 2)
        #expect(!config.route(low, modes: []).hidden)
        #expect(!config.route(normal, modes: []).held)
        // In dnd: the later `queue` rule matches every urgency; the low one is also hidden.
        #expect(config.route(low, modes: ["dnd"]).hidden)
        #expect(config.route(normal, modes: ["dnd"]).held && !config.route(normal, modes: ["dnd"]).hidden)
        let c = config.route(critical, modes: ["dnd"])
        #expect(!c.hidden && !c.held)
    }

    @Test func modeSetValidatesNames() throws {
        var modes = ModeSet(["a"])
        try modes.add("dnd")
        try modes.add("dnd")
        #expect(modes.active == ["a", "dnd"])
        modes.remove("a")
        #expect(modes.active == ["dnd"])
        #expect(throws: SettingError.self) { try modes.add("bad name!") }
        #expect(modes.active == ["dnd"])
    }

    @Test func historyIsBounded() {
        var h = BoundedHistory<Int>(capacity: 3)
        for i in 1...5 { h.append(i) }
        #expect(Array(h.items) == [3, 4, 5])
        #expect(h.removeLast { $0 == 4 } == 4)
        #expect(Array(h.items) == [3, 5])
        h.capacity = 1
        #expect(Array(h.items) == [5])
    }
}
