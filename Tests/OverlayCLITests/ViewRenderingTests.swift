// `overlay-wl render --view` and the view files the CLI reads: drawn at the tree's size, relative
// images found next to the file, and bad files refused with the JSON path.
import FoundationEssentials
import OverlayEngine
import OverlayRenderer
import Testing
@testable import overlay_wl
import CCairo
import Glibc

@Suite("View files on the command line")
struct ViewRenderingTests {
    let folder: String = {
        let dir = "/tmp/overlay-view-files-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    @Test func renderDrawsTheTreeAtItsSizeAndScale() throws {
        let file = folder + "/box.json"
        try ##"{"type":"spacer","modifiers":[{"frame":{"width":30,"height":20}},{"background":"#ff0000"}]}"##
            .write(toFile: file, atomically: true, encoding: .utf8)
        let out = folder + "/box.png"
        try ViewRendering.render(file: file, to: out, size: nil, scale: 2)
        let png = cairo_image_surface_create_from_png(out)!
        defer { cairo_surface_destroy(png) }
        #expect(cairo_image_surface_get_width(png) == 60 && cairo_image_surface_get_height(png) == 40, "30 × 20 pt at scale 2")
        let data = cairo_image_surface_get_data(png)!
        let middle = UnsafeRawPointer(data).load(fromByteOffset: 20 * Int(cairo_image_surface_get_stride(png)) + 4 * 30, as: UInt32.self)
        #expect(middle == 0xFFFF_0000, "opaque red inside")
    }

    @Test func relativeImagesAreFoundNextToTheFile() throws {
        let file = folder + "/pic.json"
        try #"{"type":"image","file":"pic.png"}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let node = try ViewRendering.load(file)
        #expect(node.kind == .image(ImageContent(.file(folder + "/pic.png"))))
    }

    @Test func aBadFileIsRefusedWithItsPath() throws {
        let file = folder + "/bad.json"
        try #"{"type":"vstack","children":[{"type":"slider","value":"x","action":"a"}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: ViewFileError.self) { try ViewRendering.load(file) }
        do { _ = try ViewRendering.load(file) } catch {
            #expect("\(error)" == "\(file): $.children[0].value: expected a number")
        }
        #expect(throws: ViewFileError.self) { try ViewRendering.load(folder + "/missing.json") }
    }

    /// Input past the cap is refused as soon as it is past, however it comes (one line without end
    /// on standard input): at most the cap and one chunk are read; input at the cap is read whole.
    @Test func inputPastTheCapIsRefusedAsSoonAsItIsPast() throws {
        let file = folder + "/endless.json"
        let cap = 1 << 20
        try String(repeating: " ", count: 3 * cap).write(toFile: file, atomically: true, encoding: .utf8)
        defer { unlink(file) }
        let fd = open(file, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect { try readText(fd, limit: cap) } throws: {
            "\($0)" == "larger than 1 MiB"
        }
        #expect(lseek(fd, 0, SEEK_CUR) <= cap + textChunkBytes, "read no further than one chunk past the cap")
        lseek(fd, 0, SEEK_SET)
        #expect(try readText(fd, limit: 3 * cap).utf8.count == 3 * cap)
    }

    @Test func aFileThatCannotBeReadOrWrittenSaysWhy() throws {
        let missing = folder + "/missing.json"
        #expect { try ViewRendering.load(missing) } throws: { "\($0)" == "\(missing): cannot read: No such file or directory" }
        let file = folder + "/dot.json"
        try #"{"type":"spacer","modifiers":[{"frame":{"width":2,"height":2}}]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        #expect {
            try ViewRendering.render(file: file, to: folder + "/no/such/folder.png", size: nil, scale: 1)
        } throws: { "\($0)" == "cannot write \(self.folder)/no/such/folder.png: No such file or directory" }
    }
}
