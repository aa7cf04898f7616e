import OverlayConfig
import OverlayEngine
import Testing

/// Controls of a drawer's view file bound by their action ids: `hook:NAME`, `mode:NAME`, else
/// only reported; hook commands get the value as one argument, never inside a command line.
struct ControlBindingTests {
    let hooks = ["volume": ["pactl", "set-sink-volume", "@DEFAULT_SINK@"], "lock": ["loginctl", "lock-session"]]

    @Test(arguments: [
        ("hook:volume", ControlBinding.hook("volume")),
        ("mode:do-not-disturb", .mode("do-not-disturb")),
        ("wifi", .signal("wifi")),
        ("hook:", .signal("hook:")),
        ("mode:", .signal("mode:")),
        ("Hook:lock", .signal("Hook:lock")),
    ])
    func actionIdsBind(_ action: String, _ expected: ControlBinding) {
        #expect(ControlBinding(action: action) == expected)
    }

    @Test(arguments: [
        (ViewActionValue.none, String?.none),
        (.bool(true), "true"), (.bool(false), "false"),
        (.number(40), "40"), (.number(-3), "-3"), (.number(0.25), "0.25"),
        (.text("a b;$(x)"), "a b;$(x)"),
    ])
    func valuesBecomeOneArgument(_ value: ViewActionValue, _ expected: String?) {
        #expect(ControlBinding.argument(value) == expected)
    }

    @Test func aHookCommandAppendsTheValueAsItsOwnArgument() throws {
        let hostile = "1; touch /tmp/x $(id)"
        let command = try #require(try ControlBinding.command(
            for: ViewAction(action: "hook:volume", value: .text(hostile)), hooks: hooks))
        #expect(command.name == "volume")
        #expect(command.argv == ["pactl", "set-sink-volume", "@DEFAULT_SINK@", hostile], "one argument, verbatim")
        #expect(command.environment == ["OVERLAY_WL_ACTION": "hook:volume", "OVERLAY_WL_VALUE": hostile])

        let button = try #require(try ControlBinding.command(for: ViewAction(action: "hook:lock", value: .none), hooks: hooks))
        #expect(button.argv == ["loginctl", "lock-session"], "a button adds no argument")
        #expect(button.environment["OVERLAY_WL_VALUE"] == "")
        #expect(try ControlBinding.command(for: ViewAction(action: "mode:do-not-disturb", value: .bool(true)), hooks: hooks) == nil)
        #expect(try ControlBinding.command(for: ViewAction(action: "plain", value: .none), hooks: hooks) == nil)
    }

    @Test func anUnknownHookIsAClearError() {
        #expect(throws: SettingError("hook:nope", "no hook 'nope' in [hooks]")) {
            try ControlBinding.command(for: ViewAction(action: "hook:nope", value: .none), hooks: hooks)
        }
    }

    @Test func problemsNameEachBadBinding() throws {
        let tree = try ViewNode(json: """
            {"type":"vstack","children":[
              {"type":"button","action":"hook:lock","label":{"type":"text","text":"Lock"}},
              {"type":"button","action":"hook:missing","label":{"type":"text","text":"?"}},
              {"type":"toggle","action":"mode:do-not-disturb"},
              {"type":"toggle","action":"mode:bad name!"},
              {"type":"slider","action":"hook:volume"},
              {"type":"textField","submitAction":"say"}]}
            """)
        #expect(tree.controlActions == ["hook:lock", "hook:missing", "mode:do-not-disturb", "mode:bad name!", "hook:volume", "say"])
        #expect(ControlBinding.problems(in: tree, hooks: hooks) == [
            "'hook:missing': no hook 'missing' in [hooks]",
            "'mode:bad name!': 'bad name!' is not a mode name",
        ])
    }

    @Test func modeTogglesShowTheActiveModes() throws {
        let tree = try ViewNode(json: """
            {"type":"hstack","children":[
              {"type":"toggle","action":"mode:do-not-disturb"},
              {"type":"toggle","isOn":true,"action":"mode:presentation"},
              {"type":"toggle","isOn":true,"action":"wifi"}]}
            """)
        let shown = ControlBinding.showingModes(tree, active: ["do-not-disturb"])
        #expect(shown.node(at: 1)?.kind == .toggle(isOn: true, action: "mode:do-not-disturb"))
        #expect(shown.node(at: 2)?.kind == .toggle(isOn: false, action: "mode:presentation"))
        #expect(shown.node(at: 3)?.kind == .toggle(isOn: true, action: "wifi"), "an unbound toggle keeps its state")
        #expect(ControlBinding.showingModes(shown, active: ["do-not-disturb"]) == shown)
    }

    @Test func aDrawerTakesAViewFile() throws {
        let parser = ConfigParser(builtInContainers: ["notifications"])
        let config = try parser.parse("[containers.controls]\ndrawer = \"right\"\nview = \"menu.json\"\n", file: "test.toml")
        #expect(config.container(named: "controls")?.drawerView == "menu.json")
        for (text, reason) in [("[containers.c]\nview = \"menu.json\"\n", "view: only for drawers"),
                               ("[containers.c]\ndrawer = \"right\"\nview = \"\"\n", "view: expected the path"),
                               ("[containers.c]\ndrawer = \"right\"\nview = 3\n", "view")] {
            do {
                _ = try parser.parse(text, file: "test.toml")
                Issue.record("accepted: \(text)")
            } catch {
                #expect("\(error)".contains(reason), "\(error)")
            }
        }
    }
}
