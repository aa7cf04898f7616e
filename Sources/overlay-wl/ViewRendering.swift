import FoundationEssentials  // FileManager, without ICU
import Glibc
import OverlayEngine
import OverlayRenderer

/// View-tree files for the command line: read (a file or `-` for stdin), checked, image paths
/// made absolute, and drawn headless (`overlay-wl render --view`).
enum ViewRendering {
    /// The tree in `path` (`-`: standard input). Relative image files are taken relative to the
    /// file's folder (the working directory for stdin), since the daemon runs elsewhere. Standard
    /// input past 8 MiB (`readText`) and a file past 4 MiB (`readTextFile`) are refused.
    static func load(_ path: String) throws -> ViewNode {
        let text: String
        if path == "-" {
            text = try readText(STDIN_FILENO, name: "standard input")
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

    /// Bytes read at a time (64 KiB).
    static let chunkBytes = 65_536

    /// All of `fd` (standard input) as UTF-8 (invalid bytes replaced), read a chunk at a time.
    /// Refused with "NAME: larger than N MiB" as soon as it passes `limit` (by default the JSON
    /// cap, `ViewLimits.maxInputBytes`, 8 MiB), so an endless stream never costs more than
    /// `limit` bytes and one chunk.
    static func readText(_ fd: Int32, name: String, limit: Int = ViewLimits.standard.maxInputBytes) throws -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw ViewFileError("\(name): cannot read: \(String(cString: strerror(errno)))")
            }
            guard bytes.count + n <= limit else {
                let cap = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
                throw ViewFileError("\(name): larger than \(cap)")
            }
            // Grown by doubling, but never past `limit`.
            if bytes.count + n > bytes.capacity { bytes.reserveCapacity(min(limit, max(bytes.count + n, 2 * bytes.capacity))) }
            bytes.append(contentsOf: chunk[..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
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
