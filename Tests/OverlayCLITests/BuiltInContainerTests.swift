// The example config documents the built-in notifications container: they must not drift apart.
import Foundation
import Testing
import OverlayConfig
import OverlayEngine
@testable import overlay_wl

@Suite struct BuiltInContainerTests {
    @Test func theExampleConfigsNotificationsTableIsTheBuiltInContainer() throws {
        var path = #filePath
        for _ in 0..<3 { path = (path as NSString).deletingLastPathComponent }
        let text = try String(contentsOfFile: path + "/docs/config.example.toml", encoding: .utf8)
        // Parsed over the defaults, not over the built-in container: the table must spell it all out.
        let config = try ConfigParser(builtInContainers: [BuiltInContainers.notificationsName])
            .parse(text, file: "config.example.toml")
        var example = try #require(config.container(named: BuiltInContainers.notificationsName)).configuration
        // The example also shows the mouse bindings (the built-in binds only the left button).
        #expect(example.defaults.pointerBindings[.left] == .gesture)
        example.defaults.pointerBindings = [:]
        #expect(example == BuiltInContainers.notifications)
        // What keeps a flood from holding the screen: five at once, the rest expiring as they wait.
        #expect(BuiltInContainers.notifications.maximumVisible == 5)
        #expect(BuiltInContainers.notifications.expiresWhileWaiting)
    }

    /// The example's control centre: its view file decodes, every control is bound to one of the
    /// example's [hooks] or to a mode, and the modes its rules name are those its toggle turns on
    /// (do-not-disturb, which `overlay-wl dnd` and the notification centre turn on too).
    @Test func theExampleControlCentresControlsAreBoundAndItsRulesFollowItsToggle() throws {
        var path = #filePath
        for _ in 0..<3 { path = (path as NSString).deletingLastPathComponent }
        path += "/docs/config.example.toml"
        let config = try ConfigRuntime.parser.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
        let file = try #require(config.container(named: "controls")?.drawerView)
        let tree = try DrawerMenus.read(file, for: "controls", configPath: path)
        #expect(ControlBinding.problems(in: tree, hooks: config.hooks) == [])
        let actions = tree.controlActions
        #expect(actions.filter { $0.hasPrefix("hook:") }.count >= 7, "buttons and the slider run hooks: \(actions)")
        let toggled = Set(actions.compactMap { if case .mode(let name) = ControlBinding(action: $0) { name } else { nil } })
        #expect(toggled == [BuiltInRules.doNotDisturb])
        let ruleModes = Set(config.rules.compactMap(\.mode))
        #expect(!ruleModes.isEmpty && ruleModes.isSubset(of: toggled), "rules for modes nothing turns on: \(ruleModes)")
    }

    @Test func aRedeclaredNotificationsTableChangesOnlyTheKeysItSets() throws {
        let config = try ConfigRuntime.parser.parse("""
            [containers.notifications]
            anchor = ["top", "bottom", "left"]
            spacing = 4
            """, file: "config.toml")
        let spec = try #require(config.container(named: BuiltInContainers.notificationsName))
        var expected = BuiltInContainers.notifications
        expected.spacing = 4
        #expect(spec.configuration == expected)
        #expect(spec.configuration.maximumVisible == 5 && spec.configuration.expiresWhileWaiting)
        #expect(spec.placement.anchor == SurfacePlacement.Anchor(top: true, bottom: true, left: true))
        #expect(spec.placement.width == 360)
        // Another container starts from the defaults.
        let other = try ConfigRuntime.parser.parse("[containers.side]\nspacing = 4\n", file: "config.toml")
        #expect(try #require(other.container(named: "side")).configuration.maximumVisible == nil)
    }

    @Test func theColumnIsOnTheRightEdge360Wide() throws {
        let spec = try #require(BuiltInContainers.specs.first { $0.configuration.name == BuiltInContainers.notificationsName })
        #expect(spec.placement.anchor == [.top, .bottom, .right])
        #expect(spec.placement.margins == [12, 12, 0, 0])
        #expect(spec.placement.width == 360 && spec.placement.layer == .overlay && spec.placement.output == .focused)
    }
}
