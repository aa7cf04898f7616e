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
}
