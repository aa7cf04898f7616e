import OverlayConfig
import OverlayEngine
import Testing

/// `toast-material = "none" | MATERIAL`: parsed, described back, refused with a clear error, and
/// merged view (rule) over container.
struct ToastMaterialSettingTests {
    @Test func materialsParseAndDescribeBack() throws {
        for (name, material) in [("ultra-thin", BlurMaterial.ultraThin), ("thin", .thin), ("regular", .regular),
                                 ("thick", .thick), ("ultra-thick", .ultraThick)] {
            var c = ViewConfiguration()
            try ViewSettings.apply("toast-material", .string(name), to: &c)
            #expect(c.toastMaterial == .value(material))
            #expect(ViewSettings.describe(c)["toast-material"] == name)
        }
        var none = ViewConfiguration()
        try ViewSettings.apply("toast-material", .string("none"), to: &none)
        #expect(none.toastMaterial == .disabled)
        #expect(ViewSettings.describe(none)["toast-material"] == "none")
        #expect(ViewSettings.keys.contains("toast-material"))
    }

    @Test func unknownMaterialOrWrongTypeIsAClearError() throws {
        var c = ViewConfiguration()
        let error = #expect(throws: SettingError.self) { try ViewSettings.apply("toast-material", .string("blur:regular"), to: &c) }
        #expect("\(error!)".contains("toast-material") && "\(error!)".contains("ultra-thin"), "says the key and the names: \(error!)")
        #expect(throws: SettingError.self) { try ViewSettings.apply("toast-material", .bool(true), to: &c) }
        #expect(c.toastMaterial == nil, "a refused value leaves the setting alone")
    }

    @Test func aRuleOverridesTheContainerAndNoneSwitchesItOff() throws {
        var container = ViewConfiguration()
        container.toastMaterial = .value(.thin)
        #expect(ResolvedViewConfiguration(view: ViewConfiguration(), container: container, displayType: .vertical).toastMaterial == .thin)
        var rule = ViewConfiguration()
        try ViewSettings.apply("toast-material", .string("thick"), to: &rule)
        var view = ViewConfiguration()
        view.overlay(rule)
        #expect(ResolvedViewConfiguration(view: view, container: container, displayType: .vertical).toastMaterial == .thick)
        view.toastMaterial = .disabled
        #expect(ResolvedViewConfiguration(view: view, container: container, displayType: .stacking).toastMaterial == nil)
        #expect(ResolvedViewConfiguration(view: ViewConfiguration(), container: ViewConfiguration(), displayType: .stacking).toastMaterial == nil,
                "default: the opaque card")
    }

    @Test func aContainerTableTakesIt() throws {
        let config = try ConfigParser(builtInContainers: ["notifications"]).parse("""
            [containers.menu]
            toast-material = "regular"
            """, file: "test.toml")
        #expect(config.containers.first { $0.configuration.name == "menu" }?.configuration.defaults.toastMaterial == .value(.regular))
    }
}
