import CCairo
import Foundation

/// An 8-bit colour (straight alpha).
struct RGBA: Hashable, CustomStringConvertible {
    var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// `RGBA(hex: 0x2B303B)` (opaque).
    init(hex: UInt32) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF))
    }

    static let black = RGBA(hex: 0x000000)

    var isBlack: Bool { r == 0 && g == 0 && b == 0 }

    /// Largest per-channel difference (colour channels only).
    func distance(to other: RGBA) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)))
    }

    func isClose(to other: RGBA, tolerance: Int = 1) -> Bool { distance(to: other) <= tolerance }

    var description: String {
        String(format: "#%02X%02X%02X", r, g, b) + (a == 255 ? "" : String(format: "/%02X", a))
    }
}

/// A pixel rectangle; `maxX`/`maxY` are exclusive.
struct PixelRect: Equatable, CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int
    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var midX: Int { x + width / 2 }
    var midY: Int { y + height / 2 }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    func insetBy(_ d: Int) -> PixelRect { PixelRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }

    var description: String { "(\(x),\(y) \(width)x\(height))" }
}

/// A captured output, decoded with cairo. Coordinates are output pixels (scale 1 in the rig).
final class Screenshot: @unchecked Sendable {
    let width: Int
    let height: Int
    let label: String
    /// The PNG as captured (kept so failing tests can save it).
    let pngData: Data
    private let pixels: [UInt32] // 0xAARRGGBB, premultiplied (screenshots are opaque)

    init(contentsOf path: String, label: String? = nil) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HarnessError.failed("cannot read screenshot \(path)")
        }
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw HarnessError.failed("cairo could not load \(path)")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let msg = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            throw HarnessError.failed("cairo could not load \(path): \(msg)")
        }
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let base = cairo_image_surface_get_data(surface) else {
            throw HarnessError.failed("unexpected cairo format \(format) for \(path)")
        }
        let opaque = format == CAIRO_FORMAT_RGB24
        var px = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { px[y * w + x] = opaque ? (row[x] | 0xFF00_0000) : row[x] }
        }
        self.width = w
        self.height = h
        self.pixels = px
        self.pngData = data
        self.label = label ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    func pixel(_ x: Int, _ y: Int) -> RGBA {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x),\(y)) outside \(width)x\(height)")
        let v = pixels[y * width + x]
        let a = UInt8(v >> 24)
        func ch(_ shift: UInt32) -> UInt8 {
            let c = UInt8((v >> shift) & 0xFF)
            return a == 0 || a == 255 ? c : UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
        }
        return RGBA(r: ch(16), g: ch(8), b: ch(0), a: a)
    }

    func pixel(x: Int, y: Int) -> RGBA { pixel(x, y) }

    func region(_ rect: PixelRect) -> Region { Region(shot: self, rect: rect.intersection(bounds)) }
    func region(x: Int, y: Int, width: Int, height: Int) -> Region {
        region(PixelRect(x: x, y: y, width: width, height: height))
    }
    var whole: Region { region(bounds) }

    /// Pixel-identical to `other`.
    func samePixels(as other: Screenshot) -> Bool { width == other.width && height == other.height && pixels == other.pixels }

    /// Bounding box of the pixels that are not the (black) background, or nil if there are none.
    var contentBox: PixelRect? { whole.boundingBox { !$0.isBlack } }

    /// Writes the PNG to `directory/<name>.png`; returns the path.
    @discardableResult
    func save(in directory: String, name: String? = nil) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/\(name ?? label).png"
        try pngData.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A rectangle of a screenshot with counting helpers.
    struct Region {
        let shot: Screenshot
        let rect: PixelRect

        func forEach(_ body: (Int, Int, RGBA) -> Void) {
            for y in rect.y..<max(rect.y, rect.maxY) {
                for x in rect.x..<max(rect.x, rect.maxX) { body(x, y, shot.pixel(x, y)) }
            }
        }

        var distinctColors: Set<RGBA> {
            var set = Set<RGBA>()
            forEach { _, _, c in set.insert(c) }
            return set
        }

        var distinctColorCount: Int { distinctColors.count }

        /// Every pixel has the same colour (vacuously true for an empty region).
        var isUniform: Bool { distinctColorCount <= 1 }

        func isUniform(_ color: RGBA, tolerance: Int = 0) -> Bool {
            count { !$0.isClose(to: color, tolerance: tolerance) } == 0
        }

        func count(where predicate: (RGBA) -> Bool) -> Int {
            var n = 0
            forEach { _, _, c in if predicate(c) { n += 1 } }
            return n
        }

        /// Smallest rectangle containing every pixel that matches, or nil.
        func boundingBox(where predicate: (RGBA) -> Bool) -> PixelRect? {
            var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
            forEach { x, y, c in
                if predicate(c) { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            }
            return x0 == Int.max ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
        }

        /// Colour histogram, most frequent first.
        func histogram(limit: Int = 8) -> [(RGBA, Int)] {
            var counts: [RGBA: Int] = [:]
            forEach { _, _, c in counts[c, default: 0] += 1 }
            return Array(counts.sorted { $0.value > $1.value }.prefix(limit)).map { ($0.key, $0.value) }
        }
    }
}
