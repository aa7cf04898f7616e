import FoundationEssentials  // FileManager, without ICU
import Glibc
import OverlayEngine
import OverlayRenderer

/// View-tree files for the command line: read (a file or `-` for stdin), checked, image paths
/// made absolute, and drawn headless (`overlay-wl render --view`).
enum ViewRendering {
    /// The tree in `path` (`-`: standard input). Relative image files are taken relative to the
    /// file's folder (the working directory for stdin), since the daemon runs elsewhere. Standard
    /// input past 8 MiB and a file past 4 MiB (`readTextFile`) are refused.
    static func load(_ path: String) throws -> ViewNode {
        let text: String
        if path == "-" {
            do { text = try readText(STDIN_FILENO, limit: ViewLimits.standard.maxInputBytes) } catch {
                throw ViewFileError("standard input: \(error)")
            }
        } else {
            do { text = try readTextFile(path) } catch { throw ViewFileError("\(error)") }
        }
        let node: ViewNode
        do { node = try ViewNode(json: text) } catch { throw ViewFileError("\(path == "-" ? "standard input" : path): \(error)") }
        let folder = path == "-" ? FileManager.default.currentDirectoryPath
            : path.lastIndex(of: "/").map { String(path[..<$0]) } ?? FileManager.default.currentDirectoryPath
        let absolute = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        return node.resolvingImageFiles(relativeTo: absolute)
    }

    /// Draws the tree in `path` to the PNG `out`: at its ideal size, or laid out for `size`.
    static func render(file path: String, to out: String, size: Size?, scale: Double) throws {
        let node = try load(path)
        let renderer = ViewTreeRenderer()
        renderer.onImageError = { log("image left out: \($0)") }
        let laidOut = renderer.layout(node, proposal: size.map { ProposedSize($0) } ?? .unspecified)
        let picture = size ?? laidOut.size
        let canvas = Canvas(pixelWidth: max(1, Int((picture.width * scale).rounded(.up))),
                            pixelHeight: max(1, Int((picture.height * scale).rounded(.up))), scale: scale)
        renderer.draw(laidOut, on: canvas)
        try canvas.writePNG(to: out)
    }
}

struct ViewFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
