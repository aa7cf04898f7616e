import Foundation
import XCTest

/// The "+N more" pill of a container other than the notification column: five views in a
/// container that shows two, each with an icon of its own colour; a click on the pill (virtual
/// pointer) shows the next two, and the screenshot shows their icons instead of the first two's.
final class PagedContainerTests: RigTestCase {
    static let config = """
        [containers.pages]
        maximum-visible = 2
        delay-for-showing-next = 0
        auto-dismiss = "never"
        anchor = ["top", "left"]
        margins = [10, 0, 0, 10]
        width = 360
        height = 500
        """
    /// One icon colour per view, far from the toasts' own colours.
    static let colours = [0xD03030, 0x30C030, 0x3050E0, 0xE0C020, 0xC040C0].map { RGBA(hex: UInt32($0)) }
    /// The container's area on the output.
    static let area = PixelRect(x: 0, y: 0, width: 400, height: 540)
    static let parking = (900, 600)

    /// Which views' icons the screenshot shows (indices into `colours`): more than 200 pixels of
    /// the icon's colour in the container's area.
    func iconsShown(_ shot: Screenshot) -> [Int] {
        let region = shot.region(Self.area)
        return Self.colours.indices.filter { i in region.count { $0.isClose(to: Self.colours[i], tolerance: 6) } > 200 }
    }

    func testAClickOnThePillShowsTheNextPageOfViews() throws {
        _ = try startDaemon(config: Self.config)
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.move(Self.parking.0, Self.parking.1)
        var ids: [UInt32] = []
        for (i, colour) in Self.colours.enumerated() {
            let icon = try solidPNG(width: 48, height: 48, color: colour)
            ids.append(try show("pages", ["--icon", icon, "--body", "view \(i + 1)"]))
        }
        var state = try self.state("pages")
        XCTAssertEqual(state.showing, [ids[0], ids[1]], "the first two show")
        XCTAssertEqual(state.waiting, [ids[2], ids[3], ids[4]], "the others wait")

        let first = try settledScreenshot(within: 4) { self.iconsShown($0) == [0, 1] }
        XCTAssertEqual(iconsShown(first), [0, 1], "the first page's icons")
        // The pill is the lowest thing drawn in the container: click the middle of its middle row.
        let box = try XCTUnwrap(first.region(Self.area).boundingBox { !$0.isBlack }, "nothing drawn")
        let pillRow = box.maxY - 13  // the pill is 26 tall
        let xs = (box.x..<box.maxX).filter { !first.pixel($0, pillRow).isBlack }
        let pillX = try XCTUnwrap(xs.first.map { ($0 + xs.last!) / 2 }, "no pill at row \(pillRow)")
        note("container box \(box), pill at (\(pillX), \(pillRow))")
        try pointer.click(pillX, pillRow)
        try pointer.move(Self.parking.0, Self.parking.1)

        let second = try settledScreenshot(within: 4) { self.iconsShown($0) == [2, 3] }
        XCTAssertEqual(iconsShown(second), [2, 3], "the second page's icons, and not the first's")
        state = try self.state("pages")
        XCTAssertEqual(state.showing, [ids[2], ids[3]], "the next page shows")
        XCTAssertEqual(state.hidden, [ids[0], ids[1]], "the first page is hidden, not closed")
        XCTAssertEqual(state.waiting, [ids[4]])
        let centre = try JSONSerialization.jsonObject(with: Data(try cli(["center", "--json"]).stdout.utf8)) as? [String: Any]
        XCTAssertEqual(centre?["open"] as? Bool, false, "the centre stays closed")
    }
}
