import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OverlayConfig
import OverlayEngine
import OverlayScene
import SwayIPC

// JSON files the user hands to the CLI: a scene (`overlay-wl render`: decoded, validated, its
// timeline run and one frame drawn small) and a tour (`overlay-wl tour`: its steps checked, each
// window selector parsed and matched).

let window = try! WindowEvent(json: Array(#"""
    {"change": "focus", "container": {"id": 7, "type": "con", "name": "fuzz: ~/src", "app_id": "foot",
     "rect": {"x": 0, "y": 0, "width": 640, "height": 480}}}
    """#.utf8)).window

/// The system's icon themes stay out: a scene naming a theme would index them again on every run
/// (seconds each; `overlay-wl render` indexes once per process).
let noSystemIcons: Void = {
    for key in ["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"] { setenv(key, "/nonexistent", 1) }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneTour(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = noSystemIcons
    let json = Data(UnsafeBufferPointer(start: data, count: size))
    if let scene = try? SceneFile.decode(json, source: "fuzz.json"),
       let renderer = try? SceneRenderer(scene: scene, baseDirectory: "/nonexistent") {
        // As `overlay-wl render` draws it, at a small size to keep each run short.
        _ = try? renderer.render(at: scene.time ?? 1, size: Size(width: 96, height: 64), scale: scene.scale ?? 1)
    }
    if let steps = try? TourFile.steps(from: json, source: "fuzz.json", container: "tour") {
        for step in steps {
            for case ("window", .string(let text)) in step {
                if let selector = try? WindowSelector(parsing: text) { _ = selector.matches(window) }
            }
        }
    }
    return 0
}
