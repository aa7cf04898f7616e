import CCairo
import Foundation
import XCTest

/// Icons and images on real toasts: image-data pixels, an image-path file, and bad image-data
/// that must not take the daemon (or the toast) down.
final class NotificationImageTests: RigTestCase {
    static let red = RGBA(hex: 0xE01010)
    static let green = RGBA(hex: 0x10C040)

    /// `(iiibiiay)` image-data of a solid colour, as gdbus text; `rowstride` may lie on purpose.
    func imageData(side: Int, color: RGBA, rowstride: Int? = nil) -> String {
        let pixel = "\(color.r), \(color.g), \(color.b), 255"
        let bytes = Array(repeating: pixel, count: side * side).joined(separator: ", ")
        return "{'image-data': <(\(side), \(side), \(rowstride ?? side * 4), true, 8, 4, [byte \(bytes)])>}"
    }

    /// A solid-colour PNG the rig user can read.
    func pngFile(side: Int, color: RGBA) throws -> String { try solidPNG(width: side, height: side, color: color) }

    /// The bounding box of `color` inside the toast: where the icon was drawn.
    func iconBox(_ shot: Screenshot, _ color: RGBA) -> PixelRect? {
        guard let toast = shot.contentBox else { return nil }
        return shot.region(toast).boundingBox { $0.isClose(to: color, tolerance: 6) }
    }

    func testImageDataIsDrawnAsTheIcon() throws {
        _ = try startDaemon()
        _ = try rig.notify(summary: "Image data", body: "a red square", hints: imageData(side: 16, color: Self.red),
                           expireTimeout: 0)
        let shot = try settledScreenshot(within: 3) { self.iconBox($0, Self.red) != nil }
        let icon = try XCTUnwrap(iconBox(shot, Self.red), "no red icon pixels in the toast")
        let toast = try XCTUnwrap(shot.contentBox)
        // the icon sits at the toast's leading edge, inside the border and padding, and is square
        XCTAssertLessThan(icon.x - toast.x, 40, "icon \(icon) is not at the leading edge of \(toast)")
        assertNear(icon.width, icon.height, tolerance: 1, "icon is square")
        XCTAssertGreaterThanOrEqual(icon.width, 16, "the icon is scaled to the icon size")
    }

    func testImagePathFileIsDrawnAndBeatsAppIcon() throws {
        _ = try startDaemon()
        let path = try pngFile(side: 24, color: Self.green)
        _ = try rig.notify(icon: "no-such-themed-icon", summary: "Image path", body: "a green square",
                           hints: "{'image-path': <'file://\(path)'>}", expireTimeout: 0)
        let shot = try settledScreenshot(within: 3) { self.iconBox($0, Self.green) != nil }
        XCTAssertNotNil(iconBox(shot, Self.green), "image-path file not drawn")
    }

    /// A rowstride that does not match the data is refused: the toast shows without an icon.
    func testBadImageDataKeepsTheToastAndTheDaemon() throws {
        let daemon = try startDaemon()
        let id = try rig.notify(summary: "Bad image", body: "rowstride lies",
                                hints: imageData(side: 8, color: Self.red, rowstride: 4000), expireTimeout: 0)
        XCTAssertNotEqual(id, 0)
        let shot = try settledScreenshot(within: 3) { $0.contentBox != nil }
        XCTAssertNotNil(shot.contentBox, "the toast must still be drawn")
        XCTAssertNil(iconBox(shot, Self.red), "a refused image must not be drawn")
        XCTAssertTrue(daemon.isRunning)
        XCTAssertNoThrow(try rig.gdbusCall("GetServerInformation", []))
    }
}
