import OverlayConfig
import OverlayEngine
import Testing

/// `overflow`, `maximum-hidden` and the `priority` view setting.
struct OverflowSettingTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    @Test func containerKeysReachTheEngine() throws {
        let config = try parser.parse("""
            [containers.toasts]
            maximum-visible = 3
            overflow = "newest"
            maximum-hidden = 50
            priority = "high"
            [containers.plain]
            """, file: "test.toml")
        let c = try #require(config.container(named: "toasts")).configuration
        #expect(c.overflow == .newest)
        #expect(c.maximumHidden == 50)
        #expect(c.defaults.priority == .high)
        let plain = try #require(config.container(named: "plain")).configuration
        #expect(plain.overflow == .oldest)
        #expect(plain.maximumHidden == 1000)
        #expect(plain.defaults.priority == nil)
        #expect(ContainerSettings.engineKeys.contains("overflow") && ContainerSettings.engineKeys.contains("maximum-hidden"))
    }

    @Test(arguments: [
        ("[containers.a]\noverflow = \"latest\"", "unknown value 'latest' (one of oldest, newest)"),
        ("[containers.a]\nmaximum-hidden = -1", "out of range"),
        ("[containers.a]\npriority = \"urgent\"", "unknown value 'urgent' (one of normal, high)"),
    ])
    func badValuesAreRefused(text: String, message: String) throws {
        do {
            _ = try parser.parse(text, file: "test.toml")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.line == 2, "\(error)")
            #expect(error.reason.contains(message), "\(error)")
        }
    }

    @Test func aRuleSetsPriority() throws {
        let config = try parser.parse("""
            [[rules]]
            urgency = "critical"
            priority = "high"
            """, file: "rules.toml")
        #expect(config.route(NotificationFacts(urgency: 2), modes: []).view.priority == .high)
        #expect(config.route(NotificationFacts(urgency: 1), modes: []).view.priority == nil)
    }

    @Test func priorityIsDescribedAndParsedBack() throws {
        var c = ViewConfiguration()
        try ViewSettings.apply("priority", .string("high"), to: &c)
        #expect(c.priority == .high)
        #expect(ViewSettings.describe(c)["priority"] == "high")
        #expect(ViewSettings.keys.contains("priority"))
    }
}

/// `maximum-pinned`: the bound on high-priority views showing in one container.
struct PinnedSettingTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    @Test func maximumPinnedReachesTheEngine() throws {
        let config = try parser.parse("""
            [containers.toasts]
            maximum-pinned = 4
            [containers.plain]
            """, file: "test.toml")
        #expect(try #require(config.container(named: "toasts")).configuration.maximumPinned == 4)
        #expect(try #require(config.container(named: "plain")).configuration.maximumPinned == 32)
        #expect(ContainerSettings.engineKeys.contains("maximum-pinned"))
    }

    @Test(arguments: ["0", "10001", "\"many\""])
    func badValuesAreRefused(value: String) throws {
        do {
            _ = try parser.parse("[containers.a]\nmaximum-pinned = \(value)", file: "test.toml")
            Issue.record("no error for \(value)")
        } catch {
            #expect(error.line == 2, "\(error)")
            #expect(error.reason.contains("maximum-pinned"), "\(error)")
        }
    }
}
