import OverlayConfig
import OverlayEngine
import Testing

/// on-button-left|middle|right and on-scroll-up|down: per container, per rule, per `show`.
struct PointerBindingSettingTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    func parse(_ text: String) throws(ConfigError) -> OverlayConfiguration { try parser.parse(text, file: "b.toml") }

    @Test func containerAndRuleBindingsMergeOverTheDefaults() throws {
        let config = try parse("""
            [containers.chat]
            on-button-right = "dismiss"
            on-button-middle = "invoke-default-action"
            on-scroll-down = "dismiss-container"

            [[rules]]
            app-name = "^mail$"
            on-button-right = "dismiss-all"
            on-button-left = "invoke-default-action"
            """)
        let container = try #require(config.container(named: "chat")).configuration
        #expect(container.defaults.pointerBindings == [.right: .dismiss, .middle: .invokeDefaultAction,
                                                       .scrollDown: .dismissContainer])
        let decision = config.route(NotificationFacts(appName: "mail"), modes: [])
        let resolved = ResolvedViewConfiguration(view: decision.view, container: container.defaults, displayType: .vertical)
        #expect(resolved.binding(for: .right) == .dismissAll, "the rule's binding beats the container's")
        #expect(resolved.binding(for: .left) == .invokeDefaultAction)
        #expect(resolved.binding(for: .middle) == .invokeDefaultAction, "the container's stays where the rule sets none")
        #expect(resolved.binding(for: .scrollDown) == .dismissContainer)
        #expect(resolved.binding(for: .scrollUp) == PointerBinding.none)
        let plain = ResolvedViewConfiguration(view: .init(), container: .init(), displayType: .stacking)
        #expect(PointerTrigger.allCases.map(plain.binding(for:)) == [.gesture, .none, .none, .none, .none],
                "today's behaviour: only the left button, driving the gesture")
    }

    @Test func bindingsAreDescribedForList() throws {
        var view = ViewConfiguration()
        try ViewSettings.apply("on-button-middle", .string("dismiss-container"), to: &view)
        try ViewSettings.apply("on-scroll-up", .string("none"), to: &view)
        let described = ViewSettings.describe(view)
        #expect(described["on-button-middle"] == "dismiss-container")
        #expect(described["on-scroll-up"] == "none")
        #expect(described["on-button-left"] == nil)
    }

    @Test(arguments: [
        ("[containers.a]\n\non-button-right = \"close\"", 3, 19, "unknown binding 'close'"),
        ("[[rules]]\n  on-scroll-up = \"gesture\"", 2, 18, "unknown binding 'gesture'"),
        ("[containers.a]\non-button-middle = 2", 2, 20, "expected a string, got an integer"),
    ])
    func badBindingsAreLocated(text: String, line: Int, column: Int, message: String) throws {
        do {
            _ = try parse(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.reason.contains(message), "\(error)")
            #expect(error.description.hasPrefix("b.toml:\(line):\(column): "))
        }
    }
}
