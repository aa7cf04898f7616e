import Foundation
import OverlayConfig
import OverlayEngine
import Testing

/// Parsing config files: every setting reaches the engine, errors name file, line and column.
struct ConfigParserTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    func parse(_ text: String) throws(ConfigError) -> OverlayConfiguration { try parser.parse(text, file: "test.toml") }

    func error(_ text: String) -> ConfigError? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func containerSettingsReachTheEngineConfiguration() throws {
        let config = try parse("""
            [containers.menu]
            display = "stacking"
            queue = "one-by-one-wait-finish"
            delay-for-showing-next = 0.25
            spacing = -4
            insets = [1, 2, 3, 4]
            clipped = true
            ignores-safe-area = ["top", "bottom"]
            display-order = "oldest-on-top"
            debounce = 0.3
            expire-while-waiting = true
            alignment = "bottom-trailing"
            background = "#10203040"
            gesture = "swipe-left"
            transition = "opacity+move-top"
            animation = "spring:0.4:0.7"
            auto-dismiss = 0
            output = "HEADLESS-2"
            layer = "top"
            anchor = ["bottom", "right"]
            margins = [0, 20, 20, 0]
            width = 300
            height = 200
            """)
        let spec = try #require(config.container(named: "menu"))
        let c = spec.configuration
        #expect(c.displayType == .stacking)
        #expect(c.queueType == .oneByOneWaitFinish)
        #expect(c.delayForShowingNext == 0.25)
        #expect(c.spacing == -4)
        #expect(c.insets == EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(c.clipped)
        #expect(c.ignoresSafeArea == .edges([.top, .bottom]))
        #expect(c.displayOrder == .oldestOnTop)
        #expect(c.queueControl == .debounce(0.3))
        #expect(c.expiresWhileWaiting)
        #expect(c.defaults.alignment == .bottomTrailing)
        #expect(c.defaults.background == .value(.color(Color(hex: "#10203040")!)))
        #expect(c.defaults.dismissGesture == .value(.swipe(.left)))
        #expect(c.defaults.transition == .combined(.opacity, .move(.top)))
        #expect(c.defaults.animation == .spring(response: 0.4, dampingFraction: 0.7))
        #expect(c.defaults.autoDismiss == .disabled)
        #expect(spec.placement.output == .named("HEADLESS-2"))
        #expect(spec.placement.layer == .top)
        #expect(spec.placement.anchor == SurfacePlacement.Anchor(bottom: true, right: true))
        #expect(spec.placement.margins == [0, 20, 20, 0])
        #expect(spec.placement.width == 300 && spec.placement.height == 200)
    }

    @Test func containersKeepFileOrderAndDefaults() throws {
        let config = try parse("""
            [containers.zeta]
            [containers.alpha]
            queue = "one-by-one"
            """)
        #expect(config.containers.map(\.configuration.name) == ["zeta", "alpha"])
        #expect(config.containers[0].configuration.queueType == .multiple)
        #expect(!config.containers[0].configuration.expiresWhileWaiting)
        #expect(config.containers[0].placement == SurfacePlacement())
    }

    @Test func syntaxErrorsCarryTOMLPosition() throws {
        let e = try #require(error("[general]\nhistory-size = \n"))
        #expect(e.file == "test.toml")
        #expect(e.line == 2)
        #expect(e.column > 1)
    }

    @Test func invalidRegexIsLocatedAtItsValue() throws {
        let e = try #require(error("""
            [containers.a]

            [[rules]]
            summary = "ok"

            [[rules]]
              body = "(unclosed"
            """))
        #expect(e.line == 7)
        #expect(e.column == 10)
        #expect(e.reason.contains("rules 2"))
        #expect(e.reason.contains("invalid regex '(unclosed'"))
        #expect(e.description.hasPrefix("test.toml:7:10: "))
    }

    @Test(arguments: [
        ("[containers.a]\nqueue = \"sideways\"", 2, "unknown value 'sideways'"),
        ("[containers.a]\nmaximum-visible = 0", 2, "0 is out of range 1...10000"),
        ("[containers.a]\nspacing = \"wide\"", 2, "expected a number, got a string"),
        ("[containers.a]\nwidth = 0", 2, "width 0 needs anchor on both left and right"),
        ("[containers.a]\nanchor = [\"bottom\", \"right\"]", 1, "alignment = \"bottom-trailing\""),
        ("[containers.a]\nalignment = \"middle\"", 2, "unknown alignment 'middle'"),
        ("[containers.a]\nanimation = \"ease-in:-1\"", 2, "out of range"),
        ("[containers.a]\ncolour = 1", 2, "unknown container key"),
        ("[[rules]]\ncontainer = \"nowhere\"", 2, "unknown container 'nowhere'"),
        ("[[rules]]\nurgency = \"urgent\"", 2, "unknown urgency 'urgent'"),
        ("[general]\nhistory-size = -1", 2, "out of range"),
        ("[general]\nmodes = [\"work\", \"x y\"]", 2, "'x y' is not a mode name"),
        ("colour = 1", 1, "unknown top-level key 'colour'"),
    ])
    func settingErrorsAreLocated(text: String, line: Int, message: String) throws {
        let e = try #require(error(text), "no error for \(text)")
        #expect(e.line == line, "\(e)")
        #expect(e.reason.contains(message), "\(e)")
    }

    @Test func generalSettings() throws {
        let config = try parse("""
            [general]
            default-timeout = 8
            history-size = 3
            modes = ["work"]
            critical-bypasses-modes = false
            """)
        #expect(config.general.defaultTimeout == 8)
        #expect(config.general.historySize == 3)
        #expect(config.general.modes == ["work"])
        #expect(!config.general.criticalBypassesModes)
    }
}

/// The shipped example must stay valid.
struct ExampleConfigTests {
    @Test func docsExampleParses() throws {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        path += "/docs/config.example.toml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let config = try ConfigParser(builtInContainers: ["notifications"]).parse(text, file: path)
        #expect(config.containers.map(\.configuration.name) == ["notifications", "osd", "chat", "menu", "controls"])
        #expect(config.container(named: "controls")?.drawerView == "examples/menu.json")
        #expect(config.hooks["volume"]?.first == "sh")
        #expect(config.container(named: "menu")?.drawer?.edge == .left)
        #expect(config.rules.count == 5)
        // In do-not-disturb (the built-in mode; its built-in rule holds the rest) low urgency is hidden.
        #expect(config.route(NotificationFacts(summary: "x", urgency: 0), modes: ["do-not-disturb"]).hidden)
        #expect(!config.route(NotificationFacts(summary: "x", urgency: 1), modes: ["do-not-disturb"]).hidden)
        #expect(!config.route(NotificationFacts(summary: "x", urgency: 0), modes: []).hidden)
    }
}
