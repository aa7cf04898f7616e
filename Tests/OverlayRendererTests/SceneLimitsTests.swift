// A scene names its picture's size, scale and times; values no canvas could hold are refused
// with an error naming the field, before anything is allocated.
import FoundationEssentials
import OverlayEngine
import OverlayScene
import Testing

@Suite struct SceneLimitsTests {
    static func scene(_ fields: String) throws -> SceneFile {
        let json = #"{"containers": [{"name": "c"}], "views": [{"container": "c", "summary": "s"}]"# + fields + "}"
        return try SceneFile.decode(Data(json.utf8), source: "test.json")
    }

    static func field(of error: any Error) -> String? {
        if case .badValue(let field, _)? = error as? SceneError { return field }
        return nil
    }

    @Test(arguments: [
        (#", "size": [1e9, 1e9]"#, "size"), (#", "size": [480]"#, "size"), (#", "size": [0, 10]"#, "size"),
        (#", "scale": 0"#, "scale"), (#", "scale": 1e300"#, "scale"), (#", "time": 1e300"#, "time"),
        (#", "span": [0, 1e30]"#, "time"), (#", "span": [1]"#, "span"),
    ])
    func picturesNoCanvasCouldHoldAreRefused(fields: String, field: String) throws {
        let scene = try Self.scene(fields)
        let error = #expect(throws: SceneError.self) { try SceneRenderer(scene: scene) }
        #expect(error.flatMap(Self.field(of:)) == field)
    }

    @Test func renderChecksTheSizeAndScaleItIsGiven() throws {
        let renderer = try SceneRenderer(scene: try Self.scene(#", "size": [200, 100], "scale": 2"#))
        let canvas = try renderer.render(at: 1, scale: 2)
        #expect(canvas.pixelWidth == 400 && canvas.pixelHeight == 200)
        for (size, scale) in [(Size(width: 5000, height: 10), 2.0), (Size(width: 10, height: 10), 9.0),
                              (Size(width: .infinity, height: 10), 1.0), (Size(width: 0.1, height: 10), 1.0)] {
            let error = #expect(throws: SceneError.self) { try renderer.render(at: 1, size: size, scale: scale) }
            #expect(error.flatMap(Self.field(of:)) == "size", "\(size) at \(scale)")
        }
        #expect(throws: SceneError.self) { try renderer.render(at: .nan) }
        #expect(throws: SceneError.self) { try renderer.contactSheet(frames: 64, size: Size(width: 4000, height: 100)) }
    }

    /// The scene-tour fuzz target's finding: a container's default shadow of radius 1.8e71
    /// trapped converting the blur's margin to pixels (`ShadowPainter`). Every length a scene sets
    /// has bounds, refused with the field's name before anything is drawn.
    @Test(arguments: [
        (#""defaults": {"shadow": {"radius": 1.8e71}}"#, "", "shadow.radius"),
        (#""defaults": {"shadow": {"radius": 8, "offset": [0, 1e9]}}"#, "", "shadow.offset"),
        (#""spacing": -1e300"#, "", "spacing"), (#""insets": [0, 0, 1e20, 0]"#, "", "insets"),
        (#""delayForShowingNext": 1e12"#, "", "delayForShowingNext"), (#""frame": [0, 0, 1e300, 10]"#, "", "frame"),
        ("", #", "tip": {"target": [1e200, 0]}"#, "tip.target"), ("", #", "tip": {"target": [0, 0], "usableInsets": [-5]}"#, "tip.usableInsets"),
        ("", #", "settings": {"shadow": {"radius": -1}}"#, "shadow.radius"),
        ("", #", "style": {"width": 1e15}"#, "style.width"), ("", #", "style": {"padding": 1e9}"#, "style.padding"),
        ("", #", "style": {"cornerRadius": -3}"#, "style.cornerRadius"), ("", #", "style": {"borderWidth": 1e6}"#, "style.borderWidth"),
        ("", #", "style": {"iconSize": 1e300}"#, "style.iconSize"), ("", #", "style": {"bodyMaxLines": -1}"#, "style.bodyMaxLines"),
    ])
    func lengthsOutOfBoundsAreRefused(container: String, view: String, field: String) throws {
        let json = #"{"containers": [{"name": "c""# + (container.isEmpty ? "" : ", " + container)
            + #"}], "views": [{"container": "c", "summary": "s""# + view + "}]}"
        let scene = try SceneFile.decode(Data(json.utf8), source: "test.json")
        let error = #expect(throws: SceneError.self) { _ = try SceneRenderer(scene: scene).render(at: 1) }
        #expect(error.flatMap(Self.field(of:)) == field, "\(json)")
    }

    @Test func lengthsWithinBoundsDraw() throws {
        let json = #"{"containers": [{"name": "c", "spacing": 8, "defaults": {"shadow": {"radius": 200, "offset": [0, 500]}}}], "#
            + #""views": [{"container": "c", "summary": "s", "style": {"width": 300, "iconSize": 64, "bodyMaxLines": 3}}]}"#
        let canvas = try SceneRenderer(scene: try SceneFile.decode(Data(json.utf8), source: "test.json")).render(at: 1)
        #expect(canvas.pixelWidth > 0)
    }
}
