// The example config documents the built-in notifications container: they must not drift apart.
import Foundation
import Testing
import OverlayConfig
@testable import overlay_wl

@Suite struct BuiltInContainerTests {
    @Test func theExampleConfigsNotificationsTableIsTheBuiltInContainer() throws {
        var path = #filePath
        for _ in 0..<3 { path = (path as NSString).deletingLastPathComponent }
        let text = try String(contentsOfFile: path + "/docs/config.example.toml", encoding: .utf8)
        let config = try ConfigRuntime.parser.parse(text, file: "config.example.toml")
        var example = try #require(config.container(named: BuiltInContainers.notificationsName)).configuration
        // The example also shows the mouse bindings (the built-in binds only the left button).
        #expect(example.defaults.pointerBindings[.left] == .gesture)
        example.defaults.pointerBindings = [:]
        #expect(example == BuiltInContainers.notifications)
        // What keeps a flood from holding the screen: five at once, the rest expiring as they wait.
        #expect(BuiltInContainers.notifications.maximumVisible == 5)
        #expect(BuiltInContainers.notifications.expiresWhileWaiting)
    }
}

