import OverlayConfig
import OverlayEngine
import Testing

/// `drawer = EDGE` and its keys: a drawer container covering its output, or a clear error.
struct DrawerSettingsTests {
    let parser = ConfigParser(builtInContainers: ["notifications"])

    func error(_ text: String) -> ConfigError? {
        do { _ = try parser.parse(text, file: "test.toml"); return nil } catch { return error }
    }

    @Test func drawerKeysMakeADrawerOnTheWholeOutput() throws {
        let config = try parser.parse("""
            [containers.menu]
            drawer = "right"
            notches = [0, 96, "50%"]
            notch = 1
            drawer-backdrop = 0.3
            drawer-color = "#112233"
            """, file: "test.toml")
        let spec = try #require(config.container(named: "menu"))
        let drawer = try #require(spec.drawer)
        #expect(drawer.edge == .right)
        #expect(drawer.notches == [Notch(.points(0)), Notch(.points(96)), Notch(.fraction(0.5))])
        #expect(drawer.initialNotch == 1)
        #expect(drawer.backdropOpacity == 0.3)
        #expect(drawer.panelColor == Color(hex: "#112233"))
        #expect(spec.placement.anchor == SurfacePlacement.Anchor(top: true, bottom: true, left: true, right: true))
        #expect(spec.placement.width == 0 && spec.placement.height == 0)
        #expect(spec.placement.margins == [0, 0, 0, 0])
        #expect(spec.placement.layer == .top, "under the notifications (overlay)")
        #expect(config.container(named: "notifications")?.drawer == nil)
        let over = try parser.parse("[containers.menu]\ndrawer = \"left\"\nlayer = \"overlay\"\n", file: "test.toml")
        #expect(over.container(named: "menu")?.placement.layer == .overlay)
    }

    @Test func badDrawerSettingsAreRejectedClearly() {
        let cases: [(String, String)] = [
            ("drawer = \"middle\"", "unknown value 'middle'"),
            ("notches = [0, 100]", "only for drawers"),
            ("drawer = \"left\"\nnotches = [0, \"150%\"]", "not a notch"),
            ("drawer = \"left\"\nnotches = []", "1 to 16 notches"),
            ("drawer = \"left\"\nnotches = [0, 100]\nnotch = 2", "notch"),
            ("drawer = \"left\"\ndrawer-backdrop = 2", "drawer-backdrop"),
        ]
        for (body, expected) in cases {
            let error = self.error("[containers.menu]\n" + body)
            #expect(error?.description.contains(expected) == true, "\(body): \(String(describing: error))")
        }
    }
}
