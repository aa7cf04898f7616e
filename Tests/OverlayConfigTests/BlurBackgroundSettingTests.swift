import OverlayConfig
import OverlayEngine
import Testing

/// `background = "blur:MATERIAL"`: parsed into the engine's blur background, described back,
/// and refused with a clear error for an unknown material.
struct BlurBackgroundSettingTests {
    @Test func blurMaterialsParseAndDescribeBack() throws {
        for (name, material) in [("ultra-thin", BlurMaterial.ultraThin), ("regular", .regular), ("ultra-thick", .ultraThick)] {
            var c = ViewConfiguration()
            try ViewSettings.apply("background", .string("blur:\(name)"), to: &c)
            #expect(c.background == .value(.blur(material)))
            #expect(ViewSettings.describe(c)["background"] == "blur:\(name)")
        }
    }

    @Test func unknownMaterialIsAClearError() {
        var c = ViewConfiguration()
        #expect(throws: SettingError.self) { try ViewSettings.apply("background", .string("blur:frosty"), to: &c) }
        #expect(c.background == nil, "a refused value leaves the setting alone")
    }
}
