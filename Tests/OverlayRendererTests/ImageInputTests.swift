import Foundation
import XCTest
import CCairo
@testable import OverlayRenderer

/// Icons and image-data from untrusted senders: every bad case is a clear error, never a crash,
/// and the toast is still drawn (without the icon).
final class ImageInputTests: XCTestCase {
    let assets = GoldenImage.directory + "/assets"
    var temp: String!

    override func setUpWithError() throws {
        temp = NSTemporaryDirectory() + "overlay-wl-images-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: temp) }

    private func write(_ name: String, _ text: String) -> String {
        let path = "\(temp!)/\(name)"
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func testDecodesPNGJPEGAndSVGToTheRequestedBox() throws {
        let png = try ImageLoader.load(file: "\(assets)/badge.png", box: 24)
        XCTAssertEqual([png.pixelWidth, png.pixelHeight], [24, 24])
        let jpeg = try ImageLoader.load(file: "file://\(assets)/photo.jpg", box: 48)
        XCTAssertEqual([jpeg.pixelWidth, jpeg.pixelHeight], [48, 32], "96×64 scaled to fit 48, aspect kept")
        let svg = try ImageLoader.load(file: "\(assets)/logo.svg", box: 96)
        XCTAssertEqual([svg.pixelWidth, svg.pixelHeight], [96, 96], "vector drawn at the box size, not upscaled")
    }

    func testMissingPathDirectoryAndTruncatedPNGAreErrors() {
        XCTAssertThrowsError(try ImageLoader.load(file: "\(temp!)/nope.png", box: 48)) {
            XCTAssertEqual($0 as? ImageLoadError, .notFound("\(self.temp!)/nope.png"))
        }
        XCTAssertThrowsError(try ImageLoader.load(file: temp, box: 48)) {
            XCTAssertEqual($0 as? ImageLoadError, .notAFile(self.temp))
        }
        XCTAssertThrowsError(try ImageLoader.load(file: "\(assets)/truncated.png", box: 48)) { error in
            guard case .decodeFailed? = error as? ImageLoadError else { return XCTFail("\(error)") }
        }
    }

    func testRawImageValidation() {
        func raw(_ w: Int, _ h: Int, stride: Int, alpha: Bool = true, channels: Int = 4, length: Int) -> RawImage {
            RawImage(width: w, height: h, rowstride: stride, hasAlpha: alpha, channels: channels,
                     bytes: [UInt8](repeating: 200, count: length))
        }
        XCTAssertNoThrow(try raw(4, 3, stride: 16, length: 48).validate())
        XCTAssertNoThrow(try raw(4, 3, stride: 20, length: 56).validate(), "last row need not be padded")
        XCTAssertThrowsError(try raw(4, 3, stride: 16, length: 47).validate()) {
            XCTAssertEqual($0 as? RawImage.ValidationError, .bufferTooShort(length: 47, needed: 48))
        }
        XCTAssertThrowsError(try raw(4, 3, stride: 12, length: 48).validate()) {
            XCTAssertEqual($0 as? RawImage.ValidationError, .rowstrideTooSmall(rowstride: 12, needed: 16))
        }
        XCTAssertThrowsError(try raw(0, 0, stride: 0, length: 0).validate()) {
            XCTAssertEqual($0 as? RawImage.ValidationError, .emptySize(width: 0, height: 0))
        }
        // 100000×100000 is refused from the header alone (the buffer is tiny; nothing is allocated).
        XCTAssertThrowsError(try raw(100_000, 100_000, stride: 400_000, length: 16).validate()) {
            XCTAssertEqual($0 as? RawImage.ValidationError, .tooLarge(width: 100_000, height: 100_000))
        }
        XCTAssertThrowsError(try raw(2, 2, stride: 8, alpha: false, channels: 4, length: 16).validate()) {
            XCTAssertEqual($0 as? RawImage.ValidationError, .channelsMismatch(channels: 4, hasAlpha: false))
        }
    }

    func testRawImageConvertsToPremultipliedARGB() throws {
        let image = try ImageLoader.load(raw: RawImage(width: 2, height: 1, rowstride: 8, hasAlpha: true, channels: 4,
                                                       bytes: [255, 0, 0, 255, 0, 0, 255, 128]))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(image.surface)!)
        XCTAssertEqual(data.load(as: UInt32.self), 0xFFFF_0000)
        XCTAssertEqual(data.load(fromByteOffset: 4, as: UInt32.self), 0x8000_0080, "blue 255 at alpha 128 → 128")
    }

    /// Deeply nested groups, a `use` fan-out bomb and a 10⁶-pixel declared size: each either
    /// fails cleanly or renders into our small box, quickly.
    func testSVGBombsAreBounded() throws {
        let deep = String(repeating: "<g>", count: 50_000) + "<rect width='10' height='10'/>" + String(repeating: "</g>", count: 50_000)
        let nested = write("deep.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>\(deep)</svg>")
        var uses = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='10' height='10'>"
        uses += "<defs><rect id='l0' width='1' height='1'/>"
        for level in 1...12 {
            uses += "<g id='l\(level)'>" + String(repeating: "<use xlink:href='#l\(level - 1)'/>", count: 10) + "</g>"
        }
        uses += "</defs><use xlink:href='#l12'/></svg>"
        let fanout = write("uses.svg", uses)
        let huge = write("huge.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='1000000' height='1000000'><circle cx='500000' cy='500000' r='400000' fill='red'/></svg>")
        let start = Date()
        for path in [nested, fanout] {
            do {
                let image = try ImageLoader.load(file: path, box: 48)
                XCTAssertLessThanOrEqual(max(image.pixelWidth, image.pixelHeight), 48)
            } catch let error as ImageLoadError {
                guard case .decodeFailed = error else { return XCTFail("\(error)") }
            }
        }
        let big = try ImageLoader.load(file: huge, box: 48)
        XCTAssertEqual([big.pixelWidth, big.pixelHeight], [48, 48], "declared size ignored; rendered into the box")
        let slowdown = getenv("OVERLAY_TEST_SLOWDOWN").flatMap { Double(String(cString: $0)) } ?? 1
        XCTAssertLessThan(Date().timeIntervalSince(start), 20 * max(1, slowdown), "bombs must not take long")
        // An oversized SVG file is refused before parsing.
        let padded = write("padded.svg", "<svg xmlns='http://www.w3.org/2000/svg'>" + String(repeating: " ", count: ImageLoader.maxSVGBytes) + "</svg>")
        XCTAssertThrowsError(try ImageLoader.load(file: padded, box: 48))
    }

    /// A toast whose icon fails still draws, reports the reason, and has no icon gap.
    func testToastWithBadIconStillDrawsAndReports() {
        let renderer = DefaultToast()
        var errors: [ImageLoadError] = []
        renderer.onImageError = { errors.append($0) }
        let plain = ToastContent(summary: "Hi", body: "there")
        var bad = plain
        bad.icon = .file("/nonexistent/icon.png")
        XCTAssertEqual(renderer.measure(bad, style: .standard).height, renderer.measure(plain, style: .standard).height)
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 120, scale: 1)
        renderer.draw(bad, style: .standard, on: canvas, x: 0, y: 0)
        XCTAssertEqual(errors.first, .notFound("/nonexistent/icon.png"))
        XCTAssertEqual(canvas.pixel(x: 5, y: 30).a, 255, "the toast is drawn")
        var raw = plain
        raw.icon = .raw(RawImage(width: 100_000, height: 100_000, rowstride: 400_000, hasAlpha: true, channels: 4, bytes: []))
        renderer.draw(raw, style: .standard, on: canvas, x: 0, y: 0)
        XCTAssertEqual(errors.last, .invalidRaw(.tooLarge(width: 100_000, height: 100_000)))
    }

    /// A view tree's missing picture is reported once, not once per size it is drawn at, and a
    /// hostile name is quoted cut at 200 characters.
    func testAMissingPictureIsReportedOnceWithItsNameCut() {
        let renderer = ViewTreeRenderer()
        renderer.iconTheme = IconTheme(name: "OverlayTest", searchPaths: [temp])
        var errors: [ImageLoadError] = []
        renderer.onImageError = { errors.append($0) }
        let name = String(repeating: "n", count: 4096)
        for side in [24, 48, 36] { _ = renderer.image(.icon(name), box: side, logicalSize: 24, scale: Double(side) / 24) }
        XCTAssertEqual(errors.count, 1, "\(errors)")
        let text = errors.first.map { "\($0)" } ?? ""
        XCTAssertEqual(text, "icon \"\(String(repeating: "n", count: 200))\"… not found in the icon theme")
    }
}
