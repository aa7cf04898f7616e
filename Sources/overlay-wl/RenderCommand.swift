import ArgumentParser
import OverlayEngine
import OverlayRenderer
import OverlayScene

/// `overlay-wl render`: draws a scene file to PNG with no compositor, through the same engine
/// timeline and `RenderListPainter` as the daemon.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene file to PNG without a compositor (README screenshots, golden images).",
        discussion: "The PNG is W·S × H·S pixels. --frames N renders a contact sheet of N times evenly over the scene's span."
    )

    @Option(help: "Scene file (JSON; see docs/scenes).", completion: .file(extensions: ["json"]))
    var scene: String?

    @Option(help: "A view tree (JSON; see docs/VIEWS.md) drawn alone at its ideal size (or --size), on transparency.",
            completion: .file(extensions: ["json"]))
    var view: String?

    @Option(help: "Output PNG file.")
    var out: String

    @Option(help: "Logical size WxH in points (default: the scene's).")
    var size: String?

    @Option(help: "Scale: device pixels per point (default: the scene's, else 1).")
    var scale: Double?

    @Option(help: "Time in seconds on the scene's timeline (default: the scene's, else 1).")
    var time: Double?

    @Option(help: "Render a contact sheet of this many frames over the scene's span instead of one frame.")
    var frames: Int?

    func validate() throws {
        if (scene == nil) == (view == nil) { throw ValidationError("give either --scene or --view") }
        if view != nil && (time != nil || frames != nil) { throw ValidationError("--time and --frames apply to scenes only") }
        if time != nil && frames != nil { throw ValidationError("--time and --frames exclude each other") }
        if let frames, frames < 1 || frames > 64 { throw ValidationError("--frames must be 1…64") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
        if let size, Self.parseSize(size) == nil { throw ValidationError("--size must look like 480x240") }
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 8192, h <= 8192
        else { return nil }
        return Size(width: w, height: h)
    }

    func run() throws {
        if let view {
            do { try ViewRendering.render(file: view, to: out, size: size.flatMap(Self.parseSize), scale: scale ?? 1) } catch {
                throw fail("\(error)")
            }
            return
        }
        guard let scene else { return }
        do {
            let renderer = try SceneRenderer(path: scene)
            renderer.painter.trees.onImageError = { error in
                var stderr = StandardError()
                print("overlay-wl: image left out: \(error)", to: &stderr)
            }
            let size = self.size.flatMap(Self.parseSize) ?? renderer.defaultSize
            let scale = self.scale ?? renderer.scene.scale ?? 1
            let canvas = if let frames {
                try renderer.contactSheet(frames: frames, size: size, scale: scale)
            } else {
                try renderer.render(at: time ?? renderer.scene.time ?? 1, size: size, scale: scale)
            }
            try canvas.writePNG(to: out)
        } catch {
            throw fail("\(error)")
        }
    }
}
