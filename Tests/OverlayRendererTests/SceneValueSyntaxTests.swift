// Scene files write values as the config does; their older spellings still mean the same.
import OverlayConfig
import OverlayEngine
@testable import OverlayScene
import Testing

@Suite struct SceneValueSyntaxTests {
    @Test(arguments: [
        ("opacity+move-trailing", "opacity+move(trailing)"), ("scale:0.8", "scale(0.8)"),
        ("scale:0.3:bottom", "scale(0.3, bottom)"), ("offset:-60,0", "offset(-60, 0)"),
        ("opacity+scale:0.5+offset:0,-40", "opacity+scale(0.5)+offset(0, -40)"), ("identity", "identity"),
    ])
    func transitionsReadTheSameBothWays(current: String, older: String) throws {
        let value = try SceneValues.transition(current)
        #expect(value == (try SceneValues.olderTransition(older)))
        #expect(value == (try SceneValues.transition(older)))
        #expect(try ViewSettingNames.transition(ViewSettingNames.name(of: value)) == value, "the name reads back")
    }

    @Test(arguments: [
        ("ease-out:0.3", "easeOut(0.3)"), ("linear:1", "linear(1)"), ("spring:0.4:0.8", "spring(0.4, 0.8)"),
        ("bezier:0.1,0.2,0.3,0.4:0.5", "bezier(0.1, 0.2, 0.3, 0.4, 0.5)"), ("ease-in-out:2", "easeInOut(2)"),
    ])
    func animationsReadTheSameBothWays(current: String, older: String) throws {
        let value = try SceneValues.animation(current)
        #expect(value == (try SceneValues.olderAnimation(older)))
        #expect(value == (try SceneValues.animation(older)))
    }

    @Test func alignmentsReadBothWaysAndBadValuesAreNamed() throws {
        #expect(try SceneValues.alignment("top-trailing") == .topTrailing)
        #expect(try SceneValues.alignment("topTrailing") == .topTrailing)
        #expect(throws: SceneError.self) { try SceneValues.transition("wobble") }
        #expect(throws: SceneError.self) { try SceneValues.animation("ease-out:fast") }
        #expect(throws: SettingError.self) { try ViewSettingNames.transition("offset:1") }
    }
}
